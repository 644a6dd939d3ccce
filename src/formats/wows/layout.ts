/**
 * World of Warships `.idx`/`.pkg` layout constants shared by the reader (read.ts), the
 * writer (write.ts) and the generators (game-folder.ts), the one way this format builds its
 * errors, and the accessors of a parsed index (record spans, names, ids) that read.ts
 * re-exports. See spec.md beside this file. Little-endian throughout.
 */
import { decodeUtf8OrLatin1 } from '../../binary/byte-reader.ts';
import { FormatError, type ErrorCode } from '../../binary/format-error.ts';
import type { Span } from '../model.ts';
import type { WowsFileColumns, WowsIndex, WowsNodeColumns } from './types.ts';

export const WOWS_FORMAT = 'wows';
/** Bytes `49 53 46 50` at offset 0. */
export const WOWS_MAGIC = 'ISFP';
/** u32 LE at 4 of the layout we read: bytes `00 00 00 02`, format version 2 byte-swapped. */
export const WOWS_VERSION_WORD = 0x02000000;
/** u32 LE at 4 of the "v0x20" layout of ~0.6.x clients (32-bit pointers); not supported. */
export const WOWS_LEGACY_VERSION_WORD = 0x01010004;
/** u32 at 12: pointer size in bits. */
export const WOWS_POINTER_SIZE = 64;
export const WOWS_HEADER_LENGTH = 56;
/**
 * The header's table pointers are relative to this offset (absolute = 16 + pointer), which
 * is also where the bytes covered by the header hash start.
 */
export const WOWS_POINTER_BASE = 16;

/** Absolute offsets of the header fields. */
export const WOWS_HEADER_FIELD = {
  magic: 0x00,
  versionWord: 0x04,
  /** MurmurHash3_x86_32, seed 0, of bytes [16, EOF). */
  hash: 0x08,
  pointerSize: 0x0c,
  nodeCount: 0x10,
  fileCount: 0x14,
  volumeCount: 0x18,
  reserved1C: 0x1c,
  nodeTablePointer: 0x20,
  fileTablePointer: 0x28,
  volumeTablePointer: 0x30,
} as const;

/** Node ("metadata") record: one path component, a file or a directory. */
export const WOWS_NODE_RECORD_LENGTH = 32;
/** Offsets relative to the node record. */
export const WOWS_NODE_FIELD = {
  /** u64, counts the terminating NUL. */
  nameLength: 0x00,
  /** u64, relative to the start of this node record. */
  namePointer: 0x08,
  /** u64 CityHash64 of the full path. */
  id: 0x10,
  /** u64 id of the parent directory, or WOWS_ROOT_PARENT_ID. */
  parentId: 0x18,
} as const;

/** File record: where a file node's bytes lie in which pkg. */
export const WOWS_FILE_RECORD_LENGTH = 48;
/** Offsets relative to the file record. */
export const WOWS_FILE_FIELD = {
  resourceId: 0x00,
  volumeId: 0x08,
  /** u64 absolute offset of the blob in the pkg. */
  offset: 0x10,
  compressionType: 0x18,
  compressionFlags: 0x1c,
  storedSize: 0x20,
  /** CRC-32 (IEEE) of the unpacked data. */
  crc: 0x24,
  unpackedSize: 0x28,
  padding: 0x2c,
} as const;

/** Volume record: one pkg file. */
export const WOWS_VOLUME_RECORD_LENGTH = 24;
/** Offsets relative to the volume record. */
export const WOWS_VOLUME_FIELD = {
  /** u64, counts the terminating NUL. */
  nameLength: 0x00,
  /** u64, relative to the start of this volume record; 24 in real files. */
  namePointer: 0x08,
  /** u64 CityHash64 of the pkg file name. */
  id: 0x10,
} as const;

/** Parent id of top-level nodes: CityHash64("."). */
export const WOWS_ROOT_PARENT_ID = 0xdbb1a1d1b108b927n;
export const WOWS_ROOT_PARENT_ID_LO = 0xb108b927;
export const WOWS_ROOT_PARENT_ID_HI = 0xdbb1a1d1;

/** Old builds prefix volume names with this; the reader strips it. */
export const WOWS_VOLUME_NAME_LEGACY_PREFIX = '//.//';

/** Each pkg blob is followed by `u32 0 | u32 crc32 | u32 unpacked size | u32 0`. */
export const WOWS_PKG_TRAILER_LENGTH = 16;

/** The two compression values the format defines (type u32 at 24, flags u32 at 28). */
export const WOWS_COMPRESSION = {
  stored: { type: 0, flags: 0 },
  /** Raw DEFLATE (RFC 1951, no zlib header): every real WG record. */
  deflate: { type: 5, flags: 1 },
} as const;
/** Type 6: the Lesta client's chunked container (Oodle Kraken blocks); never inflated. */
export const WOWS_LESTA_CONTAINER_TYPE = 6;

export type WowsCompressionName = 'stored' | 'deflate' | `type ${number}`;

/**
 * Names a record's compression: `stored` when the u64 value is 0, `deflate` when it is
 * 0x100000005, else `type N` (unsupported; N is the type u32).
 */
