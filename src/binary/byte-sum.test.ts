import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteSum } from './byte-sum.ts';

/** One byte at a time: the definition. */
const plainSum = (bytes: Uint8Array, start: number, end: number) => {
  let sum = 0;
  for (let index = start; index < end; index++) sum += bytes[index]!;
  return sum;
};

describe('byteSum', () => {
  it('equals the byte-by-byte sum for any view, offset and range', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2000 }),
        fc.nat(7),
        fc.nat(2000),
        fc.nat(2000),
        (data, before, a, b) => {
          const larger = new Uint8Array(before + data.length);
          larger.set(data, before);
          const view = larger.subarray(before);
          const start = Math.min(a, b, view.length);
          const end = Math.min(Math.max(a, b), view.length);
          expect(byteSum(view, start, end)).toBe(plainSum(view, start, end));
        },
      ),
      { seed: 0x5a11 },
    );
  });

  it('keeps lanes exact across folds: a megabyte of 0xFF', () => {
    const bytes = new Uint8Array(1 << 20).fill(0xff);
    expect(byteSum(bytes)).toBe(0xff * (1 << 20));
    expect(byteSum(bytes.subarray(3), 1)).toBe(0xff * ((1 << 20) - 4));
  });
});
