/**
 * World of Warships resource index reader (`bin/<build>/idx/*.idx`). Facts: spec.md beside
 * this file, source of truth ../shared/specs/wows.md. Little-endian throughout; the header's
 * table pointers are relative to byte 16, name pointers relative to their own record.
 *
 * Sections, in file order (real files; the reader follows the pointers, not this order):
 *   1. Header, 56 bytes: magic `ISFP`, version word, MurmurHash3 of [16, EOF), pointer size,
 *      node/file/volume counts, reserved u32, three u64 table pointers.
 *   2. Node table: 32-byte records {name_len (with NUL), name_ptr, id, parent_id}.
 *   3. Node names, NUL-terminated, packed in node order.
 *   4. File-record table: 48-byte records {resource id, volume id, pkg offset, compression
 *      type, flags, stored size, crc32, unpacked size, padding}.
 *   5. Volume table: 24-byte records {name_len, name_ptr, id}, then the pkg names.
 *
 * The reader is columnar: a table is copied once as u32 words and split into typed-array
 * columns, with no object per node (a build has ~400,000 nodes over ~40 indexes). Names are
 * checked here and decoded on demand (`nodeName`). Path building, parent checks and id
 * checks need every index of a build, so they belong to the session, not to this file.
 */
import { ByteReader, decodeUtf8OrLatin1 } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { hexOffset } from '../../binary/hex.ts';
import type { Issue, ParseResult, Span } from '../model.ts';
import { murmur3x86 } from './hashes.ts';
import {
  describeCompression,
  fileColumns,
  fileRecordSpan,
  isSupportedCompression,
  nodeColumns,
  WOWS_FILE_FIELD,
  WOWS_FILE_RECORD_LENGTH,
  WOWS_FORMAT,
  WOWS_HEADER_FIELD as HEADER,
  WOWS_LEGACY_VERSION_WORD,
  WOWS_MAGIC,
  WOWS_NODE_FIELD,
  WOWS_NODE_RECORD_LENGTH,
  WOWS_POINTER_BASE,
  WOWS_POINTER_SIZE,
  WOWS_VERSION_WORD,
  WOWS_VOLUME_FIELD,
  WOWS_VOLUME_NAME_LEGACY_PREFIX,
  WOWS_VOLUME_RECORD_LENGTH,
  wowsError as fail,
} from './layout.ts';
import type {
  WowsFileColumns,
  WowsHeader,
  WowsIndex,
  WowsNodeColumns,
  WowsVolume,
} from './types.ts';

export * from './layout.ts';

const FORMAT = WOWS_FORMAT;
const TWO_TO_32 = 2 ** 32;
/** Words (u32) per record, for splitting a table copied as u32 words. */
const NODE_WORDS = WOWS_NODE_RECORD_LENGTH / 4;
const FILE_WORDS = WOWS_FILE_RECORD_LENGTH / 4;
/** The high word of a u64 pkg offset is at most this for the offset to stay below 2^53. */
const MAX_SAFE_HIGH_WORD = 0x1fffff;

function emptyHeader(): WowsHeader {
  return {
    magic: '',
    versionWord: 0,
    storedHash: 0,
    computedHash: 0,
    pointerSize: 0,
    nodeCount: 0,
    fileCount: 0,
    volumeCount: 0,
    reserved1C: 0,
    nodeTableOffset: 0,
    fileTableOffset: 0,
    volumeTableOffset: 0,
  };
}

/** The first `count` rows of every column (a partial table after a fatal error). */
function firstRows<T extends { count: number }>(columns: T, count: number): T {
  const out = { ...columns, count };
  for (const key of Object.keys(out) as (keyof T)[]) {
    const column = out[key];
    if (column instanceof Uint32Array || column instanceof Float64Array) {
      out[key] = column.subarray(0, count) as T[keyof T];
    }
  }
  return out;
}

/**
 * Parses a whole index held in memory (indexes are small: ~10,000 nodes, ~1 MB). Never
 * throws for bad data: the result holds what was read (header, then whole tables, or the
 * rows before the one that failed), the issues, and `fatal` when it stopped.
 */
