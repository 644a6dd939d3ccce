/**
 * The mirror of bit-reader.ts: bits LSB-first, aligned values at byte boundaries, and u32
 * fields patched afterwards (deep mode's sizes, known only once the body is written).
 */
export class BitWriter {
  private buffer = new Uint8Array(64);
  /** Position in bits. */
  position = 0;

  private ensure(bits: number): void {
    const needed = Math.ceil((this.position + bits) / 8);
    if (needed <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(needed, this.buffer.length * 2));
    grown.set(this.buffer);
    this.buffer = grown;
  }

  align(): void {
    this.position = (this.position + 7) & ~7;
    this.ensure(0);
  }

  /** The low `count` (0–32) bits of `value`, LSB-first. */
  bits(value: number, count: number): void {
    this.ensure(count);
    let left = value >>> 0;
    let done = 0;
    while (done < count) {
      const shift = this.position & 7;
      const take = Math.min(8 - shift, count - done);
      const part = left & ((1 << take) - 1);
      this.buffer[this.position >>> 3]! |= part << shift;
      left = Math.floor(left / 2 ** take);
      done += take;
      this.position += take;
    }
  }

  private alignedView(size: number): DataView {
    this.align();
    this.ensure(size * 8);
    const view = new DataView(this.buffer.buffer, this.position >>> 3, size);
    this.position += size * 8;
    return view;
  }

  u8(value: number): void {
    this.alignedView(1).setUint8(0, value);
  }
  i8(value: number): void {
    this.alignedView(1).setInt8(0, value);
  }
  u16(value: number): void {
    this.alignedView(2).setUint16(0, value, true);
  }
  i16(value: number): void {
    this.alignedView(2).setInt16(0, value, true);
  }
  u32(value: number): void {
    this.alignedView(4).setUint32(0, value, true);
  }
  i32(value: number): void {
    this.alignedView(4).setInt32(0, value, true);
  }
  f32(value: number): void {
    this.alignedView(4).setFloat32(0, value, true);
  }
  f64(value: number): void {
    this.alignedView(8).setFloat64(0, value, true);
  }
  u64(value: bigint): void {
    this.alignedView(8).setBigUint64(0, value, true);
  }
  i64(value: bigint): void {
    this.alignedView(8).setBigInt64(0, value, true);
  }

  byteRun(bytes: Uint8Array): void {
    this.align();
    this.ensure(bytes.length * 8);
    this.buffer.set(bytes, this.position >>> 3);
    this.position += bytes.length * 8;
  }

  /** Writes `value` over the aligned u32 at bit `at`. */
  patchU32(at: number, value: number): void {
    new DataView(this.buffer.buffer, at >>> 3, 4).setUint32(0, value, true);
  }

  /** The bytes written (the last one padded with zero bits). */
  finish(): Uint8Array {
    return this.buffer.slice(0, Math.ceil(this.position / 8));
  }
}
