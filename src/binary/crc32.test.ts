import { describe, expect, it } from 'vitest';
import { crc32 as nodeCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { crc32Ieee, isAllZero, kiCrc } from './crc32.ts';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('kiCrc', () => {
  it.each([
    ['', 0x00000000],
    ['a', 0x3ab551ce],
    ['123456789', 0x2dfd2d88],
    ['KIWAD', 941604119],
    ['uncompressed data\n', 0x65a073d0],
  ])('matches the spec check value for %j', (input, expected) => {
    expect(kiCrc(ascii(input))).toBe(expected);
  });

  it('is zero over any run of zero bytes', () => {
    expect(kiCrc(new Uint8Array(1000))).toBe(0);
  });

  it('chains over chunks', () => {
    const data = ascii('the quick brown fox jumps over the lazy dog, 0123456789 and more');
    expect(kiCrc(data.subarray(23), kiCrc(data.subarray(0, 23)))).toBe(kiCrc(data));
  });
});

describe('crc32Ieee', () => {
  it('matches the standard check values', () => {
    expect(crc32Ieee(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32Ieee(ascii('KIWAD'))).toBe(0xfe3d4a0a);
  });

  it('agrees with node:zlib on random data of any length and any split', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (data, split) => {
        const cut = Math.min(split, data.length);
        const chained = crc32Ieee(data.subarray(cut), crc32Ieee(data.subarray(0, cut)));
        expect(chained).toBe(nodeCrc32(data));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('relates to kiCrc through the seed convention of the spec', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (data) => {
        expect(kiCrc(data)).toBe((nodeCrc32(data, 0xffffffff) ^ 0xffffffff) >>> 0);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe('isAllZero', () => {
  it('finds a single non-zero byte anywhere, aligned or not', () => {
    const buffer = new Uint8Array(64);
    expect(isAllZero(buffer.subarray(1, 63))).toBe(true);
    buffer[62] = 1;
    expect(isAllZero(buffer.subarray(1, 63))).toBe(false);
    expect(isAllZero(buffer.subarray(0, 62))).toBe(true);
  });
});
