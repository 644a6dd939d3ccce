/**
 * ETC2 / EAC against the encoded blocks and decoded pixels published in the Android
 * emulator's ETC2 unit test (android/android-emugl/host/libs/Translator/GLcommon/
 * Etc2_unittest.cpp, the revision with the RGB8A1 cases, whose EAC expectations run in row
 * order): T, H and planar RGB blocks, punch-through blocks in every mode with the opaque bit
 * set and clear, an 8-bit alpha block and R11 / signed R11 blocks (16-bit outputs).
 */
import { describe, expect, it } from 'vitest';
import { decodePixels } from './decode.ts';
import { EacKind, decodeEacValues } from './etc.ts';
import type { BlockCodec } from './types.ts';

function decodeBlock(codec: BlockCodec, bytes: number[]): number[][] {
  const block = Uint8Array.from(bytes);
  const { rgba } = decodePixels(
    { kind: 'block', codec, blockWidth: 4, blockHeight: 4, bytesPerBlock: block.length },
    block,
    4,
    4,
  );
  return Array.from({ length: 16 }, (_, pixel) =>
    Array.from(rgba.subarray(pixel * 4, pixel * 4 + 4)),
  );
}

const rgbOf = (pixels: number[][]): number[][] => pixels.map((p) => p.slice(0, 3));

describe('ETC2 RGB: the Android emulator unit test blocks', () => {
  // Etc2_unittest.cpp: ETC2T, ETC2H and ETC2P, decoded RGB rows top to bottom.
  const cases: [string, number[], number[]][] = [
    [
      'T',
      [21, 101, 186, 135, 166, 238, 74, 106],
      [
        153, 102, 85, 153, 102, 85, 153, 102, 85, 153, 102, 85, 171, 154, 120, 171, 154, 120, 171,
        154, 120, 187, 170, 136, 187, 170, 136, 171, 154, 120, 187, 170, 136, 203, 186, 152, 171,
        154, 120, 187, 170, 136, 203, 186, 152, 187, 170, 136,
      ],
    ],
    [
      'H',
      [110, 13, 228, 186, 119, 119, 255, 117],
      [
        198, 147, 113, 198, 147, 113, 198, 147, 113, 198, 147, 113, 210, 159, 125, 198, 147, 113,
        198, 147, 113, 198, 147, 113, 198, 147, 113, 198, 147, 113, 198, 147, 113, 198, 147, 113,
        227, 210, 193, 227, 210, 193, 215, 198, 181, 215, 198, 181,
      ],
    ],
    [
      'planar',
      [89, 138, 250, 79, 120, 181, 146, 29],
      [
        178, 139, 113, 173, 134, 107, 168, 130, 101, 163, 125, 95, 178, 141, 114, 173, 136, 108,
        168, 131, 102, 163, 126, 96, 178, 142, 115, 173, 137, 109, 168, 133, 103, 163, 128, 97, 178,
        144, 116, 173, 139, 110, 168, 134, 104, 163, 129, 98,
      ],
    ],
  ];
  for (const [mode, block, rgb] of cases) {
    it(`${mode} mode`, () => {
      expect(rgbOf(decodeBlock('etc2-rgb', block)).flat()).toEqual(rgb);
    });
  }
});

