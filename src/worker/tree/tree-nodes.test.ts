import { describe, expect, it } from 'vitest';
import { GROWTH, NodeOfEntry, TreeNodeColumns } from './tree-nodes.ts';

describe('TreeNodeColumns', () => {
  it('grows by half when a node does not fit, and to a reserved size exactly', () => {
    const nodes = new TreeNodeColumns();
    const start = nodes.capacity;
    nodes.ensure(start);
    expect(nodes.capacity).toBe(start);
    nodes.ensure(start + 1);
    expect(nodes.capacity).toBe(Math.ceil(start * GROWTH));
    nodes.ensure(start * 10);
    expect(nodes.capacity).toBe(start * 10);
    nodes.reserve(start * 10 + 7);
    expect(nodes.capacity).toBe(start * 10 + 7);
    nodes.reserve(5);
    expect(nodes.capacity).toBe(start * 10 + 7);
  });

  it('grows by half at least when a reserved hint grows again (a streamed count)', () => {
    const nodes = new TreeNodeColumns();
    let resizes = 0;
    let capacity = nodes.capacity;
    // A document read in 500 batches of 2,000 nodes, its hint the count so far each time.
    for (let count = 2_000; count <= 1_000_000; count += 2_000) {
      nodes.reserve(count);
      if (nodes.capacity !== capacity) resizes++;
      capacity = nodes.capacity;
      expect(capacity).toBeGreaterThanOrEqual(count);
    }
    expect(resizes).toBeLessThan(20);
  });

  it('keeps what the columns held, and no child past the old end', () => {
    const nodes = new TreeNodeColumns();
    nodes.parents[3] = 7;
    nodes.link(0, 3);
    nodes.entryCounts[0] = 12;
    nodes.ensure(nodes.capacity + 1);
    expect(nodes.parents[3]).toBe(7);
    expect(nodes.firstChild[0]).toBe(3);
    expect(nodes.entryCounts[0]).toBe(12);
    expect(nodes.firstChild[nodes.capacity - 1]).toBe(-1);
    expect(nodes.nextSibling[nodes.capacity - 1]).toBe(-1);
    expect(nodes.lastChild[nodes.capacity - 1]).toBe(-1);
  });

  it('makes the size and name-start columns only when they are used, then grows them too', () => {
    const nodes = new TreeNodeColumns();
    const bare = nodes.byteSize();
    expect(nodes.sizes.length).toBe(0);
    expect(nodes.storedSizes.length).toBe(0);
    expect(nodes.nameStarts.length).toBe(0);
    nodes.ensure(nodes.capacity * 2);
    expect(nodes.sizes.length).toBe(0);

    nodes.useSizes();
    nodes.useNameStarts();
    expect(nodes.byteSize()).toBeGreaterThan(bare);
    nodes.sizes[5] = 2 ** 40;
    nodes.storedSizes[5] = 9;
    nodes.nameStarts[5] = 4;
    nodes.useSizes();
    expect(nodes.sizes[5]).toBe(2 ** 40);
    nodes.ensure(nodes.capacity + 1);
    expect(nodes.sizes.length).toBe(nodes.capacity);
    expect(nodes.storedSizes.length).toBe(nodes.capacity);
    expect(nodes.nameStarts.length).toBe(nodes.capacity);
    expect([nodes.sizes[5], nodes.storedSizes[5], nodes.nameStarts[5]]).toEqual([2 ** 40, 9, 4]);
  });
});

describe('NodeOfEntry', () => {
  it('grows by half for an index past its end, exactly to a reserved size, and knows no node there', () => {
    const ids = new NodeOfEntry();
    const start = ids.byteSize() / 4;
    ids.set(start, 9);
    expect(ids.byteSize() / 4).toBe(Math.ceil(start * GROWTH));
    expect(ids.get(start)).toBe(9);
    expect(ids.get(start + 1)).toBe(-1);
    ids.reserve(start * 4 + 3);
    expect(ids.byteSize() / 4).toBe(start * 4 + 3);
    expect(ids.get(start)).toBe(9);
    expect(ids.get(start * 4 + 2)).toBe(-1);
    expect(ids.get(start * 4 + 3)).toBe(-1);
  });

  it('grows by half at least when a reserved hint grows again', () => {
    const ids = new NodeOfEntry();
    ids.reserve(5_000);
    expect(ids.byteSize() / 4).toBe(5_000);
    ids.set(4_999, 3);
    ids.reserve(5_001);
    expect(ids.byteSize() / 4).toBe(Math.ceil(5_000 * GROWTH));
    expect(ids.get(4_999)).toBe(3);
    expect(ids.get(5_000)).toBe(-1);
  });
});
