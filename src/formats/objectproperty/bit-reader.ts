/**
 * Reading ObjectProperty streams bit by bit (spec.md "Bit reader"): bits are taken
 * LSB-first within each byte and multi-bit fields are assembled LSB-first. "Aligned" values
 * skip to the next byte boundary first; bit fields do not. Every read is bounds-checked
 * against the stream's end and fails with UNEXPECTED_EOF at the byte and bit it needed.
 *
 * Hot: a file of 200,000 objects makes tens of millions of reads. Bit fields take whole
 * bytes (at most five), aligned integers are assembled from bytes without a view call, and
 * a read's name is only made into a message when it fails.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';

/** 2^0 … 2^40: the weight of each byte of a bit field (exact in a double). */
const POWERS = Array.from({ length: 41 }, (_, bit) => 2 ** bit);

export class BitReader {
  /** Position in bits from the stream's start. */
  position = 0;
  readonly totalBits: number;
  private readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.totalBits = bytes.length * 8;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remainingBits(): number {
    return this.totalBits - this.position;
  }

  /** Fails unless `count` more bits are there; `what` names them for the message. */
  need(count: number, what: string): void {
    if (count > this.totalBits - this.position) this.fail(count, what);
  }

  private fail(count: number, what: string): never {
    throw new FormatError({
      code: ErrorCode.UNEXPECTED_EOF,
      offset: this.position >>> 3,
      detail: `${what} needs ${count} bits at bit ${this.position}, ${this.remainingBits} left`,
      format: OBJECT_PROPERTY_FORMAT,
    });
  }

  /** Skips to the next byte boundary (nothing when already on one). */
  align(): void {
    const next = (this.position + 7) & ~7;
    this.position = next < this.totalBits ? next : this.totalBits;
  }

  /** `count` (0–32) bits, LSB-first, unsigned. */
  bits(count: number, what = 'a bit field'): number {
    const position = this.position;
    if (count > this.totalBits - position) this.fail(count, what);
    if (count === 0) return 0;
    const { bytes } = this;
    const shift = position & 7;
    let at = position >>> 3;
    // The first byte's bits above `shift`, then whole bytes until `count` bits are there.
    let value = bytes[at++]! >>> shift;
    for (let got = 8 - shift; got < count; got += 8) value += bytes[at++]! * POWERS[got]!;
    this.position = position + count;
    return value % POWERS[count]!;
  }

  /** `count` bits sign-extended. */
  signedBits(count: number, what?: string): number {
    const value = this.bits(count, what);
    return value >= POWERS[count - 1]! ? value - POWERS[count]! : value;
  }

  /** The byte offset of an aligned read of `size` bytes, checked. */
  private aligned(size: number, what: string): number {
    const position = (this.position + 7) & ~7;
    if (position + size * 8 > this.totalBits) {
      this.position = Math.min(position, this.totalBits);
      this.fail(size * 8, what);
    }
    this.position = position + size * 8;
    return position >>> 3;
  }

  u8(what = 'a byte'): number {
    return this.bytes[this.aligned(1, what)]!;
  }
  i8(what = 'a byte'): number {
    return (this.bytes[this.aligned(1, what)]! << 24) >> 24;
  }
  u16(what = 'a u16'): number {
    const at = this.aligned(2, what);
    return this.bytes[at]! | (this.bytes[at + 1]! << 8);
  }
  i16(what = 'an i16'): number {
    const at = this.aligned(2, what);
    return ((this.bytes[at]! | (this.bytes[at + 1]! << 8)) << 16) >> 16;
  }
  u32(what = 'a u32'): number {
    return this.i32(what) >>> 0;
  }
  i32(what = 'an i32'): number {
    const at = this.aligned(4, what);
    const { bytes } = this;
    return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
  }
  f32(what = 'an f32'): number {
    return this.view.getFloat32(this.aligned(4, what), true);
  }
  f64(what = 'an f64'): number {
    return this.view.getFloat64(this.aligned(8, what), true);
  }
  u64(what = 'a u64'): bigint {
    return this.view.getBigUint64(this.aligned(8, what), true);
  }
  i64(what = 'an i64'): bigint {
    return this.view.getBigInt64(this.aligned(8, what), true);
  }

  /** Moves past `count` aligned bytes, checked like a read of them (nothing is made). */
  skipAligned(count: number, what: string): void {
    this.aligned(count, what);
  }

  /** `count` aligned bytes (a view, not a copy). */
  byteRun(count: number, what: string): Uint8Array {
    const at = this.aligned(count, what);
    return this.bytes.subarray(at, at + count);
  }
}
