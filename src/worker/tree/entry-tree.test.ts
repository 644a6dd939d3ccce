import { describe, expect, it } from 'vitest';
import { compileFilter, EntryTree, type TreeEntryInput } from './entry-tree.ts';

const paths = [
  'Textures/UI/button.dds',
  'Textures/UI/frame.dds',
  'Textures/World/grass.png',
  'Data/config.xml',
  'readme.txt',
];

function makeTree(list = paths): EntryTree {
  const tree = new EntryTree();
  const entries: TreeEntryInput[] = list.map((path, entryIndex) => ({
    entryIndex,
    path,
    size: 10 * (entryIndex + 1),
    storedSize: 5,
  }));
  tree.addEntries(entries);
  return tree;
}

function visibleNames(tree: EntryTree): string[] {
  return Array.from(tree.rowNodes(0, tree.rowCount()), (node) => {
    const facts = tree.node(node);
    return '  '.repeat(facts.depth - 1) + facts.name;
  });
}

describe('EntryTree', () => {
  it('shows top-level folders first, then entries, collapsed', () => {
    expect(visibleNames(makeTree())).toEqual(['Data', 'Textures', 'readme.txt']);
  });

  it('expands and collapses folders, with depths', () => {
    const tree = makeTree();
    const textures = tree.rowNodes(1, 1)[0]!;
    tree.setExpanded(textures, true);
    expect(visibleNames(tree)).toEqual(['Data', 'Textures', '  UI', '  World', 'readme.txt']);
    tree.setAllExpanded(true);
    expect(tree.rowCount()).toBe(9);
    tree.setExpanded(textures, false);
    expect(visibleNames(tree)).toEqual(['Data', '  config.xml', 'Textures', 'readme.txt']);
  });

  it('rolls sizes and entry counts up to folders', () => {
    const tree = makeTree();
    const textures = tree.node(tree.rowNodes(1, 1)[0]!);
    expect(textures.size).toBe(10 + 20 + 30);
    expect(textures.storedSize).toBe(15);
    expect(textures.entryCount).toBe(3);
  });

  it('filters by substring and by glob, showing ancestors expanded', () => {
    const tree = makeTree();
    expect(tree.setFilter('frame')).toBe(1);
    expect(visibleNames(tree)).toEqual(['Textures', '  UI', '    frame.dds']);
    expect(tree.setFilter('*.dds')).toBe(2);
    expect(tree.setFilter('Textures/**')).toBe(3);
    expect(tree.setFilter('')).toBe(0);
    expect(tree.rowCount()).toBe(3);
  });

  it('keeps filtering entries that arrive after the filter was set', () => {
    const tree = makeTree();
    tree.setFilter('*.wav');
    const more: TreeEntryInput[] = Array.from({ length: 3000 }, (_, i) => ({
      entryIndex: 10 + i,
      path: `Sound/s${i}.wav`,
      size: 1,
      storedSize: 1,
    }));
    tree.addEntries(more);
    expect(tree.matchCount).toBe(3000);
    expect(tree.rowCount()).toBe(3001);
  });

  it('lists entries under nodes once each, all when empty', () => {
    const tree = makeTree();
    expect(tree.entriesUnder([]).sort()).toEqual([0, 1, 2, 3, 4]);
    const textures = tree.rowNodes(1, 1)[0]!;
    expect(tree.entriesUnder([textures, textures]).sort()).toEqual([0, 1, 2]);
    expect(tree.pathOf(tree.nodeOf(1))).toBe('Textures/UI/frame.dds');
  });

  it('finds the row of a node and -1 when hidden', () => {
    const tree = makeTree();
    expect(tree.rowIndexOf(tree.nodeOf(4))).toBe(2);
    expect(tree.rowIndexOf(tree.nodeOf(0))).toBe(-1);
  });
});

describe('compileFilter', () => {
  it('handles globs with segments, classes and question marks', () => {
    const match = (pattern: string, path: string) =>
      compileFilter(pattern)!(path, path.split('/').pop()!);
    expect(match('*.DDS', 'a/b/c.dds')).toBe(true);
    expect(match('Textures/*', 'Textures/UI/a.dds')).toBe(false);
    expect(match('Textures/**', 'Textures/UI/a.dds')).toBe(true);
    expect(match('**/UI/*.dds', 'Textures/UI/a.dds')).toBe(true);
    expect(match('file?.txt', 'x/file1.txt')).toBe(true);
    expect(match('file[0-4].txt', 'file5.txt')).toBe(false);
    expect(match('a+b(c).txt*', 'a+b(c).txt')).toBe(true);
    expect(compileFilter('  ')).toBeNull();
  });
});

describe('EntryTree in document mode', () => {
  it('lets nodes hold fields and children, in the order added, with their own sizes', () => {
    const tree = new EntryTree({ isDocument: true });
    const nodes = [
      'Header',
      'Planes',
      'Planes/Back',
      'Planes/Back/Tiles',
      'Planes/Action',
      'Planes/Action/Objects/Rat/obj 1',
      'Tile properties',
    ];
    tree.addEntries(
      nodes.map((path, entryIndex) => ({
        entryIndex,
        path,
        size: 10 + entryIndex,
        storedSize: 10 + entryIndex,
      })),
    );
    expect(visibleNames(tree)).toEqual(['Header', 'Planes', 'Tile properties']);
    tree.setAllExpanded(true);
    expect(visibleNames(tree)).toEqual([
      'Header',
      'Planes',
      '  Back',
      '    Tiles',
      '  Action',
      '    Objects',
      '      Rat',
      '        obj 1',
      'Tile properties',
    ]);
    const planes = tree.node(tree.nodeOf(1));
    expect(planes).toMatchObject({ isFolder: true, entryIndex: 1, size: 11, entryCount: 4 });
    expect(tree.node(tree.nodeOf(0))).toMatchObject({ isFolder: false, entryIndex: 0 });
    // Objects and Rat were made as plain folders: they have no entry.
    expect(tree.node(tree.rowNodes(5, 1)[0]!).entryIndex).toBe(-1);
    expect(tree.entriesUnder([tree.nodeOf(2)])).toEqual([2, 3]);
  });
});

describe('nodeOfPath', () => {
  it('finds folders, entries and document nodes by their stable path', () => {
    const tree = new EntryTree();
    tree.addEntries([
      { entryIndex: 0, path: 'Data/Deep/a.txt', size: 1, storedSize: 1 },
      { entryIndex: 1, path: 'Data/b.txt', size: 1, storedSize: 1 },
      { entryIndex: 2, path: 'Data.txt', size: 1, storedSize: 1 },
    ]);
    for (const path of ['Data', 'Data/Deep', 'Data/Deep/a.txt', 'Data/b.txt', 'Data.txt']) {
      const node = tree.nodeOfPath(path);
      expect(node, path).toBeGreaterThan(0);
      expect(tree.pathOf(node)).toBe(path);
    }
    expect(tree.nodeOfPath('Data/Deep/missing.txt')).toBe(-1);
    expect(tree.nodeOfPath('Dat')).toBe(-1);
    expect(tree.nodeOfPath('')).toBe(-1);
    expect(tree.node(tree.nodeOfPath('Data/b.txt')).entryIndex).toBe(1);
  });
});
