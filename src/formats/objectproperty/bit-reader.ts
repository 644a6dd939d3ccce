/**
 * Reading ObjectProperty streams bit by bit (spec.md "Bit reader"): bits are taken
 * LSB-first within each byte and multi-bit fields are assembled LSB-first. "Aligned" values
 * skip to the next byte boundary first; bit fields do not. Every read is bounds-checked
 * against the stream's end and fails with UNEXPECTED_EOF at the byte and bit it needed.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';

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
    if (count > this.remainingBits) {
      throw new FormatError({
        code: ErrorCode.UNEXPECTED_EOF,
        offset: this.position >>> 3,
        detail: `${what} needs ${count} bits at bit ${this.position}, ${this.remainingBits} left`,
        format: OBJECT_PROPERTY_FORMAT,
      });
    }
  }

  /** Skips to the next byte boundary (nothing when already on one). */
  align(): void {
    this.position = Math.min(this.totalBits, (this.position + 7) & ~7);
  }

  /** `count` (0–32) bits, LSB-first, unsigned. */
  bits(count: number, what = 'a bit field'): number {
    this.need(count, what);
    let value = 0;
    let done = 0;
    while (done < count) {
      const byte = this.bytes[this.position >>> 3]!;
      const shift = this.position & 7;
      const take = Math.min(8 - shift, count - done);
      const part = (byte >>> shift) & ((1 << take) - 1);
      value += part * 2 ** done;
      done += take;
      this.position += take;
    }
    return value;
  }

  /** `count` bits sign-extended. */
  signedBits(count: number, what?: string): number {
    const value = this.bits(count, what);
    return value >= 2 ** (count - 1) ? value - 2 ** count : value;
  }

  /** The byte offset of an aligned read of `size` bytes, checked. */
  private aligned(size: number, what: string): number {
    this.align();
    this.need(size * 8, what);
    const at = this.position >>> 3;
    this.position += size * 8;
    return at;
  }

  u8(what = 'a byte'): number {
    return this.view.getUint8(this.aligned(1, what));
  }
  i8(what = 'a byte'): number {
    return this.view.getInt8(this.aligned(1, what));
  }
  u16(what = 'a u16'): number {
    return this.view.getUint16(this.aligned(2, what), true);
  }
  i16(what = 'an i16'): number {
    return this.view.getInt16(this.aligned(2, what), true);
  }
  u32(what = 'a u32'): number {
    return this.view.getUint32(this.aligned(4, what), true);
  }
  i32(what = 'an i32'): number {
    return this.view.getInt32(this.aligned(4, what), true);
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

  /** `count` aligned bytes (a view, not a copy). */
  byteRun(count: number, what: string): Uint8Array {
    const at = this.aligned(count, what);
    return this.bytes.subarray(at, at + count);
  }
}
