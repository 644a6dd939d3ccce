/**
 * PVRTC 1 against blocks laid out by hand from the format's description (modulation word,
 * then colour word; colour A in bits 1–15 with its opaque flag in bit 15, colour B in bits
 * 16–31 with its flag in bit 31, the mode in bit 0; blocks in Morton order, y in the lower
 * bit) and pixels worked out by hand in each test: bit replication of the colours, the
 * bilinear weights from block centres with wrapping, the modulation weights in eighths
 * (0, 3, 5, 8; punch-through 0, 4, 4 + alpha 0, 8) and the 2 bpp checkerboard interpolation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../format-error.ts';
import { decodePixels } from './decode.ts';
import type { BlockEncoding } from './types.ts';

const PVRTC4: BlockEncoding = {
  kind: 'block',
  codec: 'pvrtc-4bpp',
  blockWidth: 4,
  blockHeight: 4,
  bytesPerBlock: 8,
};
const PVRTC2: BlockEncoding = { ...PVRTC4, codec: 'pvrtc-2bpp', blockWidth: 8 };

/** An opaque colour A (R5 G5 B4) in the colour word's bits 1–15. */
const opaqueA = (r5: number, g5: number, b4: number) => 0x8000 | (r5 << 10) | (g5 << 5) | (b4 << 1);
/** An opaque colour B (R5 G5 B5) in bits 16–31. */
const opaqueB = (r5: number, g5: number, b5: number) =>
  (0x80000000 | (r5 << 26) | (g5 << 21) | (b5 << 16)) >>> 0;
/** A translucent colour A (A3 R4 G4 B3). */
const translucentA = (a3: number, r4: number, g4: number, b3: number) =>
  (a3 << 12) | (r4 << 8) | (g4 << 4) | (b3 << 1);
/** A translucent colour B (A3 R4 G4 B4). */
const translucentB = (a3: number, r4: number, g4: number, b4: number) =>
  ((a3 << 28) | (r4 << 24) | (g4 << 20) | (b4 << 16)) >>> 0;

/** Blocks in storage order, each [modulation word, colour word], as bytes. */
function blocks(words: readonly (readonly [number, number])[]): Uint8Array {
  const out = new Uint8Array(words.length * 8);
  const view = new DataView(out.buffer);
  words.forEach(([modulation, colour], index) => {
    view.setUint32(index * 8, modulation >>> 0, true);
    view.setUint32(index * 8 + 4, colour >>> 0, true);
  });
  return out;
}

function pixels(encoding: BlockEncoding, data: Uint8Array, width: number, height: number) {
  const { rgba } = decodePixels(encoding, data, width, height);
  return Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) =>
      Array.from(rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)),
    ),
  );
}