export function describeCompression(type: number, flags: number): WowsCompressionName {
  if (type === WOWS_COMPRESSION.stored.type && flags === WOWS_COMPRESSION.stored.flags) {
    return 'stored';
  }
  if (type === WOWS_COMPRESSION.deflate.type && flags === WOWS_COMPRESSION.deflate.flags) {
    return 'deflate';
  }
  return `type ${type}`;
}

/** True for the two compression values a reader can unpack: stored and raw deflate. */
export function isSupportedCompression(type: number, flags: number): boolean {
  return (
    (type === WOWS_COMPRESSION.stored.type && flags === WOWS_COMPRESSION.stored.flags) ||
    (type === WOWS_COMPRESSION.deflate.type && flags === WOWS_COMPRESSION.deflate.flags)
  );
}

/** The u64 of two u32 halves. */
export function joinU64(lo: number, hi: number): bigint {
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

/** The u32 halves of a u64 (taken modulo 2^64). */
export function splitU64(value: bigint): { lo: number; hi: number } {
  return {
    lo: Number(value & 0xffffffffn),
    hi: Number((value >> 32n) & 0xffffffffn),
  };
}

/** A FormatError of this format. */
export function wowsError(
  code: ErrorCode,
  offset: number,
  detail: string,
  path: string,
): FormatError {
  return new FormatError({ code, offset, detail, format: WOWS_FORMAT, path });
}

// ---- The parsed index: columns and accessors ------------------------------------------------

/** Longer names go through TextDecoder: String.fromCharCode.apply has an argument limit. */
const SHORT_NAME = 1024;

/** Node columns of `count` zeroed rows. */
export function nodeColumns(count: number): WowsNodeColumns {
  return {
    count,
    nameOffsets: new Uint32Array(count),
    nameLengths: new Uint32Array(count),
    idLo: new Uint32Array(count),
    idHi: new Uint32Array(count),
    parentLo: new Uint32Array(count),
    parentHi: new Uint32Array(count),
  };
}

/** File-record columns of `count` zeroed rows. */
export function fileColumns(count: number): WowsFileColumns {
  return {
    count,
    resourceLo: new Uint32Array(count),
    resourceHi: new Uint32Array(count),
    volumeLo: new Uint32Array(count),
    volumeHi: new Uint32Array(count),
    offsets: new Float64Array(count),
    compressionTypes: new Uint32Array(count),
    compressionFlags: new Uint32Array(count),
    storedSizes: new Uint32Array(count),
    crcs: new Uint32Array(count),
    sizes: new Uint32Array(count),
    padding: new Uint32Array(count),
  };
}

/** The 32-byte record of node `node`. */
export function nodeRecordSpan(index: WowsIndex, node: number): Span {
  const offset = index.header.nodeTableOffset + node * WOWS_NODE_RECORD_LENGTH;
  return { offset, length: WOWS_NODE_RECORD_LENGTH };
}

/** The 48-byte record of file record `record`. */
export function fileRecordSpan(index: WowsIndex, record: number): Span {
  const offset = index.header.fileTableOffset + record * WOWS_FILE_RECORD_LENGTH;
  return { offset, length: WOWS_FILE_RECORD_LENGTH };
}

/** Node `node`'s stored name, terminating NUL included (name_len bytes). */
export function nodeNameSpan(index: WowsIndex, node: number): Span {
  return { offset: index.nodes.nameOffsets[node]!, length: index.nodes.nameLengths[node]! + 1 };
}

/** Node `node`'s name bytes without the NUL (a view into `index.bytes`). */
export function nodeNameBytes(index: WowsIndex, node: number): Uint8Array {
  const start = index.nodes.nameOffsets[node]!;
  return index.bytes.subarray(start, start + index.nodes.nameLengths[node]!);
}

/**
 * Node `node`'s name. Names are ASCII in practice: those are made with one
 * String.fromCharCode call; anything else is UTF-8, latin-1 when not valid UTF-8.
 */
export function nodeName(index: WowsIndex, node: number): string {
  const name = nodeNameBytes(index, node);
  if (name.length <= SHORT_NAME) {
    let isAscii = true;
    for (let at = 0; at < name.length; at++) {
      if (name[at]! >= 0x80) {
        isAscii = false;
        break;
      }
    }
    if (isAscii) return String.fromCharCode.apply(null, name as unknown as number[]);
  }
  return decodeUtf8OrLatin1(name).text;
}

/** Node `node`'s id as one u64. */
export function nodeId(index: WowsIndex, node: number): bigint {
  return (BigInt(index.nodes.idHi[node]!) << 32n) | BigInt(index.nodes.idLo[node]!);
}

/** Where record `record`'s blob lies in its pkg (trailer excluded). */
export function fileStoredSpan(index: WowsIndex, record: number): Span {
  return { offset: index.files.offsets[record]!, length: index.files.storedSizes[record]! };
}

/** `stored`, `deflate`, or `type N` (unsupported) for file record `record`. */
export function fileCompression(index: WowsIndex, record: number): WowsCompressionName {
  return describeCompression(
    index.files.compressionTypes[record]!,
    index.files.compressionFlags[record]!,
  );
}
