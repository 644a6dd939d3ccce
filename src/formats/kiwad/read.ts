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
import type { Issue, ParseResult, Span } from '../model.ts';
import { pathProblem } from '../../binary/path-safety.ts';
import { KiwadEntryColumns } from './entry-columns.ts';
import { checkBounds, checkOverlaps, DuplicateNames } from './journal-checks.ts';
import { JournalScanner } from './journal-scan.ts';
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
export { KiwadEntryColumns, NAME_HINT } from './entry-columns.ts';
export {
  checkKiwadEntry,
  checkKiwadEntryRange,
  kiwadContentError,
  kiwadEntryFields,
  kiwadEntryStatus,
  planKiwadContent,
  readKiwadEntry,
} from './read-entry.ts';

const FORMAT = KIWAD_FORMAT;
const FIRST_SLICE = 64 * 1024;
const MAX_SLICE = 16 * 1024 * 1024;
/** Unparsed bytes at most that a new slice reads again instead of copying (see ensure). */
const RE_READ_LIMIT = 4 * 1024;

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
  /**
   * Called with each batch as the rows `[start, end)` of `columns`, with no entry objects
   * made for it (unless onBatch or retainEntries ask for them too).
   */
  onRecords?: (columns: KiwadEntryColumns, start: number, end: number) => void;
  /** Entries per batch at most; default 10000. A batch also ends before each slice read. */
  batchSize?: number;
  /** Polled between slices and batches; when true the read ends with fatal CANCELLED. */
  isCancelled?: () => boolean;
  /**
   * Awaited after each batch, so the host can answer other requests (the first rows) while
   * a long journal is parsed; default: a microtask, which lets nothing else run.
   */
  pause?: () => Promise<void>;
  /**
   * Keep every entry as an object in `value.entries` (default true). With false the entries
   * only stream out (onBatch, onRecords) and `value.entries` stays empty; the checks that
   * need every entry (duplicate names, bounds, overlaps) still run, over the columns.
   */
  retainEntries?: boolean;
  /** Columns (empty) to read the journal into, e.g. to keep them as a table; default a new one. */
  columns?: KiwadEntryColumns;
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
 *
 * Records are parsed by journal-scan.ts's hot loop while they lie whole in the slice in
 * memory and look ordinary; a record that runs past the slice, or has an odd name or name
 * length, takes the careful path below (ByteReader, the exact error or issue).
 */
