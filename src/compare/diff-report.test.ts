import { describe, expect, it } from 'vitest';
import { diffCsv, diffReport, folderCounts } from './diff-report.ts';
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
});
