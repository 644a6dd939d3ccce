/**
 * KIWAD reader: the archives of Wizard101 and Pirate101 (`.wad`). Facts: spec.md beside
 * this file, source of truth ../shared/specs/kiwad.md. Little-endian throughout; offsets
 * are absolute.
 *
 * Sections, in file order:
 *   1. Header, 13 bytes (v1) or 14 bytes (v2+): magic `KIWAD` (0x0), version u32 (0x5),
 *      entry count u32 (0x9), flags u8 (0xD, only when version >= 2).
 *   2. Journal: `count` records of 21 fixed bytes + name:
 *      dataOffset u32, uncompressedSize u32, compressedSize u32, isCompressed u8, crc u32
 *      (KI-CRC of the stored bytes), nameLength u32 (counts the trailing NUL), name bytes.
 *   3. Data: each entry's stored bytes at its dataOffset, zlib streams (`78 DA`) except
 *      stored .mp3/.ogg. Usually in journal order right after the journal, not guaranteed.
 *
 * The reader never loads the archive whole: it reads the header, then the journal in
 * growing slices, streaming entries out in batches; entry data is read on demand.
 * Structural checks run in the spec's order: header, count, records, bounds, overlap.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ByteReader, decodeUtf8OrLatin1 } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import type { Issue, ParseResult } from '../model.ts';
import { pathProblem } from '../path-safety.ts';
import {
  KIWAD_FORMAT,
  KIWAD_MAGIC,
  KIWAD_MAX_NAME_LENGTH,
  KIWAD_MIN_RECORD_LENGTH,
  KIWAD_RECORD_FIELD,
  KIWAD_RECORD_FIXED_LENGTH,
  kiwadError,
} from './layout.ts';
import type { KiwadArchive, KiwadEntry, KiwadHeader } from './types.ts';

export * from './layout.ts';
export { checkKiwadEntry, kiwadEntryFields, readKiwadEntry } from './read-entry.ts';

const FORMAT = KIWAD_FORMAT;
const FIRST_SLICE = 64 * 1024;
const MAX_SLICE = 16 * 1024 * 1024;

/**
 * Parses the header from the first 13-14 bytes of a file. Versions above 2 parse like v2
 * (the caller warns). Throws FormatError BAD_MAGIC (offset 0) or UNEXPECTED_EOF.
 */
export function parseKiwadHeader(bytes: Uint8Array): KiwadHeader {
  const reader = new ByteReader(bytes, 0, FORMAT);
  const magicLength = Math.min(KIWAD_MAGIC.length, bytes.length);
  if (reader.ascii(magicLength, 'magic') !== KIWAD_MAGIC.slice(0, magicLength)) {
    throw new FormatError({
      code: ErrorCode.BAD_MAGIC,
      offset: 0,
      detail: 'not a KIWAD archive (no "KIWAD" magic)',
      format: FORMAT,
      path: 'header.magic',
    });
  }
  try {
    reader.seek(0);
    reader.ascii(KIWAD_MAGIC.length, 'magic');
    const version = reader.u32le('version');
    const entryCount = reader.u32le('entry count');
    const flags = version >= 2 ? reader.u8('flags') : null;
    return { version, entryCount, flags, headerLength: reader.offset };
  } catch (error) {
    throw error instanceof FormatError ? error.withContext(FORMAT, 'header') : error;
  }
}

export interface ReadKiwadOptions {
  /** Called with each batch of new entries, in journal order, as soon as they are parsed. */
  onBatch?: (entries: KiwadEntry[]) => void;
  /** Entries per batch at most; default 10000. A batch also ends before each slice read. */
  batchSize?: number;
  /** Polled between slices and batches; when true the read ends with fatal CANCELLED. */
  isCancelled?: () => boolean;
}

const fail = kiwadError;

function concat(left: Uint8Array, right: Uint8Array): Uint8Array {
  if (left.length === 0) return right;
  const out = new Uint8Array(left.length + right.length);
  out.set(left);
  out.set(right, left.length);
  return out;
}

/**
 * Reads the header and the journal, then checks bounds and overlaps. Never throws for
 * bad data: the result holds every entry read, the issues, and `fatal` when it stopped.
 */
