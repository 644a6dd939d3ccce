/**
 * Native baselines of the World of Warships scenario: what a plain Node program does with
 * fs, Buffer and zlib on the same files (not the project's decoder).
 *
 * - `nativeWowsTree`: reads each `.idx` whole, walks its node, file-record and volume tables
 *   (docs: /work/shared/specs/wows.md §2–§6, src/formats/wows/spec.md), merges the nodes of
 *   every index by id and builds every node's full path from the parent ids.
 * - `nativeWowsVerify`: reads each `.pkg` in windows, in offset order, and checks every
 *   record: the 16-byte trailer after its blob, `zlib.inflateRawSync` to exactly the
 *   unpacked size (or the stored bytes), and `zlib.crc32` of the output.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';

/** CityHash64("."): the parent id of top-level nodes. */
const ROOT_PARENT = 0xdbb1a1d1b108b927n;
/** A parent chain longer than this is a cycle (real paths are about 7 deep). */
const MAX_DEPTH = 32;
const TRAILER = 16;

export interface WowsNativeRecord {
  /** The pkg's file name, from the volume table. */
  volume: string;
  offset: number;
  storedSize: number;
  isDeflate: boolean;
  crc: number;
  size: number;
}

export interface WowsNativeTree {
  /** Nodes of the merged tree (a directory several indexes repeat counts once). */
  nodeCount: number;
  directoryCount: number;
  fileCount: number;
  /** Characters of every full path together: a cheap check that every path was built. */
  pathChars: number;
  /** Every file record, with its volume's name. */
  records: WowsNativeRecord[];
}

interface NativeNode {
  name: string;
  parent: bigint;
  path: string | null;
}

/** Reads every index in `indexPaths` and builds the merged tree's full paths. */
export function nativeWowsTree(indexPaths: readonly string[]): WowsNativeTree {
  const nodes = new Map<bigint, NativeNode>();
  const fileIds = new Set<bigint>();
  const records: WowsNativeRecord[] = [];
  for (const path of indexPaths) {
    const data = readFileSync(path);
    if (data.toString('latin1', 0, 4) !== 'ISFP') throw new Error(`${path}: not an index`);
    const nodeCount = data.readUInt32LE(16);
    const fileCount = data.readUInt32LE(20);
    const volumeCount = data.readUInt32LE(24);
    const nodeTable = 16 + Number(data.readBigUInt64LE(32));
    const fileTable = 16 + Number(data.readBigUInt64LE(40));
    const volumeTable = 16 + Number(data.readBigUInt64LE(48));
    // A name: length with its NUL, pointer relative to its record.
    const name = (record: number) => {
      const length = Number(data.readBigUInt64LE(record));
      const start = record + Number(data.readBigUInt64LE(record + 8));
      return data.toString('utf8', start, start + length - 1);
    };

    const volumes = new Map<bigint, string>();
    for (let i = 0; i < volumeCount; i++) {
      const record = volumeTable + i * 24;
      volumes.set(data.readBigUInt64LE(record + 16), name(record));
    }
    for (let i = 0; i < nodeCount; i++) {
      const record = nodeTable + i * 32;
      const id = data.readBigUInt64LE(record + 16);
      if (nodes.has(id)) continue;
      nodes.set(id, { name: name(record), parent: data.readBigUInt64LE(record + 24), path: null });
    }
    for (let i = 0; i < fileCount; i++) {
      const record = fileTable + i * 48;
      fileIds.add(data.readBigUInt64LE(record));
      const volume = volumes.get(data.readBigUInt64LE(record + 8));
      if (volume === undefined) throw new Error(`${path}: record ${i} names no volume`);
      records.push({
        volume,
        offset: Number(data.readBigUInt64LE(record + 16)),
        isDeflate:
          data.readUInt32LE(record + 24) === 5 && (data.readUInt32LE(record + 28) & 1) !== 0,
        storedSize: data.readUInt32LE(record + 32),
        crc: data.readUInt32LE(record + 36),
        size: data.readUInt32LE(record + 40),
      });
    }
  }

  // Full paths: each node's parent chain up to the root, each path built once.
  let pathChars = 0;
  const chain: NativeNode[] = [];
  for (const node of nodes.values()) {
    let at: NativeNode | undefined = node;
    while (at && at.path === null && chain.length < MAX_DEPTH) {
      chain.push(at);
      at = at.parent === ROOT_PARENT ? undefined : nodes.get(at.parent);
    }
    let prefix = at?.path ?? null;
    for (let i = chain.length - 1; i >= 0; i--) {
      const link = chain[i]!;
      link.path = prefix === null ? link.name : `${prefix}/${link.name}`;
      prefix = link.path;
    }
    chain.length = 0;
    pathChars += node.path!.length;
  }
  return {
    nodeCount: nodes.size,
    directoryCount: nodes.size - fileIds.size,
    fileCount: fileIds.size,
    pathChars,
    records,
  };
}

