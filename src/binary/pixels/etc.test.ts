/**
 * ETC1 / ETC2 / EAC against published vectors: the worked examples of the Khronos Data
 * Format Specification (chapter "ETC2 Compressed Texture Image Formats": the individual,
 * differential, T, H and planar examples, the punch-through rules and the R11 / signed R11
 * arithmetic), packed here into blocks bit by bit from that chapter's layout tables.
 * Published encoded blocks with their decoded pixels are in etc-android.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePixels } from './decode.ts';
import { EacKind, decodeEacValues } from './etc.ts';
import type { BlockCodec } from './types.ts';

type Rgba = [number, number, number, number];

function decodeBlock(codec: BlockCodec, bytes: ArrayLike<number>, isSigned = false): Rgba[] {
  const block = Uint8Array.from(bytes);
  const { rgba } = decodePixels(
    { kind: 'block', codec, blockWidth: 4, blockHeight: 4, bytesPerBlock: block.length, isSigned },
    block,
    4,
    4,
  );
  return Array.from(
    { length: 16 },
    (_, pixel) => Array.from(rgba.subarray(pixel * 4, pixel * 4 + 4)) as Rgba,
  );
}

/** A 64-bit big-endian half-block from fields [lowest bit, bit count, value] (bit 63 is the MSB of byte 0). */
function half(fields: [number, number, number][]): number[] {
  let word = 0n;
  for (const [low, count, value] of fields) {
    expect(value >= 0 && value < 2 ** count, `field at bit ${low} fits ${count} bits`).toBe(true);
    word |= BigInt(value) << BigInt(low);
  }
  return Array.from({ length: 8 }, (_, byte) => Number((word >> BigInt(56 - byte * 8)) & 0xffn));
}

/** Pixel index fields (bits 31..0): `indexAt(x, y)` is the 2-bit index, MSB in 16 + x·4 + y, LSB in x·4 + y. */
function pixelIndices(indexAt: (x: number, y: number) => number): [number, number, number][] {
  const fields: [number, number, number][] = [];
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      const index = indexAt(x, y);
      fields.push([16 + x * 4 + y, 1, index >> 1], [x * 4 + y, 1, index & 1]);
    }
  }
  return fields;
}

/** Index value (MSB·2 + LSB) of each modifier position of the specification's table: +a, +b, −a, −b. */
const INDEX_OF = { plusA: 0, plusB: 1, minusA: 2, minusB: 3 } as const;
const ORDER = [INDEX_OF.minusB, INDEX_OF.minusA, INDEX_OF.plusA, INDEX_OF.plusB];

const rgbOf = (pixels: Rgba[]): number[][] => pixels.map((p) => p.slice(0, 3));
const at = (pixels: Rgba[], x: number, y: number): Rgba => pixels[y * 4 + x]!;

/**
 * Sets the free bits of a T, H or planar layout so the mode test selects the intended mode:
 * tries every combination and keeps the first whose R/G/B + delta sums say so.
 */
function withMode(
  fields: [number, number, number][],
  freeBits: number[],
  mode: 'T' | 'H' | 'planar',
): [number, number, number][] {
  for (let combo = 0; combo < 1 << freeBits.length; combo++) {
    const all = [
      ...fields,
      ...freeBits.map((bit, i): [number, number, number] => [bit, 1, (combo >> i) & 1]),
    ];
    const bytes = half(all);
    const sum = (byte: number): number => (byte >> 3) + ((((byte & 7) << 29) >> 29) as number);
    const overflow = (byte: number): boolean => sum(byte) < 0 || sum(byte) > 31;
    const [r, g, b] = [overflow(bytes[0]!), overflow(bytes[1]!), overflow(bytes[2]!)];
    const chosen = r ? 'T' : g ? 'H' : b ? 'planar' : 'differential';
    if (chosen === mode) return all;
  }
  throw new Error(`no free-bit setting selects ${mode}`);
}

