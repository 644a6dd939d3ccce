/**
 * World of Warships resource index (`.idx`) model. All integers are little-endian on disk;
 * u64 values are kept as two u32 halves (`…Lo`, `…Hi`) in typed-array columns, because a
 * build has ~400,000 nodes over ~40 indexes and the session merges them: no object per node.
 * See spec.md beside this file.
 */
import type { Span } from '../model.ts';

export interface WowsHeader {
  /** `ISFP` (bytes 0..4, latin-1). */
  magic: string;
  /** u32 LE at 4: 0x02000000 for the layout we read (bytes `00 00 00 02`). */
  versionWord: number;
  /** u32 at 8, as stored: MurmurHash3_x86_32 (seed 0) of bytes [16, EOF). */
  storedHash: number;
  /** The same hash computed over the bytes read; differs from storedHash when corrupt. */
  computedHash: number;
  /** u32 at 12: pointer size in bits, 64. */
  pointerSize: number;
  /** u32 at 16. */
  nodeCount: number;
  /** u32 at 20. */
  fileCount: number;
  /** u32 at 24: pkg files; 1 in practice. */
  volumeCount: number;
  /** u32 at 28; 0 in practice. */
  reserved1C: number;
  /** ABSOLUTE offset of the node table (16 + the u64 pointer at 32). */
  nodeTableOffset: number;
  /** ABSOLUTE offset of the file-record table (16 + the u64 pointer at 40). */
  fileTableOffset: number;
  /** ABSOLUTE offset of the volume table (16 + the u64 pointer at 48). */
  volumeTableOffset: number;
}

/** Columns of the node table (32-byte records); row i is node i, in file order. */
export interface WowsNodeColumns {
  count: number;
  /** Absolute offset of the name's first byte (record offset + name_ptr). */
  nameOffsets: Uint32Array;
  /** Name length in bytes WITHOUT the terminating NUL (name_len − 1). */
  nameLengths: Uint32Array;
  /** Node id: CityHash64 of the full path. */
  idLo: Uint32Array;
  idHi: Uint32Array;
  /** Parent's id, or the root sentinel 0xDBB1A1D1B108B927. */
  parentLo: Uint32Array;
  parentHi: Uint32Array;
}

/** Columns of the file-record table (48-byte records); row i is record i, in file order. */
export interface WowsFileColumns {
  count: number;
  /** u64 at 0: the id of the file's node. */
  resourceLo: Uint32Array;
  resourceHi: Uint32Array;
  /** u64 at 8: the id of the volume (pkg) holding the blob. */
  volumeLo: Uint32Array;
  volumeHi: Uint32Array;
  /** u64 at 16: absolute pkg offset of the blob (exact: above 2^53 the read fails). */
  offsets: Float64Array;
  /** u32 at 24: 0 stored, 5 deflate, 6 Lesta container. */
  compressionTypes: Uint32Array;
  /** u32 at 28: bit 0 compressed. */
  compressionFlags: Uint32Array;
  /** u32 at 32: blob length in the pkg, trailer excluded. */
  storedSizes: Uint32Array;
  /** u32 at 36: CRC-32 (IEEE) of the unpacked data. */
  crcs: Uint32Array;
  /** u32 at 40: unpacked size in bytes. */
  sizes: Uint32Array;
  /** u32 at 44; 0 in practice. */
  padding: Uint32Array;
}

export interface WowsVolume {
  /** The pkg file name, `//.//` prefix of old builds stripped; UTF-8, latin-1 fallback. */
  name: string;
  /** True when the stored name began with `//.//`. */
  hasLegacyPrefix: boolean;
  /** Volume id: CityHash64 of the stored name. */
  idLo: number;
  idHi: number;
  /** The 24-byte volume record. */
  record: Span;
  /** The stored name bytes, terminating NUL included (name_len bytes). */
  nameSpan: Span;
}

export interface WowsIndex {
  header: WowsHeader;
  nodes: WowsNodeColumns;
  files: WowsFileColumns;
  volumes: WowsVolume[];
  /** The whole index file (names are decoded from it on demand). */
  bytes: Uint8Array;
}

