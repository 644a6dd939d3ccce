/**
 * Adler-32 (RFC 1950 §8.2), the checksum that ends every zlib stream, big-endian. fflate
 * does not verify it, and formats that put bytes after a zlib stream (re-saved levels) need it
 * to find where the stream ends.
 */

/** Largest n such that 255·n·(n+1)/2 + (n+1)·(65521−1) fits in 32 bits (RFC 1950's NMAX). */
const NMAX = 5552;
const MOD = 65521;

/** Adler-32 of `data`; chain chunks by passing the previous result (start: 1). */
export function adler32(data: Uint8Array, previous = 1): number {
  let low = previous & 0xffff;
  let high = (previous >>> 16) & 0xffff;
  let index = 0;
  while (index < data.length) {
    const end = Math.min(index + NMAX, data.length);
    for (; index < end; index++) {
      low += data[index]!;
      high += low;
    }
    low %= MOD;
    high %= MOD;
  }
  return ((high << 16) | low) >>> 0;
}
