/**
 * The KIWAD journal's hot loop: ordinary records parsed straight from the slice in memory
 * into the reader's columns, 100,000s of them per open.
 *
 * This is the one documented exception to "raw DataView and index access lives in
 * byte-reader.ts": through ByteReader each record cost six bounds-checked calls, a
 * subarray, an object and a TextDecoder call for its name, most of the open's time. Here
 * the bounds are checked once per record, against the slice, and everything that is not
 * plainly well formed is left to the reader's careful path (read.ts), which reads it
 * through ByteReader and reports the exact FormatError and issues. So this loop never
 * decides an error or an issue; it only stops, or marks a name for the careful decoder.
 *
 * Names: bytes below 0x80, no control byte, backslash or colon, no `.` or `/` right after
 * a `/` or at the start, not ending in `/`, and a trailing NUL. Such a name is its own
 * text and `pathProblem` returns null for it (no empty, `.` or `..` segment, no absolute,
 * UNC or drive prefix), so it needs no check. Their bytes are copied end to end into a
 * scratch buffer while they are checked and decoded in one call; each row points into the
 * result, which is cut only when a name is asked for (entry-columns.ts).
 * Any other name (UTF-8, latin-1, or anything the path checks may flag) goes to the
 * careful decoder; in real archives that is a handful at most.
 */
import { decodeAsciiBytes } from '../../binary/byte-reader.ts';
import { NAME_HINT, type KiwadEntryColumns } from './entry-columns.ts';
import { KIWAD_MAX_NAME_LENGTH, KIWAD_RECORD_FIELD, KIWAD_RECORD_FIXED_LENGTH } from './layout.ts';

const SLASH = 0x2f;
const PLAIN = 0;
/** `.` and `/`: odd at the start of a segment (an empty, `.` or `..` segment), else plain. */
const SEGMENT_START_ODD = 1;
const ODD = 2;
/** What each byte value is in a name: one table load per byte in the hot loop. */
const BYTE_KIND = new Uint8Array(256).map((_, b) => {
  if (b === 0x2e || b === SLASH) return SEGMENT_START_ODD;
  // Control bytes and DEL, non-ASCII, backslash, colon (drive prefixes).
  if (b < 0x20 || b >= 0x7f || b === 0x5c || b === 0x3a) return ODD;
  return PLAIN;
});

/**
 * Bytes of name text one scan may copy: a batch of 10,000 names of 100 bytes. It was the
 * whole slice (6 MB for the bench's journal) though a scan writes only its batch's names.
 */
const NAME_TEXT_ROOM = 1024 * 1024;

export class JournalScanner {
  /** Relative position in the slice after the last record of the last scan. */
  end = 0;
  /** First entry whose stored range ends past the end of the file; -1 while there is none. */
  firstOutOfBounds = -1;
  /** Per row of the last scan: 1 when its name was left to the careful decoder (its name is ''). */
  needsCareful = new Uint8Array(0);
  /** Starts empty, so even a small first scan replaces it (see scanRecords). */
  private text = new Uint8Array(0);
  private textStarts = new Int32Array(0);

  constructor(private readonly fileSize: number) {}

  /**
   * Parses up to `maxRecords` records from `bytes[from..]` and appends them to `columns`.
   * Stops early before a record whose fixed part or name is not all in `bytes`, or whose
   * name length is 0 or absurd. Returns the number of records parsed.
   */
  scan(
    bytes: Uint8Array,
    base: number,
    from: number,
    maxRecords: number,
    columns: KiwadEntryColumns,
  ): number {
    const firstRow = columns.count;
    const rows = this.scanRecords(bytes, base, from, maxRecords, columns);
    this.pushNames(columns, firstRow, rows, this.textLength);
    columns.count = firstRow + rows;
    return rows;
  }

  /** Length of the name text the last scanRecords copied. */
  private textLength = 0;