describe('ETC2 RGB A1: the Android emulator unit test blocks', () => {
  // Etc2_unittest.cpp: ETC2RGB8A1_*, decoded RGBA rows top to bottom.
  const cases: [string, number[], number[]][] = [
    ['All0', [0, 0, 0, 0, 255, 255, 0, 0], new Array(64).fill(0)],
    [
      'OP1_diff_flipped',
      [76, 206, 232, 35, 126, 232, 34, 21],
      [
        91, 223, 255, 255, 91, 223, 255, 255, 79, 211, 244, 255, 69, 201, 234, 255, 79, 211, 244,
        255, 69, 201, 234, 255, 57, 189, 222, 255, 57, 189, 222, 255, 49, 197, 247, 255, 39, 187,
        237, 255, 39, 187, 237, 255, 39, 187, 237, 255, 39, 187, 237, 255, 39, 187, 237, 255, 39,
        187, 237, 255, 43, 191, 241, 255,
      ],
    ],
    [
      'OP1_T',
      [4, 90, 75, 238, 98, 49, 81, 32],
      [
        68, 187, 238, 255, 68, 187, 238, 255, 109, 228, 255, 255, 109, 228, 255, 255, 0, 85, 170,
        255, 27, 146, 197, 255, 68, 187, 238, 255, 68, 187, 238, 255, 0, 85, 170, 255, 0, 85, 170,
        255, 0, 85, 170, 255, 27, 146, 197, 255, 0, 85, 170, 255, 0, 85, 170, 255, 0, 85, 170, 255,
        0, 85, 170, 255,
      ],
    ],
    [
      'OP1_H',
      [54, 251, 38, 114, 55, 126, 64, 133],
      [
        96, 215, 232, 255, 74, 210, 244, 255, 74, 210, 244, 255, 74, 210, 244, 255, 74, 210, 244,
        255, 74, 210, 244, 255, 74, 210, 244, 255, 74, 210, 244, 255, 62, 198, 232, 255, 74, 210,
        244, 255, 74, 210, 244, 255, 96, 215, 232, 255, 74, 210, 244, 255, 96, 215, 232, 255, 108,
        227, 244, 255, 108, 227, 244, 255,
      ],
    ],
    [
      'OP1_Planar',
      [133, 15, 243, 23, 187, 211, 189, 62],
      [
        8, 143, 219, 255, 17, 154, 223, 255, 26, 165, 227, 255, 35, 176, 231, 255, 35, 166, 227,
        255, 44, 177, 231, 255, 53, 188, 235, 255, 62, 199, 239, 255, 63, 188, 235, 255, 72, 199,
        239, 255, 81, 210, 243, 255, 90, 221, 247, 255, 90, 211, 243, 255, 99, 222, 247, 255, 108,
        233, 251, 255, 117, 244, 255, 255,
      ],
    ],
    [
      'OP0_diff_noflipped',
      [118, 223, 240, 4, 193, 19, 210, 0],
      [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 116, 231, 255, 255, 0, 0, 0, 0, 115, 222, 247, 255, 116,
        231, 255, 255, 99, 214, 247, 255, 115, 222, 247, 255, 115, 222, 247, 255, 99, 214, 247, 255,
        82, 197, 230, 255, 115, 222, 247, 255, 115, 222, 247, 255, 99, 214, 247, 255, 82, 197, 230,
        255,
      ],
    ],
    [
      'OP0_T',
      [6, 173, 5, 168, 230, 102, 76, 128],
      [
        34, 170, 221, 255, 34, 170, 221, 255, 34, 170, 221, 255, 34, 170, 221, 255, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 62, 147, 255, 0, 62, 147, 255,
        34, 170, 221, 255, 23, 108, 193, 255, 23, 108, 193, 255, 0, 0, 0, 0,
      ],
    ],
    [
      'OP0_H',
      [149, 14, 131, 89, 19, 55, 117, 81],
      [
        0, 86, 171, 255, 0, 86, 171, 255, 0, 86, 171, 255, 0, 86, 171, 255, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 18, 154, 205, 255, 0, 0, 0, 0, 18, 154, 205, 255, 18, 154, 205, 255, 18, 154,
        205, 255, 50, 186, 237, 255, 50, 186, 237, 255, 50, 186, 237, 255, 50, 186, 237, 255,
      ],
    ],
    [
      'OP0_Planer',
      [35, 73, 249, 152, 191, 212, 60, 253],
      [
        69, 201, 239, 255, 64, 199, 238, 255, 59, 196, 237, 255, 53, 194, 236, 255, 85, 209, 241,
        255, 80, 206, 240, 255, 75, 204, 239, 255, 70, 201, 238, 255, 102, 216, 243, 255, 96, 214,
        242, 255, 91, 211, 241, 255, 86, 209, 240, 255, 118, 224, 245, 255, 113, 221, 244, 255, 107,
        219, 243, 255, 102, 216, 242, 255,
      ],
    ],
  ];
  for (const [name, block, rgba] of cases) {
    it(name, () => {
      expect(decodeBlock('etc2-rgb-a1', block).flat()).toEqual(rgba);
    });
  }
});

describe('EAC', () => {
  const values = new Int16Array(16);

  it('the Android emulator alpha block (EAC_Alpha)', () => {
    decodeEacValues(Uint8Array.of(101, 65, 229, 178, 147, 5, 32, 2), 0, EacKind.Alpha8, values);
    expect(Array.from(values)).toEqual([
      149, 73, 89, 89, 73, 61, 73, 89, 49, 61, 61, 89, 49, 49, 61, 61,
    ]);
  });

  /** The specification's 16-bit extension by bit replication (signed: of the magnitude). */
  const to16 = (value: number, isSigned: boolean): number => {
    if (!isSigned) return (value << 5) + (value >> 6);
    const magnitude = Math.abs(value);
    const extended = (magnitude << 5) + (magnitude >> 5);
    return value < 0 ? -extended : extended;
  };
  const cases: [string, number[], boolean, number[]][] = [
    ['EAC_R11_0', [0, 0, 36, 146, 73, 36, 146, 73], false, new Array(32).fill(0)],
    [
      'EAC_R11_NonZero',
      [45, 16, 23, 116, 38, 100, 86, 208],
      false,
      [
        133, 42, 132, 36, 131, 30, 131, 30, 134, 50, 133, 42, 132, 39, 131, 30, 134, 53, 133, 47,
        133, 42, 132, 36, 135, 59, 134, 53, 134, 50, 133, 42,
      ],
    ],
    [
      'EAC_SIGNED_R11',
      [198, 123, 74, 150, 120, 104, 6, 137],
      true,
      [
        230, 148, 1, 128, 1, 128, 1, 128, 230, 148, 233, 162, 230, 148, 230, 148, 249, 225, 1, 5,
        238, 183, 233, 162, 233, 162, 238, 183, 238, 183, 233, 162,
      ],
    ],
  ];
  for (const [name, block, isSigned, bytes] of cases) {
    it(`the Android emulator block ${name} (16-bit little-endian output)`, () => {
      decodeEacValues(
        Uint8Array.from(block),
        0,
        isSigned ? EacKind.Signed11 : EacKind.Unsigned11,
        values,
      );
      const expected = Array.from({ length: 16 }, (_, i) => {
        const word = bytes[i * 2]! | (bytes[i * 2 + 1]! << 8);
        return isSigned ? (word << 16) >> 16 : word;
      });
      expect(Array.from(values, (value) => to16(value, isSigned))).toEqual(expected);
    });
  }
});