describe('ETC2 RGB: the specification worked examples', () => {
  it('individual mode: (4, 11, 9) with table 4 and (14, 3, 8) with table 0, side by side and stacked', () => {
    // The published table prints 58 for the red of 68 − 18; its own arithmetic gives 50.
    const paints1 = [
      [8, 127, 93],
      [50, 169, 135],
      [86, 205, 171],
      [128, 247, 213],
    ];
    const paints2 = [
      [230, 43, 128],
      [236, 49, 134],
      [240, 53, 138],
      [246, 59, 144],
    ];
    for (const flip of [0, 1]) {
      const position = (x: number, y: number): number => (x + y) % 4;
      const block = half([
        [60, 4, 4],
        [56, 4, 14],
        [52, 4, 11],
        [48, 4, 3],
        [44, 4, 9],
        [40, 4, 8],
        [37, 3, 4],
        [34, 3, 0],
        [33, 1, 0],
        [32, 1, flip],
        ...pixelIndices((x, y) => ORDER[position(x, y)]!),
      ]);
      const pixels = decodeBlock('etc2-rgb', block);
      for (let y = 0; y < 4; y++) {
        for (let x = 0; x < 4; x++) {
          const second = flip ? y >= 2 : x >= 2;
          expect(at(pixels, x, y)).toEqual([...(second ? paints2 : paints1)[position(x, y)]!, 255]);
        }
      }
    }
  });

  it('differential mode: (29, 26, 8) with table 2, offset (−4, −3, +3) with table 3, clamped at 255', () => {
    const paints1 = [
      [210, 185, 37],
      [230, 205, 57],
      [248, 223, 75],
      [255, 243, 95],
    ];
    const paints2 = [
      [164, 147, 48],
      [193, 176, 77],
      [219, 202, 103],
      [248, 231, 132],
    ];
    const position = (x: number, y: number): number => (x * 3 + y) % 4;
    const block = half([
      [59, 5, 29],
      [56, 3, 0b100],
      [51, 5, 26],
      [48, 3, 0b101],
      [43, 5, 8],
      [40, 3, 0b011],
      [37, 3, 2],
      [34, 3, 3],
      [33, 1, 1],
      [32, 1, 0],
      ...pixelIndices((x, y) => ORDER[position(x, y)]!),
    ]);
    const pixels = decodeBlock('etc1', block);
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++) {
        expect(at(pixels, x, y)).toEqual([...(x >= 2 ? paints2 : paints1)[position(x, y)]!, 255]);
      }
    }
  });

  it('T mode: bases (13, 1, 8) and (4, 12, 13), distance index 5', () => {
    const paints = [
      [221, 17, 136],
      [100, 236, 253],
      [68, 204, 221],
      [36, 172, 189],
    ];
    const fields = withMode(
      [
        [59, 2, 13 >> 2],
        [56, 2, 13 & 3],
        [52, 4, 1],
        [48, 4, 8],
        [44, 4, 4],
        [40, 4, 12],
        [36, 4, 13],
        [34, 2, 5 >> 1],
        [33, 1, 1],
        [32, 1, 5 & 1],
        ...pixelIndices((x, y) => (x + 2 * y) % 4),
      ],
      [63, 62, 61, 58],
      'T',
    );
    const pixels = decodeBlock('etc2-rgb', half(fields));
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++)
        expect(at(pixels, x, y)).toEqual([...paints[(x + 2 * y) % 4]!, 255]);
    }
  });

  it('H mode: the same bases, distance index 5 (its low bit from base 1 ≥ base 2), green clamped to 0', () => {
    const paints = [
      [253, 49, 168],
      [189, 0, 104],
      [100, 236, 253],
      [36, 172, 189],
    ];
    const fields = withMode(
      [
        [59, 4, 13],
        [56, 3, 1 >> 1],
        [52, 1, 1 & 1],
        [51, 1, 8 >> 3],
        [47, 3, 8 & 7],
        [43, 4, 4],
        [39, 4, 12],
        [35, 4, 13],
        [34, 1, 1],
        [33, 1, 1],
        [32, 1, 0],
        ...pixelIndices((x, y) => (3 * x + y) % 4),
      ],
      [63, 55, 54, 53, 50],
      'H',
    );
    const pixels = decodeBlock('etc2-rgb', half(fields));
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++)
        expect(at(pixels, x, y)).toEqual([...paints[(3 * x + y) % 4]!, 255]);
    }
  });

  it('planar mode: origin (12, 64, 62), horizontal (50, 5, 37), vertical (40, 112, 45)', () => {
    const texels = [
      [48, 129, 251],
      [87, 99, 226],
      [126, 70, 201],
      [164, 40, 175],
      [77, 153, 234],
      [115, 123, 209],
      [154, 94, 183],
      [193, 64, 158],
      [105, 177, 217],
      [144, 147, 191],
      [183, 118, 166],
      [221, 88, 141],
      [134, 201, 199],
      [172, 171, 174],
      [211, 142, 149],
      [250, 112, 124],
    ];
    const fields = withMode(
      [
        [57, 6, 12],
        [56, 1, 64 >> 6],
        [49, 6, 64 & 63],
        [48, 1, 62 >> 5],
        [43, 2, (62 >> 3) & 3],
        [39, 3, 62 & 7],
        [34, 5, 50 >> 1],
        [33, 1, 1],
        [32, 1, 50 & 1],
        [25, 7, 5],
        [19, 6, 37],
        [13, 6, 40],
        [6, 7, 112],
        [0, 6, 45],
      ],
      [63, 55, 47, 46, 45, 42],
      'planar',
    );
    expect(rgbOf(decodeBlock('etc2-rgb', half(fields)))).toEqual(texels);
  });
});