describe('PVRTC 4 bpp', () => {
  it('solid blocks: modulation 0 shows colour A, 3 shows colour B, bit-replicated to 8 bits', () => {
    // A = R5 20, G5 10, B4 6 → B5 = 6 << 1 | 6 >> 3 = 12; to 8 bits: 20 → 160 | 5 = 165,
    // 10 → 80 | 2 = 82, 12 → 96 | 3 = 99. B = (31, 0, 16) → 255, 0, 128 | 4 = 132.
    const colour = opaqueA(20, 10, 6) | opaqueB(31, 0, 16);
    const allA = pixels(PVRTC4, blocks(Array(4).fill([0x00000000, colour])), 8, 8);
    expect(new Set(allA.flat().map(String))).toEqual(new Set(['165,82,99,255']));
    const allB = pixels(PVRTC4, blocks(Array(4).fill([0xffffffff, colour])), 8, 8);
    expect(new Set(allB.flat().map(String))).toEqual(new Set(['255,0,132,255']));
  });

  it('translucent colours: A3 R4 G4 B3 and A3 R4 G4 B4 widen by replication, alpha to A3 << 1 × 17', () => {
    // A: alpha 5 → 10 → 170; R4 9 → 18 | 1 = 19 → 152 | 4 = 156; G4 2 → 4 → 32 | 1 = 33;
    //    B3 7 → 28 | 3 = 31 → 255.
    // B: alpha 3 → 6 → 102; R4 0 → 0; G4 15 → 31 → 255; B4 8 → 17 → 136 | 4 = 140.
    const colour = translucentA(5, 9, 2, 7) | translucentB(3, 0, 15, 8);
    const a = pixels(PVRTC4, blocks(Array(4).fill([0, colour])), 8, 8);
    expect(a[3]![5]).toEqual([156, 33, 255, 170]);
    const b = pixels(PVRTC4, blocks(Array(4).fill([0xffffffff, colour])), 8, 8);
    expect(b[6]![1]).toEqual([0, 255, 140, 102]);
  });

  it('a modulation gradient: codes 0–3 across each row weigh B by 0, 3, 5 and 8 eighths', () => {
    // Black A, white B; row of four pixels codes 0, 1, 2, 3 (2 bits each from bit 0):
    // 0b11_10_01_00 = 0xE4 a row. 255 × 3 / 8 = 95.6 → 95; 255 × 5 / 8 = 159.4 → 159.
    const colour = opaqueA(0, 0, 0) | opaqueB(31, 31, 31);
    const rows = pixels(PVRTC4, blocks(Array(4).fill([0xe4e4e4e4, colour])), 8, 8);
    expect(rows[1]!.map((pixel) => pixel[0])).toEqual([0, 95, 159, 255, 0, 95, 159, 255]);
    expect(new Set(rows.flat().map((pixel) => pixel[3]))).toEqual(new Set([255]));
  });

  it('punch-through (mode bit set): codes 0–3 are 0, 4/8, 4/8 with alpha 0, 8/8', () => {
    // 255 × 4 / 8 = 127.5 → 127.
    const colour = 1 | opaqueA(0, 0, 0) | opaqueB(31, 31, 31);
    const rows = pixels(PVRTC4, blocks(Array(4).fill([0xe4e4e4e4, colour])), 8, 8);
    expect(rows[0]!.slice(0, 4)).toEqual([
      [0, 0, 0, 255],
      [127, 127, 127, 255],
      [127, 127, 127, 0],
      [255, 255, 255, 255],
    ]);
  });

  it('colours blend bilinearly between block centres and wrap at the edges', () => {
    // 2 × 2 blocks; Morton order puts block (x 1, y 0) third: indexes (0,0), (0,1), (1,0), (1,1).
    // Left blocks' A has R5 0, right blocks' R5 16. Pixel x sits (x − 2) / 4 blocks from
    // block 0's centre: x 3 → weights 12 : 4 of 16 → sum 4 × 16 = 64 → 64 >> 6 + 64 >> 1 = 33;
    // x 4 → 128 → 2 + 64 = 66; x 5 → 192 → 3 + 96 = 99; x 6 → block 1 alone: 256 → 132.
    // x 7 and x 0, 1 wrap to block 0 on the right: 99, then 66 and 33.
    const left = opaqueA(0, 0, 0) | opaqueB(0, 0, 0);
    const right = opaqueA(16, 0, 0) | opaqueB(0, 0, 0);
    const data = blocks([
      [0, left],
      [0, left],
      [0, right],
      [0, right],
    ]);
    const rows = pixels(PVRTC4, data, 8, 8);
    for (const row of rows)
      expect(row.map((pixel) => pixel[0])).toEqual([66, 33, 0, 33, 66, 99, 132, 99]);
  });

  it('Morton order of a 4 × 2 grid: each block centre shows its own colour', () => {
    // 4 × 2 blocks: one y bit, one x bit interleaved (y lower), then x's high bit above:
    // index = y | (x & 1) << 1 | (x >> 1) << 2. Block (x, y) gets green 4x + 2y + 1 (G5),
    // stored at that index; its centre pixel (4x + 2, 4y + 2) shows G5 → 8 bits.
    const words: [number, number][] = Array.from({ length: 8 }, () => [0, 0]);
    for (let x = 0; x < 4; x++) {
      for (let y = 0; y < 2; y++) {
        const index = y | ((x & 1) << 1) | ((x >> 1) << 2);
        words[index] = [0, opaqueA(0, 4 * x + 2 * y + 1, 0)];
      }
    }
    const rows = pixels(PVRTC4, blocks(words), 16, 8);
    for (let x = 0; x < 4; x++) {
      for (let y = 0; y < 2; y++) {
        const g5 = 4 * x + 2 * y + 1;
        expect(rows[4 * y + 2]![4 * x + 2]![1]).toBe((g5 << 3) | (g5 >> 2));
      }
    }
  });

  it('a surface smaller than 2 × 2 blocks decodes from its padded blocks', () => {
    const colour = opaqueA(31, 31, 31) | opaqueB(0, 0, 0);
    expect(pixels(PVRTC4, blocks(Array(4).fill([0, colour])), 1, 1)).toEqual([
      [[255, 255, 255, 255]],
    ]);
  });

  it('sides that are not a power of two blocks are refused with the surface offset', () => {
    const data = new Uint8Array(3 * 2 * 8);
    let error: unknown;
    try {
      decodePixels(PVRTC4, data, 12, 8, 0x34);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe(ErrorCode.BAD_VALUE);
    expect((error as FormatError).offset).toBe(0x34);
  });
});

describe('PVRTC 2 bpp', () => {
  const blackWhite = opaqueA(0, 0, 0) | opaqueB(31, 31, 31);

  it('mode bit clear: one bit a pixel, row by row from bit 0 (0 → A, 1 → B)', () => {
    // Bits 0–15 set: rows 0 and 1 of each 8 × 4 block are B, rows 2 and 3 are A.
    const rows = pixels(PVRTC2, blocks(Array(4).fill([0x0000ffff, blackWhite])), 16, 8);
    expect(rows.map((row) => row[3]![0])).toEqual([255, 255, 0, 0, 255, 255, 0, 0]);
  });

  // Checkerboard mode: stored codes for x + y even, two bits each in row order
  // (row 0: x 0, 2, 4, 6 → bits 0–7; row 1: x 1, 3, 5, 7 → bits 8–15; ...). Even rows code 0
  // (weight 0), odd rows code 3 (weight 8): 0xFF00FF00. An unstored pixel on an even row
  // has stored neighbours 0 to its left and right and 8 above and below.
  const checkerboard = 0xff00ff00;

  it('mode bit set, both directions: an unstored pixel is the rounded mean of its four neighbours', () => {
    // (0 + 0 + 8 + 8 + 2) >> 2 = 4 → 255 × 4 / 8 = 127. Stored pixels: 0 on even rows, 255 on odd.
    const rows = pixels(PVRTC2, blocks(Array(4).fill([checkerboard, 1 | blackWhite])), 16, 8);
    expect(rows[0]!.slice(0, 4).map((pixel) => pixel[0])).toEqual([0, 127, 0, 127]);
    expect(rows[1]!.slice(0, 4).map((pixel) => pixel[0])).toEqual([127, 255, 127, 255]);
  });

  it('bit 0 set: horizontal-only (bit 20 clear) or vertical-only (bit 20 set) interpolation', () => {
    // Horizontal: (0 + 0 + 1) >> 1 = 0 on even rows; vertical: (8 + 8 + 1) >> 1 = 8 → 255.
    // Bit 0 and bit 20 borrow their pixels' high bits (1 and 21, both 0): codes stay 0.
    const horizontal = pixels(
      PVRTC2,
      blocks(Array(4).fill([checkerboard | 1, 1 | blackWhite])),
      16,
      8,
    );
    expect(horizontal[2]!.slice(0, 4).map((pixel) => pixel[0])).toEqual([0, 0, 0, 0]);
    const vertical = pixels(
      PVRTC2,
      blocks(Array(4).fill([checkerboard | 1 | (1 << 20), 1 | blackWhite])),
      16,
      8,
    );
    expect(vertical[2]!.slice(0, 4).map((pixel) => pixel[0])).toEqual([0, 255, 0, 255]);
    // The flag pixels themselves read as code 0 (bit 1 and bit 21 clear): (0, 0) and (4, 2) are black.
    expect(vertical[0]![0]![0]).toBe(0);
    expect(vertical[2]![4]![0]).toBe(0);
  });

  it('colours blend over 8-pixel-wide blocks: weights of 32 widen with >> 7 and >> 2', () => {
    // Left blocks' A R5 0, right blocks' R5 16 (Morton: (0,0), (0,1), (1,0), (1,1)); pixel x
    // sits (x − 4) / 8 from block 0's centre: x 5 → 1 × 4 × 16 = 64 → 0 + 16 = 16;
    // x 8 → 4 × 4 × 16 = 256 → 2 + 64 = 66; x 12 → 512 → 4 + 128 = 132.
    const left = opaqueA(0, 0, 0) | opaqueB(0, 0, 0);
    const right = opaqueA(16, 0, 0) | opaqueB(0, 0, 0);
    const data = blocks([
      [0, left],
      [0, left],
      [0, right],
      [0, right],
    ]);
    const row = pixels(PVRTC2, data, 16, 8)[0]!.map((pixel) => pixel[0]);
    expect([row[4], row[5], row[8], row[12], row[0]]).toEqual([0, 16, 66, 132, 66]);
  });
});

describe('PVRTC random blocks', () => {
  it('never throw and fill every pixel, at both rates', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(PVRTC2, PVRTC4),
        fc.constantFrom(1, 8, 16, 32),
        fc.constantFrom(1, 8, 16),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (encoding, width, height, seed) => {
          const across = Math.max(2, Math.ceil(width / encoding.blockWidth));
          const down = Math.max(2, Math.ceil(height / 4));
          const data = new Uint8Array(across * down * 8);
          let state = seed;
          for (let at = 0; at < data.length; at++) {
            state = (Math.imul(state, 1103515245) + 12345) >>> 0;
            data[at] = state >>> 24;
          }
          const { rgba } = decodePixels(encoding, data, width, height);
          expect(rgba.length).toBe(width * height * 4);
        },
      ),
      { numRuns: 60 },
    );
  });
});