export interface WowsNativeVerify {
  totalMs: number;
  /** Inside inflateRawSync and crc32 (the rest is reading and looping). */
  inflateMs: number;
  crcMs: number;
  entries: number;
  /** Blobs and their trailers: what is read. */
  storedBytes: number;
  outputBytes: number;
  mismatches: number;
}

const WINDOW = 16 * 1024 * 1024;

/** Checks every record against the pkgs in `pkgDir`, volume by volume in offset order. */
export function nativeWowsVerify(
  pkgDir: string,
  records: readonly WowsNativeRecord[],
): WowsNativeVerify {
  const result: WowsNativeVerify = {
    totalMs: 0,
    inflateMs: 0,
    crcMs: 0,
    entries: 0,
    storedBytes: 0,
    outputBytes: 0,
    mismatches: 0,
  };
  const started = performance.now();
  const byVolume = new Map<string, WowsNativeRecord[]>();
  for (const record of records) {
    const list = byVolume.get(record.volume);
    if (list) list.push(record);
    else byVolume.set(record.volume, [record]);
  }
  const window = Buffer.allocUnsafe(WINDOW);
  for (const [volume, list] of byVolume) {
    list.sort((a, b) => a.offset - b.offset);
    const fd = openSync(join(pkgDir, volume), 'r');
    let start = 0;
    let end = 0;
    try {
      for (const record of list) {
        const length = record.storedSize + TRAILER;
        if (length > WINDOW) throw new Error('blob larger than the window');
        if (record.offset < start || record.offset + length > end) {
          start = record.offset;
          end = start + readSync(fd, window, 0, WINDOW, start);
          if (record.offset + length > end) throw new Error(`${volume}: blob past the end`);
        }
        const at = record.offset - start;
        const stored = window.subarray(at, at + record.storedSize);
        const trailer = at + record.storedSize;
        let isOk =
          window.readUInt32LE(trailer) === 0 &&
          window.readUInt32LE(trailer + 4) === record.crc &&
          window.readUInt32LE(trailer + 8) === record.size &&
          window.readUInt32LE(trailer + 12) === 0;
        let output: Buffer = stored;
        if (record.isDeflate) {
          const before = performance.now();
          try {
            output = inflateRawSync(stored);
          } catch {
            isOk = false;
          }
          result.inflateMs += performance.now() - before;
        }
        const before = performance.now();
        isOk = isOk && output.length === record.size && crc32(output) === record.crc;
        result.crcMs += performance.now() - before;
        result.entries++;
        result.storedBytes += length;
        result.outputBytes += output.length;
        if (!isOk) result.mismatches++;
      }
    } finally {
      closeSync(fd);
    }
  }
  result.totalMs = performance.now() - started;
  return result;
}

/** Reads every file once, so that both sides read them from the page cache. */
export function warmFiles(paths: readonly string[]): void {
  const buffer = Buffer.allocUnsafe(WINDOW);
  for (const path of paths) {
    const fd = openSync(path, 'r');
    try {
      let position = 0;
      for (;;) {
        const read = readSync(fd, buffer, 0, WINDOW, position);
        if (read === 0) break;
        position += read;
      }
    } finally {
      closeSync(fd);
    }
  }
}