describe('ETC2 RGB A1 (punch-through)', () => {
  // The specification's example: base (231, 8, 16) from 5-bit (28, 1, 2), table 2.
  const blockWith = (opaque: number, indexAt: (x: number, y: number) => number): number[] =>
    half([
      [59, 5, 28],
      [51, 5, 1],
      [43, 5, 2],
      [37, 3, 2],
      [34, 3, 2],
      [33, 1, opaque],
      [32, 1, 0],
      ...pixelIndices(indexAt),
    ]);

  it('opaque bit clear: index 2 is transparent black, the small modifiers are zero', () => {
    const pixels = decodeBlock(
      'etc2-rgb-a1',
      blockWith(0, (x) => x),
    );
    expect([0, 1, 2, 3].map((x) => at(pixels, x, 0))).toEqual([
      [231, 8, 16, 255],
      [255, 37, 45, 255],
      [0, 0, 0, 0],
      [202, 0, 0, 255],
    ]);
  });

  it('opaque bit set: decoded as differential mode, alpha 255', () => {
    const pixels = decodeBlock(
      'etc2-rgb-a1',
      blockWith(1, (x) => x),
    );
    expect([0, 1, 2, 3].map((x) => at(pixels, x, 0))).toEqual([
      [240, 17, 25, 255],
      [255, 37, 45, 255],
      [222, 0, 7, 255],
      [202, 0, 0, 255],
    ]);
  });

  it('T mode with the opaque bit clear: paint colour 2 is transparent black', () => {
    const fields = withMode(
      [
        [59, 2, 3],
        [56, 2, 1],
        [52, 4, 1],
        [48, 4, 8],
        [44, 4, 4],
        [40, 4, 12],
        [36, 4, 13],
        [34, 2, 2],
        [33, 1, 0],
        [32, 1, 1],
        ...pixelIndices((x) => x),
      ],
      [63, 62, 61, 58],
      'T',
    );
    const pixels = decodeBlock('etc2-rgb-a1', half(fields));
    expect([0, 1, 2, 3].map((x) => at(pixels, x, 0))).toEqual([
      [221, 17, 136, 255],
      [100, 236, 253, 255],
      [0, 0, 0, 0],
      [36, 172, 189, 255],
    ]);
  });
});