export async function readKiwad(
  source: ByteSource,
  options: ReadKiwadOptions = {},
): Promise<ParseResult<KiwadArchive>> {
  const { onBatch, onRecords, isCancelled, pause } = options;
  const retainEntries = options.retainEntries ?? true;
  const batchSize = Math.max(1, options.batchSize ?? 10000);
  const columns = options.columns ?? new KiwadEntryColumns();
  if (columns.count !== 0) throw new RangeError('readKiwad needs empty columns');
  const size = source.size;
  const archive: KiwadArchive = {
    header: { version: 0, entryCount: 0, flags: null, headerLength: 0 },
    entries: [],
    journalEnd: 0,
    fileSize: size,
  };
  const issues: Issue[] = [];
  let batchStart = 0;
  const flush = (): void => {
    const end = columns.count;
    if (end === batchStart) return;
    if (onBatch || retainEntries) {
      const entries: KiwadEntry[] = [];
      for (let index = batchStart; index < end; index++) entries.push(columns.entry(index));
      if (retainEntries) for (const entry of entries) archive.entries.push(entry);
      onBatch?.(entries);
    }
    const start = batchStart;
    batchStart = end;
    onRecords?.(columns, start, end);
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

    // The journal, read in slices. `buffer` holds [bufferBase, bufferBase + length). The
    // first is small (the first rows show from it); once records have been parsed, a slice
    // covers what the records left are expected to need at the average length so far (a
    // read costs about as much to start as a few MiB cost to copy, so few and large), up to
    // MAX_SLICE; before any, slices double. While the journal certainly goes on past what
    // was asked for (each record left needs at least 22 bytes), the next slice is asked for
    // before this one is parsed, so the file read overlaps the parsing.
    let buffer: Uint8Array = new Uint8Array(0);
    let bufferBase = header.headerLength;
    let readPosition = header.headerLength;
    let sliceSize = FIRST_SLICE;
    let cursor = header.headerLength;
    let reader = new ByteReader(buffer, bufferBase, FORMAT);
    let nextSlice: Promise<Uint8Array> | null = null;
    const askNextSlice = (): Promise<Uint8Array> => {
      let want = sliceSize;
      const parsed = columns.count;
      if (parsed > 0) {
        const perRecord = (cursor - header.headerLength) / parsed;
        const expected = Math.ceil((header.entryCount - parsed) * perRecord * 1.05) + 1024;
        want = Math.max(FIRST_SLICE, Math.min(MAX_SLICE, expected - (readPosition - cursor)));
      }
      const take = Math.min(want, size - readPosition);
      const slice = source.read(readPosition, take);
      readPosition += take;
      sliceSize = Math.min(sliceSize * 2, MAX_SLICE);
      return slice;
    };
    const ensure = async (length: number): Promise<void> => {
      while (cursor + length > bufferBase + buffer.length && (nextSlice || readPosition < size)) {
        flush();
        checkCancelled(cursor);
        // With no read on its way, and only a few bytes left unparsed (a record cut by the
        // end of the slice), the next slice starts at the first byte not parsed: those few
        // bytes are read again rather than a slice of megabytes copied after them.
        const isFromCursor = !nextSlice && bufferBase + buffer.length - cursor < RE_READ_LIMIT;
        if (isFromCursor) readPosition = cursor;
        const slice = await (nextSlice ?? askNextSlice());
        nextSlice = null;
        const journalLeft = (header.entryCount - columns.count) * KIWAD_MIN_RECORD_LENGTH;
        if (columns.count > 0 && readPosition < size && cursor + journalLeft > readPosition) {
          nextSlice = askNextSlice();
          // Awaited by the next ensure; a parse that stops first must not leave it unhandled.
          nextSlice.catch(() => undefined);
        }
        buffer = isFromCursor ? slice : concat(buffer.subarray(cursor - bufferBase), slice);
        bufferBase = cursor;
        reader = new ByteReader(buffer, bufferBase, FORMAT);
        // Room for the records this slice can hold at most, at once (growing row by row
        // doubles and copies every column ~log n times). Bounded by bytes actually read, so
        // a forged count cannot make it allocate more.
        columns.reserve(
          Math.min(
            header.entryCount - columns.count,
            Math.floor(buffer.length / KIWAD_MIN_RECORD_LENGTH),
          ),
        );
      }
    };

    const scanner = new JournalScanner(size);
    const duplicates = new DuplicateNames();
    /** Names the scanner left, issues and duplicates of rows [first, first + count), in order. */
    const finishRows = (first: number, count: number, fromScanner: boolean): void => {
      for (let row = first; row < first + count; row++) {
        if (!fromScanner || scanner.needsCareful[row - first] === 1) {
          const nameAt = columns.recordOffset(row) + KIWAD_RECORD_FIELD.name;
          const relative = nameAt - bufferBase;
          const nameBytes = buffer.subarray(relative, relative + columns.nameLengths[row]!);
          columns.setName(row, decodeName(row, nameAt, nameBytes, issues));
        }
        const firstIndex = duplicates.firstIndex(row, columns, columns.nameHints[row]!);
        if (firstIndex >= 0) {
          issues.push(
            nameIssue(row, columns, 'DUPLICATE_NAME', `duplicate of entry ${firstIndex}`),
          );
        }
      }
    };

    /** One record through ByteReader, reading more of the journal as needed; exact errors. */
    async function readRecordCarefully(index: number): Promise<void> {
      await ensure(KIWAD_RECORD_FIXED_LENGTH);
      const recordStart = cursor;
      try {
        reader.seek(recordStart);
        const fields = readFixedFields(reader, index, size);
        await ensure(KIWAD_RECORD_FIXED_LENGTH + fields.nameLength);
        reader.seek(recordStart + KIWAD_RECORD_FIELD.name);
        reader.skip(fields.nameLength, 'name');
        cursor = reader.offset;
        columns.push({ ...fields, name: '' }, recordStart);
        const storedSize = fields.isCompressed ? fields.compressedSize : fields.uncompressedSize;
        if (fields.dataOffset + storedSize > size && scanner.firstOutOfBounds < 0) {
          scanner.firstOutOfBounds = index;
        }
      } catch (error) {
        if (!(error instanceof FormatError) || error.code === ErrorCode.CANCELLED) throw error;
        const field = recordFieldAt(error.offset - recordStart);
        throw error.withContext(FORMAT, `entries[${index}].${field}`);
      }
    }

    for (let index = 0; index < header.entryCount;) {
      const room = Math.min(header.entryCount, batchStart + batchSize) - index;
      const scanned = scanner.scan(buffer, bufferBase, cursor - bufferBase, room, columns);
      if (scanned > 0) {
        finishRows(index, scanned, true);
        cursor = bufferBase + scanner.end;
      } else {
        await readRecordCarefully(index);
        finishRows(index, 1, false);
      }
      index = columns.count;
      archive.journalEnd = cursor;
      if (index - batchStart >= batchSize) {
        flush();
        await (pause ? pause() : Promise.resolve());
        checkCancelled(cursor);
      }
    }

    flush();
    checkBounds(columns, scanner.firstOutOfBounds, source.size);
    checkOverlaps(columns, archive.journalEnd);
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

/** A warning about entry `index`'s name, with the name's span. */
function nameIssue(
  index: number,
  columns: KiwadEntryColumns,
  code: string,
  message: string,
): Issue {
  const nameSpan = {
    offset: columns.recordOffset(index) + KIWAD_RECORD_FIELD.name,
    length: columns.nameLengths[index]!,
  };
  return issueAt(index, nameSpan, code, message);
}

function issueAt(index: number, span: Span, code: string, message: string): Issue {
  return {
    severity: 'warning',
    code,
    message: `entry ${index}: ${message}`,
    span,
    entryIndex: index,
  };
}

/**
 * The careful name decoder, for the names journal-scan.ts leaves: strips one trailing
 * NUL, decodes UTF-8 (latin-1 fallback), and reports odd names.
 */
function decodeName(index: number, nameAt: number, bytes: Uint8Array, issues: Issue[]): string {
  const span = { offset: nameAt, length: bytes.length };
  const warn = (code: string, message: string) => issues.push(issueAt(index, span, code, message));
  const hasNul = bytes[bytes.length - 1] === 0;
  const body = hasNul ? bytes.subarray(0, bytes.length - 1) : bytes;
  if (!hasNul) warn('MISSING_NUL', 'name does not end in a NUL byte');
  if (body.includes(0)) warn('EMBEDDED_NUL', 'name contains a NUL byte');
  const name = decodeUtf8OrLatin1(body).text;
  if (name.includes('\\')) {
    warn('BACKSLASH_IN_NAME', 'name contains a backslash (breaks the game client)');
  }
  const problem = pathProblem(name);
  if (problem?.kind === 'unsafe') warn('UNSAFE_PATH', `unsafe path: ${problem.reason}`);
  return name;
}
