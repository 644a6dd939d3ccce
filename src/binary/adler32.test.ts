import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { adler32 } from './adler32.ts';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('adler32', () => {
  it('matches the known check values', () => {
    expect(adler32(new Uint8Array(0))).toBe(1);
    expect(adler32(ascii('Wikipedia'))).toBe(0x11e60398);
    expect(adler32(ascii('123456789'))).toBe(0x091e01de);
  });

  it('equals the trailer of a zlib stream, also past NMAX and with 0xFF runs', () => {
    const data = new Uint8Array(100_000).fill(0xff);
    data[5] = 1;
    const stream = zlibSync(data);
    const trailer = new DataView(stream.buffer).getUint32(stream.length - 4, false);
    expect(adler32(data)).toBe(trailer);
  });

  it('chains over chunks', () => {
    const data = ascii('the quick brown fox jumps over the lazy dog'.repeat(300));
    expect(adler32(data.subarray(7000), adler32(data.subarray(0, 7000)))).toBe(adler32(data));
  });

  it('equals the zlib trailer for random data (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12000 }), (data) => {
        const stream = zlibSync(data, { level: 1 });
        const trailer = new DataView(stream.buffer).getUint32(stream.length - 4, false);
        expect(adler32(data)).toBe(trailer);
      }),
      { seed: 1950, numRuns: 60 },
    );
  });
});
