/**
 * Generated game installs for tests and benchmarks: the files an install holds (paths,
 * sizes, types), their bytes (seeded, made a chunk at a time, so a file of any size is
 * written without being held), and the `LatestFileList.bin` tables that list them with
 * their KI-CRCs, laid out as the patch client's list is (generate.ts, spec.md): `_TableList`,
 * `About`, `Base` (files under `Bin/`), `PatchClient` (files with a `TarFileName`), then a
 * table per WAD named after it. No game data is in it.
 */
import type { DmlTableDraft } from './types.ts';
import { DmlFileType, withTableList } from './generate.ts';
import { dmlTable, FILE_COLUMNS } from './write.ts';

/** A file of an install as its list records it. */
export interface InstallRecord {
  /** `SrcFileName`: where the patch server has it (and the install, without a target). */
  source: string;
  /** `TarFileName`: where the install has it; empty when that is `source`. */
  target: string;
  fileType: number;
  size: number;
  /** The KI-CRC of its bytes. */
  crc: number;
}

export interface InstallPlanOptions {
  fileCount: number;
  /** Bytes of every file together (each at least 1). */
  totalBytes: number;
  seed?: number;
  /** One WAD in this many is dynamic (FileType 5); default 50. */
  dynamicEvery?: number;
  /** No file larger than this; default 256 MiB. */
  maxFileBytes?: number;
}

/** A seeded generator (mulberry32) of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * The files of an install, without checksums: a few client binaries under `Bin/`, a few
 * patch-client files with a destination, and WADs under `Data/GameData/`; sizes spread
 * from a few KiB to tens of MiB (log-uniform), scaled to `totalBytes` exactly.
 */
export function planInstall(options: InstallPlanOptions): Omit<InstallRecord, 'crc'>[] {
  const random = seeded(options.seed ?? 1);
  const maxBytes = options.maxFileBytes ?? 256 * 1024 * 1024;
  const dynamicEvery = options.dynamicEvery ?? 50;
  const count = options.fileCount;
  const binaries = Math.min(count, Math.max(1, Math.floor(count / 80)));
  const patchFiles = Math.min(count - binaries, Math.max(1, Math.floor(count / 200)));
  const weights = Array.from({ length: count }, () => Math.exp(Math.log(4096) + random() * 9.5));
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const sizes = weights.map((weight) =>
    Math.min(maxBytes, Math.max(1, Math.floor((weight / sum) * options.totalBytes))),
  );
  // What rounding and the cap left over goes to the files that have room for it.
  let left = options.totalBytes - sizes.reduce((total, size) => total + size, 0);
  for (let at = 0; left > 0 && at < count; at++) {
    const add = Math.min(left, maxBytes - sizes[at]!);
    sizes[at]! += add;
    left -= add;
  }
  return sizes.map((size, at) => {
    if (at < binaries) {
      const extension = at % 3 === 0 ? '.dll' : at % 3 === 1 ? '.exe' : '.cfg';
      const fileType = extension === '.cfg' ? DmlFileType.PLAIN : DmlFileType.EXECUTABLE;
      return { source: `Bin/Client${at}${extension}`, target: '', fileType, size };
    }
    if (at < binaries + patchFiles) {
      const name = `PatchClient/Files${at}.dat`;
      return { source: name, target: `Bin/${name}`, fileType: DmlFileType.PLAIN, size };
    }
    const wad = at - binaries - patchFiles;
    const isDynamic = wad % dynamicEvery === dynamicEvery - 1;
    const fileType = isDynamic ? DmlFileType.DYNAMIC_WAD : DmlFileType.WAD;
    return { source: `Data/GameData/Zone-${wad}.wad`, target: '', fileType, size };
  });
}

/** Where a file is in the install: its target, else its source. */
export const installPath = (record: Pick<InstallRecord, 'source' | 'target'>): string =>
  record.target || record.source;

/** A generated file's bytes are made in chunks of this many, each on its own. */
export const INSTALL_CHUNK = 1024 * 1024;

/**
 * Chunk `chunk` of a generated file (`INSTALL_CHUNK` bytes, the last one shorter), into
 * `bytes`: seeded by the file's seed and the chunk's index alone, so a file of any size is
 * written a chunk at a time.
 */
export function fillInstallChunk(bytes: Uint8Array, fileSeed: number, chunk: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  let state = (Math.imul(fileSeed + 1, 0x9e3779b1) ^ Math.imul(chunk + 1, 0x85ebca6b)) >>> 0;
  if (state === 0) state = 0x1234567;
  const words = Math.floor(bytes.length / 4);
  for (let word = 0; word < words; word++) {
    // xorshift32: fast enough to write gigabytes, never stuck at zero.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    view.setUint32(word * 4, state, true);
  }
  for (let at = words * 4; at < bytes.length; at++) bytes[at] = (state >>> ((at % 4) * 8)) & 0xff;
}

/** The tables of a `LatestFileList.bin` listing `records` (the layout of the module comment). */
export function latestFileListOf(records: readonly InstallRecord[]): DmlTableDraft[] {
  const row = (record: InstallRecord) => [
    record.source,
    record.target,
    record.fileType,
    record.size,
    0,
    0,
    record.crc >>> 0,
    0,
  ];
  const base = records.filter((record) => !record.target && !record.source.endsWith('.wad'));
  const patchClient = records.filter((record) => record.target);
  const wads = records.filter((record) => !record.target && record.source.endsWith('.wad'));
  return withTableList([
    dmlTable('About', [['Version', 'UINT']], [[1]]),
    dmlTable('Base', FILE_COLUMNS, base.map(row)),
    dmlTable('PatchClient', FILE_COLUMNS, patchClient.map(row)),
    ...wads.map((record) =>
      dmlTable(
        record.source.slice(record.source.lastIndexOf('/') + 1, -'.wad'.length),
        FILE_COLUMNS,
        [row(record)],
      ),
    ),
  ]);
}
