/**
 * ASTC LDR against blocks laid out bit by bit from the Khronos Data Format Specification
 * (chapter "ASTC": block mode table, partition count and colour endpoint mode fields,
 * colour values from bit 17 or 29, weights bit-reversed from bit 127 downwards, the
 * dual-plane component selector below them, the void-extent layout), with expected texels
 * worked from the specification's formulas: endpoint modes, bit replication of the
 * weights, 16-bit interpolation and the top 8 bits kept; and blocks of every partition
 * count, one and two planes, and bit, trit and quint weights from the reference encoder.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLOR_UNQUANTIZED, ISE_RANGES, QUINTS, TRITS, WEIGHT_UNQUANTIZED } from './astc-tables.ts';
import { ASTC_ERROR_COLOR } from './astc.ts';
import { ASTCENC_BLOCKS } from './astcenc-vectors.ts';
import { BitPacker } from './bit-packer.ts';
import { decodePixels } from './decode.ts';
import { ASTC_FOOTPRINTS } from './types.ts';

const FOOTPRINTS = ASTC_FOOTPRINTS;

const MAGENTA = [255, 0, 255, 255];

function decode(block: Uint8Array, blockWidth = 4, blockHeight = 4): number[][] {
  const { rgba } = decodePixels(
    { kind: 'block', codec: 'astc', blockWidth, blockHeight, bytesPerBlock: 16 },
    block,
    blockWidth,
    blockHeight,
  );
  return Array.from({ length: blockWidth * blockHeight }, (_, i) =>
    Array.from(rgba.subarray(i * 4, i * 4 + 4)),
  );
}

/** The specification's LDR interpolation: endpoints replicated to 16 bits, 6-bit weight, top 8 bits. */
const lerp = (c0: number, c1: number, w: number): number =>
  ((c0 * 257 * (64 - w) + c1 * 257 * w + 32) >> 6) >> 8;

/**
 * A single-partition block with a 4 × 4 grid of 2-bit weights (block mode 0x042: R = 4 levels,
 * W = B + 4 = 4, H = A + 2 = 4), endpoint mode `cem`, 8-bit colour values (the 256-level range
 * fits: 128 − 17 − 32 bits for at most 8 values). With `ccs`, two planes on a 4 × 2 grid
 * (mode 0x402: A = 0, D = 1; 16 interleaved 2-bit weights) and the component selector just
 * below the weights.
 */
function singlePartitionBlock(
  cem: number,
  values: number[],
  weights: number[],
  ccs?: number,
): Uint8Array {
  const dual = ccs !== undefined;
  const out = new BitPacker(16);
  out.setBits(0, dual ? 0x402 : 0x042, 11);
  out.setBits(11, 0, 2);
  out.setBits(13, cem, 4);
  values.forEach((value, i) => out.setBits(17 + i * 8, value, 8));
  // Weight i's bit 0 sits at bit 127 − 2i, its bit 1 at 126 − 2i (the weight area is bit-reversed).
  weights.forEach((weight, i) => {
    out.setBit(127 - 2 * i, weight & 1);
    out.setBit(126 - 2 * i, (weight >> 1) & 1);
  });
  if (dual) out.setBits(128 - weights.length * 2 - 2, ccs, 2);
  return out.bytes;
}

/** 2-bit weights bit-replicated to 6 bits, values above 32 raised by one. */
const WEIGHT_2BIT = [0, 21, 43, 64];

describe('ASTC against astcenc', () => {
  it('blocks of every kind it produced, six footprints, decode to its pixels (within one step)', () => {
    const bytesOf = (hex: string): Uint8Array =>
      Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
    let exact = 0;
    let total = 0;
    for (const [footprint, block, pixels] of ASTCENC_BLOCKS) {
      const [bw, bh] = footprint.split('x').map(Number) as [number, number];
      const got = decode(bytesOf(block), bw, bh).flat();
      const want = Array.from(bytesOf(pixels));
      // astcenc rounds its float result to 8 bits; this decoder keeps the top 8 bits of the
      // UNORM16 result (the specification's decode_unorm8), so values may sit one step apart.
      got.forEach((value, i) =>
        expect(Math.abs(value - want[i]!), `${footprint} ${block} value ${i}`).toBeLessThanOrEqual(
          1,
        ),
      );
      exact += got.filter((value, i) => value === want[i]).length;
      total += got.length;
    }
    expect(exact / total).toBeGreaterThan(0.8);
  });
});

