/**
 * The merged build table's parent checks and paths: loops and chains deeper than MAX_DEPTH
 * are cut with an issue (within one index and across indexes), every path is made on demand,
 * and `writePath` writes the same path as bytes.
 */
import { describe, expect, it } from 'vitest';
import { WowsBuildTable, MAX_DEPTH } from './build-table.ts';
import { parseWowsIndex, WOWS_ROOT_PARENT_ID } from './read.ts';
import type { WowsFileRecordInput, WowsNodeInput } from './types.ts';
import { writeWowsIndex } from './write.ts';

const VOLUME = 'chain_0001.pkg';

/** A file record for node `id` (its blob is never read here). */
function record(id: bigint): WowsFileRecordInput {
  return {
    resourceId: id,
    volumeId: 0n,
    offset: 0n,
    compressionType: 0,
    compressionFlags: 0,
    storedSize: 0,
    crc: 0,
    unpackedSize: 0,
  };
}

/** An index of `nodes` with one file record per id of `files`; ids need not be CityHash64. */
function indexOf(nodes: WowsNodeInput[], files: bigint[]) {
  const bytes = writeWowsIndex({
    nodes,
    files: files.map(record),
    volumes: [{ name: VOLUME, id: 0n }],
  });
  const { value, fatal } = parseWowsIndex(bytes);
  if (fatal || !value) throw new Error(`index: ${fatal?.message}`);
  return value;
}

/** A chain of folders `d<from>` … `d<to - 1>`, each the parent of the next; ids from 100. */
function chain(from: number, to: number): WowsNodeInput[] {
  const nodes: WowsNodeInput[] = [];
  for (let depth = from; depth < to; depth++) {
    const parentId = depth === 0 ? WOWS_ROOT_PARENT_ID : BigInt(100 + depth - 1);
    nodes.push({ name: `d${depth}`, id: BigInt(100 + depth), parentId });
  }
  return nodes;
}

/** Every entry's path, and the path `writePath` writes, decoded. */
function paths(table: WowsBuildTable) {
  const target = new Uint8Array(4096);
  return Array.from({ length: table.entryCount }, (_, entry) => {
    const end = table.writePath(entry, target, 3);
    return { path: table.path(entry), written: new TextDecoder().decode(target.slice(3, end)) };
  });
}

const chainIssues = (table: WowsBuildTable) =>
  table.issues.filter((issue) => issue.code === 'PARENT_CHAIN');

describe('WowsBuildTable parent chains', () => {
  it('a plain build: paths from parents, written as bytes the same', () => {
    const table = new WowsBuildTable();
    table.add('a.idx', indexOf(chain(0, 3), [102n]));
    table.add('b.idx', indexOf([...chain(0, 2), { name: 'f', id: 7n, parentId: 101n }], [7n]));
    table.finish();
    expect(paths(table)).toEqual([
      { path: 'd0/d1/d2', written: 'd0/d1/d2' },
      { path: 'd0/d1/f', written: 'd0/d1/f' },
    ]);
    expect(chainIssues(table)).toEqual([]);
  });

  it('a loop is cut at its top with an issue; the paths end', () => {
    const table = new WowsBuildTable();
    const loop: WowsNodeInput[] = [
      { name: 'a', id: 1n, parentId: 2n },
      { name: 'b', id: 2n, parentId: 1n },
    ];
    table.add('loop.idx', indexOf(loop, [1n, 2n]));
    table.finish();
    expect(chainIssues(table)).toHaveLength(1);
    for (const { path, written } of paths(table)) {
      expect(written).toBe(path);
      expect(['a', 'b/a', 'b', 'a/b']).toContain(path);
    }
  });

  it(`a chain deeper than ${MAX_DEPTH} folders in one index is cut`, () => {
    const table = new WowsBuildTable();
    table.add('deep.idx', indexOf(chain(0, MAX_DEPTH + 8), [BigInt(100 + MAX_DEPTH + 7)]));
    table.finish();
    expect(chainIssues(table)).toHaveLength(1);
    const [{ path, written }] = paths(table) as [{ path: string; written: string }];
    expect(written).toBe(path);
    expect(path.split('/')).toHaveLength(8);
  });

  it('a chain made deeper than MAX_DEPTH by a later index is cut too', () => {
    const table = new WowsBuildTable();
    table.add('top.idx', indexOf(chain(0, MAX_DEPTH - 2), [BigInt(100 + MAX_DEPTH - 3)]));
    table.add('more.idx', indexOf(chain(MAX_DEPTH - 2, MAX_DEPTH + 6), [BigInt(105 + MAX_DEPTH)]));
    table.finish();
    expect(chainIssues(table)).toHaveLength(1);
    const listed = paths(table);
    for (const { path, written } of listed) {
      expect(written).toBe(path);
      expect(path.split('/').length).toBeLessThanOrEqual(MAX_DEPTH);
    }
    expect(listed[0]!.path.split('/')).toHaveLength(MAX_DEPTH - 2);
  });

  it('writePath says -1 when the path does not fit', () => {
    const table = new WowsBuildTable();
    table.add('a.idx', indexOf(chain(0, 3), [102n]));
    expect(table.writePath(0, new Uint8Array(7), 0)).toBe(-1);
    expect(table.writePath(0, new Uint8Array(9), 0)).toBe(8);
  });
});
