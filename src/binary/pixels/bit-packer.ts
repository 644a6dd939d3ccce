/**
 * Builds compressed blocks field by field, for tests that construct a block from chosen
 * endpoints and indices following a specification's layout tables, independently of the
 * decoder that reads it.
 */
export class BitPacker {
  readonly bytes: Uint8Array;
  /** The next bit `put` writes; bit 0 is the least significant bit of byte 0. */
  position = 0;

  constructor(byteLength: number) {
    this.bytes = new Uint8Array(byteLength);
  }

  /** Appends `count` bits of `value`, least significant first (BPTC, ASTC order). */
  put(value: number, count: number): this {
    for (let bit = 0; bit < count; bit++) this.setBit(this.position + bit, (value >>> bit) & 1);
    this.position += count;
    return this;
  }

  /** Sets bit `index` (bit 0 is the least significant bit of byte 0). */
  setBit(index: number, bit: number): this {
    const byte = index >>> 3;
    const mask = 1 << (index & 7);
    this.bytes[byte] = bit ? this.bytes[byte]! | mask : this.bytes[byte]! & ~mask;
    return this;
  }

  /** Writes `count` bits of `value` with its least significant bit at `index`. */
  setBits(index: number, value: number, count: number): this {
    for (let bit = 0; bit < count; bit++) this.setBit(index + bit, (value >>> bit) & 1);
    return this;
  }
}