describe('ASTC void extent', () => {
  it('an LDR void-extent block is one colour, the top byte of each UNORM16 channel, at every footprint', () => {
    const block = Uint8Array.of(
      0xfc,
      0xfd,
      0xff,
      0xff,
      0xff,
      0xff,
      0xff,
      0xff,
      0x34,
      0x12,
      0x78,
      0x56,
      0xbc,
      0x9a,
      0xf0,
      0xde,
    );
    for (const [w, h] of FOOTPRINTS) {
      expect(decode(block, w, h)).toEqual(new Array(w * h).fill([0x12, 0x56, 0x9a, 0xde]));
    }
  });

  it('an HDR void extent (bit 9) and inverted extents are errors: magenta', () => {
    const hdr = Uint8Array.of(
      0xfc,
      0xff,
      0xff,
      0xff,
      0xff,
      0xff,
      0xff,
      0xff,
      0,
      0x3c,
      0,
      0x3c,
      0,
      0x3c,
      0,
      0x3c,
    );
    expect(decode(hdr)[0]).toEqual(MAGENTA);
    const inverted = new BitPacker(16)
      .setBits(0, 0xdfc, 12)
      .setBits(12, 5, 13)
      .setBits(25, 2, 13)
      .setBits(38, 0, 13);
    inverted.setBits(51, 9, 13);
    expect(decode(inverted.bytes)[0]).toEqual(MAGENTA);
  });
});

describe('ASTC block errors', () => {
  it('a reserved block mode (all zero) and HDR endpoint modes decode to magenta', () => {
    expect(decode(new Uint8Array(16))[5]).toEqual(MAGENTA);
    for (const hdrMode of [2, 3, 7, 11, 14, 15]) {
      expect(
        decode(singlePartitionBlock(hdrMode, [1, 2, 3, 4, 5, 6, 7, 8], new Array(16).fill(0)))[0],
      ).toEqual(MAGENTA);
    }
    expect(ASTC_ERROR_COLOR).toBe(0xffff00ff);
  });

  it('a weight grid wider than the block is an error (a 4 × 4 block with a 12-wide grid)', () => {
    // Block mode with bits 1..0 = 00, bits 8..7 = 00: W = 12, H = A + 2; R = 2 levels.
    const out = new BitPacker(16).setBits(0, (1 << 2) | (0 << 4), 11).setBits(13, 8, 4);
    expect(decode(out.bytes)[0]).toEqual(MAGENTA);
  });
});

describe('ASTC LDR endpoint modes on a 4 × 4 grid of 2-bit weights', () => {
  const weights = Array.from({ length: 16 }, (_, i) => (i * 7) % 4);

  it('mode 8, RGB direct: (10, 200, 30) to (250, 40, 100)', () => {
    const values = [10, 250, 200, 40, 30, 100];
    const texels = decode(singlePartitionBlock(8, values, weights));
    texels.forEach((texel, i) => {
      const w = WEIGHT_2BIT[weights[i]!]!;
      expect(texel).toEqual([lerp(10, 250, w), lerp(200, 40, w), lerp(30, 100, w), 255]);
    });
  });

  it('mode 8 with the second sum smaller: blue contraction and swapped endpoints', () => {
    const values = [200, 100, 180, 60, 220, 40];
    const e0 = [(100 + 40) >> 1, (60 + 40) >> 1, 40];
    const e1 = [(200 + 220) >> 1, (180 + 220) >> 1, 220];
    decode(singlePartitionBlock(8, values, weights)).forEach((texel, i) => {
      const w = WEIGHT_2BIT[weights[i]!]!;
      expect(texel).toEqual([
        lerp(e0[0]!, e1[0]!, w),
        lerp(e0[1]!, e1[1]!, w),
        lerp(e0[2]!, e1[2]!, w),
        255,
      ]);
    });
  });

  it('mode 0, luminance, and mode 4, luminance + alpha', () => {
    decode(singlePartitionBlock(0, [30, 220], weights)).forEach((texel, i) => {
      const l = lerp(30, 220, WEIGHT_2BIT[weights[i]!]!);
      expect(texel).toEqual([l, l, l, 255]);
    });
    decode(singlePartitionBlock(4, [30, 220, 250, 5], weights)).forEach((texel, i) => {
      const w = WEIGHT_2BIT[weights[i]!]!;
      const l = lerp(30, 220, w);
      expect(texel).toEqual([l, l, l, lerp(250, 5, w)]);
    });
  });

  it('mode 1, luminance base + offset: L0 = v0 >> 2 | v1 & 0xC0, L1 = L0 + (v1 & 0x3F)', () => {
    // v0 = 0x80, v1 = 0x45: L0 = 0x20 | 0x40 = 0x60, L1 = 0x60 + 5 = 0x65.
    decode(singlePartitionBlock(1, [0x80, 0x45], weights)).forEach((texel, i) => {
      const l = lerp(0x60, 0x65, WEIGHT_2BIT[weights[i]!]!);
      expect(texel).toEqual([l, l, l, 255]);
    });
  });

  it('mode 6, RGB scale: endpoint 0 is (v0, v1, v2) × v3 / 256', () => {
    const e1 = [200, 100, 50];
    const e0 = e1.map((c) => (c * 128) >> 8);
    decode(singlePartitionBlock(6, [200, 100, 50, 128], weights)).forEach((texel, i) => {
      const w = WEIGHT_2BIT[weights[i]!]!;
      expect(texel).toEqual([lerp(e0[0]!, 200, w), lerp(e0[1]!, 100, w), lerp(e0[2]!, 50, w), 255]);
    });
  });

  it('mode 13, RGBA base + offset: bit transfer, positive offsets', () => {
    // Pairs (base, offset byte): the offset's top bit becomes the base's top bit; its bits 6..1 a signed offset.
    // Base 0x40 with offset 0x0A: base (0x40 >> 1) | 0 = 0x20, offset 5.
    const values = [0x40, 0x0a, 0x80, 0x04, 0xc0, 0x02, 0xfe, 0x7e];
    // Red 0x20 + 5, green 0x40 + 2, blue 0x60 + 1; alpha 0x7f + (0x3f − 64 = −1), offsets sum 8 ≥ 0.
    const e0 = [0x20, 0x40, 0x60, 0x7f];
    const e1 = [0x25, 0x42, 0x61, 0x7e];
    decode(singlePartitionBlock(13, values, weights)).forEach((texel, i) => {
      const w = WEIGHT_2BIT[weights[i]!]!;
      expect(texel).toEqual(e0.map((c, k) => lerp(c, e1[k]!, w)));
    });
  });

  it('two planes: the selected component (alpha) takes the second plane', () => {
    const both = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 0 : 3));
    decode(singlePartitionBlock(12, [10, 250, 20, 240, 30, 230, 40, 220], both, 3)).forEach(
      (texel) => {
        expect(texel).toEqual([10, 20, 30, 220]);
      },
    );
    decode(singlePartitionBlock(12, [10, 250, 20, 240, 30, 230, 40, 220], both, 1)).forEach(
      (texel) => {
        expect(texel).toEqual([10, 240, 30, 40]);
      },
    );
  });

  it('one weight everywhere infills to that weight at every footprint', () => {
    for (const [bw, bh] of FOOTPRINTS) {
      decode(
        singlePartitionBlock(8, [0, 255, 0, 255, 0, 255], new Array(16).fill(2)),
        bw,
        bh,
      ).forEach((texel) => {
        expect(texel).toEqual([lerp(0, 255, 43), lerp(0, 255, 43), lerp(0, 255, 43), 255]);
      });
    }
  });
});