// ---- The writer's input (write.ts) ----------------------------------------------------------
// u64 fields are bigint here: writers are not hot, and forged tests want any 64-bit value.

/** Header fields as written. Pointers are raw: relative to byte 16. */
export interface WowsRawHeader {
  magic: string;
  versionWord: number;
  /** The u32 at 8; `'computed'`: MurmurHash3 of the written bytes [16, EOF). */
  hash: number | 'computed';
  pointerSize: number;
  nodeCount: number;
  fileCount: number;
  volumeCount: number;
  reserved1C: number;
  nodeTablePointer: bigint;
  fileTablePointer: bigint;
  volumeTablePointer: bigint;
}

/** A node record as written; every field free so tests can forge any value. */
export interface WowsRawNode {
  /** Counts the terminating NUL. */
  nameLength: bigint;
  /** Relative to the start of this record. */
  namePointer: bigint;
  id: bigint;
  parentId: bigint;
}

/** A 48-byte file record as written. */
export interface WowsRawFileRecord {
  resourceId: bigint;
  volumeId: bigint;
  offset: bigint;
  compressionType: number;
  compressionFlags: number;
  storedSize: number;
  crc: number;
  unpackedSize: number;
  padding: number;
}

/** A volume record as written. */
export interface WowsRawVolume {
  nameLength: bigint;
  /** Relative to the start of this record. */
  namePointer: bigint;
  id: bigint;
}

export interface WowsRawIndex {
  header: WowsRawHeader;
  nodes: WowsRawNode[];
  /** Written back to back right after the node table, each normally with its NUL. */
  names: Uint8Array[];
  files: WowsRawFileRecord[];
  volumes: WowsRawVolume[];
  /** Written back to back right after the volume table. */
  volumeNames: Uint8Array[];
}

/** Absolute offsets where writeWowsIndexRaw puts each part of `raw`. */
export interface WowsRawLayout {
  nodeTable: number;
  /** Offset of each entry of `raw.names`. */
  names: number[];
  fileTable: number;
  volumeTable: number;
  volumeNames: number[];
  end: number;
}

export interface WowsNodeInput {
  /** One path component; a string is written as UTF-8. */
  name: string | Uint8Array;
  id: bigint;
  parentId: bigint;
}

export type WowsFileRecordInput = Omit<WowsRawFileRecord, 'padding'> & { padding?: number };

export interface WowsVolumeInput {
  /** The pkg file name, e.g. `system_data_0001.pkg`. */
  name: string;
  /** Default: CityHash64 of the name. */
  id?: bigint;
}

export interface WowsIndexInput {
  nodes: WowsNodeInput[];
  files: WowsFileRecordInput[];
  volumes: WowsVolumeInput[];
  reserved1C?: number;
}

/** How a package file is stored. `{type, flags}`: an unsupported value, bytes stored opaque. */
export type WowsPackageCompression =
  'deflate' | 'stored' | { type: number; flags: number; unpackedSize?: number; crc?: number };

export interface WowsPackageFile {
  /** `/`-separated, relative to the resource root, no leading slash. */
  path: string;
  bytes: Uint8Array;
  /** Default `deflate`. */
  compression?: WowsPackageCompression;
}

export interface WowsPackageOptions {
  /** The pkg file name, e.g. `basic_0001.pkg`; its CityHash64 is the volume id. */
  volumeName: string;
  /** Shuffle node order and record order (independently) with this seed; real files are unsorted. */
  shuffle?: number;
}

/** The nodes of a set of file paths, and the id of each path (its file node's id). */
export interface WowsPathNodes {
  nodes: WowsNodeInput[];
  fileIds: bigint[];
}

/** One stored blob: what goes into the pkg and the record fields that describe it. */
export interface WowsBlob {
  stored: Uint8Array;
  compressionType: number;
  compressionFlags: number;
  crc: number;
  unpackedSize: number;
}

export interface WowsPackage {
  index: Uint8Array;
  pkg: Uint8Array;
  /** The index as written, for tests that check or forge fields. */
  plan: WowsRawIndex;
}
