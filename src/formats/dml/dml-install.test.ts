/**
 * A `LatestFileList.bin` as an install list (install-list.ts): the files its tables name,
 * their paths (TarFileName, else SrcFileName), sizes, KI-CRCs and the dynamic WADs; a table
 * file that lists no files offers no install check; the generated installs of tests and
 * benchmarks (generate-install.ts) list what they write.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { kiCrc } from '../../binary/crc32.ts';
import { checkInstall } from '../install-check.ts';
import type { Session } from '../model.ts';
import { inlineServices } from '../services.ts';
import { DmlFileType, FILE_COLUMNS } from './generate.ts';
import {
  INSTALL_CHUNK,
  fillInstallChunk,
  installPath,
  latestFileListOf,
  planInstall,
  type InstallRecord,
} from './generate-install.ts';
import { openDmlSession } from './session.ts';
import { dmlTable, writeDmlTables } from './write.ts';

async function open(bytes: Uint8Array): Promise<Session> {
  return openDmlSession({
    sources: [new MemoryByteSource(bytes, 'LatestFileList.bin')],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
}

const records: InstallRecord[] = [
  { source: 'Bin/Client.exe', target: '', fileType: DmlFileType.EXECUTABLE, size: 10, crc: 1 },
  { source: 'PatchClient/a.dat', target: 'Bin/PatchClient/a.dat', fileType: 1, size: 2, crc: 2 },
  { source: 'Data/GameData/Root.wad', target: '', fileType: DmlFileType.WAD, size: 30, crc: 3 },
  { source: 'Data/GameData/Music.wad', target: '', fileType: 5, size: 40, crc: 0xfffffff0 },
];

describe('the install list of a LatestFileList.bin', () => {
  it('names every file record: target else source, size, KI-CRC, dynamic WADs', async () => {
    const session = await open(writeDmlTables(latestFileListOf(records)));
    const files = session.installCheck!.files();
    expect(files.map(({ node: _node, ...file }) => file)).toEqual([
      { path: 'Bin/Client.exe', size: 10, checksum: { kind: 'ki-crc', value: 1 }, policy: 'exact' },
      {
        path: 'Bin/PatchClient/a.dat',
        size: 2,
        checksum: { kind: 'ki-crc', value: 2 },
        policy: 'exact',
      },
      {
        path: 'Data/GameData/Root.wad',
        size: 30,
        checksum: { kind: 'ki-crc', value: 3 },
        policy: 'exact',
      },
      {
        path: 'Data/GameData/Music.wad',
        size: 40,
        checksum: { kind: 'ki-crc', value: 0xfffffff0 },
        policy: 'dynamic',
      },
    ]);
    // Each names the record node it comes from.
    const table = session.nodeTable();
    expect(files.map((file) => table.path(file.node!))).toEqual([
      'Base/0 Bin∕Client.exe',
      'PatchClient/0 PatchClient∕a.dat',
      'Root/0 Data∕GameData∕Root.wad',
      'Music/0 Data∕GameData∕Music.wad',
    ]);
  });

  it('is not offered by tables that list no files', async () => {
    const session = await open(writeDmlTables([dmlTable('About', [['Version', 'UINT']], [[1]])]));
    expect(session.installCheck).toBeUndefined();
  });

  it('leaves out records with no path', async () => {
    const tables = [
      dmlTable('Base', FILE_COLUMNS, [
        ['', '', 1, 5, 0, 0, 9, 0],
        ['Bin/x', '', 1, 5, 0, 0, 9, 0],
      ]),
    ];
    const session = await open(writeDmlTables(tables));
    expect(session.installCheck!.files().map((file) => file.path)).toEqual(['Bin/x']);
  });

  it('stays offered by a list whose read stopped, with the files read before', async () => {
    const bytes = writeDmlTables(latestFileListOf(records));
    const session = await open(bytes.subarray(0, bytes.length - 3));
    expect(session.fatal).not.toBeNull();
    expect(session.installCheck!.files().map((file) => file.path)).toContain('Bin/Client.exe');
  });
});

describe('generated installs', () => {
  it('spread sizes to the total asked, with a dynamic WAD now and then', () => {
    const plan = planInstall({ fileCount: 300, totalBytes: 50_000_000, seed: 3 });
    expect(plan).toHaveLength(300);
    expect(plan.reduce((sum, file) => sum + file.size, 0)).toBe(50_000_000);
    expect(plan.filter((file) => file.fileType === DmlFileType.DYNAMIC_WAD).length).toBeGreaterThan(
      0,
    );
    expect(new Set(plan.map(installPath)).size).toBe(300);
    expect(Math.max(...plan.map((file) => file.size))).toBeGreaterThan(
      100 * Math.min(...plan.map((file) => file.size)),
    );
  });

  it('make the same bytes chunk by chunk, and a list an install of them passes', async () => {
    const plan = planInstall({
      fileCount: 6,
      totalBytes: 3 * INSTALL_CHUNK + 5,
      seed: 9,
      dynamicEvery: 2,
    });
    const contents = plan.map((file, seed) => {
      const bytes = new Uint8Array(file.size);
      for (let chunk = 0; chunk * INSTALL_CHUNK < file.size; chunk++) {
        const start = chunk * INSTALL_CHUNK;
        fillInstallChunk(
          bytes.subarray(start, Math.min(file.size, start + INSTALL_CHUNK)),
          seed,
          chunk,
        );
      }
      return bytes;
    });
    const again = new Uint8Array(plan[0]!.size);
    fillInstallChunk(again.subarray(0, Math.min(again.length, INSTALL_CHUNK)), 0, 0);
    expect(again.subarray(0, 64)).toEqual(contents[0]!.subarray(0, 64));
    expect(new Set(contents.map((bytes) => kiCrc(bytes))).size).toBe(6);
    const list = latestFileListOf(plan.map((file, at) => ({ ...file, crc: kiCrc(contents[at]!) })));
    const session = await open(writeDmlTables(list));
    const result = await checkInstall({
      listed: session.installCheck!.files(),
      folder: plan.map((file, at) => ({
        path: `Game/${installPath(file)}`,
        size: file.size,
        source: new MemoryByteSource(contents[at]!),
      })),
      checksums: inlineServices().checksums,
      signal: { isCancelled: false, throwIfCancelled: () => undefined },
    });
    expect(result.counts.ok + result.counts.dynamic).toBe(6);
    expect(result.counts.dynamic).toBeGreaterThan(0);
  });
});
