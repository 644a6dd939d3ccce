/**
 * Generated `LatestFileList.bin` tables, laid out as the patch client's list is (spec.md):
 * `_TableList` naming every other table, `About` {Version 1}, `Base` (client binaries under
 * `Bin/`), `PatchClient` (files with a destination in `TarFileName`), then one table per WAD
 * package, named after it, holding that WAD's one record. Every file record has the fields
 * SrcFileName, TarFileName (STR), FileType, Size, HeaderSize, CompressedHeaderSize, CRC and
 * HeaderCRC (UINT). Deterministic: the same options give the same bytes. For tests, fuzz
 * seeds and benchmarks; no game data is in it.
 */
import type { DmlTableDraft, DmlValue } from './types.ts';
import { dmlTable, FILE_COLUMNS } from './write.ts';

export interface LatestFileListOptions {
  /** Seeds every name, size and checksum. Default 1. */
  seed?: number;
  /** WAD packages: a table each. Default 200. */
  wadCount?: number;
  /** Records of `Base` (a large one makes a table of that many rows). Default 40. */
  baseCount?: number;
  /** Records of `PatchClient`. Default 8. */
  patchClientCount?: number;
}

export { FILE_COLUMNS } from './write.ts';

/** FileType values (spec.md): a plain file, a WAD, an executable or DLL, a dynamic WAD. */
export const DmlFileType = { PLAIN: 1, WAD: 3, EXECUTABLE: 4, DYNAMIC_WAD: 5 } as const;

const WORLDS = [
  'WizardCity-WC',
  'Krokotopia-KT',
  'Marleybone-MB',
  'MooShu-MS',
  'Dragonspyre-DS',
  'Celestia-CL',
  'Zafaria-ZF',
  'Avalon-AV',
  'Azteca-AZ',
  'Khrysalis-KR',
  'Polaris-PL',
  'Mirage-MR',
  'Empyrea-EM',
  'Karamelle-KM',
  'Lemuria-LM',
  'Aquila-AQ',
];
const PLACES = ['Hub', 'Docks', 'Tower', 'Caves', 'Market', 'Ruins', 'Arena', 'Garden', 'Vault'];
const BINARIES = ['Client', 'Patcher', 'BugReporter', 'Crash', 'Launcher', 'Voice', 'Sound'];
const BINARY_TYPES: readonly (readonly [string, number])[] = [
  ['.exe', DmlFileType.EXECUTABLE],
  ['.dll', DmlFileType.EXECUTABLE],
  ['.bat', DmlFileType.PLAIN],
  ['.txt', DmlFileType.PLAIN],
  ['.cfg', DmlFileType.PLAIN],
];

/** A small seeded generator (mulberry32): integers in [0, bound). */
function seeded(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  return (bound) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32) * bound);
  };
}

type Random = ReturnType<typeof seeded>;

/** A file record's values, in `FILE_COLUMNS` order. */
function fileRecord(
  random: Random,
  source: string,
  target: string,
  fileType: number,
  size: number,
): DmlValue[] {
  const isWad = fileType === DmlFileType.WAD || fileType === DmlFileType.DYNAMIC_WAD;
  const hasHeader = isWad || fileType === DmlFileType.EXECUTABLE;
  const headerSize = hasHeader ? Math.min(size, 64 + random(isWad ? 2_000_000 : 4096)) : 0;
  const compressedHeaderSize = isWad ? Math.max(20, Math.floor(headerSize * 0.3)) : 0;
  return [
    source,
    target,
    fileType,
    size,
    headerSize,
    compressedHeaderSize,
    random(2 ** 32),
    hasHeader ? random(2 ** 32) : 0,
  ];
}

/** `count` distinct WAD package names, such as `Avalon-AV_Z03_Ruins`. */
function wadNames(random: Random, count: number): string[] {
  const names = new Set<string>();
  for (let index = 0; names.size < count; index++) {
    const world = WORLDS[random(WORLDS.length)]!;
    const zone = String(random(100)).padStart(2, '0');
    const name = `${world}_Z${zone}_${PLACES[random(PLACES.length)]!}`;
    names.add(names.has(name) ? `${name}${index}` : name);
  }
  return [...names];
}

/** The tables of a generated `LatestFileList.bin`, ready for `writeDmlTables`. */
export function generateLatestFileList(options: LatestFileListOptions = {}): DmlTableDraft[] {
  const random = seeded(options.seed ?? 1);
  const base = Array.from({ length: options.baseCount ?? 40 }, (_, index) => {
    const [extension, fileType] = BINARY_TYPES[random(BINARY_TYPES.length)]!;
    const name = `${BINARIES[random(BINARIES.length)]!}${index}${extension}`;
    return fileRecord(random, `Bin/${name}`, '', fileType, 1 + random(40_000_000));
  });
  const patchClient = Array.from({ length: options.patchClientCount ?? 8 }, (_, index) => {
    const name = `PatchClient/Files${index}.dat`;
    return fileRecord(random, name, `Bin/${name}`, DmlFileType.PLAIN, 1 + random(2_000_000));
  });
  const wads = wadNames(random, options.wadCount ?? 200).map((name) => {
    const fileType = random(20) === 0 ? DmlFileType.DYNAMIC_WAD : DmlFileType.WAD;
    const size = 1024 + random(400_000_000);
    const record = fileRecord(random, `Data/GameData/${name}.wad`, '', fileType, size);
    return dmlTable(name, FILE_COLUMNS, [record]);
  });
  return withTableList([
    dmlTable('About', [['Version', 'UINT']], [[1]]),
    dmlTable('Base', FILE_COLUMNS, base),
    dmlTable('PatchClient', FILE_COLUMNS, patchClient),
    ...wads,
  ]);
}

/** `tables` after a `_TableList` that names each of them, in order, as real lists have it. */
export function withTableList(tables: readonly DmlTableDraft[]): DmlTableDraft[] {
  const names = tables.map((table) => table.fields[0]!.target!);
  return [
    dmlTable(
      '_TableList',
      [['Name', 'STR']],
      names.map((name) => [name]),
    ),
    ...tables,
  ];
}
