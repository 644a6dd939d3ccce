/**
 * Generated World of Warships game folders, built with write.ts, for tests, e2e, samples and
 * benchmarks. A real install looks like:
 *
 *   bin/<build>/idx/<name>.idx        one index per package, all of one build
 *   res_packages/<name>_0001.pkg      the volume each index names
 *
 * Node ids are global (CityHash64 of the path), so every index with files under `content`
 * repeats the `content` node with the same id; the session merges a build's indexes into one
 * tree. Several `bin/<N>` folders can exist: an older build, and a newer one still
 * downloading (no `idx/` yet), which a reader must not pick.
 *
 * - `makeWowsGameFolder(options)`: a small folder in memory, with entries of every kind
 *   (deflate, stored, empty, one unsupported type-6 entry).
 * - `writeWowsBuild(options, write)`: a big build (by default 400,000 nodes in 40 indexes
 *   over ~1 GiB of pkg data) streamed out in chunks, never held in memory whole; blobs come
 *   from a small pool packed once, so generating is about as fast as writing.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import {
  buildWowsPackage,
  packWowsBlob,
  planWowsIndex,
  seededRandom,
  shuffleWithSeed,
  wowsNodesForPaths,
  writeWowsIndexRaw,
  writeWowsPkgBlob,
} from './write.ts';
import type { WowsBlob, WowsFileRecordInput, WowsPackageFile } from './types.ts';
import { WOWS_LESTA_CONTAINER_TYPE, WOWS_PKG_TRAILER_LENGTH } from './layout.ts';
import { cityHash64Text } from './hashes.ts';

export interface WowsGameFile {
  /** `/`-separated, relative to the game root. */
  path: string;
  bytes: Uint8Array;
}

/** One index of a build and the files of its one volume. */
export interface WowsGameIndexDefinition {
  /** File name without `.idx`; the volume is `<name>_0001.pkg`. */
  name: string;
  files: WowsPackageFile[];
}

export interface WowsGameFolderOptions {
  /** The current build number (`bin/<build>/idx/`). Default 7012345. */
  build?: number;
  /** An older build with one index of its own; null: none. Default build − 1000. */
  olderBuild?: number | null;
  /** A newer build still downloading, without `idx/`; null: none. Default build + 1000. */
  newerPartialBuild?: number | null;
  /** Seed to shuffle node and record order (real files are unsorted); null keeps path order. */
  shuffle?: number | null;
}

const text = (value: string) => new TextEncoder().encode(value);

/** Deterministic bytes: a repeated phrase (compresses) with seeded noise (does not). */
function sampleBytes(length: number, seed: number, noise = 0.25): Uint8Array {
  const random = seededRandom(seed);
  const phrase = text(`delve wows sample ${seed} `);
  const out = new Uint8Array(length);
  for (let at = 0; at < length; at++) {
    out[at] = random() < noise ? Math.floor(random() * 256) : phrase[at % phrase.length]!;
  }
  return out;
}

/** The indexes of the current build: shared `content` directories, every kind of entry. */
export function wowsGameFolderIndexes(): WowsGameIndexDefinition[] {
  const usa = 'content/gameplay/usa/gun/secondary';
  return [
    {
      name: 'system_data',
      files: [
        { path: 'KDStorage.bin', bytes: sampleBytes(300, 1, 1), compression: 'stored' },
        { path: 'content/GameParams.data', bytes: sampleBytes(6000, 2) },
        { path: 'gui/fonts/readme.txt', bytes: text('Fonts are licensed separately.\n') },
        {
          // The Lesta client's container (0x700000006): opaque, listed, never inflated.
          path: 'content/lesta/packed.dat',
          bytes: sampleBytes(200, 3, 1),
          compression: { type: WOWS_LESTA_CONTAINER_TYPE, flags: 7, unpackedSize: 1000 },
        },
      ],
    },
    {
      name: 'vehicles_level6_usa',
      files: [
        { path: `${usa}/textures/AGS206_3in50_MK21_Sub_ao.dds`, bytes: sampleBytes(2872, 4) },
        { path: `${usa}/textures/AGS206_3in50_MK21_Sub_mg.dds`, bytes: sampleBytes(1500, 5) },
        {
          path: `${usa}/AGS206_3in50_MK21_Sub/AGS206_3in50_MK21_Sub.geometry`,
          bytes: sampleBytes(4000, 6, 0.5),
        },
        { path: 'content/gameplay/usa/empty.txt', bytes: new Uint8Array(0) },
      ],
    },
    {
      name: 'spaces_ocean',
      files: [
        { path: 'spaces/16_OC_bees_to_honey/space.settings', bytes: sampleBytes(800, 7) },
        {
          path: 'spaces/16_OC_bees_to_honey/terrain.bin',
          bytes: sampleBytes(512, 8, 1),
          compression: 'stored',
        },
        {
          path: 'content/gameplay/common/ocean.xml',
          bytes: text('<ocean><waves>3</waves></ocean>\n'),
        },
      ],
    },
  ];
}