export function parseWowsIndex(bytes: Uint8Array): ParseResult<WowsIndex> {
  const index: WowsIndex = {
    header: emptyHeader(),
    nodes: nodeColumns(0),
    files: fileColumns(0),
    volumes: [],
    bytes,
  };
  const issues: Issue[] = [];
  try {
    const reader = new ByteReader(bytes, 0, FORMAT);
    readHeader(reader, index.header, issues);
    readNodeTable(reader, index);
    readFileTable(reader, index, issues);
    readVolumeTable(reader, index, issues);
    return { value: index, issues, fatal: null };
  } catch (error) {
    const info = toErrorInfo(error instanceof FormatError ? error.withContext(FORMAT) : error);
    return { value: index, issues, fatal: info };
  }
}

/** Section 1: fills `header` field by field (so a failed read still shows what came before). */
function readHeader(reader: ByteReader, header: WowsHeader, issues: Issue[]): void {
  const { bytes } = reader;
  const magicLength = Math.min(WOWS_MAGIC.length, bytes.length);
  if (reader.ascii(magicLength, 'magic') !== WOWS_MAGIC.slice(0, magicLength)) {
    throw fail(ErrorCode.BAD_MAGIC, 0, 'not a WoWs index (no "ISFP" magic)', 'header.magic');
  }
  reader.seek(0);
  header.magic = reader.ascii(WOWS_MAGIC.length, 'magic');
  header.versionWord = reader.u32le('version word');
  if (header.versionWord === WOWS_LEGACY_VERSION_WORD) {
    const detail = 'legacy index (v0x20 layout), unsupported';
    throw fail(ErrorCode.UNSUPPORTED_VERSION, HEADER.versionWord, detail, 'header.versionWord');
  }
  if (header.versionWord !== WOWS_VERSION_WORD) {
    const detail = `version word 0x${header.versionWord.toString(16)} is not 0x2000000`;
    throw fail(ErrorCode.UNSUPPORTED_VERSION, HEADER.versionWord, detail, 'header.versionWord');
  }
  header.storedHash = reader.u32le('hash');
  header.pointerSize = reader.u32le('pointer size');
  if (header.pointerSize !== WOWS_POINTER_SIZE) {
    // 32-bit pointers go with the legacy layout: a different file format, not a bad value.
    const detail = `pointer size ${header.pointerSize} bits, only 64 is supported`;
    throw fail(ErrorCode.UNSUPPORTED_VERSION, HEADER.pointerSize, detail, 'header.pointerSize');
  }
  header.nodeCount = reader.u32le('node count');
  header.fileCount = reader.u32le('file count');
  header.volumeCount = reader.u32le('volume count');
  header.reserved1C = reader.u32le('reserved');
  const pointers = [reader.u64le('node table pointer'), reader.u64le('file table pointer')];
  pointers.push(reader.u64le('volume table pointer'));
  // Exact while the pointer is inside the file; each table checks its own before use.
  header.nodeTableOffset = WOWS_POINTER_BASE + Number(pointers[0]);
  header.fileTableOffset = WOWS_POINTER_BASE + Number(pointers[1]);
  header.volumeTableOffset = WOWS_POINTER_BASE + Number(pointers[2]);

  header.computedHash = murmur3x86(bytes, WOWS_POINTER_BASE, bytes.length, 0);
  if (header.computedHash !== header.storedHash) {
    const message = `header hash ${hexWord(header.storedHash)} is not the MurmurHash3 of [0x10, EOF), ${hexWord(header.computedHash)}: damaged, or not written by the game`;
    issues.push(warning('HASH_MISMATCH', message, HEADER.hash, 4));
  }
  if (header.reserved1C !== 0) {
    const message = `reserved u32 at 0x1C is ${header.reserved1C}, not 0`;
    issues.push(warning('RESERVED_NONZERO', message, HEADER.reserved1C, 4));
  }
  if (header.volumeCount === 0) {
    const message = 'volume count is 0: no pkg to read files from';
    issues.push(warning('NO_VOLUMES', message, HEADER.volumeCount, 4));
  }
}

