/**
 * World of Warships index and pkg writer, the mirror of read.ts field by field in file
 * order: header, node table, node names, file-record table, volume table, volume names.
 * Used by tests (round trips, forged fields), fixtures, sample and benchmark generators.
 *
 * Three levels:
 *   - `writeWowsIndexRaw(raw)`: writes exactly the fields given, tables one after another
 *     in file order whatever the pointers say, so a test can forge any field.
 *   - `planWowsIndex(input)` / `writeWowsIndex(input)`: a valid index of given nodes,
 *     records and volumes: pointers, name lengths and the header hash computed.
 *   - `buildWowsPackage(files, options)`: an idx + pkg pair from paths and bytes, the way
 *     the game lays them out (spec §5–§7): directory nodes from the paths, ids = CityHash64
 *     of the path, raw-deflate blobs each followed by their 16-byte trailer.
 */
import { deflateSync } from 'fflate';
import { ByteWriter } from '../../binary/byte-writer.ts';
import { crc32Ieee } from '../../binary/crc32.ts';
import { cityHash64Text, murmur3x86 } from './hashes.ts';
import {
  WOWS_COMPRESSION,
  WOWS_FILE_RECORD_LENGTH,
  WOWS_HEADER_FIELD,
  WOWS_HEADER_LENGTH,
  WOWS_MAGIC,
  WOWS_NODE_RECORD_LENGTH,
  WOWS_POINTER_BASE,
  WOWS_POINTER_SIZE,
  WOWS_ROOT_PARENT_ID,
  WOWS_VERSION_WORD,
  WOWS_VOLUME_RECORD_LENGTH,
  joinU64,
} from './layout.ts';
import type {
  WowsIndex,
  WowsBlob,
  WowsFileRecordInput,
  WowsIndexInput,
  WowsNodeInput,
  WowsPackage,
  WowsPackageCompression,
  WowsPackageFile,
  WowsPackageOptions,
  WowsPathNodes,
  WowsRawIndex,
  WowsRawLayout,
} from './types.ts';

export type {
  WowsBlob,
  WowsFileRecordInput,
  WowsIndexInput,
  WowsNodeInput,
  WowsPackage,
  WowsPackageCompression,
  WowsPackageFile,
  WowsPackageOptions,
  WowsPathNodes,
  WowsRawFileRecord,
  WowsRawHeader,
  WowsRawIndex,
  WowsRawLayout,
  WowsRawNode,
  WowsRawVolume,
  WowsVolumeInput,
} from './types.ts';

export function wowsRawLayout(raw: WowsRawIndex): WowsRawLayout {
  let at = WOWS_HEADER_LENGTH;
  const nodeTable = at;
  at += raw.nodes.length * WOWS_NODE_RECORD_LENGTH;
  const names = raw.names.map((name) => ((at += name.length), at - name.length));
  const fileTable = at;
  at += raw.files.length * WOWS_FILE_RECORD_LENGTH;
  const volumeTable = at;
  at += raw.volumes.length * WOWS_VOLUME_RECORD_LENGTH;
  const volumeNames = raw.volumeNames.map((name) => ((at += name.length), at - name.length));
  return { nodeTable, names, fileTable, volumeTable, volumeNames, end: at };
}

