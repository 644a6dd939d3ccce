/**
 * Output made as bytes, straight into chunks of about 1 MiB: ASCII pieces encoded once,
 * unsigned integers as digits, text through one `encodeInto`. A listing of 350,000 entries
 * that built one string per chunk spent as long turning those strings (ropes of a few
 * hundred thousand pieces) into bytes as making them, and most of its garbage collection.
 */
const encoder = new TextEncoder();

/** Bytes of ASCII text, encoded once (keys, punctuation). */
export const ascii = (text: string): Uint8Array => encoder.encode(text);

const DIGITS = 0x30;

export class ByteChunks {
  /** The chunk being filled; `at` bytes of it are written. */
  bytes: Uint8Array;
  at = 0;

  constructor(private readonly chunkSize = 1 << 20) {
    this.bytes = new Uint8Array(chunkSize + 4096);
  }

  /** Whether the chunk is full enough to hand over (`take`). */
  get isFull(): boolean {
    return this.at >= this.chunkSize;
  }

  /** The bytes written so far, as a chunk of their own; the next ones go to a fresh one. */
  take(): Uint8Array {
    const chunk = this.bytes.subarray(0, this.at);
    this.bytes = new Uint8Array(this.chunkSize + 4096);
    this.at = 0;
    return chunk;
  }

  /** Makes room for `length` more bytes. */
  room(length: number): void {
    if (this.at + length <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + length));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
  }

  byte(value: number): void {
    this.room(1);
    this.bytes[this.at++] = value;
  }

  /** Bytes made by `ascii` (short: a loop beats `set` on them). */
  put(piece: Uint8Array): void {
    this.room(piece.length);
    const { bytes } = this;
    let at = this.at;
    for (let from = 0; from < piece.length; from++) bytes[at++] = piece[from]!;
    this.at = at;
  }

  /** Any text, as UTF-8. */
  text(value: string): void {
    this.room(value.length * 3);
    this.at += encoder.encodeInto(value, this.bytes.subarray(this.at)).written;
  }

  /** A number as JSON writes it: a safe unsigned integer digit by digit, anything else as text. */
  number(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      this.text(Number.isFinite(value) ? String(value) : 'null');
      return;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    this.room(digits);
    const { bytes } = this;
    let rest = value;
    for (let at = this.at + digits - 1; at >= this.at; at--) {
      bytes[at] = DIGITS + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.at += digits;
  }
}

/** Whether bytes [from, to) are a JSON string's content as they are: printable ASCII, no `"` or `\`. */
export function isPlainJsonText(bytes: Uint8Array, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const byte = bytes[at]!;
    if (byte < 0x20 || byte >= 0x7f || byte === 0x22 || byte === 0x5c) return false;
  }
  return true;
}
