/**
 * The tree's fast paths: entries added as a range of a table (no object each), entries
 * that keep their path as their name, folders found from the previous entry's (also from
 * a reader's hints), and the filter's name test on a path. They must give the same tree
 * as the plain way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EntryTree, type TreeEntrySource } from './entry-tree.ts';
import { compileEntryFilter } from './tree-filter.ts';
import { isPlainPath } from './tree-folders.ts';

function fromList(paths: readonly string[]): TreeEntrySource {
  return {
    path: (index) => paths[index]!,
    size: (index) => index * 10 + 1,
    storedSize: (index) => index + 1,
  };
}

/** With the hints a reader gives: the last `/` (or "not known" for some), and shared folders. */
function hinted(paths: readonly string[]): TreeEntrySource {
  const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
  return {
    ...fromList(paths),
    lastSlash: (index) =>
      index % 5 === 4 || !isPlainPath(paths[index]!) ? -2 : paths[index]!.lastIndexOf('/'),
    sharesFolderWithPrevious: (index) =>
      index > 0 &&
      isPlainPath(paths[index]!) &&
      isPlainPath(paths[index - 1]!) &&
      paths[index]!.includes('/') &&
      paths[index - 1]!.includes('/') &&
      folderOf(paths[index]!) === folderOf(paths[index - 1]!),
    // Known for some entries only, as a reader knows it for plain names.
    sortsAfterPrevious: (index) =>
      index > 0 && index % 4 !== 3 && paths[index]! > paths[index - 1]!,
    commonWithPrevious: (index) => {
      if (index === 0 || index % 3 === 2) return -1;
      const [path, previous] = [paths[index]!, paths[index - 1]!];
      let common = 0;
      while (
        common < path.length &&
        common < previous.length &&
        path[common] === previous[common]
      ) {
        common++;
      }
      return common;
    },
  };
}

/** A hinted source of `paths` that records which paths the tree asks for. */
function countingSource(
  paths: readonly string[],
  sharesFolder: (index: number) => boolean,
): { source: TreeEntrySource; asked: number[] } {
  const asked: number[] = [];
  const source: TreeEntrySource = {
    path: (index) => {
      asked.push(index);
      return paths[index]!;
    },
    size: () => 1,
    storedSize: () => 1,
    lastSlash: (index) => paths[index]!.lastIndexOf('/'),
    sharesFolderWithPrevious: sharesFolder,
    commonWithPrevious: () => -1,
  };
  return { source, asked };
}

/** Every node of the tree, expanded, as a comparable row. */
function rows(tree: EntryTree) {
  tree.setAllExpanded(true);
  return Array.from(tree.rowNodes(0, tree.rowCount()), (node) => ({
    ...tree.node(node),
    path: tree.pathOf(node),
  }));
}

