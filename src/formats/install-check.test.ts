import { describe, expect, it } from 'vitest';
import { MemoryByteSource, type ByteSource } from '../binary/byte-source.ts';
import { kiCrc } from '../binary/crc32.ts';
import { ErrorCode, FormatError } from '../binary/format-error.ts';
import { checkInstall, type FolderFile } from './install-check.ts';
import { findRoot, matchFolder, normalListPath } from './install-match.ts';
import {
  installProblemLines,
  installReportCsv,
  installReportJson,
  installReportText,
  installSummaryLine,
  isInstallBroken,
} from './install-report.ts';
import type { CancelSignal, ListedFile } from './model.ts';
import { inlineServices, type ChecksumService } from './services.ts';

const text = (value: string) => new TextEncoder().encode(value);
const NEVER: CancelSignal = { isCancelled: false, throwIfCancelled: () => undefined };

const listed = (path: string, bytes: Uint8Array, policy: ListedFile['policy'] = 'exact') => ({
  path,
  size: bytes.length,
  checksum: { kind: 'ki-crc' as const, value: kiCrc(bytes) },
  policy,
});

const onDisk = (path: string, bytes: Uint8Array): FolderFile => ({
  path,
  size: bytes.length,
  source: new MemoryByteSource(bytes, path),
});

/** A source whose reads fail, as a file changed on disk since it was picked. */
const failing = (path: string, size: number): FolderFile => {
  const source: ByteSource = {
    name: path,
    size,
    read: () => Promise.reject(new Error('NotReadableError: the file changed')),
  };
  return { path, size, source };
};

describe('normalListPath', () => {
  it('takes `\\` as a separator and drops leading `./`, `/` and empty parts', () => {
    expect(normalListPath('Data\\GameData\\Root.wad')).toBe('Data/GameData/Root.wad');
    expect(normalListPath('./Bin//a.exe')).toBe('Bin/a.exe');
    expect(normalListPath('/Bin/a.exe')).toBe('Bin/a.exe');
  });
});

describe('findRoot', () => {
  const paths = ['Bin/a.exe', 'Data/GameData/Root.wad'];

  it('is the picked folder that leads every path, as pickers give them', () => {
    const files = [{ path: 'Wizard101/Bin/a.exe' }, { path: 'Wizard101/Data/GameData/Root.wad' }];
    expect(findRoot(paths, files)).toBe('Wizard101');
  });

  it('is the game folder inside a picked parent, beside other folders, in any case', () => {
    const files = [
      { path: 'KI/Pirate101/readme.txt' },
      { path: 'KI/Wizard101/bin/a.exe' },
      { path: 'KI/Wizard101/data/gamedata/Root.wad' },
    ];
    expect(findRoot(paths, files)).toBe('KI/Wizard101');
  });

  it('is the top for a CLI folder listed from inside, and the picked folder when nothing matches', () => {
    expect(findRoot(paths, [{ path: 'Bin/a.exe' }])).toBe('');
    expect(findRoot(paths, [{ path: 'Game/other.txt' }, { path: 'Game/x/y' }])).toBe('Game');
    expect(findRoot(paths, [{ path: 'one.txt' }, { path: 'Game/x' }])).toBe('');
  });
});

describe('matchFolder', () => {
  it('matches folders in any case, an exact name first, and lists the rest apart', () => {
    const list = [{ path: 'Data/GameData/Root.wad' }, { path: 'Bin/a.exe' }, { path: 'Bin/b.exe' }];
    const files = [
      { path: 'W/bin/A.EXE' },
      { path: 'W/data/GAMEDATA/Root.wad' },
      { path: 'W/bin/a.exe' },
      { path: 'W/Logs/x.log' },
    ];
    const match = matchFolder(list, files);
    expect(match.root).toBe('W');
    expect([...match.found]).toEqual([1, 2, -1]);
    expect(match.unlisted).toEqual([0, 3]);
  });

  it('takes a name in another case when no file has the exact one', () => {
    const match = matchFolder([{ path: 'Bin/Client.exe' }], [{ path: 'bin/client.EXE' }]);
    expect([...match.found]).toEqual([0]);
    expect(match.unlisted).toEqual([]);
  });
});