/** The older build's one index (its own volume, so it stays readable on its own). */
function olderBuildIndexes(): WowsGameIndexDefinition[] {
  return [
    {
      name: 'basecontent',
      files: [
        { path: 'content/GameParams.data', bytes: sampleBytes(3000, 9) },
        { path: 'gui/version.txt', bytes: text('0.9.0\n'), compression: 'stored' },
      ],
    },
  ];
}

function buildFiles(
  build: number,
  indexes: WowsGameIndexDefinition[],
  shuffle: number | null,
): WowsGameFile[] {
  const out: WowsGameFile[] = [];
  indexes.forEach((definition, position) => {
    const volumeName = `${definition.name}_0001.pkg`;
    const options = shuffle === null ? { volumeName } : { volumeName, shuffle: shuffle + position };
    const { index, pkg } = buildWowsPackage(definition.files, options);
    out.push({ path: `bin/${build}/idx/${definition.name}.idx`, bytes: index });
    out.push({ path: `res_packages/${volumeName}`, bytes: pkg });
  });
  return out;
}

/** A small game folder: the current build, optionally an older one and a newer partial one. */
export function makeWowsGameFolder(options: WowsGameFolderOptions = {}): WowsGameFile[] {
  const build = options.build ?? 7012345;
  const olderBuild = options.olderBuild === undefined ? build - 1000 : options.olderBuild;
  const newerBuild =
    options.newerPartialBuild === undefined ? build + 1000 : options.newerPartialBuild;
  const shuffle = options.shuffle === undefined ? 1 : options.shuffle;
  const files = buildFiles(build, wowsGameFolderIndexes(), shuffle);
  if (olderBuild !== null) files.push(...buildFiles(olderBuild, olderBuildIndexes(), shuffle));
  if (newerBuild !== null) {
    // An update in progress: the build folder exists, its idx/ does not yet.
    files.push({ path: `bin/${newerBuild}/bin64/download.partial`, bytes: sampleBytes(64, 10, 1) });
  }
  return files;
}

// ---- Big builds, streamed -------------------------------------------------------------------

export interface WowsBuildOptions {
  /** Default 7012345. */
  build?: number;
  /** Default 40. */
  indexCount?: number;
  /** Nodes per index, directories included; at least 7. Default 10,000. */
  nodesPerIndex?: number;
  /** Target pkg bytes over all volumes (blobs and trailers). Default 1 GiB. */
  pkgBytes?: number;
  /** Seed of the blob choice and of node/record shuffling. Default 1. */
  seed?: number;
  /** pkg data goes out in chunks of about this size. Default 8 MiB. */
  chunkSize?: number;
  /**
   * The next build of a pair: written with the same options otherwise, it differs from the
   * build written without this in a known set (`WowsBuildSummary.changes`). Of every 100
   * files of an index, the 2nd is gone, the 3rd renamed (`renamed_` before its name: gone
   * under the old name, added under the new) and the 4th holds other bytes (another CRC);
   * every other file is the same, with the same bytes at the same pkg offset or not.
   */
  nextBuild?: boolean;
}

/**
 * Receives the files: each call appends `chunk` to the file at `path` (created by the first
 * call). A file's chunks come in order and together; files are not interleaved. A pkg chunk
 * is a view of a buffer reused once the call returns (or its promise settles): copy it, or
 * write it out before then.
 */