function hexWord(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(8, '0')}`;
}

function warning(code: string, message: string, offset: number, length: number): Issue {
  return { severity: 'warning', code, message, span: { offset, length } };
}

/**
 * Checks that `count` records of `recordLength` bytes fit from `16 + pointer` to the end of
 * the file, before anything is allocated: a pointer past the end is OUT_OF_BOUNDS at the
 * pointer field, a count that does not fit is BAD_COUNT at the count field. Returns the
 * table's absolute offset.
 */
function tableStart(
  reader: ByteReader,
  table: 'node' | 'file' | 'volume',
  count: number,
  recordLength: number,
): number {
  const size = reader.length;
  const pointerField = HEADER[`${table}TablePointer`];
  const countField = HEADER[`${table}Count`];
  reader.seek(pointerField);
  const pointer = reader.u64le(`${table} table pointer`);
  if (pointer > BigInt(size - WOWS_POINTER_BASE)) {
    const detail = `${table} table at 0x10 + 0x${pointer.toString(16)} starts past the end of the file (${size} bytes)`;
    throw fail(ErrorCode.OUT_OF_BOUNDS, pointerField, detail, `header.${table}TablePointer`);
  }
  const start = WOWS_POINTER_BASE + Number(pointer);
  if (count * recordLength > size - start) {
    const detail = `${count} ${table} records of ${recordLength} bytes do not fit in the ${size - start} bytes from ${hexOffset(start)}`;
    throw fail(ErrorCode.BAD_COUNT, countField, detail, `header.${table}Count`);
  }
  return start;
}

/**
 * Checks one name (node or volume: both records start with name_len, name_ptr) and returns
 * its absolute offset. Fatal, at the field or byte at fault: name_len 0 → BAD_VALUE at
 * name_len; start past EOF → OUT_OF_BOUNDS at name_ptr; end past EOF → OUT_OF_BOUNDS at
 * name_len; last byte not NUL → BAD_VALUE at that byte; a NUL before it → BAD_VALUE at
 * that NUL.
 */
function checkName(
  bytes: Uint8Array,
  recordOffset: number,
  length: number,
  pointer: number,
  path: string,
): number {
  const lengthField = recordOffset + WOWS_NODE_FIELD.nameLength;
  if (length === 0) throw nameError(ErrorCode.BAD_VALUE, lengthField, path, 'nameLength');
  const start = recordOffset + pointer;
  if (start >= bytes.length) {
    const pointerField = recordOffset + WOWS_NODE_FIELD.namePointer;
    throw nameError(ErrorCode.OUT_OF_BOUNDS, pointerField, path, 'namePointer');
  }
  if (length > bytes.length - start) {
    throw nameError(ErrorCode.OUT_OF_BOUNDS, lengthField, path, 'nameLength');
  }
  const last = start + length - 1;
  if (bytes[last] !== 0) throw nameError(ErrorCode.BAD_VALUE, last, path, 'missingNul');
  // Hot loop (once per name): a plain scan beats indexOf's call cost on ~20-byte names.
  let at = start;
  while (bytes[at] !== 0) at++;
  if (at < last) throw nameError(ErrorCode.BAD_VALUE, at, path, 'innerNul');
  return start;
}

const NAME_PROBLEMS = {
  nameLength: ['nameLength', 'name length 0, or name runs past EOF'],
  namePointer: ['namePointer', 'name starts past EOF'],
  missingNul: ['name', 'name does not end in a NUL byte'],
  innerNul: ['name', 'name has a NUL byte inside'],
} as const;

function nameError(
  code: ErrorCode,
  offset: number,
  path: string,
  problem: keyof typeof NAME_PROBLEMS,
): FormatError {
  const [field, detail] = NAME_PROBLEMS[problem];
  return fail(code, offset, `${path} ${detail}`, `${path}.${field}`);
}

/** A u64 from two u32 words as a number; exact below 2^53, and any larger value is past every file. */
function wordsToNumber(lo: number, hi: number): number {
  return hi * TWO_TO_32 + lo;
}

/**
 * Sections 2 and 3: the node table, split into columns, and each node's name checked. A bad
 * name makes the index unreadable (its paths would be wrong): fatal, with the nodes before
 * it kept.
 */
function readNodeTable(reader: ByteReader, index: WowsIndex): void {
  const count = index.header.nodeCount;
  const start = tableStart(reader, 'node', count, WOWS_NODE_RECORD_LENGTH);
  reader.seek(start);
  const words = reader.u32leArray(count * NODE_WORDS, 'node table');
  const nodes = nodeColumns(count);
  const { bytes } = reader;
  // Hot loop (once per node of a build): `w` is the record's first word.
  for (let node = 0; node < count; node++) {
    const w = node * NODE_WORDS;
    const recordOffset = start + node * WOWS_NODE_RECORD_LENGTH;
    const length = wordsToNumber(words[w]!, words[w + 1]!);
    const pointer = wordsToNumber(words[w + 2]!, words[w + 3]!);
    let nameOffset: number;
    try {
      nameOffset = checkName(bytes, recordOffset, length, pointer, `nodes[${node}]`);
    } catch (error) {
      index.nodes = firstRows(nodes, node);
      throw error;
    }
    nodes.nameOffsets[node] = nameOffset;
    nodes.nameLengths[node] = length - 1;
    nodes.idLo[node] = words[w + 4]!;
    nodes.idHi[node] = words[w + 5]!;
    nodes.parentLo[node] = words[w + 6]!;
    nodes.parentHi[node] = words[w + 7]!;
  }
  index.nodes = nodes;
}

/** Section 4: the file-record table, split into columns. */
function readFileTable(reader: ByteReader, index: WowsIndex, issues: Issue[]): void {
  const count = index.header.fileCount;
  const start = tableStart(reader, 'file', count, WOWS_FILE_RECORD_LENGTH);
  reader.seek(start);
  const words = reader.u32leArray(count * FILE_WORDS, 'file table');
  const files = fileColumns(count);
  let paddedCount = 0;
  let firstPadded = -1;
  let unsupportedCount = 0;
  let firstUnsupported = -1;
  // Hot loop (once per file of a build): `w` is the record's first word.
  for (let record = 0; record < count; record++) {
    const w = record * FILE_WORDS;
    if (words[w + 5]! > MAX_SAFE_HIGH_WORD) {
      index.files = firstRows(files, record);
      const at = start + record * WOWS_FILE_RECORD_LENGTH + WOWS_FILE_FIELD.offset;
      const detail = `file record ${record} pkg offset is above 2^53`;
      throw fail(ErrorCode.BAD_VALUE, at, detail, `files[${record}].offset`);
    }
    files.resourceLo[record] = words[w]!;
    files.resourceHi[record] = words[w + 1]!;
    files.volumeLo[record] = words[w + 2]!;
    files.volumeHi[record] = words[w + 3]!;
    files.offsets[record] = wordsToNumber(words[w + 4]!, words[w + 5]!);
    const type = (files.compressionTypes[record] = words[w + 6]!);
    const flags = (files.compressionFlags[record] = words[w + 7]!);
    files.storedSizes[record] = words[w + 8]!;
    files.crcs[record] = words[w + 9]!;
    files.sizes[record] = words[w + 10]!;
    const padding = (files.padding[record] = words[w + 11]!);
    if (padding !== 0 && paddedCount++ === 0) firstPadded = record;
    if (!isSupportedCompression(type, flags) && unsupportedCount++ === 0) firstUnsupported = record;
  }
  index.files = files;
  if (paddedCount > 0) {
    const at = fileRecordSpan(index, firstPadded).offset + WOWS_FILE_FIELD.padding;
    const message = `${paddedCount} file record(s) have non-zero padding at +0x2C (first: record ${firstPadded})`;
    issues.push(warning('RECORD_PADDING', message, at, 4));
  }
  if (unsupportedCount > 0) {
    const at = fileRecordSpan(index, firstUnsupported).offset + WOWS_FILE_FIELD.compressionType;
    const name = describeCompression(
      files.compressionTypes[firstUnsupported]!,
      files.compressionFlags[firstUnsupported]!,
    );
    issues.push({
      severity: 'info',
      code: 'UNSUPPORTED_COMPRESSION',
      message: `${unsupportedCount} file record(s) use compression other than stored or deflate (first: record ${firstUnsupported}, ${name}); they are listed but cannot be extracted`,
      span: { offset: at, length: 8 },
    });
  }
}

/**
 * Section 5: the volume table and its names. In real files the one name follows its record
 * (name_ptr 24) and ends at EOF; both are soft checks, generalised to several volumes as
 * "names packed in order right after the table". Some writers (wows-depack) put garbage in
 * name_ptr: when the name it points at fails the checks, the name is taken from where it
 * should be, with a warning; only when that fails too is the read fatal.
 */
function readVolumeTable(reader: ByteReader, index: WowsIndex, issues: Issue[]): void {
  const count = index.header.volumeCount;
  const start = tableStart(reader, 'volume', count, WOWS_VOLUME_RECORD_LENGTH);
  const { bytes } = reader;
  let namesBefore = 0;
  let lastSpan: Span | null = null;
  for (let volume = 0; volume < count; volume++) {
    const recordOffset = start + volume * WOWS_VOLUME_RECORD_LENGTH;
    reader.seek(recordOffset);
    const length = wordsToNumber(reader.u32le('name length'), reader.u32le('name length'));
    const pointer = wordsToNumber(reader.u32le('name pointer'), reader.u32le('name pointer'));
    const idLo = reader.u32le('volume id');
    const idHi = reader.u32le('volume id');
    const path = `volumes[${volume}]`;
    const expectedPointer = (count - volume) * WOWS_VOLUME_RECORD_LENGTH + namesBefore;
    let nameOffset: number;
    try {
      nameOffset = checkName(bytes, recordOffset, length, pointer, path);
    } catch (error) {
      if (pointer === expectedPointer) throw error;
      try {
        nameOffset = checkName(bytes, recordOffset, length, expectedPointer, path);
      } catch {
        throw error;
      }
    }
    if (pointer !== expectedPointer) {
      const used = nameOffset === recordOffset + pointer ? 'used as is' : 'ignored';
      const message = `volume ${volume} name pointer is ${pointer}, not ${expectedPointer} (right after the volume table); ${used}`;
      const at = recordOffset + WOWS_VOLUME_FIELD.namePointer;
      issues.push(warning('VOLUME_NAME_POINTER', message, at, 8));
    }
    const nameSpan = { offset: nameOffset, length };
    const stored = decodeUtf8OrLatin1(bytes.subarray(nameOffset, nameOffset + length - 1)).text;
    const hasLegacyPrefix = stored.startsWith(WOWS_VOLUME_NAME_LEGACY_PREFIX);
    const name = hasLegacyPrefix ? stored.slice(WOWS_VOLUME_NAME_LEGACY_PREFIX.length) : stored;
    const record = { offset: recordOffset, length: WOWS_VOLUME_RECORD_LENGTH };
    index.volumes.push({ name, hasLegacyPrefix, idLo, idHi, record, nameSpan });
    namesBefore += length;
    if (!lastSpan || nameOffset + length > lastSpan.offset + lastSpan.length) lastSpan = nameSpan;
  }
  const lastEnd = lastSpan ? lastSpan.offset + lastSpan.length : bytes.length;
  if (lastSpan && lastEnd !== bytes.length) {
    const message = `the last volume name ends at ${hexOffset(lastEnd)}, not at the end of the file (${hexOffset(bytes.length)})`;
    issues.push(warning('VOLUME_NAME_NOT_AT_EOF', message, lastSpan.offset, lastSpan.length));
  }
}

export type { WowsFileColumns, WowsHeader, WowsIndex, WowsNodeColumns, WowsVolume };
