import { describe, expect, it } from 'vitest';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { inflate, hasZlibHeader, maxInflatedSize, NATIVE_PIECE } from './inflate.ts';
import { ErrorCode, FormatError } from './format-error.ts';

const text = new TextEncoder().encode('hello hello hello hello, inflate me please '.repeat(50));

describe.each(['fflate', 'native', 'wasm'] as const)('inflate with %s', (engine) => {
  it('inflates zlib and raw deflate to the declared size', async () => {
    const zlib = await inflate(deflateSync(text), {
      container: 'zlib',
      expectedSize: text.length,
      engine,
    });
    expect(zlib).toEqual(text);
    const raw = await inflate(deflateRawSync(text), {
      container: 'raw',
      expectedSize: text.length,
      engine,
    });
    expect(raw).toEqual(text);
  });

  it('writes into a given view after a header: the result is that view', async () => {
    const buffer = new Uint8Array(7 + text.length).fill(0xab);
    const into = buffer.subarray(7);
    const out = await inflate(deflateSync(text), {
      container: 'zlib',
      expectedSize: text.length,
      engine,
      into,
    });
    expect(out.buffer).toBe(buffer.buffer);
    expect(out.byteOffset).toBe(7);
    expect(buffer.subarray(7)).toEqual(new Uint8Array(text));
    expect([...buffer.subarray(0, 7)]).toEqual(new Array(7).fill(0xab));
  });

  it('stops at the declared size and reports a mismatch (bomb guard)', async () => {
    const bomb = deflateSync(new Uint8Array(10_000_000));
    const error = await inflate(bomb, {
      container: 'zlib',
      expectedSize: 100,
      offset: 0x40,
      engine,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe(ErrorCode.SIZE_MISMATCH);
    expect((error as FormatError).offset).toBe(0x40);
  });

  it('reports a short output as a size mismatch', async () => {
    const error = await inflate(deflateSync(text), {
      container: 'zlib',
      expectedSize: text.length + 5,
      engine,
    }).catch((e: unknown) => e);
    expect((error as FormatError).code).toBe(ErrorCode.SIZE_MISMATCH);
  });

  it('reports a corrupt stream as DECOMPRESS_FAILED with the offset', async () => {
    const broken = deflateSync(text).slice(0, 12);
    const error = await inflate(broken, {
      container: 'zlib',
      expectedSize: text.length,
      offset: 99,
      engine,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect([ErrorCode.DECOMPRESS_FAILED, ErrorCode.SIZE_MISMATCH]).toContain(
      (error as FormatError).code,
    );
    // The kernel also says where in the stream; the others report the stream's start.
    const at = (error as FormatError).offset;
    if (engine === 'wasm') expect(at).toBeGreaterThanOrEqual(99);
    else expect(at).toBe(99);
    expect(at).toBeLessThanOrEqual(99 + broken.length);
  });
});

describe('the platform engine with a pause', () => {
  it('is fed a piece at a time and pauses after each, before the output is whole', async () => {
    // Incompressible bytes: their stream is as long as they are, three pieces and a bit.
    const bytes = new Uint8Array(3 * NATIVE_PIECE + 1000);
    let seed = 7;
    for (let at = 0; at < bytes.length; at++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      bytes[at] = seed >>> 24;
    }
    const stream = deflateSync(bytes);
    const into = new Uint8Array(bytes.length);
    /** At each pause: whether the output was whole yet. */
    const wholeAtPause: boolean[] = [];
    const out = await inflate(stream, {
      container: 'zlib',
      expectedSize: bytes.length,
      engine: 'native',
      into,
      pause: async () => {
        wholeAtPause.push(into.every((byte, at) => byte === bytes[at]));
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    expect(out.buffer).toBe(into.buffer);
    expect(out).toEqual(bytes);
    expect(wholeAtPause).toHaveLength(Math.ceil(stream.length / NATIVE_PIECE));
    // The first pauses come while most of the output is still to come.
    expect(wholeAtPause[0]).toBe(false);
    expect(wholeAtPause[1]).toBe(false);
  });
});

describe('inflate engine choice', () => {
  it('uses the WebAssembly kernel by default and reports offsets inside the stream', async () => {
    // Block type 3 at byte 5 of the raw stream (after an empty stored block).
    const stream = Uint8Array.of(0x00, 0x00, 0x00, 0xff, 0xff, 0x07);
    const options = { container: 'raw', expectedSize: 10, offset: 0x100 } as const;
    const error = await inflate(stream, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe(ErrorCode.DECOMPRESS_FAILED);
    expect((error as FormatError).offset).toBe(0x105);
  });

  it('returns a buffer of exactly the declared size for every engine', async () => {
    for (const engine of ['fflate', 'native', 'wasm', undefined] as const) {
      const options = { container: 'zlib', expectedSize: text.length } as const;
      const out = await inflate(deflateSync(text), engine ? { ...options, engine } : options);
      expect(out.buffer.byteLength).toBe(text.length);
      expect(out).toEqual(text);
    }
  });

  it('checks the Adler-32 trailer of zlib streams and ignores bytes after it', async () => {
    const stream = Uint8Array.from(deflateSync(text));
    const damaged = stream.slice();
    damaged[damaged.length - 2]! ^= 0x10;
    const options = { container: 'zlib', expectedSize: text.length, offset: 8 } as const;
    const error = await inflate(damaged, options).catch((e: unknown) => e);
    expect((error as FormatError).code).toBe(ErrorCode.DECOMPRESS_FAILED);
    expect((error as FormatError).offset).toBe(8 + stream.length - 4);
    const padded = Uint8Array.of(...stream, 0, 0, 0, 0);
    expect(await inflate(padded, options)).toEqual(text);
  });
});

describe('hasZlibHeader', () => {
  it('accepts 78 DA and 78 9C and rejects text', () => {
    expect(hasZlibHeader(Uint8Array.of(0x78, 0xda))).toBe(true);
    expect(hasZlibHeader(Uint8Array.of(0x78, 0x9c))).toBe(true);
    expect(hasZlibHeader(new TextEncoder().encode('ID3'))).toBe(false);
  });
});

describe('declared sizes a stream cannot hold', () => {
  it('fails before allocating, with the stream offset', async () => {
    const stream = deflateRawSync(new Uint8Array(100));
    await expect(
      inflate(stream, { container: 'raw', expectedSize: 0xffffffff, offset: 0x40 }),
    ).rejects.toMatchObject({ code: 'SIZE_MISMATCH', offset: 0x40 });
  });

  it('the densest stream still inflates: a MiB of zeros from about a KiB', async () => {
    const zeros = new Uint8Array(1024 * 1024);
    const stream = deflateRawSync(zeros, { level: 9 });
    expect(maxInflatedSize(stream.length)).toBeGreaterThanOrEqual(zeros.length);
    expect(await inflate(stream, { container: 'raw', expectedSize: zeros.length })).toEqual(zeros);
  });
});