  /**
   * The loop itself, which returns as soon as it ends: what follows it (the names) is in
   * the caller. Code after a hot loop in the same function is compiled with the loop,
   * and in a real open after the warm-up (worker/warm-up.ts) it kept lacking the engine's
   * feedback, which threw the loop's optimised code away at the end of every batch.
   */
  private scanRecords(
    bytes: Uint8Array,
    base: number,
    from: number,
    maxRecords: number,
    columns: KiwadEntryColumns,
  ): number {
    if (this.needsCareful.length < maxRecords) {
      this.needsCareful = new Uint8Array(maxRecords);
      this.textStarts = new Int32Array(maxRecords);
    }
    columns.reserve(maxRecords);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { dataOffsets, uncompressedSizes, compressedSizes, storedSizes, crcs } = columns;
    const { nameLengths, recordOffsets, isCompressedFlags, nameHints, lastSlashes, commonLengths } =
      columns;
    const needsCareful = this.needsCareful;
    const textStarts = this.textStarts;
    const limit = bytes.length;
    const fileSize = this.fileSize;
    const firstRow = columns.count;
    // Room for this scan's names, made before the loop: the loop has no growth branch (a
    // branch first taken in a real open, never in the warm-up, would make the engine drop
    // this loop's optimised code; worker/warm-up.ts). A scan whose names would not fit
    // stops early, as at the end of the slice, and the next scan goes on. `text` starts
    // empty so that the warm-up replaces it too: a field only ever set once is taken for a
    // constant, and the code built on that is dropped when it first changes.
    const room = Math.min(limit - from, NAME_TEXT_ROOM);
    if (this.text.length < room) this.text = new Uint8Array(room);
    const text = this.text;
    const textRoom = text.length;
    let textLength = 0;
    let at = from;
    let rows = 0;
    /** Where the previous record's name starts in `bytes`. */
    let previousNameAt = 0;
    // Short names in this loop: it is the hot loop the header describes.
    while (rows < maxRecords) {
      const nameAt = at + KIWAD_RECORD_FIXED_LENGTH;
      if (nameAt > limit) break;
      const nameLength = view.getUint32(at + KIWAD_RECORD_FIELD.nameLength, true);
      if (
        nameLength === 0 ||
        nameLength > KIWAD_MAX_NAME_LENGTH ||
        nameAt + nameLength > limit ||
        textLength + nameLength > textRoom
      ) {
        break;
      }
      const row = firstRow + rows;
      const dataOffset = view.getUint32(at, true);
      const uncompressed = view.getUint32(at + KIWAD_RECORD_FIELD.uncompressedSize, true);
      const compressed = view.getUint32(at + KIWAD_RECORD_FIELD.compressedSize, true);
      const isCompressed = bytes[at + KIWAD_RECORD_FIELD.isCompressed] !== 0;
      const stored = isCompressed ? compressed : uncompressed;
      dataOffsets[row] = dataOffset;
      uncompressedSizes[row] = uncompressed;
      compressedSizes[row] = compressed;
      storedSizes[row] = stored;
      crcs[row] = view.getUint32(at + KIWAD_RECORD_FIELD.crc, true);
      nameLengths[row] = nameLength;
      recordOffsets[row] = base + at;
      isCompressedFlags[row] = isCompressed ? 1 : 0;
      // No 32-bit wrap: JS numbers.
      if (dataOffset + stored > fileSize && this.firstOutOfBounds < 0) this.firstOutOfBounds = row;

      // The name, without its NUL: copied while checked; left to the careful path when odd.
      // What the loop learns of it on the way goes to its consumers as NAME_HINT bits: the
      // order against the previous name and their shared length (the duplicate check and
      // the tree then compare no strings), where its last `/` is, and whether the text
      // before it is the previous name's (the tree's folder step).
      const bodyEnd = nameAt + nameLength - 1;
      const length = nameLength - 1;
      let isPlain = bytes[bodyEnd] === 0;
      let slash = -1;
      // The part it shares with the previous name, when that one was plain, passed the
      // checks already: it is only copied. -1: no previous plain name.
      let common = -1;
      let previousLength = 0;
      let previousSlash = -1;
      if (isPlain && rows > 0 && needsCareful[rows - 1] === 0) {
        previousLength = nameLengths[row - 1]! - 1;
        previousSlash = lastSlashes[row - 1]!;
        const shorter = previousLength < length ? previousLength : length;
        common = 0;
        while (common < shorter && bytes[previousNameAt + common] === bytes[nameAt + common]) {
          text[textLength + common] = bytes[nameAt + common]!;
          common++;
        }
        if (previousSlash < common) {
          slash = previousSlash;
        } else {
          slash = common - 1;
          while (slash >= 0 && bytes[nameAt + slash] !== SLASH) slash--;
        }
      }
      if (isPlain) {
        const from = common < 0 ? 0 : common;
        for (let k = nameAt + from, w = textLength + from; k < bodyEnd; k++, w++) {
          const b = bytes[k]!;
          text[w] = b;
          const kind = BYTE_KIND[b]!;
          if (kind !== PLAIN) {
            if (kind === ODD || k === nameAt || bytes[k - 1] === SLASH) {
              isPlain = false;
              break;
            }
            if (b === SLASH) slash = k - nameAt;
          }
        }
        // An empty name, or one ending in `/`, has an empty segment.
        if (bodyEnd === nameAt || bytes[bodyEnd - 1] === SLASH) isPlain = false;
      }
      if (isPlain) {
        needsCareful[rows] = 0;
        textStarts[rows] = textLength;
        lastSlashes[row] = slash;
        if (common >= 0) {
          let hints: number = NAME_HINT.plain | NAME_HINT.orderKnown;
          if (common < length && common < previousLength) {
            if (bytes[nameAt + common]! > bytes[previousNameAt + common]!) hints |= NAME_HINT.after;
          } else if (length > previousLength) {
            hints |= NAME_HINT.after;
          } else if (length === previousLength) {
            hints |= NAME_HINT.same;
          }
          if (slash >= 0 && slash === previousSlash && common >= slash)
            hints |= NAME_HINT.sameFolder;
          nameHints[row] = hints;
          commonLengths[row] = common;
        } else {
          nameHints[row] = NAME_HINT.plain;
          commonLengths[row] = -1;
        }
        textLength += length;
      } else {
        needsCareful[rows] = 1;
        nameHints[row] = 0;
        commonLengths[row] = -1;
      }
      previousNameAt = nameAt;
      at = nameAt + nameLength;
      rows++;
    }

    this.textLength = textLength;
    this.end = at;
    return rows;
  }

  /**
   * The names of rows [firstRow, firstRow + rows): the plain ones decoded in one call,
   * which the rows point into (entry-columns.ts); the others are left unnamed for the
   * careful decoder. A method of its own: kept in the hot loop's function, the engine's
   * code for the loop was dropped again and again at this point in a real open after the
   * warm-up (worker/warm-up.ts), for want of feedback it had.
   */
  private pushNames(
    columns: KiwadEntryColumns,
    firstRow: number,
    rows: number,
    textLength: number,
  ): void {
    const textIndex = columns.addNameText(decodeAsciiBytes(this.text.subarray(0, textLength)));
    const needsCareful = this.needsCareful;
    const textStarts = this.textStarts;
    const { nameTextIndexes, nameTextStarts } = columns;
    for (let r = 0; r < rows; r++) {
      const row = firstRow + r;
      if (needsCareful[r] === 1) {
        nameTextIndexes[row] = 0;
        nameTextStarts[row] = -1;
      } else {
        nameTextIndexes[row] = textIndex;
        nameTextStarts[row] = textStarts[r]!;
      }
    }
  }
}
