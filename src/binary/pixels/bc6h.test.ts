/**
 * BC6H against Pillow 9.4's C decoder (every mode, unsigned; the signed modes whose
 * endpoints are not wrapped deltas), and against blocks laid out from Table.F of
 * ARB_texture_compression_bptc with half floats worked by hand from its unquantization
 * and scaling rules (including the sign extension of a wrapped signed delta).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBc6hHalves, halfToNumber } from './bc6h.ts';
import { BitPacker } from './bit-packer.ts';
import { decodePixels } from './decode.ts';
import { PILLOW_BC6H_SIGNED, PILLOW_BC6H_UNSIGNED } from './pillow-vectors.ts';

const bytesOf = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
const halves = new Uint16Array(48);

/** Pillow's 8-bit form of a half float: trunc(clamp(x, 0, 1) × 255), computed in single precision. */
const pillow8 = (half: number): number => {
  const x = halfToNumber(half);
  return !(x > 0) ? 0 : x > 1 ? 255 : Math.floor(Math.fround(Math.fround(x) * 255));
};

describe('BC6H against Pillow', () => {
  const cases: [string, [string, string][], boolean][] = [
    ['unsigned, all 14 modes', PILLOW_BC6H_UNSIGNED, false],
    ['signed, modes 3, 15 and 30', PILLOW_BC6H_SIGNED, true],
  ];
  for (const [name, vectors, isSigned] of cases) {
    it(name, () => {
      let mismatches = 0;
      for (const [block, expected] of vectors) {
        decodeBc6hHalves(bytesOf(block), 0, isSigned, halves);
        // Within one step: in one block (mode 11) Pillow's interpolation lands one half-float
        // unit lower on two texels (0x3464 for 0x3465), which its truncation turns into 69 for 70.
        const got = Array.from(halves, pillow8);
        const want = Array.from(bytesOf(expected));
        got.forEach((value, i) =>
          expect(Math.abs(value - want[i]!), `${block} value ${i}`).toBeLessThanOrEqual(1),
        );
        mismatches += got.filter((value, i) => value !== want[i]).length;
      }
      expect(mismatches).toBeLessThanOrEqual(2);
    });
  }
});

describe('BC6H blocks built from Table.F', () => {
  it('mode 3 (10-bit endpoints, unsigned): 0 and 1023 unquantize to 0 and 0xFFFF', () => {
    // m[4:0] = 00011, r0 g0 b0 = 0, r1 g1 b1 = 1023; index 15 at every pixel but the anchor.
    const out = new BitPacker(16).setBits(0, 3, 5);
    for (let channel = 0; channel < 3; channel++) out.setBits(35 + channel * 10, 1023, 10);
    out.setBits(65, 0, 3);
    for (let pixel = 1; pixel < 16; pixel++)
      out.setBits(68 + (pixel - 1) * 4, pixel === 1 ? 8 : 15, 4);
    decodeBc6hHalves(out.bytes, 0, false, halves);
    expect(Array.from(halves.subarray(0, 3))).toEqual([0, 0, 0]);
    // Weight 34: (65535 × 34 + 32) >> 6 = 34815, × 31 >> 6 = 16863.
    expect(Array.from(halves.subarray(3, 6))).toEqual([16863, 16863, 16863]);
    // Weight 64: 65535 × 31 >> 6 = 31743 (0x7BFF, the largest finite half).
    expect(Array.from(halves.subarray(6, 9))).toEqual([0x7bff, 0x7bff, 0x7bff]);
  });

  it('mode 7 (signed, 11-bit base, 9-bit delta): a wrapped delta is sign-extended again', () => {
    // m = 00111; r0 g0 b0 = 10 (bits 5..34, bit 10 of each at 44 / 54 / 64); deltas −20 as 9 bits.
    const out = new BitPacker(16).setBits(0, 7, 5);
    for (let channel = 0; channel < 3; channel++) {
      out.setBits(5 + channel * 10, 10, 10);
      out.setBits(35 + channel * 10, 512 - 20, 9);
    }
    for (let pixel = 1; pixel < 16; pixel++) out.setBits(68 + (pixel - 1) * 4, 15, 4);
    decodeBc6hHalves(out.bytes, 0, true, halves);
    // e0 = 10: ((10 << 15) + 0x4000) >> 10 = 336; × 31 >> 5 = 325.
    expect(Array.from(halves.subarray(0, 3))).toEqual([325, 325, 325]);
    // e1 = (10 − 20) & 0x7FF = 2038, read as 11-bit −10: −336, shown as sign bit | 325.
    expect(Array.from(halves.subarray(3, 6))).toEqual([0x8000 | 325, 0x8000 | 325, 0x8000 | 325]);
  });

  it('reserved modes (19, 23, 27, 31) decode to black', () => {
    for (const mode of [19, 23, 27, 31]) {
      decodeBc6hHalves(Uint8Array.of(mode, ...new Array<number>(15).fill(0xff)), 0, false, halves);
      expect(halves.every((half) => half === 0)).toBe(true);
    }
  });
});

describe('BC6H display', () => {
  it('tone map: 255 × (1 − e^(−x))^(1/2.2): 0 → 0, 1.0 → 207, the largest half → 255, negatives → 0', () => {
    const encoding = {
      kind: 'block',
      codec: 'bc6h',
      blockWidth: 4,
      blockHeight: 4,
      bytesPerBlock: 16,
    } as const;
    const out = new BitPacker(16).setBits(0, 3, 5);
    for (let channel = 0; channel < 3; channel++) out.setBits(35 + channel * 10, 1023, 10);
    for (let pixel = 1; pixel < 16; pixel++) out.setBits(68 + (pixel - 1) * 4, 15, 4);
    const { rgba } = decodePixels(encoding, out.bytes, 4, 4);
    expect(Array.from(rgba.subarray(0, 8))).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    expect(Math.round(255 * Math.pow(1 - Math.exp(-1), 1 / 2.2))).toBe(207);
    expect(halfToNumber(0x3c00)).toBe(1);
  });

  it('random blocks never throw, signed or not, and are opaque', () => {
    for (const isSigned of [false, true]) {
      const encoding = {
        kind: 'block',
        codec: 'bc6h',
        blockWidth: 4,
        blockHeight: 4,
        bytesPerBlock: 16,
        isSigned,
      } as const;
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (block) => {
          const { rgba } = decodePixels(encoding, block, 4, 4);
          for (let pixel = 0; pixel < 16; pixel++) expect(rgba[pixel * 4 + 3]).toBe(255);
        }),
        { numRuns: 1000 },
      );
    }
  });
});
