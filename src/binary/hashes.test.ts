import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { digestBytes, digestRange, hex32, HASH_SLICE } from './hashes.ts';
import { MemoryByteSource } from './byte-source.ts';

describe('digests', () => {
  it('agree with node:crypto for MD5, SHA-1 and SHA-256', async () => {
    const data = new TextEncoder().encode('Delve digests '.repeat(1000));
    const digests = await digestBytes(data);
    expect(digests.md5).toBe(createHash('md5').update(data).digest('hex'));
    expect(digests.sha1).toBe(createHash('sha1').update(data).digest('hex'));
    expect(digests.sha256).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('give the same result read in chunks from a source range', async () => {
    const data = new Uint8Array(9 * 1024 * 1024 + 13).map((_, i) => (i * 31) & 0xff);
    const source = new MemoryByteSource(data);
    const ranged = await digestRange(source, 5, data.length - 5);
    const whole = await digestBytes(data.subarray(5));
    expect(ranged).toEqual(whole);
  });

  it('let other tasks run between slices of content held in memory', async () => {
    const data = new Uint8Array(2 * 1024 * 1024 + 7).map((_, i) => (i * 17) & 0xff);
    // A question that comes while a whole file is hashed, as a task of its own.
    let isDigestDone = false;
    let wasAnsweredBeforeTheEnd = false;
    setImmediate(() => (wasAnsweredBeforeTheEnd = !isDigestDone));
    let pauses = 0;
    const pause = () => {
      pauses++;
      return new Promise<void>((resolve) => setImmediate(resolve));
    };
    const digests = await digestRange(
      new MemoryByteSource(data),
      0,
      data.length,
      undefined,
      undefined,
      pause,
    );
    isDigestDone = true;
    expect(wasAnsweredBeforeTheEnd).toBe(true);
    expect(pauses).toBe(Math.ceil(data.length / HASH_SLICE));
    expect(digests).toEqual(await digestBytes(data));
  });

  it('formats 32-bit values as 0x + 8 hex digits', () => {
    expect(hex32(0x2dfd2d88)).toBe('0x2DFD2D88');
    expect(hex32(5)).toBe('0x00000005');
  });
});