export type WowsBuildSink = (path: string, chunk: Uint8Array) => void | Promise<void>;

export interface WowsBuildSummary {
  /** The game-root-relative paths, idx and pkg of each index. */
  indexes: {
    indexPath: string;
    pkgPath: string;
    nodeCount: number;
    fileCount: number;
    pkgLength: number;
  }[];
  nodeCount: number;
  fileCount: number;
  pkgBytes: number;
  /** What a comparison with the build written without `nextBuild` finds (all 0 without it). */
  changes: { added: number; removed: number; changed: number };
}

/** A file of the next build against the first: the 2nd, 3rd and 4th of every 100. */
const NEXT_BUILD_GONE = 1;
const NEXT_BUILD_RENAMED = 2;
const NEXT_BUILD_CHANGED = 3;

const NATIONS = ['usa', 'japan', 'germany', 'uk', 'ussr', 'france', 'italy', 'pan_asia'];
const FILES_PER_DIRECTORY = 8;
const LEAF_DIRECTORIES_PER_PART = 8;
const POOL_SIZE = 32;

/**
 * File paths for one index, so that they make exactly `nodeCount` nodes: four directories
 * shared by name (`content`, `content/gameplay`, the nation, the ship), then parts of leaf
 * directories of about eight files.
 */
function benchPaths(position: number, nodeCount: number): string[] {
  if (nodeCount < 7) throw new RangeError('a generated index needs at least 7 nodes');
  const ship = `content/gameplay/${NATIONS[position % NATIONS.length]!}/ship_${String(position).padStart(3, '0')}`;
  const paths: string[] = [];
  let nodes = 4;
  let part = -1;
  let leaf = LEAF_DIRECTORIES_PER_PART;
  let filesInLeaf = FILES_PER_DIRECTORY;
  while (nodes < nodeCount) {
    const room = nodeCount - nodes;
    if (filesInLeaf >= FILES_PER_DIRECTORY) {
      if (part >= 0 && leaf + 1 < LEAF_DIRECTORIES_PER_PART && room >= 2) {
        leaf++;
        nodes++;
        filesInLeaf = 0;
      } else if (room >= 3) {
        part++;
        leaf = 0;
        nodes += 2;
        filesInLeaf = 0;
      }
    }
    paths.push(`${ship}/part_${part}/lod_${leaf}/texture_${paths.length}.dds`);
    nodes++;
    filesInLeaf++;
  }
  return paths;
}

/** A pool blob: its record fields, and its bytes in the pkg (blob ‖ trailer). */
interface PooledBlob {
  blob: WowsBlob;
  framed: Uint8Array;
}

/** Blobs packed once, `scale` × the mean stored size asked for on average (1 in 8 stored raw). */
function packPool(meanStored: number, seed: number, scale: number): PooledBlob[] {
  const pool: PooledBlob[] = [];
  for (let slot = 0; slot < POOL_SIZE; slot++) {
    const spread = 0.25 + (1.5 * slot) / (POOL_SIZE - 1);
    const isStored = slot % 8 === 7;
    const length = Math.max(1, Math.round(meanStored * spread * scale));
    const blob = packWowsBlob(
      sampleBytes(length, seed + slot, 0.5),
      isStored ? 'stored' : 'deflate',
    );
    const writer = new ByteWriter(blob.stored.length + WOWS_PKG_TRAILER_LENGTH);
    writeWowsPkgBlob(writer, blob);
    pool.push({ blob, framed: writer.finish() });
  }
  return pool;
}

/** A pool whose mean stored size is close to `meanStored`: packed once, measured, packed again. */
function blobPool(meanStored: number, seed: number): PooledBlob[] {
  const first = packPool(meanStored, seed, 1);
  const mean = first.reduce((sum, { blob }) => sum + blob.stored.length, 0) / first.length;
  return packPool(meanStored, seed, meanStored / mean);
}