/** Writes the fields exactly as given, in file order. */
export function writeWowsIndexRaw(raw: WowsRawIndex): Uint8Array {
  const { header } = raw;
  const writer = new ByteWriter(wowsRawLayout(raw).end);
  // 1. Header
  writer.ascii(header.magic);
  writer.u32le(header.versionWord);
  writer.u32le(header.hash === 'computed' ? 0 : header.hash);
  writer.u32le(header.pointerSize);
  writer.u32le(header.nodeCount);
  writer.u32le(header.fileCount);
  writer.u32le(header.volumeCount);
  writer.u32le(header.reserved1C);
  writer.u64le(header.nodeTablePointer);
  writer.u64le(header.fileTablePointer);
  writer.u64le(header.volumeTablePointer);
  // 2. Node table
  for (const node of raw.nodes) {
    writer.u64le(node.nameLength);
    writer.u64le(node.namePointer);
    writer.u64le(node.id);
    writer.u64le(node.parentId);
  }
  // 3. Node names
  for (const name of raw.names) writer.bytes(name);
  // 4. File-record table
  for (const file of raw.files) {
    writer.u64le(file.resourceId);
    writer.u64le(file.volumeId);
    writer.u64le(file.offset);
    writer.u32le(file.compressionType);
    writer.u32le(file.compressionFlags);
    writer.u32le(file.storedSize);
    writer.u32le(file.crc);
    writer.u32le(file.unpackedSize);
    writer.u32le(file.padding);
  }
  // 5. Volume table, then the volume names
  for (const volume of raw.volumes) {
    writer.u64le(volume.nameLength);
    writer.u64le(volume.namePointer);
    writer.u64le(volume.id);
  }
  for (const name of raw.volumeNames) writer.bytes(name);
  if (header.hash !== 'computed') return writer.finish();
  const written = writer.finish();
  writer.patchU32le(WOWS_HEADER_FIELD.hash, murmur3x86(written, WOWS_POINTER_BASE));
  return writer.finish();
}

const utf8 = new TextEncoder();

/** Name bytes plus the terminating NUL that name_len counts. */
export function encodeWowsName(name: string | Uint8Array): Uint8Array {
  const text = typeof name === 'string' ? utf8.encode(name) : name;
  const out = new Uint8Array(text.length + 1);
  out.set(text);
  return out;
}

/** The node of a full `/`-separated path: its last component, ids from CityHash64. */
export function wowsNodeForPath(path: string): WowsNodeInput {
  const slash = path.lastIndexOf('/');
  return {
    name: path.slice(slash + 1),
    id: cityHash64Text(path),
    parentId: slash < 0 ? WOWS_ROOT_PARENT_ID : cityHash64Text(path.slice(0, slash)),
  };
}

/**
 * Lays out a valid index the way the game does: node table right after the header, names
 * packed in node order, record table, volume table, each volume name right after it.
 */
export function planWowsIndex(input: WowsIndexInput): WowsRawIndex {
  const names = input.nodes.map((node) => encodeWowsName(node.name));
  const volumeNames = input.volumes.map((volume) => encodeWowsName(volume.name));
  const raw: WowsRawIndex = {
    header: {
      magic: WOWS_MAGIC,
      versionWord: WOWS_VERSION_WORD,
      hash: 'computed',
      pointerSize: WOWS_POINTER_SIZE,
      nodeCount: input.nodes.length,
      fileCount: input.files.length,
      volumeCount: input.volumes.length,
      reserved1C: input.reserved1C ?? 0,
      nodeTablePointer: 0n,
      fileTablePointer: 0n,
      volumeTablePointer: 0n,
    },
    // Placeholders until the layout is known: it depends on the table lengths only.
    nodes: input.nodes.map(({ id, parentId }) => ({
      nameLength: 0n,
      namePointer: 0n,
      id,
      parentId,
    })),
    names,
    files: input.files.map((file) => ({ ...file, padding: file.padding ?? 0 })),
    volumes: input.volumes.map(() => ({ nameLength: 0n, namePointer: 0n, id: 0n })),
    volumeNames,
  };
  const layout = wowsRawLayout(raw);
  const relative = (offset: number) => BigInt(offset - WOWS_POINTER_BASE);
  raw.header.nodeTablePointer = relative(layout.nodeTable);
  raw.header.fileTablePointer = relative(layout.fileTable);
  raw.header.volumeTablePointer = relative(layout.volumeTable);
  raw.nodes = input.nodes.map((node, index) => {
    const recordOffset = layout.nodeTable + index * WOWS_NODE_RECORD_LENGTH;
    return {
      nameLength: BigInt(names[index]!.length),
      namePointer: BigInt(layout.names[index]! - recordOffset),
      id: node.id,
      parentId: node.parentId,
    };
  });
  raw.volumes = input.volumes.map((volume, index) => {
    const recordOffset = layout.volumeTable + index * WOWS_VOLUME_RECORD_LENGTH;
    return {
      nameLength: BigInt(volumeNames[index]!.length),
      namePointer: BigInt(layout.volumeNames[index]! - recordOffset),
      id: volume.id ?? cityHash64Text(volume.name),
    };
  });
  return raw;
}

