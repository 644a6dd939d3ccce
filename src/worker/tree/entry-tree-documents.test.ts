import { describe, expect, it } from 'vitest';
import type { NodeTable } from '../../formats/model.ts';
import { EntryTree } from './entry-tree.ts';

/** A document node in index order (the order a walk opens them in). */
interface DocNode {
  parent: number;
  name: string;
  size: number;
}

/**
 * A small keyed-archive-like document: containers with leaves, an array of archives,
 * a name repeated under different parents, and an empty container.
 */
const DOC: DocNode[] = [
  { parent: -1, name: 'version', size: 5 }, // 0
  { parent: -1, name: 'scene', size: 300 }, // 1
  { parent: 1, name: 'name', size: 9 }, // 2
  { parent: 1, name: 'children', size: 250 }, // 3
  { parent: 3, name: '0', size: 120 }, // 4
  { parent: 4, name: 'name', size: 9 }, // 5
  { parent: 4, name: 'transform', size: 69 }, // 6
  { parent: 3, name: '1', size: 120 }, // 7
  { parent: 7, name: 'name', size: 9 }, // 8
  { parent: 7, name: 'frame', size: 17 }, // 9
  { parent: 1, name: 'empty', size: 13 }, // 10
  { parent: -1, name: 'frameCount', size: 9 }, // 11
];

function pathOf(doc: readonly DocNode[], index: number): string {
  const node = doc[index]!;
  return node.parent < 0 ? node.name : `${pathOf(doc, node.parent)}/${node.name}`;
}

function tableOf(doc: readonly DocNode[], withParents = true): NodeTable {
  const table: NodeTable = {
    path: (index) => pathOf(doc, index),
    size: (index) => doc[index]!.size,
    storedSize: (index) => doc[index]!.size,
  };
  if (withParents) {
    table.parentOf = (index) => doc[index]!.parent;
    table.nameOf = (index) => doc[index]!.name;
  }
  return table;
}

/** Indexes in the order a walk closes them: children before their container. */
function closeOrder(doc: readonly DocNode[]): number[] {
  const order: number[] = [];
  const visit = (parent: number) => {
    doc.forEach((node, index) => {
      if (node.parent !== parent) return;
      visit(index);
      order.push(index);
    });
  };
  visit(-1);
  return order;
}

function byIndex(doc: readonly DocNode[], order: readonly number[], batch = order.length) {
  const tree = new EntryTree({ isDocument: true });
  const table = tableOf(doc);
  for (let at = 0; at < order.length; at += batch) {
    tree.addDocumentNodes(table, Int32Array.from(order.slice(at, at + batch)));
  }
  return tree;
}

function byPath(doc: readonly DocNode[], order: readonly number[], batch = order.length) {
  const tree = new EntryTree({ isDocument: true });
  for (let at = 0; at < order.length; at += batch) {
    tree.addEntries(
      order.slice(at, at + batch).map((index) => ({
        entryIndex: index,
        path: pathOf(doc, index),
        size: doc[index]!.size,
        storedSize: doc[index]!.size,
      })),
    );
  }
  return tree;
}

/** Every visible row as the UI gets it (node ids differ between routes, so they are left out). */
function rows(tree: EntryTree) {
  return Array.from(tree.rowNodes(0, tree.rowCount()), (node) => {
    const { parentId: _parent, ...facts } = tree.node(node);
    return { ...facts, path: tree.pathOf(node) };
  });
}