/** Writes a big build as a game folder through `write`, chunk by chunk. */
export async function writeWowsBuild(
  options: WowsBuildOptions,
  write: WowsBuildSink,
): Promise<WowsBuildSummary> {
  const build = options.build ?? 7012345;
  const indexCount = options.indexCount ?? 40;
  const nodesPerIndex = options.nodesPerIndex ?? 10_000;
  const seed = options.seed ?? 1;
  const chunkSize = options.chunkSize ?? 8 * 1024 * 1024;
  const targetBytes = options.pkgBytes ?? 1024 ** 3;
  const pathsPerIndex = Array.from({ length: indexCount }, (_, position) =>
    benchPaths(position, nodesPerIndex),
  );
  const fileTotal = pathsPerIndex.reduce((sum, paths) => sum + paths.length, 0);
  const meanStored = Math.max(1, targetBytes / Math.max(1, fileTotal) - WOWS_PKG_TRAILER_LENGTH);
  const pool = blobPool(meanStored, seed);
  const largest = Math.max(...pool.map(({ framed }) => framed.length));
  const chunk = new Uint8Array(chunkSize + largest);
  const random = seededRandom(seed);
  const summary: WowsBuildSummary = {
    indexes: [],
    nodeCount: 0,
    fileCount: 0,
    pkgBytes: 0,
    changes: { added: 0, removed: 0, changed: 0 },
  };

  for (let position = 0; position < indexCount; position++) {
    // Each file's blob is drawn whether or not the next build keeps it: the kept ones get
    // the same blob in both builds.
    const slots = pathsPerIndex[position]!.map(() => Math.floor(random() * pool.length));
    const paths: string[] = [];
    const pathSlots: number[] = [];
    pathsPerIndex[position]!.forEach((path, at) => {
      const kind = options.nextBuild ? at % 100 : -1;
      if (kind === NEXT_BUILD_GONE || kind === NEXT_BUILD_RENAMED) summary.changes.removed++;
      if (kind === NEXT_BUILD_GONE) return;
      if (kind === NEXT_BUILD_RENAMED) summary.changes.added++;
      if (kind === NEXT_BUILD_CHANGED) summary.changes.changed++;
      const slash = path.lastIndexOf('/') + 1;
      paths.push(
        kind === NEXT_BUILD_RENAMED ? `${path.slice(0, slash)}renamed_${path.slice(slash)}` : path,
      );
      pathSlots.push(kind === NEXT_BUILD_CHANGED ? (slots[at]! + 1) % pool.length : slots[at]!);
    });
    const name = `bench_${String(position).padStart(2, '0')}`;
    const volumeName = `${name}_0001.pkg`;
    const volumeId = cityHash64Text(volumeName);
    const pkgPath = `res_packages/${volumeName}`;
    const { nodes, fileIds } = wowsNodesForPaths(paths);
    const records: WowsFileRecordInput[] = [];
    let pkgLength = 0;
    let chunkLength = 0;
    for (const [at, resourceId] of fileIds.entries()) {
      const { blob, framed } = pool[pathSlots[at]!]!;
      records.push({
        resourceId,
        volumeId,
        offset: BigInt(pkgLength),
        compressionType: blob.compressionType,
        compressionFlags: blob.compressionFlags,
        storedSize: blob.stored.length,
        crc: blob.crc,
        unpackedSize: blob.unpackedSize,
      });
      chunk.set(framed, chunkLength);
      chunkLength += framed.length;
      pkgLength += framed.length;
      if (chunkLength >= chunkSize) {
        await write(pkgPath, chunk.subarray(0, chunkLength));
        chunkLength = 0;
      }
    }
    if (chunkLength > 0 || pkgLength === 0) await write(pkgPath, chunk.subarray(0, chunkLength));

    shuffleWithSeed(nodes, seed + position);
    shuffleWithSeed(records, seed + position + 0x9e3779b9);
    const volumes = [{ name: volumeName, id: volumeId }];
    const index = writeWowsIndexRaw(planWowsIndex({ nodes, files: records, volumes }));
    const indexPath = `bin/${build}/idx/${name}.idx`;
    await write(indexPath, index);
    const counts = { nodeCount: nodes.length, fileCount: records.length };
    summary.indexes.push({ indexPath, pkgPath, ...counts, pkgLength });
    summary.nodeCount += nodes.length;
    summary.fileCount += records.length;
    summary.pkgBytes += pkgLength;
  }
  return summary;
}
