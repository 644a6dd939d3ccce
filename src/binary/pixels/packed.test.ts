/**
 * Uncompressed layouts and the decoder's own checks: channel masks scaled to 8 bits (a
 * channel's largest value is 255, rounded in between), absent channels, luminance, palette
 * indexes with a key colour, and sizes checked before anything is allocated.
 */
import { describe, expect, it } from 'vitest';
import { formatErrorOf } from '../testing/format-error-of.ts';
import { ErrorCode } from '../format-error.ts';
import { decodePixels, encodedByteLength } from './decode.ts';
import type { PackedEncoding } from './types.ts';

const packed = (
  bitsPerPixel: PackedEncoding['bitsPerPixel'],
  [redMask, greenMask, blueMask, alphaMask]: [number, number, number, number],
  isLuminance = false,
): PackedEncoding => ({
  kind: 'packed',
  bitsPerPixel,
  redMask,
  greenMask,
  blueMask,
  alphaMask,
  isLuminance,
});

describe('packed pixels', () => {
  it('R5G6B5: the extremes are 0 and 255, and 16/31 rounds to 132', () => {
    // Words 0xF800 (red 31), 0x07E0 (green 63), 0x001F (blue 31), 0x8410 (16, 32, 16).
    const words = [0xf800, 0x07e0, 0x001f, 0x8410];
    const bytes = Uint8Array.from(words.flatMap((word) => [word & 0xff, word >> 8]));
    const { rgba } = decodePixels(packed(16, [0xf800, 0x07e0, 0x001f, 0]), bytes, 4, 1);
    expect([...rgba]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 132, 130, 132, 255]);
  });

  it('B8G8R8A8 with the alpha in the top bits, and R10G10B10A2', () => {
    const bgra = Uint8Array.from([0x10, 0x20, 0x30, 0x80]);
    const argbMasks: [number, number, number, number] = [
      0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000,
    ];
    expect([...decodePixels(packed(32, argbMasks), bgra, 1, 1).rgba]).toEqual([
      0x30, 0x20, 0x10, 0x80,
    ]);
    // Red 1023, green 0, blue 512, alpha 1 (of 3).
    const word = 1023 | (0 << 10) | (512 << 20) | (1 << 30);
    const bytes = Uint8Array.from([0, 8, 16, 24].map((shift) => (word >>> shift) & 0xff));
    const masks: [number, number, number, number] = [0x3ff, 0x3ff << 10, 0x3ff << 20, 0xc0000000];
    expect([...decodePixels(packed(32, masks), bytes, 1, 1).rgba]).toEqual([255, 0, 128, 85]);
  });

  it('luminance copies grey to R, G and B; an absent alpha is opaque; alpha alone is black', () => {
    const grey = decodePixels(packed(8, [0xff, 0, 0, 0], true), Uint8Array.of(7), 1, 1);
    expect([...grey.rgba]).toEqual([7, 7, 7, 255]);
    const alpha = decodePixels(packed(8, [0, 0, 0, 0xff]), Uint8Array.of(9), 1, 1);
    expect([...alpha.rgba]).toEqual([0, 0, 0, 9]);
  });
});

describe('indexed pixels', () => {
  it('looks each index up; the key colour and indexes past the palette are transparent', () => {
    const palette = Uint8Array.from([1, 2, 3, 255, 4, 5, 6, 255]);
    const encoding = { kind: 'indexed', palette, transparentIndex: 0 } as const;
    const { rgba } = decodePixels(encoding, Uint8Array.of(1, 0, 9), 3, 1);
    expect([...rgba]).toEqual([4, 5, 6, 255, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('surface checks', () => {
  const bc1 = {
    kind: 'block',
    codec: 'bc1',
    blockWidth: 4,
    blockHeight: 4,
    bytesPerBlock: 8,
  } as const;

  it('sizes blocks by whole blocks, PVRTC by at least 2 × 2 of them', () => {
    expect(encodedByteLength(bc1, 5, 3)).toBe(2 * 1 * 8);
    const pvrtc = { ...bc1, codec: 'pvrtc-4bpp' } as const;
    expect(encodedByteLength(pvrtc, 1, 1)).toBe(4 * 8);
  });

  it('reports missing bytes at the end of what is present, before allocating', () => {
    const error = formatErrorOf(() =>
      decodePixels(packed(32, [0xff, 0, 0, 0]), new Uint8Array(7), 2, 1, 100),
    );
    expect(error.code).toBe(ErrorCode.UNEXPECTED_EOF);
    expect(error.offset).toBe(107);
  });

  it('refuses sides over 16,384 and empty surfaces', () => {
    expect(formatErrorOf(() => decodePixels(bc1, new Uint8Array(0), 16_385, 4, 12)).code).toBe(
      ErrorCode.TOO_LARGE,
    );
    expect(formatErrorOf(() => decodePixels(bc1, new Uint8Array(0), 0, 4)).code).toBe(
      ErrorCode.BAD_VALUE,
    );
  });
});