describe('ASTC tables', () => {
  it('every 5-trit and 3-quint combination has an encoding', () => {
    const trits = new Set<string>();
    for (let t = 0; t < 256; t++) trits.add(Array.from(TRITS.subarray(t * 5, t * 5 + 5)).join());
    expect(trits.size).toBe(243);
    const quints = new Set<string>();
    for (let q = 0; q < 128; q++) quints.add(Array.from(QUINTS.subarray(q * 3, q * 3 + 3)).join());
    expect(quints.size).toBe(125);
  });

  it('the 6-level trit range unquantizes colour to 0, 255, 51, 204, 102, 153 and weights to 0, 64, 12, 52, 25, 39', () => {
    expect(Array.from(COLOR_UNQUANTIZED.subarray(4 * 256, 4 * 256 + 6))).toEqual([
      0, 255, 51, 204, 102, 153,
    ]);
    expect(Array.from(WEIGHT_UNQUANTIZED.subarray(4 * 32, 4 * 32 + 6))).toEqual([
      0, 64, 12, 52, 25, 39,
    ]);
  });

  it('every range unquantizes to distinct levels spanning 0–255 (colour) and 0–64 (weights)', () => {
    ISE_RANGES.forEach((r, index) => {
      if (index >= 4 || (!r.trits && !r.quints)) {
        const colours = new Set(COLOR_UNQUANTIZED.subarray(index * 256, index * 256 + r.levels));
        expect(colours.size, `colour range ${r.levels}`).toBe(r.levels);
        expect(colours.has(0) && colours.has(255)).toBe(true);
      }
      if (index < 12) {
        const weights = new Set(WEIGHT_UNQUANTIZED.subarray(index * 32, index * 32 + r.levels));
        expect(weights.size, `weight range ${r.levels}`).toBe(r.levels);
        expect(weights.has(0) && weights.has(64)).toBe(true);
      }
    });
  });
});

describe('ASTC random blocks', () => {
  it('never throw and fill every texel at every footprint', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.constantFrom(...FOOTPRINTS),
        (block, [w, h]) => {
          const texels = decode(block, w, h);
          expect(texels).toHaveLength(w * h);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