export async function readKiwad(
  source: ByteSource,
  options: ReadKiwadOptions = {},
): Promise<ParseResult<KiwadArchive>> {
  const { onBatch, isCancelled } = options;
  const batchSize = Math.max(1, options.batchSize ?? 10000);
  const size = source.size;
  const archive: KiwadArchive = {
    header: { version: 0, entryCount: 0, flags: null, headerLength: 0 },
    entries: [],
    journalEnd: 0,
    fileSize: size,
  };
  const issues: Issue[] = [];
  let batch: KiwadEntry[] = [];
  const flush = (): void => {
    if (batch.length === 0) return;
    const out = batch;
    batch = [];
    onBatch?.(out);
  };
  const checkCancelled = (offset: number): void => {
    if (isCancelled?.()) throw fail(ErrorCode.CANCELLED, offset, 'read cancelled', '');
  };

  try {
    const header = parseKiwadHeader(await source.read(0, Math.min(14, size)));
    archive.header = header;
    archive.journalEnd = header.headerLength;
    if (header.version !== 1 && header.version !== 2) {
      issues.push({
        severity: 'warning',
        code: 'UNKNOWN_VERSION',
        message: `version ${header.version} is unknown; read like version ${header.version > 2 ? 2 : 1}`,
        span: { offset: 0x5, length: 4 },
      });
    }
    const journalRoom = size - header.headerLength;
    if (header.entryCount * KIWAD_MIN_RECORD_LENGTH > journalRoom) {
      throw fail(
        ErrorCode.BAD_COUNT,
        0x9,
        `${header.entryCount} entries need at least ${header.entryCount * KIWAD_MIN_RECORD_LENGTH} bytes, ${journalRoom} follow the header`,
        'header.entryCount',
      );
    }

    // The journal, read in growing slices. `buffer` holds [bufferBase, bufferBase + length).
    let buffer: Uint8Array = new Uint8Array(0);
    let bufferBase = header.headerLength;
    let readPosition = header.headerLength;
    let sliceSize = FIRST_SLICE;
    let cursor = header.headerLength;
    let reader = new ByteReader(buffer, bufferBase, FORMAT);
    const ensure = async (length: number): Promise<void> => {
      while (cursor + length > bufferBase + buffer.length && readPosition < size) {
        flush();
        checkCancelled(cursor);
        const take = Math.min(sliceSize, size - readPosition);
        const slice = await source.read(readPosition, take);
        buffer = concat(buffer.subarray(cursor - bufferBase), slice);
        bufferBase = cursor;
        reader = new ByteReader(buffer, bufferBase, FORMAT);
        readPosition += take;
        sliceSize = Math.min(sliceSize * 2, MAX_SLICE);
      }
    };

    const firstIndexOfName = new Map<string, number>();
    for (let index = 0; index < header.entryCount; index++) {
      await ensure(KIWAD_RECORD_FIXED_LENGTH);
      const recordStart = cursor;
      let entry: KiwadEntry;
      let nameBytes: Uint8Array;
      try {
        reader.seek(recordStart);
        const fields = readFixedFields(reader, index, size);
        await ensure(KIWAD_RECORD_FIXED_LENGTH + fields.nameLength);
        reader.seek(recordStart + KIWAD_RECORD_FIELD.name);
        nameBytes = reader.bytesView(fields.nameLength, 'name');
        cursor = reader.offset;
        const storedSize = fields.isCompressed ? fields.compressedSize : fields.uncompressedSize;
        const recordSpan = { offset: recordStart, length: cursor - recordStart };
        entry = { index, name: '', ...fields, storedSize, recordSpan };
      } catch (error) {
        if (!(error instanceof FormatError) || error.code === ErrorCode.CANCELLED) throw error;
        const field = recordFieldAt(error.offset - recordStart);
        throw error.withContext(FORMAT, `entries[${index}].${field}`);
      }
      entry.name = decodeName(entry, nameBytes, issues);
      const firstIndex = firstIndexOfName.get(entry.name);
      if (firstIndex === undefined) firstIndexOfName.set(entry.name, index);
      else issues.push(entryIssue(entry, 'DUPLICATE_NAME', `duplicate of entry ${firstIndex}`));
      archive.entries.push(entry);
      archive.journalEnd = cursor;
      batch.push(entry);
      if (batch.length >= batchSize) {
        flush();
        await Promise.resolve();
        checkCancelled(cursor);
      }
    }
    flush();
    checkBounds(archive.entries, size);
    checkOverlaps(archive.entries, archive.journalEnd);
    return { value: archive, issues, fatal: null };
  } catch (error) {
    flush();
    const info = toErrorInfo(error instanceof FormatError ? error.withContext(FORMAT) : error);
    return { value: archive, issues, fatal: info };
  }
}