describe('checkInstall', () => {
  const good = text('good bytes');
  const wad = text('a dynamic WAD, grown since');
  const list: ListedFile[] = [
    listed('Bin/good.exe', good),
    listed('Bin/missing.dll', text('never there')),
    listed('Data/resized.wad', text('twelve bytes')),
    listed('Data/corrupt.wad', text('same length!')),
    { ...listed('Data/dynamic.wad', text('short')), policy: 'dynamic' },
    listed('Data/unreadable.wad', text('0123')),
    { path: 'Bin/unchecksummed.txt', size: 3, checksum: null, policy: 'exact' },
  ];
  const folder: FolderFile[] = [
    onDisk('Game/Bin/good.exe', good),
    onDisk('Game/data/resized.wad', text('thirteen bytes')),
    onDisk('Game/Data/corrupt.wad', text('SAME length!')),
    onDisk('Game/Data/dynamic.wad', wad),
    failing('Game/Data/unreadable.wad', 4),
    onDisk('Game/Bin/unchecksummed.txt', text('abc')),
    onDisk('Game/Logs/z.log', text('log')),
    onDisk('Game/Bin/extra.dll', text('extra')),
  ];

  it('reports every listed file, the unlisted ones apart, and counts them', async () => {
    const progress: number[] = [];
    const result = await checkInstall({
      listed: list,
      folder,
      checksums: inlineServices().checksums,
      signal: NEVER,
      onProgress: (step) => progress.push(step.filesDone),
    });
    expect(result.root).toBe('Game');
    expect(result.files.map((file) => [file.path, file.status])).toEqual([
      ['Bin/good.exe', 'ok'],
      ['Bin/missing.dll', 'missing'],
      ['Data/resized.wad', 'size-mismatch'],
      ['Data/corrupt.wad', 'crc-mismatch'],
      ['Data/dynamic.wad', 'dynamic'],
      ['Data/unreadable.wad', 'unreadable'],
      ['Bin/unchecksummed.txt', 'ok'],
    ]);
    const [okFile, missing, resized, corrupt, dynamic, unreadable] = result.files;
    expect(okFile).toMatchObject({ actualSize: good.length, actualCrc: kiCrc(good) });
    expect(missing).toMatchObject({ actualSize: null, actualCrc: null, foundAs: null });
    expect(resized).toMatchObject({ actualSize: 14, actualCrc: null, foundAs: 'data/resized.wad' });
    expect(corrupt!.actualCrc).toBe(kiCrc(text('SAME length!')));
    expect(dynamic).toMatchObject({ actualSize: wad.length, actualCrc: null });
    expect(unreadable!.error).toContain('NotReadableError');
    expect(result.unlisted).toEqual([
      { path: 'Bin/extra.dll', size: 5 },
      { path: 'Logs/z.log', size: 3 },
    ]);
    expect(result.counts).toEqual({
      ok: 2,
      missing: 1,
      'size-mismatch': 1,
      'crc-mismatch': 1,
      dynamic: 1,
      unreadable: 1,
      unchecked: 0,
    });
    expect(result.cancelled).toBe(false);
    expect(result.checksumLabel).toBe('KI-CRC');
    expect(result.bytesHashed).toBe(good.length + 12);
    expect(progress.at(-1)).toBe(list.length);
    expect(isInstallBroken(result)).toBe(true);
  });

  it('reads a file listed twice once, and settles both', async () => {
    let reads = 0;
    const source: ByteSource = {
      name: 'a',
      size: good.length,
      read: (offset, length) => {
        reads++;
        return Promise.resolve(good.subarray(offset, offset + length));
      },
    };
    const result = await checkInstall({
      listed: [listed('a', good), listed('A', good)],
      folder: [{ path: 'a', size: good.length, source }],
      checksums: inlineServices().checksums,
      signal: NEVER,
    });
    expect(result.files.map((file) => file.status)).toEqual(['ok', 'ok']);
    expect(reads).toBe(1);
    expect(isInstallBroken(result)).toBe(false);
  });

  it('answers what it settled when cancelled, the rest unchecked, and says so', async () => {
    const signal = { isCancelled: false, throwIfCancelled: () => undefined };
    // Cancels once the first file is hashed: the second is never reported.
    const checksums: ChecksumService = {
      ...inlineServices().checksums,
      forFiles: () => ({
        run: (files, sink) => {
          sink.checksum(files[0]!.index, kiCrc(good));
          signal.isCancelled = true;
          return Promise.reject(
            new FormatError({ code: ErrorCode.CANCELLED, offset: 0, detail: 'cancelled' }),
          );
        },
      }),
    };
    const result = await checkInstall({
      listed: [listed('a', good), listed('b', good), listed('c', text('gone'))],
      folder: [onDisk('a', good), onDisk('b', good)],
      checksums,
      signal,
    });
    expect(result.cancelled).toBe(true);
    expect(result.files.map((file) => file.status)).toEqual(['ok', 'unchecked', 'missing']);
    expect(result.counts.unchecked).toBe(1);
    expect(installSummaryLine(result)).toMatch(/1 unchecked; 0 unlisted files \(cancelled\)$/);
  });

  it('rethrows what is not a cancel', async () => {
    const checksums: ChecksumService = {
      ...inlineServices().checksums,
      forFiles: () => ({ run: () => Promise.reject(new Error('helpers failed')) }),
    };
    await expect(
      checkInstall({
        listed: [listed('a', good)],
        folder: [onDisk('a', good)],
        checksums,
        signal: NEVER,
      }),
    ).rejects.toThrow('helpers failed');
  });
});

