import { describe, expect, it } from 'vitest';
import { emptyCounts } from '../../formats/install-check.ts';
import type { InstallCheckResult, InstalledFile } from '../../formats/model.ts';
import {
  columnFits,
  describeInstallResult,
  describeProgress,
  filterOptions,
  isInstallIntact,
  pathTitle,
  progressOf,
  rowCells,
  rowsFor,
  rowText,
  splitPath,
} from './install-view.ts';

const file = (
  path: string,
  status: InstalledFile['status'],
  more: Partial<InstalledFile> = {},
) => ({
  path,
  status,
  expectedSize: 1234,
  actualSize: status === 'missing' ? null : 1234,
  expectedCrc: 0xabc,
  actualCrc: status === 'ok' ? 0xabc : null,
  foundAs: null,
  error: null,
  node: -1,
  ...more,
});

function resultOf(files: InstalledFile[], cancelled = false): InstallCheckResult {
  const counts = emptyCounts();
  for (const each of files) counts[each.status]++;
  return {
    root: 'Game',
    counts,
    files,
    unlisted: [{ path: 'Logs/a.log', size: 2048 }],
    bytesHashed: 0,
    cancelled,
    checksumLabel: 'KI-CRC',
  };
}

const result = resultOf([
  file('Bin/a.exe', 'ok'),
  file('Bin/b.dll', 'missing'),
  file('Data/c.wad', 'size-mismatch', { actualSize: 1300, foundAs: 'data/c.wad' }),
  file('Data/d.wad', 'crc-mismatch', { actualCrc: 0xdef }),
  file('Data/e.wad', 'dynamic'),
]);

describe('the install check view', () => {
  it('offers a filter per status found, with counts, problems first after all', () => {
    expect(
      filterOptions(result).map(({ filter, label, count }) => `${filter} ${label} ${count}`),
    ).toEqual([
      'all All 6',
      'problems Problems 3',
      'ok OK 1',
      'missing Missing 1',
      'size-mismatch Size mismatch 1',
      'crc-mismatch KI-CRC mismatch 1',
      'dynamic Dynamic 1',
      'unlisted Unlisted 1',
    ]);
  });

  it('keeps the rows of a filter: listed files in list order, unlisted ones last', () => {
    const paths = (filter: Parameters<typeof rowsFor>[1]) =>
      rowsFor(result, filter).map((row) => row.file.path);
    expect(paths('all')).toEqual([
      'Bin/a.exe',
      'Bin/b.dll',
      'Data/c.wad',
      'Data/d.wad',
      'Data/e.wad',
      'Logs/a.log',
    ]);
    expect(paths('problems')).toEqual(['Bin/b.dll', 'Data/c.wad', 'Data/d.wad']);
    expect(paths('dynamic')).toEqual(['Data/e.wad']);
    expect(paths('unlisted')).toEqual(['Logs/a.log']);
  });

  it('shows sizes with separators and checksums in hex, and reads a row out as a sentence', () => {
    const [, , resized, corrupt, , unlisted] = rowsFor(result, 'all');
    const cells = rowCells(resized!, 'KI-CRC');
    expect(cells).toMatchObject({
      statusText: 'size mismatch',
      expectedSize: '1,234',
      actualSize: '1,300',
    });
    expect(rowText(cells, 'KI-CRC')).toBe(
      'Data/c.wad: size mismatch, expected 1,234 bytes, found 1,300 bytes, expected KI-CRC 0x00000ABC, on disk as data/c.wad',
    );
    expect(rowCells(corrupt!, 'KI-CRC')).toMatchObject({
      expectedCrc: '0x00000ABC',
      actualCrc: '0x00000DEF',
    });
    expect(rowText(rowCells(unlisted!, 'KI-CRC'), 'KI-CRC')).toBe(
      'Logs/a.log: unlisted, found 2,048 bytes',
    );
  });

  it('cuts a path before its file name, and titles it whole, with where and why', () => {
    expect(splitPath('Data/GameData/Zone-0.wad')).toEqual({
      folder: 'Data/GameData',
      name: '/Zone-0.wad',
    });
    expect(splitPath('notes.txt')).toEqual({ folder: '', name: 'notes.txt' });
    const [, , resized] = rowsFor(result, 'all');
    expect(pathTitle(rowCells(resized!, 'KI-CRC'))).toBe('Data/c.wad\nOn disk as data/c.wad');
    const unreadable = rowCells(
      { kind: 'listed', file: file('Bin/f.dll', 'unreadable', { error: 'not allowed' }) },
      'KI-CRC',
    );
    expect(pathTitle(unreadable)).toBe('Bin/f.dll\nnot allowed');
  });

  it('sizes the columns for every status and the largest sizes', () => {
    const big = resultOf([
      file('a', 'ok', { expectedSize: 1_234_567, actualSize: 12 }),
      file('b', 'size-mismatch', { expectedSize: 5, actualSize: 98_765 }),
    ]);
    const fits = columnFits(big);
    expect(fits.status.split('\n')).toEqual([
      'ok',
      'missing',
      'size mismatch',
      'KI-CRC mismatch',
      'unreadable',
      'dynamic',
      'unchecked',
      'unlisted',
    ]);
    expect(fits).toMatchObject({
      expectedSize: '1,234,567',
      actualSize: '98,765',
      checksum: '0xFFFFFFFF',
    });
  });

  it('sums a result up, and says how far a cancelled one got', () => {
    expect(describeInstallResult(result)).toBe(
      '5 files listed: 1 ok, 1 missing, 1 size mismatch, 1 KI-CRC mismatch, 1 dynamic; 1 unlisted file',
    );
    expect(isInstallIntact(result)).toBe(false);
    const cancelled = resultOf([file('a', 'ok'), file('b', 'unchecked')], true);
    expect(describeInstallResult(cancelled)).toBe(
      '2 files listed: 1 ok, 0 missing, 0 size mismatch, 0 KI-CRC mismatch, 0 dynamic, 1 unchecked; 1 unlisted file (cancelled: the unchecked files were not read)',
    );
    expect(isInstallIntact(cancelled)).toBe(false);
    expect(isInstallIntact(resultOf([file('a', 'ok'), file('b', 'dynamic')]))).toBe(true);
  });

  it('tells progress by bytes once there are bytes to read, else by files', () => {
    const progress = { filesDone: 3, fileCount: 4, bytesDone: 512, bytesTotal: 2048 };
    expect(progressOf(progress)).toBe(0.25);
    expect(describeProgress(progress)).toBe('3 of 4 files, 512 B of 2.00 KiB read');
    expect(progressOf({ ...progress, bytesTotal: 0 })).toBe(0.75);
    expect(describeProgress({ ...progress, bytesTotal: 0 })).toBe('3 of 4 files');
  });
});
