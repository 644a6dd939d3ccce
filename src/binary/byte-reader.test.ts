import { describe, expect, it } from 'vitest';
import { ByteReader } from './byte-reader.ts';
import { ByteWriter } from './byte-writer.ts';
import { FormatError } from './format-error.ts';

describe('u32leArray', () => {
  it('reads and writes u32 runs, also from an unaligned position', () => {
    const values = Uint32Array.from([0, 1, 0xffffffff, 0xeeeeeeee, 0x12345678]);
    const bytes = new ByteWriter().u8(7).u32leArray(values).zeros(3).finish();
    expect(bytes).toHaveLength(1 + 20 + 3);
    expect([...bytes.subarray(21)]).toEqual([0, 0, 0]);
    const reader = new ByteReader(bytes, 100);
    reader.skip(1);
    const read = reader.u32leArray(5);
    expect(read).toEqual(values);
    expect(read.byteOffset).toBe(0);
    expect(reader.offset).toBe(121);
  });

  it('reads a Node Buffer in a shared pool from its own bytes, not the pool start', () => {
    const values = Uint32Array.from([0xdeadbeef, 7, 0x01020304]);
    const file = new ByteWriter().u8(0xaa).u32leArray(values).finish();
    const pool = new Uint8Array(64).fill(0x55);
    pool.set(file, 13);
    const reader = new ByteReader(Buffer.from(pool.buffer, 13, file.length));
    reader.skip(1);
    expect(reader.u32leArray(3)).toEqual(values);
  });

  it('throws UNEXPECTED_EOF at the run start before allocating', () => {
    const reader = new ByteReader(new Uint8Array(10), 0x40);
    reader.skip(2);
    const error = (() => {
      try {
        reader.u32leArray(0x3fffffff);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_EOF', offset: 0x42 });
    expect(reader.u32leArray(2)).toHaveLength(2);
  });
});