describe('the report', () => {
  const bytes = text('abc');
  const run = () =>
    checkInstall({
      listed: [
        listed('Bin/a.txt', bytes),
        listed('Bin/"quoted", name.txt', text('xyz')),
        { ...listed('Data/d.wad', text('d')), policy: 'dynamic' },
      ],
      folder: [
        onDisk('bin/a.txt', text('abd')),
        onDisk('Data/d.wad', text('dd')),
        onDisk('x', bytes),
      ],
      checksums: inlineServices().checksums,
      signal: NEVER,
    });

  it('as JSON: counts, then every listed file, then the unlisted paths', async () => {
    const result = await run();
    const json = installReportJson(result);
    expect(json).toEqual({
      ok: 0,
      missing: 1,
      sizeMismatch: 0,
      crcMismatch: 1,
      dynamic: 1,
      unreadable: 0,
      unchecked: 0,
      cancelled: false,
      root: '',
      checksum: 'KI-CRC',
      files: [
        {
          path: 'Bin/a.txt',
          status: 'crc-mismatch',
          expectedSize: 3,
          actualSize: 3,
          expectedCrc: kiCrc(bytes),
          actualCrc: kiCrc(text('abd')),
          foundAs: 'bin/a.txt',
        },
        {
          path: 'Bin/"quoted", name.txt',
          status: 'missing',
          expectedSize: 3,
          actualSize: null,
          expectedCrc: kiCrc(text('xyz')),
          actualCrc: null,
        },
        {
          path: 'Data/d.wad',
          status: 'dynamic',
          expectedSize: 1,
          actualSize: 2,
          expectedCrc: kiCrc(text('d')),
          actualCrc: null,
        },
      ],
      unlisted: ['x'],
    });
    expect(installReportText(result)).toBe(`${JSON.stringify(json, null, 2)}\n`);
  });

  it('as CSV: a header, a line per file, unlisted files last, quoted where needed', async () => {
    const result = await run();
    const crc = (value: string) => kiCrc(text(value));
    expect(installReportCsv(result).split('\r\n')).toEqual([
      'path,status,expectedSize,actualSize,expectedCrc,actualCrc,foundAs,error',
      `Bin/a.txt,crc-mismatch,3,3,${crc('abc')},${crc('abd')},bin/a.txt,`,
      `"Bin/""quoted"", name.txt",missing,3,,${crc('xyz')},,,`,
      `Data/d.wad,dynamic,1,2,${crc('d')},,,`,
      'x,unlisted,,3,,,,',
      '',
    ]);
  });

  it('as text: what is wrong with each file, the unlisted ones, and a summary', async () => {
    const result = await run();
    const crc = (value: string) =>
      `0x${kiCrc(text(value)).toString(16).toUpperCase().padStart(8, '0')}`;
    expect([...installProblemLines(result)]).toEqual([
      {
        status: 'crc-mismatch',
        path: 'Bin/a.txt',
        detail: ` (expected KI-CRC ${crc('abc')}, found ${crc('abd')})`,
      },
      { status: 'missing', path: 'Bin/"quoted", name.txt', detail: '' },
      { status: 'unlisted', path: 'x', detail: '' },
    ]);
    expect(installSummaryLine(result)).toBe(
      '3 files listed: 0 ok, 1 missing, 0 size mismatch, 1 KI-CRC mismatch, 1 dynamic; 1 unlisted file',
    );
  });
});
