/**
 * A KIWAD journal kept in columns: one typed array per record field plus the names' texts,
 * instead of one KiwadEntry object per entry. The reader appends to it (read.ts,
 * journal-scan.ts); the worker keeps it as the opened archive's table. A KiwadEntry object
 * with its span and boxed numbers costs ~150 bytes of JS heap; a row here is ~33 bytes of
 * typed arrays (outside the JS heap) and one name. Objects are rebuilt on demand for the
 * few entries being looked at (details, content, preview).
 *
 * The arrays are public so the reader's hot loop can write them in place after `reserve`;
 * everyone else reads through the methods. Every u32 field of the record fits its
 * Uint32Array as is; record offsets are file offsets, kept as Float64 (exact to 2^53).
 */
import { KIWAD_RECORD_FIXED_LENGTH } from './layout.ts';
import type { KiwadEntry } from './types.ts';

/**
 * Bits of `nameHints`: what the reader's hot loop learnt of a name while it checked its
 * bytes, so its consumers need not scan the string again. 0 means nothing is known.
 */
export const NAME_HINT = {
  /** Plain ASCII, no empty segment; `lastSlashes` holds where its last `/` is (-1: none). */
  plain: 1,
  /** Compared with the previous entry's name (in byte order, which is code-unit order here). */
  orderKnown: 2,
  /** With orderKnown: it sorts after the previous name. */
  after: 4,
  /** With orderKnown: it equals the previous name. */
  same: 8,
  /** The text before its last `/` equals the previous entry's. */
  sameFolder: 16,
} as const;

// The first `used` values of `old` in a new array of `capacity`. Module functions, one per
// array type, not a closure per call (see worker/tree-nodes.ts).
function grownUint32(
  old: Uint32Array<ArrayBuffer>,
  capacity: number,
  used: number,
): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(capacity);
  next.set(old.subarray(0, used));
  return next;
}
function grownInt32(
  old: Int32Array<ArrayBuffer>,
  capacity: number,
  used: number,
): Int32Array<ArrayBuffer> {
  const next = new Int32Array(capacity);
  next.set(old.subarray(0, used));
  return next;
}
function grownUint8(
  old: Uint8Array<ArrayBuffer>,
  capacity: number,
  used: number,
): Uint8Array<ArrayBuffer> {
  const next = new Uint8Array(capacity);
  next.set(old.subarray(0, used));
  return next;
}
function grownFloat64(
  old: Float64Array<ArrayBuffer>,
  capacity: number,
  used: number,
): Float64Array<ArrayBuffer> {
  const next = new Float64Array(capacity);
  next.set(old.subarray(0, used));
  return next;
}

export class KiwadEntryColumns {
  /** Rows in use; the arrays may be longer (capacity). */
  count = 0;
  /**
   * Names are kept as texts that rows point into, and cut out only when asked for: a
   * substring per entry at open was 100,000s of strings that most users never look at, and
   * the garbage collector copied every one of them (docs/PERFORMANCE.md). A text is the
   * plain names of one scan of the hot loop, decoded together, or one name the careful
   * decoder made. [0] is the empty name, for rows not named yet.
   */
  readonly nameTexts: string[] = [''];
  /** Per row: its text in nameTexts. */
  nameTextIndexes = new Int32Array(0);
  /** Per row: where its name starts in its text; -1 when the name is the whole text. */
  nameTextStarts = new Int32Array(0);
  dataOffsets = new Uint32Array(0);
  uncompressedSizes = new Uint32Array(0);
  /** The compressed-size field as stored (0xFFFFFFFF or 0 for stored entries in practice). */
  compressedSizes = new Uint32Array(0);
  /** `isCompressed ? compressedSize : uncompressedSize`, kept so checks need no branch. */
  storedSizes = new Uint32Array(0);
  crcs = new Uint32Array(0);
  nameLengths = new Uint32Array(0);
  recordOffsets = new Float64Array(0);
  /** 1 when the compressed flag byte is non-zero, else 0. */
  isCompressedFlags = new Uint8Array(0);
  /** NAME_HINT bits of each name. */
  nameHints = new Uint8Array(0);
  /** Where each plain name's last `/` is, -1 when it has none (see NAME_HINT.plain). */
  lastSlashes = new Int32Array(0);
  /**
   * With NAME_HINT.orderKnown: how many leading characters a name shares with the previous
   * one; -1 when not known.
   */
  commonLengths = new Int32Array(0);

  get length(): number {
    return this.count;
  }

  /** Rows there is room for (see reserve). */
  get capacity(): number {
    return this.dataOffsets.length;
  }

