/**
 * `delve verify-install LIST DIR`: a generated install checked against its own list, then
 * with a file missing, one resized, one corrupted, a dynamic WAD grown, a folder renamed in
 * another case and a file the list does not name; a broken list; a file that is no list; a
 * folder that is not there. The JSON and the text report, and the exit codes.
 */
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planInstall, type InstallRecord } from '../formats/dml/generate-install.ts';
import { writeKiwad } from '../formats/kiwad/write.ts';
import { PathByteSource } from './install-folder.ts';
import { writeInstallFiles, writeInstallList } from './testing/install-on-disk.ts';
import { cliIn } from './testing/run-cli.ts';

let root: string;
let cli: ReturnType<typeof cliIn>;
let records: InstallRecord[];
let listBytes: Uint8Array;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'delve-install-'));
  cli = cliIn(root);
  const plan = planInstall({ fileCount: 12, totalBytes: 400_000, seed: 5, dynamicEvery: 4 });
  records = writeInstallFiles(join(root, 'Game'), plan);
  listBytes = writeInstallList(join(root, 'LatestFileList.bin'), records);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const wads = () => records.filter((file) => file.source.endsWith('.wad'));
const dynamicCount = () => records.filter((file) => file.fileType === 5).length;

describe('verify-install', () => {
  it('passes an install that is what its list says (exit 0)', async () => {
    const result = await cli('verify-install', 'LatestFileList.bin', 'Game', '--json');
    expect(result.errLines).toEqual([]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.out) as Record<string, unknown>;
    expect(json).toMatchObject({
      ok: 12 - dynamicCount(),
      missing: 0,
      sizeMismatch: 0,
      crcMismatch: 0,
      dynamic: dynamicCount(),
      root: '',
      checksum: 'KI-CRC',
      unlisted: [],
    });
    expect(json['files']).toHaveLength(12);
    expect(Object.keys(json).slice(0, 5)).toEqual([
      'ok',
      'missing',
      'sizeMismatch',
      'crcMismatch',
      'dynamic',
    ]);
    const text = await cli('verify-install', 'LatestFileList.bin', 'Game');
    expect(text.out).toBe(
      `LatestFileList.bin: 12 files listed: ${12 - dynamicCount()} ok, 0 missing, 0 size mismatch, 0 KI-CRC mismatch, ${dynamicCount()} dynamic; 0 unlisted files\n`,
    );
  });

  it('finds the missing, resized and corrupted files; a grown dynamic WAD is no mismatch (exit 1)', async () => {
    const [missing, resized, corrupted] = wads().filter((file) => file.fileType !== 5);
    const dynamic = wads().find((file) => file.fileType === 5)!;
    const game = join(root, 'Game');
    rmSync(join(game, missing!.source));
    appendFileSync(join(game, resized!.source), 'more');
    // The same size, one byte changed: only the checksum can tell.
    const path = join(game, corrupted!.source);
    const bytes = new Uint8Array(readFileSync(path));
    bytes[0] = bytes[0]! ^ 0xff;
    writeFileSync(path, bytes);
    appendFileSync(join(game, dynamic.source), 'grown');
    writeFileSync(join(game, 'Bin', 'notes.txt'), 'not listed');
    renameSync(join(game, 'Data'), join(game, 'data'));

    const result = await cli('verify-install', 'LatestFileList.bin', '.', '--json');
    expect(result.code).toBe(1);
    const json = JSON.parse(result.out) as {
      files: { path: string; status: string; actualSize: number | null; foundAs?: string }[];
    } & Record<string, unknown>;
    expect(json).toMatchObject({
      ok: 9 - dynamicCount(),
      missing: 1,
      sizeMismatch: 1,
      crcMismatch: 1,
      dynamic: dynamicCount(),
      root: 'Game',
      // Outside the install's root, the list itself is unlisted by its path from DIR.
      unlisted: ['Bin/notes.txt', 'LatestFileList.bin'],
    });
    const byPath = new Map(json.files.map((file) => [file.path, file]));
    expect(byPath.get(missing!.source)).toMatchObject({ status: 'missing', actualSize: null });
    expect(byPath.get(resized!.source)).toMatchObject({
      status: 'size-mismatch',
      actualSize: resized!.size + 4,
      foundAs: resized!.source.replace('Data/', 'data/'),
    });
    expect(byPath.get(corrupted!.source)).toMatchObject({ status: 'crc-mismatch' });
    expect(byPath.get(dynamic.source)).toMatchObject({
      status: 'dynamic',
      actualSize: dynamic.size + 5,
    });

    const text = await cli('verify-install', 'LatestFileList.bin', '.');
    expect(text.code).toBe(1);
    const lines = text.out.trimEnd().split('\n');
    expect(lines).toContain(`missing       ${missing!.source}`);
    expect(lines).toContain(
      `size-mismatch ${resized!.source} (expected ${resized!.size} bytes, found ${resized!.size + 4})`,
    );
    expect(lines.find((line) => line.startsWith('crc-mismatch'))).toMatch(
      new RegExp(
        `^crc-mismatch  ${corrupted!.source} \\(expected KI-CRC 0x[0-9A-F]{8}, found 0x[0-9A-F]{8}\\)$`,
      ),
    );
    expect(lines).toContain('unlisted      Bin/notes.txt');
    expect(lines).toContain('unlisted      LatestFileList.bin');
    expect(lines.at(-2)).toBe('install root: Game');
    expect(lines.at(-1)).toBe(
      `LatestFileList.bin: 12 files listed: ${9 - dynamicCount()} ok, 1 missing, 1 size mismatch, 1 KI-CRC mismatch, ${dynamicCount()} dynamic; 2 unlisted files`,
    );
  });

  it('refuses a broken list with one line naming the offset (exit 1)', async () => {
    writeFileSync(join(root, 'broken.bin'), listBytes.subarray(0, listBytes.length - 5));
    const result = await cli('verify-install', 'broken.bin', 'Game');
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.errLines).toHaveLength(1);
    expect(result.errLines[0]).toMatch(/^broken\.bin: unexpected end of data at 0x[0-9A-F]+: /);
  });

  it('refuses a file that lists no install (exit 2), one of no format (exit 1), a missing folder (exit 1)', async () => {
    writeFileSync(join(root, 'archive.wad'), writeKiwad([]));
    const archive = await cli('verify-install', 'archive.wad', 'Game');
    expect(archive.code).toBe(2);
    expect(archive.errLines).toEqual([
      expect.stringMatching(/^archive\.wad: lists no files of an install/),
    ]);
    writeFileSync(join(root, 'notes.txt'), 'plain text');
    const text = await cli('verify-install', 'notes.txt', 'Game');
    expect(text.code).toBe(1);
    expect(text.errLines).toEqual(['notes.txt: bad magic at 0x0: not a file list Delve reads']);
    const folder = await cli('verify-install', 'LatestFileList.bin', 'nowhere');
    expect(folder.code).toBe(1);
    expect(folder.errLines).toEqual(['nowhere: cannot open: not a folder']);
  });

  it('reads a file that went away as a failure naming why', async () => {
    const source = new PathByteSource(join(root, 'gone.bin'), 'gone.bin', 10);
    await expect(source.read(0, 10)).rejects.toThrow('no such file or directory');
  });
});