/** A valid index of the given nodes, records and volumes. */
export function writeWowsIndex(input: WowsIndexInput): Uint8Array {
  return writeWowsIndexRaw(planWowsIndex(input));
}

/**
 * The raw fields of a parsed index, for round trips: writeWowsIndexRaw of it gives the
 * file back byte for byte when its parts lie in file order with no gaps (real files do).
 */
export function rawFromWowsIndex(index: WowsIndex): WowsRawIndex {
  const { header, nodes, files, bytes } = index;
  const relative = (offset: number) => BigInt(offset - WOWS_POINTER_BASE);
  const raw: WowsRawIndex = {
    header: {
      magic: header.magic,
      versionWord: header.versionWord,
      hash: header.storedHash,
      pointerSize: header.pointerSize,
      nodeCount: header.nodeCount,
      fileCount: header.fileCount,
      volumeCount: header.volumeCount,
      reserved1C: header.reserved1C,
      nodeTablePointer: relative(header.nodeTableOffset),
      fileTablePointer: relative(header.fileTableOffset),
      volumeTablePointer: relative(header.volumeTableOffset),
    },
    nodes: [],
    names: [],
    files: [],
    volumes: [],
    volumeNames: [],
  };
  for (let node = 0; node < nodes.count; node++) {
    const nameOffset = nodes.nameOffsets[node]!;
    const nameLength = nodes.nameLengths[node]! + 1;
    const recordOffset = header.nodeTableOffset + node * WOWS_NODE_RECORD_LENGTH;
    raw.nodes.push({
      nameLength: BigInt(nameLength),
      namePointer: BigInt(nameOffset - recordOffset),
      id: joinU64(nodes.idLo[node]!, nodes.idHi[node]!),
      parentId: joinU64(nodes.parentLo[node]!, nodes.parentHi[node]!),
    });
    raw.names.push(bytes.slice(nameOffset, nameOffset + nameLength));
  }
  for (let record = 0; record < files.count; record++) {
    raw.files.push({
      resourceId: joinU64(files.resourceLo[record]!, files.resourceHi[record]!),
      volumeId: joinU64(files.volumeLo[record]!, files.volumeHi[record]!),
      offset: BigInt(files.offsets[record]!),
      compressionType: files.compressionTypes[record]!,
      compressionFlags: files.compressionFlags[record]!,
      storedSize: files.storedSizes[record]!,
      crc: files.crcs[record]!,
      unpackedSize: files.sizes[record]!,
      padding: files.padding[record]!,
    });
  }
  for (const volume of index.volumes) {
    const { offset, length } = volume.nameSpan;
    raw.volumes.push({
      nameLength: BigInt(length),
      namePointer: BigInt(offset - volume.record.offset),
      id: joinU64(volume.idLo, volume.idHi),
    });
    raw.volumeNames.push(bytes.slice(offset, offset + length));
  }
  return raw;
}

// ---- Packages: idx + pkg from paths ---------------------------------------------------------

/**
 * The nodes of a set of file paths: every directory once (before its first file, in the
 * order paths are given), then each file. Each path is hashed once per new node (a build
 * has 400,000). Throws RangeError on an empty component, a duplicate path, or a path that
 * is both a file and a directory.
 */