  /**
   * Makes room for `extra` more rows. Capacity doubles, so appending n rows copies at most
   * ~2n; it never jumps to a declared count, which a forged header could make huge.
   */
  reserve(extra: number): void {
    const needed = this.count + extra;
    if (needed <= this.dataOffsets.length) return;
    const capacity = Math.max(needed, this.dataOffsets.length * 2, 1024);
    const used = this.count;
    this.dataOffsets = grownUint32(this.dataOffsets, capacity, used);
    this.uncompressedSizes = grownUint32(this.uncompressedSizes, capacity, used);
    this.compressedSizes = grownUint32(this.compressedSizes, capacity, used);
    this.storedSizes = grownUint32(this.storedSizes, capacity, used);
    this.crcs = grownUint32(this.crcs, capacity, used);
    this.nameLengths = grownUint32(this.nameLengths, capacity, used);
    this.recordOffsets = grownFloat64(this.recordOffsets, capacity, used);
    this.isCompressedFlags = grownUint8(this.isCompressedFlags, capacity, used);
    this.nameHints = grownUint8(this.nameHints, capacity, used);
    this.lastSlashes = grownInt32(this.lastSlashes, capacity, used);
    this.commonLengths = grownInt32(this.commonLengths, capacity, used);
    this.nameTextIndexes = grownInt32(this.nameTextIndexes, capacity, used);
    this.nameTextStarts = grownInt32(this.nameTextStarts, capacity, used);
  }

  /** Adds a text that rows' names point into (nameTextIndexes); returns its index. */
  addNameText(text: string): number {
    this.nameTexts.push(text);
    return this.nameTexts.length - 1;
  }

  /** Names row `index` with a whole string (the careful decoder's). */
  setName(index: number, name: string): void {
    this.nameTextIndexes[index] = name === '' ? 0 : this.addNameText(name);
    this.nameTextStarts[index] = -1;
  }

  /** Appends one row (the careful path of the reader; the hot loop writes the arrays itself). */
  push(entry: Omit<KiwadEntry, 'index' | 'storedSize' | 'recordSpan'>, recordOffset: number): void {
    this.reserve(1);
    const at = this.count++;
    this.setName(at, entry.name);
    this.dataOffsets[at] = entry.dataOffset;
    this.uncompressedSizes[at] = entry.uncompressedSize;
    this.compressedSizes[at] = entry.compressedSize;
    this.storedSizes[at] = entry.isCompressed ? entry.compressedSize : entry.uncompressedSize;
    this.crcs[at] = entry.crc;
    this.nameLengths[at] = entry.nameLength;
    this.recordOffsets[at] = recordOffset;
    this.isCompressedFlags[at] = entry.isCompressed ? 1 : 0;
    this.nameHints[at] = 0;
    this.commonLengths[at] = -1;
  }

  has(index: number): boolean {
    return Number.isInteger(index) && index >= 0 && index < this.count;
  }

  /** Row `index`'s name (a new string each call for most rows: callers keep what they reuse). */
  name(index: number): string {
    const text = this.nameTexts[this.nameTextIndexes[index]!]!;
    const start = this.nameTextStarts[index]!;
    // A plain name is ASCII: as many characters as its bytes, less the NUL.
    return start < 0 ? text : text.substring(start, start + this.nameLengths[index]! - 1);
  }
  dataOffset(index: number): number {
    return this.dataOffsets[index]!;
  }
  uncompressedSize(index: number): number {
    return this.uncompressedSizes[index]!;
  }
  isCompressed(index: number): boolean {
    return this.isCompressedFlags[index] === 1;
  }
  storedSize(index: number): number {
    return this.storedSizes[index]!;
  }
  crc(index: number): number {
    return this.crcs[index]!;
  }
  recordOffset(index: number): number {
    return this.recordOffsets[index]!;
  }

  /** The entry as an object (a new one each call). */
  entry(index: number): KiwadEntry {
    const nameLength = this.nameLengths[index]!;
    return {
      index,
      name: this.name(index),
      dataOffset: this.dataOffsets[index]!,
      uncompressedSize: this.uncompressedSizes[index]!,
      compressedSize: this.compressedSizes[index]!,
      isCompressed: this.isCompressedFlags[index] === 1,
      crc: this.crcs[index]!,
      storedSize: this.storedSizes[index]!,
      nameLength,
      recordSpan: {
        offset: this.recordOffsets[index]!,
        length: KIWAD_RECORD_FIXED_LENGTH + nameLength,
      },
    };
  }
}
