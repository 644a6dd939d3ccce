import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffCsv, diffReport, folderCounts, FolderCounts } from './diff-report.ts';
import type { DiffRow } from './types.ts';

const row = (path: string, status: DiffRow['status'], sizes: [number | null, number | null]) => ({
  path,
  status,
  oldIndex: sizes[0] === null ? -1 : 0,
  newIndex: sizes[1] === null ? -1 : 0,
  oldSize: sizes[0],
  newSize: sizes[1],
  oldCrc: sizes[0] === null ? null : 0xabc,
  newCrc: sizes[1] === null ? null : 0xdeadbeef,
});

const rows: DiffRow[] = [
  row('b/z.txt', 'changed', [1, 2]),
  row('a.txt', 'unchanged', [5, 5]),
  row('b/y, "q".txt', 'added', [null, 3]),
  row('c/x.bin', 'removed', [7, null]),
];

describe('diff reports', () => {
  it('counts every status and lists all but unchanged, sorted by path', () => {
    const report = diffReport(rows);
    expect(report).toMatchObject({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(report.entries.map((entry) => entry.path)).toEqual([
      'b/y, "q".txt',
      'b/z.txt',
      'c/x.bin',
    ]);
    expect(Object.keys(report.entries[0]!)).toEqual([
      'path',
      'status',
      'oldSize',
      'newSize',
      'oldCrc',
      'newCrc',
    ]);
  });

  it('writes CSV with quoted fields, hex checksums and empty cells where null', () => {
    const csv = diffCsv(diffReport(rows).entries);
    expect(csv).toBe(
      'path,status,oldSize,newSize,oldCrc,newCrc\r\n' +
        '"b/y, ""q"".txt",added,,3,,DEADBEEF\r\n' +
        'b/z.txt,changed,1,2,00000ABC,DEADBEEF\r\n' +
        'c/x.bin,removed,7,,00000ABC,\r\n',
    );
  });

  it('counts each status per folder, ancestors included', () => {
    const folders = folderCounts(rows);
    expect(folders.get('')).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(folders.get('b')).toEqual({ added: 1, removed: 0, changed: 1, unchanged: 0 });
    expect(folders.get('c')).toEqual({ added: 0, removed: 1, changed: 0, unchanged: 0 });
  });

  it('counts as a walk of every row’s ancestors does, in batches added to one map', () => {
    /** Each row's ancestors walked one by one: what the counts must be. */
    const walked = (all: readonly DiffRow[]) => {
      const folders = new Map<string, Record<DiffRow['status'], number>>();
      for (const each of all) {
        const parts = each.path.split('/').slice(0, -1);
        for (let depth = 0; depth <= parts.length; depth++) {
          const folder = parts.slice(0, depth).join('/');
          const counts = folders.get(folder) ?? { added: 0, removed: 0, changed: 0, unchanged: 0 };
          counts[each.status]++;
          folders.set(folder, counts);
        }
      }
      return folders;
    };
    const status = fc.constantFrom('added', 'removed', 'changed', 'unchanged' as const);
    const path = fc
      .array(fc.constantFrom('a', 'b', 'ab', 'a/b'), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('/'));
    fc.assert(
      fc.property(fc.array(fc.tuple(path, status), { maxLength: 40 }), fc.nat(40), (drawn, cut) => {
        const all = drawn.map(([each, state]) => row(each, state, [1, 1]));
        const counts = new FolderCounts();
        counts.add(all.slice(0, cut));
        counts.add(all.slice(cut));
        expect(counts.byFolder).toEqual(walked(all));
      }),
      { numRuns: 300 },
    );
  });
});
