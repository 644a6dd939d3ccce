/**
 * Growable little/big-endian writer, the mirror of ByteReader. Used by format writers
 * (tests, samples, CLI pack).
 */
export class ByteWriter {
  private buffer: Uint8Array;
  private view: DataView;
  private position = 0;

  constructor(initialCapacity = 1024) {
    this.buffer = new Uint8Array(Math.max(16, initialCapacity));
    this.view = new DataView(this.buffer.buffer);
  }

  get offset(): number {
    return this.position;
  }

  private ensure(extra: number): void {
    const needed = this.position + extra;
    if (needed <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < needed) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.buffer.subarray(0, this.position));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  u8(value: number): this {
    this.ensure(1);
    this.view.setUint8(this.position, value);
    this.position += 1;
    return this;
  }
  u16le(value: number): this {
    this.ensure(2);
    this.view.setUint16(this.position, value, true);
    this.position += 2;
    return this;
  }
  i16le(value: number): this {
    this.ensure(2);
    this.view.setInt16(this.position, value, true);
    this.position += 2;
    return this;
  }
  u32le(value: number): this {
    this.ensure(4);
    this.view.setUint32(this.position, value >>> 0, true);
    this.position += 4;
    return this;
  }
  u32be(value: number): this {
    this.ensure(4);
    this.view.setUint32(this.position, value >>> 0, false);
    this.position += 4;
    return this;
  }
  i32le(value: number): this {
    this.ensure(4);
    this.view.setInt32(this.position, value, true);
    this.position += 4;
    return this;
  }
  u64le(value: bigint): this {
    this.ensure(8);
    this.view.setBigUint64(this.position, value, true);
    this.position += 8;
    return this;
  }
  f32le(value: number): this {
    this.ensure(4);
    this.view.setFloat32(this.position, value, true);
    this.position += 4;
    return this;
  }
  f64le(value: number): this {
    this.ensure(8);
    this.view.setFloat64(this.position, value, true);
    this.position += 8;
    return this;
  }
  bytes(data: Uint8Array): this {
    this.ensure(data.length);
    this.buffer.set(data, this.position);
    this.position += data.length;
    return this;
  }
  /** Many u32 values in a row (tile grids): one bounds check, one loop. */
  u32leArray(values: Uint32Array): this {
    this.ensure(values.length * 4);
    for (let index = 0; index < values.length; index++) {
      this.view.setUint32(this.position + index * 4, values[index]!, true);
    }
    this.position += values.length * 4;
    return this;
  }
  /** `length` zero bytes (padding of fixed-size fields). */
  zeros(length: number): this {
    this.ensure(length);
    this.buffer.fill(0, this.position, this.position + length);
    this.position += length;
    return this;
  }
  ascii(text: string): this {
    const data = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) data[i] = text.charCodeAt(i) & 0xff;
    return this.bytes(data);
  }
  /** Overwrites a u32 at an earlier offset (for sizes and offsets known only later). */
  patchU32le(at: number, value: number): this {
    if (at < 0 || at + 4 > this.position)
      throw new RangeError(`patch at ${at} outside written data`);
    this.view.setUint32(at, value >>> 0, true);
    return this;
  }
  /** The written bytes (a copy trimmed to length). */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.position);
  }
}
