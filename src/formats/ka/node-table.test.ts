/**
 * The node table's batches and growth: the first batch is small so rows show early, and
 * the table grows to the size the bytes read so far predict, within bounds.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { OpenSink } from '../model.ts';
import { inlineServices } from '../services.ts';
import { FIRST_BATCH, KaNodeTable } from './node-table.ts';
import { walkKa, type KaSlot } from './read.ts';
import type { KaStringTable } from './read-value.ts';
import { openKaSession } from './session.ts';
import { KaType } from './types.ts';
import { arrayValue, intValue, textValue, v1Archive, writeKa } from './write.ts';

const ints = (count: number) =>
  arrayValue(Array.from({ length: count }, (_, index) => intValue(KaType.INT32, index)));

/** Walks `bytes` into a table, taking each batch; the capacities the table had on the way. */
function walk(bytes: Uint8Array): { table: KaNodeTable; capacities: number[] } {
  const table = new KaNodeTable(bytes);
  const capacities = [table.parents.length];
  for (const _ of walkKa(bytes, table)) {
    if (capacities.at(-1) !== table.parents.length) capacities.push(table.parents.length);
    table.takePending();
  }
  if (capacities.at(-1) !== table.parents.length) capacities.push(table.parents.length);
  return { table, capacities };
}

describe('KaNodeTable', () => {
  it('hands the tree a small first batch, then batches twice as big up to whole ones', async () => {
    const batches: number[] = [];
    const sink: OpenSink = {
      nodes: () => {},
      nodeRange: () => {},
      documentNodes: (_table, indexes) => void batches.push(indexes.length),
    };
    const bytes = writeKa(v1Archive([['many', ints(30_000)]]));
    const session = await openKaSession({
      sources: [new MemoryByteSource(bytes, 'x.ka')],
      services: inlineServices(),
      sink,
    });
    expect(batches.slice(0, 6)).toEqual([512, 1024, 2048, 4096, 8192, 8192]);
    expect(batches[0]).toBe(FIRST_BATCH);
    expect(batches.reduce((sum, length) => sum + length, 0)).toBe(session.nodeCount());
  });

  it('grows to the size the bytes read predict: once past the start, with little left over', () => {
    const { table, capacities } = walk(writeKa(v1Archive([['many', ints(50_000)]])));
    expect(table.count).toBe(50_001);
    // 1,024, then at most 64 times that, then the prediction.
    expect(capacities.length).toBeLessThanOrEqual(3);
    expect(capacities[1]).toBeLessThanOrEqual(1024 * 64);
    expect(table.parents.length).toBeGreaterThanOrEqual(table.count);
    expect(table.parents.length).toBeLessThan(table.count * 1.1);
    expect(table.treeSource().expectedCount!()).toBe(table.parents.length);
  });

  it('grows by at most 64 times at once, however small the values read so far', () => {
    const bytes = writeKa(
      v1Archive([
        ['few', ints(1_100)],
        ['big', textValue('x'.repeat(4_000_000))],
      ]),
    );
    const { table, capacities } = walk(bytes);
    expect(table.count).toBe(1_102);
    expect(capacities[1]).toBeLessThanOrEqual(1024 * 64);
    expect(capacities[1]).toBeGreaterThanOrEqual(1024 * 1.25);
  });

  it('keeps the string table of each node, past 65,535 tables too', () => {
    const table = new KaNodeTable(new Uint8Array(16));
    const slot: KaSlot = {
      ordinal: 0,
      keyKind: 2,
      keyOffset: 0,
      keyLength: 0,
      keyId: 7,
      start: 0,
      valueStart: 4,
      type: KaType.INT32,
    };
    const tables: KaStringTable[] = [];
    for (let index = 0; index < 70_000; index++) {
      const strings: KaStringTable = { strings: [], byId: new Map([[7, `key ${index}`]]) };
      tables.push(strings);
      table.open(-1, slot, { isRegistry: true, table: strings });
      table.close(index, 9);
    }
    table.open(-1, slot, { isRegistry: false, table: null });
    for (const node of [0, 1, 65_534, 65_535, 69_999]) {
      expect(table.table(node)).toBe(tables[node]);
      expect(table.keyText(node)).toBe(`key ${node}`);
    }
    expect(table.table(70_000)).toBeNull();
  });

  it('reads a v1 key back from where its value starts', () => {
    const { table } = walk(writeKa(v1Archive([['a key', intValue(KaType.INT32, 1)]])));
    expect(table.keyText(0)).toBe('a key');
    expect(table.segment(0)).toBe('a key');
  });
});
