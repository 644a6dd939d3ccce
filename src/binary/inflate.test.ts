import { describe, expect, it } from 'vitest';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { inflate, hasZlibHeader } from './inflate.ts';
import { ErrorCode, FormatError } from './format-error.ts';

const text = new TextEncoder().encode('hello hello hello hello, inflate me please '.repeat(50));

describe.each(['fflate', 'native'] as const)('inflate with %s', (engine) => {
  it('inflates zlib and raw deflate to the declared size', async () => {
    const zlib = await inflate(deflateSync(text), { container: 'zlib', expectedSize: text.length, engine });
    expect(zlib).toEqual(text);
    const raw = await inflate(deflateRawSync(text), { container: 'raw', expectedSize: text.length, engine });
    expect(raw).toEqual(text);
  });

  it('stops at the declared size and reports a mismatch (bomb guard)', async () => {
    const bomb = deflateSync(new Uint8Array(10_000_000));
    const error = await inflate(bomb, { container: 'zlib', expectedSize: 100, offset: 0x40, engine }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe(ErrorCode.SIZE_MISMATCH);
    expect((error as FormatError).offset).toBe(0x40);
  });

  it('reports a short output as a size mismatch', async () => {
    const error = await inflate(deflateSync(text), { container: 'zlib', expectedSize: text.length + 5, engine }).catch((e: unknown) => e);
    expect((error as FormatError).code).toBe(ErrorCode.SIZE_MISMATCH);
  });

  it('reports a corrupt stream as DECOMPRESS_FAILED with the offset', async () => {
    const broken = deflateSync(text).slice(0, 12);
    const error = await inflate(broken, { container: 'zlib', expectedSize: text.length, offset: 99, engine }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect([ErrorCode.DECOMPRESS_FAILED, ErrorCode.SIZE_MISMATCH]).toContain((error as FormatError).code);
    expect((error as FormatError).offset).toBe(99);
  });
});

describe('hasZlibHeader', () => {
  it('accepts 78 DA and 78 9C and rejects text', () => {
    expect(hasZlibHeader(Uint8Array.of(0x78, 0xda))).toBe(true);
    expect(hasZlibHeader(Uint8Array.of(0x78, 0x9c))).toBe(true);
    expect(hasZlibHeader(new TextEncoder().encode('ID3'))).toBe(false);
  });
});