/** Name of the record field at a relative offset, for error paths like `entries[3].crc`. */
function recordFieldAt(relative: number): string {
  let name = 'dataOffset';
  for (const [field, offset] of Object.entries(KIWAD_RECORD_FIELD)) {
    if (offset <= relative) name = field;
  }
  return name;
}

/** The 21 fixed bytes of record `index` at the reader's position; checks the name length. */
function readFixedFields(reader: ByteReader, index: number, size: number) {
  const dataOffset = reader.u32le('data offset');
  const uncompressedSize = reader.u32le('uncompressed size');
  const compressedSize = reader.u32le('compressed size');
  const isCompressed = reader.u8('compressed flag') !== 0;
  const crc = reader.u32le('crc');
  const nameLengthAt = reader.offset;
  const nameLength = reader.u32le('name length');
  if (nameLength === 0) {
    throw fail(ErrorCode.BAD_VALUE, nameLengthAt, `entry ${index} has a name length of 0`, '');
  }
  if (nameLength > KIWAD_MAX_NAME_LENGTH) {
    const detail = `entry ${index} name length ${nameLength} is absurd`;
    throw fail(ErrorCode.BAD_VALUE, nameLengthAt, detail, '');
  }
  if (reader.offset + nameLength > size) {
    const detail = `entry ${index} name runs past end of file`;
    throw fail(ErrorCode.UNEXPECTED_EOF, reader.offset, detail, '');
  }
  return { dataOffset, uncompressedSize, compressedSize, isCompressed, crc, nameLength };
}

function entryIssue(entry: KiwadEntry, code: string, message: string): Issue {
  const nameSpan = {
    offset: entry.recordSpan.offset + KIWAD_RECORD_FIELD.name,
    length: entry.nameLength,
  };
  return {
    severity: 'warning',
    code,
    message: `entry ${entry.index}: ${message}`,
    span: nameSpan,
    entryIndex: entry.index,
  };
}

/** Strips one trailing NUL, decodes UTF-8 (latin-1 fallback), and reports odd names. */
function decodeName(entry: KiwadEntry, bytes: Uint8Array, issues: Issue[]): string {
  const hasNul = bytes[bytes.length - 1] === 0;
  const body = hasNul ? bytes.subarray(0, bytes.length - 1) : bytes;
  if (!hasNul) issues.push(entryIssue(entry, 'MISSING_NUL', 'name does not end in a NUL byte'));
  if (body.includes(0)) issues.push(entryIssue(entry, 'EMBEDDED_NUL', 'name contains a NUL byte'));
  const name = decodeUtf8OrLatin1(body).text;
  if (name.includes('\\')) {
    issues.push(
      entryIssue(entry, 'BACKSLASH_IN_NAME', 'name contains a backslash (breaks the game client)'),
    );
  }
  const problem = pathProblem(name);
  if (problem?.kind === 'unsafe') {
    issues.push(entryIssue(entry, 'UNSAFE_PATH', `unsafe path: ${problem.reason}`));
  }
  return name;
}

/** Every entry's stored range must lie inside the file (no 32-bit wrap: JS numbers). */
function checkBounds(entries: readonly KiwadEntry[], size: number): void {
  for (const entry of entries) {
    if (entry.dataOffset + entry.storedSize > size) {
      throw fail(
        ErrorCode.OUT_OF_BOUNDS,
        entry.recordSpan.offset,
        `entry ${entry.index} data ends past end of file`,
        `entries[${entry.index}].dataOffset`,
      );
    }
  }
}

/** Zip-bomb guard: data ranges may not overlap each other or start inside the journal. */
function checkOverlaps(entries: readonly KiwadEntry[], journalEnd: number): void {
  const withData = entries.filter((entry) => entry.storedSize > 0);
  withData.sort((a, b) => a.dataOffset - b.dataOffset || a.index - b.index);
  let previous: KiwadEntry | null = null;
  for (const entry of withData) {
    const path = `entries[${entry.index}].dataOffset`;
    if (entry.dataOffset < journalEnd) {
      throw fail(
        ErrorCode.OVERLAP,
        entry.dataOffset,
        `entry ${entry.index} data starts inside the journal`,
        path,
      );
    }
    if (previous && entry.dataOffset < previous.dataOffset + previous.storedSize) {
      throw fail(
        ErrorCode.OVERLAP,
        entry.dataOffset,
        `entry ${entry.index} data overlaps entry ${previous.index}`,
        path,
      );
    }
    previous = entry;
  }
}