describe('EntryTree document nodes by index', () => {
  const order = closeOrder(DOC);

  it('places nodes under their parents in file order, whatever order they close in', () => {
    const tree = byIndex(DOC, order);
    tree.setAllExpanded(true);
    expect(rows(tree).map((row) => '  '.repeat(row.depth - 1) + row.name)).toEqual([
      'version',
      'scene',
      '  name',
      '  children',
      '    0',
      '      name',
      '      transform',
      '    1',
      '      name',
      '      frame',
      '  empty',
      'frameCount',
    ]);
  });

  it('gives the same rows, paths and counts as the same nodes by path', () => {
    for (const batch of [1, 3, 100]) {
      const indexed = byIndex(DOC, order, batch);
      const pathed = byPath(DOC, order, batch);
      expect(rows(indexed)).toEqual(rows(pathed));
      indexed.setAllExpanded(true);
      pathed.setAllExpanded(true);
      expect(rows(indexed)).toEqual(rows(pathed));
      expect(indexed.entriesUnder([])).toEqual(pathed.entriesUnder([]));
    }
  });

  it('streams: after each batch the rows are those of the same nodes by path', () => {
    const indexed = new EntryTree({ isDocument: true });
    const pathed = new EntryTree({ isDocument: true });
    const table = tableOf(DOC);
    for (let at = 0; at < order.length; at += 2) {
      const part = order.slice(at, at + 2);
      indexed.addDocumentNodes(table, Int32Array.from(part));
      pathed.addEntries(
        part.map((index) => ({
          entryIndex: index,
          path: pathOf(DOC, index),
          size: DOC[index]!.size,
          storedSize: DOC[index]!.size,
        })),
      );
      indexed.setAllExpanded(true);
      pathed.setAllExpanded(true);
      expect(rows(indexed)).toEqual(rows(pathed));
    }
  });

  it('waits with a parent that has not come as a folder, which becomes its entry', () => {
    const tree = new EntryTree({ isDocument: true });
    tree.addDocumentNodes(tableOf(DOC), Int32Array.of(5));
    tree.setAllExpanded(true);
    expect(rows(tree).map((row) => [row.path, row.entryIndex, row.isFolder])).toEqual([
      ['scene', -1, true],
      ['scene/children', -1, true],
      ['scene/children/0', -1, true],
      ['scene/children/0/name', 5, false],
    ]);
    expect(tree.nodeOf(4)).toBe(-1);
    tree.addDocumentNodes(tableOf(DOC), Int32Array.of(4));
    const node = tree.nodeOf(4);
    expect(tree.node(node)).toMatchObject({ entryIndex: 4, size: 120, isFolder: true });
    expect(tree.pathOf(node)).toBe('scene/children/0');
  });

  it('filters as the path route does, also while nodes stream in', () => {
    const patterns = ['name', 'NAME', 'children/1', '*name', 'fr*', 'scene/*/?/*', '**/frame', 'x'];
    for (const pattern of patterns) {
      const indexed = byIndex(DOC, order);
      const pathed = byPath(DOC, order);
      expect(indexed.setFilter(pattern)).toBe(pathed.setFilter(pattern));
      expect(rows(indexed)).toEqual(rows(pathed));

      const streaming = new EntryTree({ isDocument: true });
      streaming.setFilter(pattern);
      const table = tableOf(DOC);
      for (const index of order) streaming.addDocumentNodes(table, Int32Array.of(index));
      expect(streaming.matchCount).toBe(pathed.matchCount);
      expect(rows(streaming)).toEqual(rows(pathed));
    }
  });

  it('finds every node by its path, and nothing for a path it lacks', () => {
    const tree = byIndex(DOC, order);
    DOC.forEach((_, index) => {
      const node = tree.nodeOfPath(pathOf(DOC, index));
      expect(node).toBe(tree.nodeOf(index));
      expect(tree.pathOf(node)).toBe(pathOf(DOC, index));
    });
    for (const missing of ['scene/child', 'scene/children/2', 'scene/name/x', 'scen', '']) {
      expect(tree.nodeOfPath(missing)).toBe(-1);
    }
  });

  it('places a node whose parent is out of range, itself or later at the top level', () => {
    const doc: DocNode[] = [
      { parent: -1, name: 'a', size: 1 },
      { parent: 7, name: 'later', size: 1 },
      { parent: 2, name: 'itself', size: 1 },
      { parent: 1e9, name: 'far', size: 1 },
      { parent: -5, name: 'negative', size: 1 },
      { parent: Number.NaN, name: 'nan', size: 1 },
      { parent: 0.5, name: 'half', size: 1 },
      { parent: 0, name: 'child', size: 1 },
    ];
    const tree = byIndex(doc, [7, 6, 5, 4, 3, 2, 1, 0]);
    tree.setAllExpanded(true);
    expect(rows(tree).map((row) => row.path)).toEqual([
      'a',
      'a/child',
      'half',
      'nan',
      'negative',
      'far',
      'itself',
      'later',
    ]);
  });

  it('cannot make a cycle: a parent is always an earlier node', () => {
    const doc: DocNode[] = [
      { parent: 1, name: 'a', size: 1 },
      { parent: 0, name: 'b', size: 1 },
      { parent: 2, name: 'c', size: 1 },
    ];
    const tree = byIndex(doc, [2, 1, 0]);
    tree.setAllExpanded(true);
    expect(rows(tree).map((row) => row.path)).toEqual(['c', 'a', 'a/b']);
    expect(tree.nodeOfPath('a/b')).toBe(tree.nodeOf(1));
  });

  it('skips an index given again or not an index at all', () => {
    const tree = new EntryTree({ isDocument: true });
    const table = tableOf(DOC);
    tree.addDocumentNodes(table, Int32Array.of(0, 0, -1, 11));
    tree.addDocumentNodes(table, [0, Number.NaN, 1.5]);
    expect(rows(tree).map((row) => row.path)).toEqual(['version', 'frameCount']);
    expect(tree.node(0).entryCount).toBe(2);
  });

  it('names nodes only when they are shown, and an empty name as (unnamed)', () => {
    const asked: number[] = [];
    const doc: DocNode[] = [
      { parent: -1, name: 'top', size: 1 },
      { parent: 0, name: '', size: 1 },
    ];
    const table = tableOf(doc);
    const tree = new EntryTree({ isDocument: true });
    tree.addDocumentNodes(
      {
        ...table,
        nameOf: (index) => {
          asked.push(index);
          return table.nameOf!(index);
        },
      },
      Int32Array.of(0, 1),
    );
    expect(asked).toEqual([]);
    tree.setAllExpanded(true);
    expect(rows(tree).map((row) => row.path)).toEqual(['top', 'top/(unnamed)']);
    expect(tree.nodeOfPath('top/(unnamed)')).toBe(tree.nodeOf(1));
  });

  it('keeps no size column for nodes by index: their sizes come from the source', () => {
    const indexed = byIndex(DOC, order);
    const pathed = byPath(DOC, order);
    // Three columns of 8, 8 and 4 bytes a node a document by path has and one by index lacks.
    expect(pathed.columnBytes() - indexed.columnBytes()).toBe(1024 * 16);
    const sizes = { ...tableOf(DOC), size: (index: number) => DOC[index]!.size + 1000 };
    const tree = new EntryTree({ isDocument: true });
    tree.addDocumentNodes(sizes, Int32Array.from(order));
    expect(tree.node(tree.nodeOf(4))).toMatchObject({ size: 1120, storedSize: 120 });
  });

  it('sizes its columns to the count the source expects, once', () => {
    const table = { ...tableOf(DOC), expectedCount: () => 100_000 };
    const tree = new EntryTree({ isDocument: true });
    tree.addDocumentNodes(table, Int32Array.of(0));
    const reserved = tree.columnBytes();
    // A node per entry and the root; the node of each entry.
    expect(reserved).toBe(100_001 * 29 + 100_000 * 4);
    tree.addDocumentNodes(table, Int32Array.from(order));
    expect(tree.columnBytes()).toBe(reserved);
  });

  it('places nodes by path when the table has no parents', () => {
    const tree = new EntryTree({ isDocument: true });
    tree.addDocumentNodes(tableOf(DOC, false), Int32Array.from(order));
    const pathed = byPath(DOC, order);
    tree.setAllExpanded(true);
    pathed.setAllExpanded(true);
    expect(rows(tree)).toEqual(rows(pathed));
  });
});