describe('EntryTree.addEntryRange', () => {
  const segment = fc.constantFrom('a', 'b', 'B', 'a.b', 'a-b', '', '.', 'z z');
  const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));

  it('builds the same tree as addEntries, in batches, sorted or not', () => {
    fc.assert(
      fc.property(
        fc.array(path, { maxLength: 40 }),
        fc.boolean(),
        fc.nat(39),
        (paths, sort, cut) => {
          const list = sort ? [...paths].sort() : paths;
          const source = fromList(list);
          const byRange = new EntryTree();
          const split = Math.min(cut, list.length);
          byRange.addEntryRange(source, 0, split);
          byRange.addEntryRange(source, split, list.length);
          const byObjects = new EntryTree();
          byObjects.addEntries(
            list.map((entryPath, entryIndex) => ({
              entryIndex,
              path: entryPath,
              size: source.size(entryIndex),
              storedSize: source.storedSize(entryIndex),
            })),
          );
          expect(rows(byRange)).toEqual(rows(byObjects));
          // One source for both batches, as an archive's table is: runs of entries then
          // leave their paths to be asked for when first needed (addRun).
          const hints = hinted(list);
          const byHints = new EntryTree();
          byHints.addEntryRange(hints, 0, split);
          byHints.addEntryRange(hints, split, list.length);
          expect(rows(byHints)).toEqual(rows(byObjects));
          for (let index = 0; index < list.length; index++) {
            expect(byRange.nodeOf(index)).toBe(byObjects.nodeOf(index));
          }
        },
      ),
      { seed: 77, numRuns: 300 },
    );
  });

  it('asks for a path only to place an entry in a new folder, or once the path is needed', () => {
    const paths = ['a/b/1', 'a/b/2', 'a/b/3', 'a/c/1', 'a/c/2', 'd'];
    const { source, asked } = countingSource(paths, (index) => [1, 2, 4].includes(index));
    const tree = new EntryTree();
    tree.addEntryRange(source, 0, 3);
    tree.addEntryRange(source, 3, paths.length);
    // The first entry of each folder, to find its folder; and the one with no folder.
    expect(asked).toEqual([0, 3, 5]);
    const all = rows(tree);
    expect(all.map((row) => row.name)).toEqual(['a', 'b', '1', '2', '3', 'c', '1', '2', 'd']);
    expect(all.filter((row) => !row.isFolder).map((row) => row.path)).toEqual(paths);
    // Each path was asked for once: the tree keeps what it was given.
    expect([...asked].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('cuts out the paths left for later in steps, each once', () => {
    const paths = Array.from({ length: 9 }, (_, index) => `f/${index}`);
    const { source, asked } = countingSource(paths, (index) => index > 0);
    const tree = new EntryTree();
    tree.addEntryRange(source, 0, paths.length);
    expect(asked).toEqual([0]);
    expect(tree.preparePaths(3)).toBe(false);
    expect(asked).toEqual([0, 1, 2, 3]);
    expect(tree.preparePaths(3)).toBe(false);
    expect(tree.preparePaths(3)).toBe(true);
    expect(asked).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(tree.setFilter('*')).toBe(9);
    expect(asked).toHaveLength(9);
  });

  // Segments that sort around `/` (0x2F): `b-c` before `b/`, `b0` after it.
  const tricky = fc.constantFrom('a', 'b', 'b-c', 'b0', 'b.x', 'B', 'c');
  const trickyPath = fc
    .array(tricky, { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join('/'));

  it('makes each folder once, whatever the order of the paths', () => {
    fc.assert(
      fc.property(
        fc.array(trickyPath, { maxLength: 60 }),
        fc.constantFrom('sorted', 'as is', 'sorted, then one out of order', 'with an odd path'),
        fc.nat(59),
        (paths, order, at) => {
          let list = order === 'as is' ? paths : [...paths].sort();
          if (order === 'sorted, then one out of order' && list.length > 1) {
            list = [
              ...list,
              list[at % list.length]!.split('/').slice(0, -1).concat('z').join('/') || 'z',
            ];
          }
          if (order === 'with an odd path' && list.length > 0) {
            list = [
              ...list.slice(0, at % list.length),
              '/' + list[at % list.length]!,
              ...list.slice(at % list.length),
            ];
          }
          for (const source of [fromList(list), hinted(list)]) {
            const tree = new EntryTree();
            tree.addEntryRange(source, 0, list.length);
            const all = rows(tree);
            const folders = all.filter((row) => row.isFolder).map((row) => row.path);
            const expected = new Set(
              list.flatMap((path) => {
                const segments = path.split('/').filter((segment) => segment !== '');
                return segments.slice(0, -1).map((_, k) => segments.slice(0, k + 1).join('/'));
              }),
            );
            expect([...folders].sort()).toEqual([...expected].sort());
            list.forEach((path, entryIndex) => {
              const segments = path.split('/').filter((segment) => segment !== '');
              const node = tree.nodeOf(entryIndex);
              const parent = tree.node(node).parentId;
              expect(parent < 0 ? '' : tree.pathOf(parent)).toBe(segments.slice(0, -1).join('/'));
            });
          }
        },
      ),
      { seed: 78, numRuns: 400 },
    );
  });

  it('names an entry by the end of its path and sorts unsorted children', () => {
    const tree = new EntryTree();
    tree.addEntryRange(fromList(['T/b.dds', 'T/a.dds', 'T/sub/c.dds', 'top.txt']), 0, 4);
    expect(rows(tree).map((row) => [row.depth, row.name, row.path])).toEqual([
      [1, 'T', 'T'],
      [2, 'sub', 'T/sub'],
      [3, 'c.dds', 'T/sub/c.dds'],
      [2, 'a.dds', 'T/a.dds'],
      [2, 'b.dds', 'T/b.dds'],
      [1, 'top.txt', 'top.txt'],
    ]);
    const folder = tree.node(tree.rowNodes(0, 1)[0]!);
    expect(folder).toMatchObject({ size: 0 * 10 + 1 + 11 + 21, storedSize: 6, entryCount: 3 });
  });

  it('filters entries that keep their path by their name', () => {
    const tree = new EntryTree();
    tree.addEntryRange(fromList(['x/a.dds', 'a.dds/b', 'A.DDS', 'x//odd.dds']), 0, 4);
    expect(tree.setFilter('*.dds')).toBe(3);
    // The odd path is filtered as the tree shows it: x/odd.dds.
    expect(tree.setFilter('x/*.dds')).toBe(2);
    expect(tree.setFilter('a.dds')).toBe(3);
  });
});

describe('compileEntryFilter', () => {
  it('tests a name where it sits in the path as it tests the name alone', () => {
    const cases: [string, string][] = [
      ['*.dds', 'a/b/c.dds'],
      ['*.dds', 'a.dds/c'],
      ['c?dds', 'x/c.dds'],
      ['[!x]*', 'x/x'],
      ['[ -0]', 'a/b'],
      ['b[!x]c', 'b/c'],
      ['file', 'dir/file.txt'],
    ];
    for (const [pattern, path] of cases) {
      const filter = compileEntryFilter(pattern)!;
      const nameStart = path.lastIndexOf('/') + 1;
      expect(filter.matchesAt(path, nameStart)).toBe(filter.matches(path, path.slice(nameStart)));
    }
  });
});