export function wowsNodesForPaths(paths: readonly string[]): WowsPathNodes {
  const directoryIds = new Map<string, bigint>();
  const files = new Set<string>();
  const nodes: WowsNodeInput[] = [];
  const fileIds: bigint[] = [];
  const clash = (prefix: string) =>
    new RangeError(`"${prefix}" is given twice, or as a file and a directory`);
  for (const path of paths) {
    let parentId = WOWS_ROOT_PARENT_ID;
    let start = 0;
    for (;;) {
      const slash = path.indexOf('/', start);
      const prefix = slash < 0 ? path : path.slice(0, slash);
      const name = prefix.slice(start);
      if (name === '') throw new RangeError(`empty component in "${path}"`);
      if (files.has(prefix)) throw clash(prefix);
      if (slash < 0) {
        if (directoryIds.has(prefix)) throw clash(prefix);
        const id = cityHash64Text(prefix);
        files.add(prefix);
        nodes.push({ name, id, parentId });
        fileIds.push(id);
        break;
      }
      let id = directoryIds.get(prefix);
      if (id === undefined) {
        id = cityHash64Text(prefix);
        directoryIds.set(prefix, id);
        nodes.push({ name, id, parentId });
      }
      parentId = id;
      start = slash + 1;
    }
  }
  return { nodes, fileIds };
}

/** A small seeded generator (mulberry32) in [0, 1): deterministic shuffles and data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Fisher–Yates with a seeded generator; shuffles in place and returns `items`. */
export function shuffleWithSeed<T>(items: T[], seed: number): T[] {
  const random = seededRandom(seed);
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    const item = items[index]!;
    items[index] = items[other]!;
    items[other] = item;
  }
  return items;
}

/** Packs one file's bytes as the game would (raw deflate by default). */
export function packWowsBlob(
  bytes: Uint8Array,
  compression: WowsPackageCompression = 'deflate',
): WowsBlob {
  if (compression === 'deflate' || compression === 'stored') {
    const { type, flags } = WOWS_COMPRESSION[compression];
    const stored = compression === 'deflate' ? deflateSync(bytes) : bytes;
    const crc = crc32Ieee(bytes);
    return {
      stored,
      compressionType: type,
      compressionFlags: flags,
      crc,
      unpackedSize: bytes.length,
    };
  }
  return {
    stored: bytes,
    compressionType: compression.type,
    compressionFlags: compression.flags,
    crc: compression.crc ?? crc32Ieee(bytes),
    unpackedSize: compression.unpackedSize ?? bytes.length,
  };
}

/** Appends a blob and its trailer `u32 0 | u32 crc32 | u32 unpacked size | u32 0` to a pkg. */
export function writeWowsPkgBlob(writer: ByteWriter, blob: WowsBlob): void {
  writer.bytes(blob.stored);
  writer.u32le(0);
  writer.u32le(blob.crc);
  writer.u32le(blob.unpackedSize);
  writer.u32le(0);
}

/** An idx + pkg pair of the given files; blobs contiguous from offset 0 in the given order. */
export function buildWowsPackage(
  files: readonly WowsPackageFile[],
  options: WowsPackageOptions,
): WowsPackage {
  const { nodes, fileIds } = wowsNodesForPaths(files.map((file) => file.path));
  const volumeId = cityHash64Text(options.volumeName);
  const pkg = new ByteWriter(1024);
  const records: WowsFileRecordInput[] = files.map((file, position) => {
    const blob = packWowsBlob(file.bytes, file.compression);
    const offset = BigInt(pkg.offset);
    writeWowsPkgBlob(pkg, blob);
    const { compressionType, compressionFlags, crc, unpackedSize } = blob;
    const resourceId = fileIds[position]!;
    const storedSize = blob.stored.length;
    return {
      resourceId,
      volumeId,
      offset,
      compressionType,
      compressionFlags,
      storedSize,
      crc,
      unpackedSize,
    };
  });
  if (options.shuffle !== undefined) {
    shuffleWithSeed(nodes, options.shuffle);
    shuffleWithSeed(records, options.shuffle + 1);
  }
  const plan = planWowsIndex({
    nodes,
    files: records,
    volumes: [{ name: options.volumeName, id: volumeId }],
  });
  return { index: writeWowsIndexRaw(plan), pkg: pkg.finish(), plan };
}