describe('EAC', () => {
  /** An EAC half with every index `index`, base, multiplier and table. */
  const eacHalf = (base: number, multiplier: number, table: number, index: number): Uint8Array => {
    const fields: [number, number, number][] = [
      [56, 8, base],
      [52, 4, multiplier],
      [48, 4, table],
    ];
    for (let pixel = 0; pixel < 16; pixel++) fields.push([45 - pixel * 3, 3, index]);
    return Uint8Array.from(half(fields));
  };
  const values = new Int16Array(16);

  it('the specification examples: base 103, table 13, index 3 (−10), multiplier 2 or 0', () => {
    decodeEacValues(eacHalf(103, 2, 13, 3), 0, EacKind.Alpha8, values);
    expect(values[4]).toBe(83);
    decodeEacValues(eacHalf(103, 2, 13, 3), 0, EacKind.Unsigned11, values);
    expect(values[4]).toBe(668);
    decodeEacValues(eacHalf(103, 0, 13, 3), 0, EacKind.Unsigned11, values);
    expect(values[4]).toBe(818);
    decodeEacValues(eacHalf(60, 2, 13, 3), 0, EacKind.Signed11, values);
    expect(values[4]).toBe(320);
    decodeEacValues(eacHalf(60, 0, 13, 3), 0, EacKind.Signed11, values);
    expect(values[4]).toBe(470);
  });

  it('a signed base of −128 is read as −127', () => {
    decodeEacValues(eacHalf(0x80, 1, 13, 4), 0, EacKind.Signed11, values);
    expect(values[0]).toBe(-127 * 8);
  });

  it('display: R11 as grey, RG11 as (R, G, 0), signed values shown as v + 128', () => {
    const unsigned = eacHalf(103, 2, 13, 3);
    expect(decodeBlock('eac-r11', unsigned)[0]).toEqual([83, 83, 83, 255]);
    const signed = eacHalf(60, 2, 13, 3);
    expect(decodeBlock('eac-r11', signed, true)[0]).toEqual([168, 168, 168, 255]);
    // Unsigned RG11: green 60 × 8 + 4 − 160 = 324, 324 × 255 / 2047 rounds to 40.
    expect(decodeBlock('eac-rg11', [...unsigned, ...signed])[0]).toEqual([83, 40, 0, 255]);
    // Signed RG11: blue is 128 (zero).
    expect(decodeBlock('eac-rg11', [...signed, ...signed], true)[0]).toEqual([168, 168, 128, 255]);
  });

  it('ETC2 RGBA: alpha from the first half, colour from the second', () => {
    const alpha = eacHalf(103, 2, 13, 3);
    const colour = half([
      [59, 5, 28],
      [51, 5, 1],
      [43, 5, 2],
      [37, 3, 2],
      [34, 3, 2],
      [33, 1, 1],
      ...pixelIndices(() => INDEX_OF.plusB),
    ]);
    expect(decodeBlock('etc2-rgba', [...alpha, ...colour])[5]).toEqual([255, 37, 45, 83]);
  });
});

describe('random blocks', () => {
  const codecs: [BlockCodec, number, boolean][] = [
    ['etc1', 8, false],
    ['etc2-rgb', 8, false],
    ['etc2-rgb-a1', 8, false],
    ['etc2-rgba', 16, false],
    ['eac-r11', 8, false],
    ['eac-r11', 8, true],
    ['eac-rg11', 16, false],
    ['eac-rg11', 16, true],
  ];
  for (const [codec, size, isSigned] of codecs) {
    it(`${codec}${isSigned ? ' signed' : ''}: never throw; opaque codecs stay opaque`, () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: size, maxLength: size }), (block) => {
          const pixels = decodeBlock(codec, block, isSigned);
          expect(pixels).toHaveLength(16);
          if (codec !== 'etc2-rgba' && codec !== 'etc2-rgb-a1') {
            expect(pixels.every((p) => p[3] === 255)).toBe(true);
          }
        }),
        { numRuns: 500 },
      );
    });
  }
});
