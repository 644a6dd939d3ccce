/**
 * The CLI on World of Warships indexes. The real index (../shared/fixtures/wows, skipped when
 * absent) has no public pkg: `ls`, `info` and `verify` (every entry missing) run on it alone,
 * and the AFL crashers must end in one error line. Content comes from game folders generated
 * with the writer (game-folder.ts, buildWowsPackage) in a temp dir: `verify` with every status,
 * where volumes are looked for (`--pkg-dir`, the install's res_packages/, the index's folder),
 * `cat` and `extract` byte for byte.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWowsGameFolder, wowsGameFolderIndexes } from '../formats/wows/game-folder.ts';
import { buildWowsPackage } from '../formats/wows/write.ts';
import type { WowsPackageFile } from '../formats/wows/write.ts';
import { cliIn } from './testing/run-cli.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const realDir = join(root, '../shared/fixtures/wows');
const hasReal = existsSync(join(realDir, 'vehicles_level6_usa.idx'));
const realIdx = join(realDir, 'vehicles_level6_usa.idx');
const work = mkdtempSync(join(tmpdir(), 'delve-cli-wows-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = cliIn(work);

/** Writes files (paths relative to `folder`, `/`-separated) under `work`. */
function writeTree(folder: string, files: readonly { path: string; bytes: Uint8Array }[]): void {
  for (const { path, bytes } of files) {
    const target = join(work, folder, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
}

/** Every file under a folder, `/`-separated paths relative to it. */
function listTree(folder: string, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listTree(join(folder, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

interface Verified {
  ok: number;
  mismatched: number;
  unpatched: number;
  missing: number;
  unsupported: number;
  errors: number;
  entries: { path: string; status: string }[];
}

const statusOf = (report: Verified) =>
  Object.fromEntries(report.entries.map((entry) => [entry.path, entry.status]));

// ---- The real index -------------------------------------------------------------------------

/** Every record of vehicles_level6_usa.idx in record order: path below content/gameplay/usa/, offset, stored size, size, crc32. */
const USA = 'content/gameplay/usa/';
const REAL_RECORDS: [string, number, number, number, number][] = [
  [
    'gun/secondary/AGS206_3in50_MK21_Sub/AGS206_3in50_MK21_Sub.geometry',
    0,
    174483,
    460907,
    0xd69d9f90,
  ],
  ['gun/secondary/textures/AGS206_3in50_MK21_Sub_mg.dds', 338436, 33223, 43832, 0x96c909fc],
  [
    'gun/secondary/AGS206_3in50_MK21_Sub/AGS206_3in50_MK21_Sub_dead.geometry',
    174499,
    163869,
    315328,
    0x2f3e2234,
  ],
  ['gun/secondary/AGS206_3in50_MK21_Sub/AGS206_3in50_MK21_Sub.splash', 338384, 36, 41, 0x163f4073],
  ['gun/secondary/textures/AGS206_3in50_MK21_Sub_ao.dds', 402031, 1799, 2872, 0xb3def470],
  ['gun/secondary/textures/AGS206_3in50_MK21_Sub_dead_mg.dds', 436951, 31950, 43832, 0x12e2f47d],
  ['gun/secondary/textures/AGS206_3in50_MK21_Sub_a.dds', 371675, 30340, 43832, 0x5d4b48ee],
  ['gun/secondary/textures/AGS206_3in50_MK21_Sub_dead_a.dds', 403846, 33089, 43832, 0xf1010219],
  ['ship/submarine/textures/ASS003_Cachalot_1933_a.dds', 3587773, 31319, 43848, 0xeee3381b],
  ['gun/secondary/textures/AGS206_3in50_MK21_Sub_n.dds', 468917, 58756, 87556, 0xf26d73f1],
  ['ship/submarine/textures/ASS003_Cachalot_1933_a.dd1', 3619108, 350760, 524416, 0xf2bc4900],
  ['misc/AM713/AM713.geometry', 527689, 27192, 67192, 0x57d845d5],
  ['misc/AM807/AM807.geometry', 554897, 40906, 129671, 0x5d5a5b6e],
  ['misc/AM808/AM808.geometry', 595819, 35393, 103875, 0x8c2b5866],
  ['ship/submarine/ASS003_Cachalot_1933/ASS003_Cachalot_1933.splash', 631228, 534, 834, 0x5cc2360c],
  ['ship/submarine/textures/ASS003_Cachalot_1933_mg.dd0', 3969884, 1305490, 2097280, 0x5700694c],
  [
    'ship/submarine/ASS003_Cachalot_1933/ASS003_Cachalot_1933.geometry',
    631778,
    37666,
    157733,
    0xaddc0758,
  ],
  [
    'ship/submarine/ASS003_Cachalot_1933/ASS003_Cachalot_1933_Bow.geometry',
    669460,
    1331531,
    3186536,
    0x7e095e2f,
  ],
  [
    'ship/submarine/ASS003_Cachalot_1933/ASS003_Cachalot_1933_MidBack.geometry',
    2001007,
    867,
    18760,
    0x501c784b,
  ],
  [
    'ship/submarine/ASS003_Cachalot_1933/ASS003_Cachalot_1933_MidFront.geometry',
    2001890,
    193472,
    391523,
    0x2ab9e82e,
  ],
  [
    'ship/submarine/ASS003_Cachalot_1933/ASS003_Cachalot_1933_Stern.geometry',
    2195378,
    596,
    9448,
    0x9f4c80fb,
  ],
  ['ship/submarine/textures/ASS003_Cachalot_1933_a.dd0', 2195990, 1285567, 2097280, 0x5fded54c],
  [
    'ship/submarine/textures/ASS003_Cachalot_1933_Deckhouse_a.dds',
    3481573,
    106184,
    174904,
    0xb404a52d,
  ],
  [
    'ship/submarine/textures/ASS003_Cachalot_1933_Deckhouse_n.dds',
    5275390,
    176591,
    349700,
    0x9f1294c4,
  ],
  ['ship/submarine/textures/ASS003_Cachalot_1933_mg.dd1', 5451997, 362640, 524416, 0x0d7d3d45],
  [
    'ship/submarine/textures/ASS003_Cachalot_1933_Deckhouse_a.dd0',
    5814653,
    256407,
    524416,
    0x42d2fce9,
  ],
  [
    'ship/submarine/textures/ASS003_Cachalot_1933_Deckhouse_ao.dds',
    6071076,
    22830,
    43832,
    0x34e88d8e,
  ],
  ['ship/submarine/textures/ASS003_Cachalot_1933_n.dd0', 6093922, 1341363, 4194452, 0xb3e89412],
  [
    'ship/submarine/textures/ASS003_Cachalot_1933_Deckhouse_mg.dds',
    7435301,
    106346,
    174904,
    0xe4ea5e5d,
  ],
  [
    'ship/submarine/textures/ASS003_Cachalot_1933_Deckhouse_mg.dd0',
    7541663,
    256262,
    524416,
    0x2e8bf6ed,
  ],
  [
    'ship/submarine/textures/ASS003_Cachalot_1933_Deckhouse_n.dd0',
    7797941,
    397352,
    1048724,
    0xdb59cfd7,
  ],
  ['ship/submarine/textures/ASS003_Cachalot_1933_ao.dd0', 8195309, 61670, 131200, 0x8529b970],
  ['ship/submarine/textures/ASS003_Cachalot_1933_a.dd2', 8256995, 92709, 131200, 0x76947644],
  ['ship/submarine/textures/ASS003_Cachalot_1933_n.dds', 8349720, 65227, 87588, 0xc91be9eb],
  ['ship/submarine/textures/ASS003_Cachalot_1933_mg.dds', 8414963, 32466, 43848, 0xe86d47a0],
  ['ship/submarine/textures/ASS003_Cachalot_1933_ao.dds', 8447445, 25287, 43848, 0xdd530364],
  ['ship/submarine/textures/ASS003_Cachalot_1933_mg.dd2', 8472748, 95654, 131200, 0xcea9bead],
  ['ship/submarine/textures/ASS003_Cachalot_1933_n.dd1', 8568418, 468600, 1048724, 0x17a59134],
  ['ship/submarine/textures/ASS003_Cachalot_1933_n.dd2', 9037034, 155367, 262292, 0x1ef969ba],
];

describe.skipIf(!hasReal)(
  `the real index${hasReal ? '' : ' (skipped: ../shared/fixtures/wows not found)'}`,
  () => {
    it('ls --json lists all 39 records with their path, offsets, sizes, crc and volume', async () => {
      const { code, out } = await cli('ls', realIdx, '--json');
      expect(code).toBe(0);
      const listed = JSON.parse(out) as Record<string, unknown>[];
      expect(listed).toHaveLength(39);
      const byPath = new Map(listed.map((entry) => [entry['path'] as string, entry]));
      expect([...byPath.keys()].sort()).toEqual(REAL_RECORDS.map(([path]) => USA + path).sort());
      for (const [path, offset, storedSize, size, crc] of REAL_RECORDS) {
        expect(byPath.get(USA + path), path).toMatchObject({
          offset,
          storedSize,
          size,
          crc,
          compressed: true,
          compression: 'deflate',
          volume: 'vehicles_level6_usa_0001.pkg',
        });
      }
      // record[4], as spec §10 gives it.
      expect(byPath.get(`${USA}gun/secondary/textures/AGS206_3in50_MK21_Sub_ao.dds`)).toMatchObject(
        {
          offset: 402031,
          storedSize: 1799,
          size: 2872,
          crc: 0xb3def470,
          compression: 'deflate',
          volume: 'vehicles_level6_usa_0001.pkg',
        },
      );
      // The crc is unsigned: 0xB3DEF470 has its top bit set.
      expect(listed.every((entry) => (entry['crc'] as number) >= 0)).toBe(true);
    });

    it('info --json gives the header facts, the hash and the node ids checked', async () => {
      const { code, out } = await cli('info', realIdx, '--json');
      expect(code).toBe(0);
      const info = JSON.parse(out);
      expect(info).toMatchObject({
        format: 'wows',
        name: 'vehicles_level6_usa.idx',
        size: 5016,
        versionWord: 0x02000000,
        pointerSize: 64,
        headerHash: { stored: 0xc4842c07, computed: 0xc4842c07, ok: true },
        nodeCount: 54,
        fileCount: 39,
        nodeIds: { ok: 54, mismatch: 0 },
        tables: { nodes: 0x38, files: 0xc13, volumes: 0x1363 },
      });
      expect(info.volumes).toEqual([{ name: 'vehicles_level6_usa_0001.pkg', missing: true }]);
    });

    it('plain info names the hash, the counts and the volume not found', async () => {
      const { code, out } = await cli('info', realIdx);
      expect(code).toBe(0);
      expect(out).toMatch(/header hash +0xC4842C07 ok/i);
      expect(out).toContain('54 (39 files)');
      expect(out).toContain('vehicles_level6_usa_0001.pkg (not found)');
    });

    it('verify --json without the pkg: all 39 missing, exit 1', async () => {
      const { code, out } = await cli('verify', realIdx, '--json');
      expect(code).toBe(1);
      const report = JSON.parse(out) as Verified;
      expect(report).toMatchObject({
        ok: 0,
        mismatched: 0,
        unpatched: 0,
        missing: 39,
        unsupported: 0,
        errors: 0,
      });
      expect(report.entries).toHaveLength(39);
      expect(new Set(report.entries.map((entry) => entry.status))).toEqual(new Set(['missing']));
    });

    it('cat without the pkg is one line naming it', async () => {
      const { code, out, errLines } = await cli(
        'cat',
        realIdx,
        `${USA}gun/secondary/textures/AGS206_3in50_MK21_Sub_ao.dds`,
      );
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(errLines).toHaveLength(1);
      expect(errLines[0]).toContain('vehicles_level6_usa_0001.pkg');
    });

    describe.each(['corrupted_000000.idx', 'corrupted_000001.idx'])('the crasher %s', (name) => {
      it.each(['ls', 'verify', 'info'])(
        '%s: exit 1, one stderr line naming the offset, no stack trace',
        async (command) => {
          const { code, out, errLines } = await cli(command, join(realDir, name));
          expect(code).toBe(1);
          expect(out).toBe('');
          expect(errLines).toHaveLength(1);
          expect(errLines[0]).toContain(name);
          expect(errLines[0]).toMatch(/ at 0x[0-9A-F]+/i);
          expect(errLines[0]).not.toContain('internal error');
          expect(errLines[0]).not.toMatch(/\n|\s{4}at /);
        },
      );
    });
  },
);

// ---- Generated game folders -----------------------------------------------------------------

const BUILD = 7012345;
const idxOf = (name: string) => `WoWs/bin/${BUILD}/idx/${name}.idx`;
const PKG_DIR = 'WoWs/res_packages';
writeTree('WoWs', makeWowsGameFolder({ build: BUILD }));

/** The source bytes of every entry of the current build's index `name`, by path. */
function sourcesOf(name: string): Map<string, WowsPackageFile> {
  const definition = wowsGameFolderIndexes().find((index) => index.name === name)!;
  return new Map(definition.files.map((file) => [file.path, file]));
}

const UNSUPPORTED = 'content/lesta/packed.dat';

describe('a generated game folder', () => {
  it('verify --pkg-dir --json counts ok and unsupported apart; exit 1 for the unsupported', async () => {
    const { code, out } = await cli('verify', idxOf('system_data'), '--pkg-dir', PKG_DIR, '--json');
    const report = JSON.parse(out) as Verified;
    expect(report).toMatchObject({
      ok: 3,
      mismatched: 0,
      unpatched: 0,
      missing: 0,
      unsupported: 1,
      errors: 0,
    });
    expect(statusOf(report)).toEqual({
      'KDStorage.bin': 'ok',
      'content/GameParams.data': 'ok',
      'gui/fonts/readme.txt': 'ok',
      [UNSUPPORTED]: 'unsupported',
    });
    expect(code).toBe(1);
  });

  it('plain verify names the unsupported entry', async () => {
    const { code, out } = await cli('verify', idxOf('system_data'), '--pkg-dir', PKG_DIR);
    expect(code).toBe(1);
    expect(out).toMatch(/unsupported +content\/lesta\/packed\.dat/);
    expect(out).toContain('4 entries: 3 ok, 0 mismatched, 0 unpatched, 1 unsupported');
  });

  it('without --pkg-dir, the volumes are found in res_packages/ four folders up', async () => {
    for (const name of ['vehicles_level6_usa', 'spaces_ocean']) {
      const { code, out } = await cli('verify', idxOf(name), '--json');
      const report = JSON.parse(out) as Verified;
      const paths = [...sourcesOf(name).keys()].sort();
      expect(report.entries.map((entry) => entry.path).sort()).toEqual(paths);
      expect(new Set(report.entries.map((entry) => entry.status)), name).toEqual(new Set(['ok']));
      expect(code).toBe(0);
    }
    const info = JSON.parse((await cli('info', idxOf('spaces_ocean'), '--json')).out);
    expect(info.volumes).toEqual([{ name: 'spaces_ocean_0001.pkg', missing: false }]);
  });

  it('ls --json gives each entry its compression and volume', async () => {
    const { code, out } = await cli('ls', idxOf('system_data'), '--json');
    expect(code).toBe(0);
    const listed = JSON.parse(out) as Record<string, unknown>[];
    const byPath = new Map(listed.map((entry) => [entry['path'] as string, entry]));
    const sources = sourcesOf('system_data');
    expect([...byPath.keys()].sort()).toEqual([...sources.keys()].sort());
    expect(byPath.get('KDStorage.bin')).toMatchObject({
      compression: 'stored',
      compressed: false,
      size: 300,
      storedSize: 300,
      volume: 'system_data_0001.pkg',
    });
    expect(byPath.get('content/GameParams.data')).toMatchObject({
      compression: 'deflate',
      compressed: true,
      size: 6000,
      volume: 'system_data_0001.pkg',
    });
    expect(byPath.get(UNSUPPORTED)).toMatchObject({
      compression: 'type 6',
      size: 1000,
      storedSize: 200,
      volume: 'system_data_0001.pkg',
    });
  });

  it('cat writes exactly the source bytes: deflated, stored and empty', async () => {
    const cases: [string, string][] = [
      ['system_data', 'content/GameParams.data'],
      ['system_data', 'KDStorage.bin'],
      ['system_data', 'gui/fonts/readme.txt'],
      ['vehicles_level6_usa', 'content/gameplay/usa/empty.txt'],
      ['spaces_ocean', 'spaces/16_OC_bees_to_honey/terrain.bin'],
    ];
    for (const [name, path] of cases) {
      const { code, bytes, errLines } = await cli('cat', idxOf(name), path, '--pkg-dir', PKG_DIR);
      expect(errLines, path).toEqual([]);
      expect(code, path).toBe(0);
      expect(Buffer.from(bytes).equals(Buffer.from(sourcesOf(name).get(path)!.bytes)), path).toBe(
        true,
      );
    }
  });

  it('cat of the type-6 entry is one line saying it is unsupported; nothing on stdout', async () => {
    const { code, out, errLines } = await cli(
      'cat',
      idxOf('system_data'),
      UNSUPPORTED,
      '--pkg-dir',
      PKG_DIR,
    );
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toContain('unsupported compression (type 6');
  });

  it('extract -o writes every supported entry byte for byte and reports the unsupported one', async () => {
    const target = join(work, 'out-system');
    const { code, errLines } = await cli(
      'extract',
      idxOf('system_data'),
      '--pkg-dir',
      PKG_DIR,
      '-o',
      target,
    );
    expect(code).toBe(1);
    const sources = sourcesOf('system_data');
    const supported = [...sources.keys()].filter((path) => path !== UNSUPPORTED).sort();
    expect(listTree(target).sort()).toEqual(supported);
    for (const path of supported) {
      const written = readFileSync(join(target, ...path.split('/')));
      expect(written.equals(Buffer.from(sources.get(path)!.bytes)), path).toBe(true);
    }
    const about = errLines.filter((line) => line.includes(UNSUPPORTED));
    expect(about).toHaveLength(1);
    expect(about[0]).toContain('unsupported compression (type 6');
    expect(errLines.some((line) => /0 refused, 1 failed/.test(line))).toBe(true);
  });

  it('extract of an index without unsupported entries: exit 0, all byte-identical (the empty one too)', async () => {
    const target = join(work, 'out-vehicles');
    const { code, errLines } = await cli('extract', idxOf('vehicles_level6_usa'), '-o', target);
    expect(errLines).toEqual([]);
    expect(code).toBe(0);
    const sources = sourcesOf('vehicles_level6_usa');
    expect(listTree(target).sort()).toEqual([...sources.keys()].sort());
    for (const [path, file] of sources) {
      const written = readFileSync(join(target, ...path.split('/')));
      expect(written.equals(Buffer.from(file.bytes)), path).toBe(true);
    }
  });

  it('--pkg-dir naming a folder that does not exist is one error line', async () => {
    for (const command of ['verify', 'ls', 'cat', 'extract']) {
      const argv =
        command === 'cat'
          ? [command, idxOf('system_data'), 'KDStorage.bin']
          : [command, idxOf('system_data')];
      const { code, out, errLines } = await cli(...argv, '--pkg-dir', 'WoWs/no_such_folder');
      expect(code, command).toBe(1);
      expect(out, command).toBe('');
      expect(errLines, command).toHaveLength(1);
      expect(errLines[0], command).toContain('no_such_folder');
    }
  });

  it('without the volume anywhere, verify says missing and extract writes nothing', async () => {
    writeTree('bare', [
      {
        path: 'bin/1/idx/system_data.idx',
        bytes: readFileSync(join(work, ...idxOf('system_data').split('/'))),
      },
    ]);
    const verified = await cli('verify', 'bare/bin/1/idx/system_data.idx', '--json');
    expect(verified.code).toBe(1);
    const report = JSON.parse(verified.out) as Verified;
    expect(report).toMatchObject({ ok: 0, mismatched: 0, errors: 0 });
    // The type-6 entry may count as missing or unsupported: it cannot be read either way.
    expect(report.missing + report.unsupported).toBe(4);
    const statuses = statusOf(report);
    for (const path of ['KDStorage.bin', 'content/GameParams.data', 'gui/fonts/readme.txt'])
      expect(statuses[path], path).toBe('missing');

    const target = join(work, 'out-bare');
    const extracted = await cli('extract', 'bare/bin/1/idx/system_data.idx', '-o', target);
    expect(extracted.code).toBe(1);
    expect(existsSync(target) ? listTree(target) : []).toEqual([]);
    const failures = extracted.errLines.filter((line) => line.includes('failed "'));
    expect(failures).toHaveLength(4);
    for (const path of ['KDStorage.bin', 'content/GameParams.data', 'gui/fonts/readme.txt']) {
      const line = failures.find((failure) => failure.includes(`"${path}"`));
      expect(line, path).toContain('system_data_0001.pkg');
    }
  });
});

// ---- Our own pairs --------------------------------------------------------------------------

const text = (value: string) => new TextEncoder().encode(value);
/** Bytes that deflate to a blob of a few hundred bytes, with noise so it is not trivial. */
function noisy(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed;
  for (let at = 0; at < length; at++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[at] = at % 5 === 0 ? state >>> 24 : 0x61 + (at % 7);
  }
  return out;
}

const CLEAN_FILES: WowsPackageFile[] = [
  { path: 'content/a/first.bin', bytes: noisy(5000, 1) },
  { path: 'content/a/second.txt', bytes: text('second, stored\n'), compression: 'stored' },
  { path: 'content/b/third.bin', bytes: noisy(3000, 2) },
  { path: 'top.txt', bytes: text('top level entry\n') },
];

describe('ls --json of names that need escapes or are not ASCII', () => {
  // A path's bytes are written as stored only when JSON needs no escape for them.
  const names = [
    'plain/a.bin',
    'q"uote/b\\ack.bin',
    'tab\there.bin',
    'ünïcode/файл.bin',
    'del\x7f.bin',
  ];
  const pair = buildWowsPackage(
    names.map((path) => ({ path, bytes: text(path) })),
    { volumeName: 'names_0001.pkg' },
  );
  writeTree('names', [{ path: 'names.idx', bytes: pair.index }]);

  it('every path round-trips through JSON as its text', async () => {
    const { code, out } = await cli('ls', 'names/names.idx', '--json');
    expect(code).toBe(0);
    const listed = JSON.parse(out) as { path: string; size: number }[];
    expect(listed.map((entry) => entry.path).sort()).toEqual([...names].sort());
    const expected = names.map((path) => ({ path, size: text(path).length }));
    expect(listed.map(({ path, size }) => ({ path, size }))).toEqual(
      expect.arrayContaining(expected),
    );
  });
});

describe('a pair of our own (no unsupported entry)', () => {
  const pair = buildWowsPackage(CLEAN_FILES, { volumeName: 'clean_0001.pkg' });
  writeTree('clean', [
    { path: 'idx/clean.idx', bytes: pair.index },
    { path: 'pkgs/clean_0001.pkg', bytes: pair.pkg },
  ]);

  it('verifies ok with exit 0', async () => {
    const { code, out } = await cli(
      'verify',
      'clean/idx/clean.idx',
      '--pkg-dir',
      'clean/pkgs',
      '--json',
    );
    const report = JSON.parse(out) as Verified;
    expect(report).toMatchObject({
      ok: 4,
      mismatched: 0,
      unpatched: 0,
      missing: 0,
      unsupported: 0,
      errors: 0,
    });
    expect(code).toBe(0);
  });

  it('a pkg next to the index is found without --pkg-dir', async () => {
    writeTree('beside', [
      { path: 'clean.idx', bytes: pair.index },
      { path: 'clean_0001.pkg', bytes: pair.pkg },
    ]);
    const { code, out } = await cli('verify', 'beside/clean.idx', '--json');
    expect(JSON.parse(out)).toMatchObject({ ok: 4, missing: 0 });
    expect(code).toBe(0);
    const cat = await cli('cat', 'beside/clean.idx', 'content/b/third.bin');
    expect(cat.code).toBe(0);
    expect(Buffer.from(cat.bytes).equals(Buffer.from(CLEAN_FILES[2]!.bytes))).toBe(true);
  });

  it('a byte flipped inside a deflated blob is a mismatch; the others stay ok', async () => {
    // Blobs are laid out in the order given from offset 0: first.bin (deflated) comes first.
    const first = pair.plan.files.find((file) => file.offset === 0n)!;
    expect(first.compressionType).toBe(5);
    const pkg = pair.pkg.slice();
    pkg[Math.floor(first.storedSize / 2)]! ^= 0xff;
    writeTree('flipped', [
      { path: 'clean.idx', bytes: pair.index },
      { path: 'clean_0001.pkg', bytes: pkg },
    ]);
    const { code, out } = await cli('verify', 'flipped/clean.idx', '--json');
    const report = JSON.parse(out) as Verified;
    expect(statusOf(report)).toEqual({
      'content/a/first.bin': 'mismatch',
      'content/a/second.txt': 'ok',
      'content/b/third.bin': 'ok',
      'top.txt': 'ok',
    });
    expect(report).toMatchObject({ ok: 3, mismatched: 1 });
    expect(code).toBe(1);
  });

  it('a trailer that disagrees with its record is a mismatch', async () => {
    // The trailer of the stored entry: u32 0 | crc32 | size | u32 0 right after the blob.
    const second = pair.plan.files.find((file) => file.compressionType === 0)!;
    const pkg = pair.pkg.slice();
    pkg[Number(second.offset) + second.storedSize + 4]! ^= 0x01;
    writeTree('trailer', [
      { path: 'clean.idx', bytes: pair.index },
      { path: 'clean_0001.pkg', bytes: pkg },
    ]);
    const { code, out } = await cli('verify', 'trailer/clean.idx', '--json');
    const report = JSON.parse(out) as Verified;
    expect(statusOf(report)['content/a/second.txt']).toBe('mismatch');
    expect(report).toMatchObject({ ok: 3, mismatched: 1 });
    expect(code).toBe(1);
  });
});
