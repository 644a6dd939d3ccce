/**
 * KTX 1 files for tests, fuzzing and samples, made by the writer: RGB8 rows padded to 4
 * bytes, RGBA8 with its mip chain and key/value data, a cube map, and one ETC1 block.
 */
import type { KtxInput } from './write.ts';
import { writeKtx } from './write.ts';

const GL_UNSIGNED_BYTE = 0x1401;

export const ktxHeader = (overrides: Partial<KtxInput['header']>): KtxInput['header'] => ({
  glType: GL_UNSIGNED_BYTE,
  glTypeSize: 1,
  glFormat: 0x1908,
  glInternalFormat: 0x8058,
  glBaseInternalFormat: 0x1908,
  width: 4,
  height: 4,
  depth: 0,
  arrayElements: 0,
  faces: 1,
  mipLevels: 1,
  ...overrides,
});

const bytes = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, at) => (at * 29 + seed) & 0xff);

/** 3 × 2 RGB8: each row of 9 bytes is stored in 12 (its last 3 are padding, 0xEE). */
export function paddedRgbRows(): { stored: Uint8Array; tight: Uint8Array } {
  const tight = bytes(18, 5);
  const stored = new Uint8Array(24).fill(0xee);
  stored.set(tight.subarray(0, 9), 0);
  stored.set(tight.subarray(9, 18), 12);
  return { stored, tight };
}

export function ktxSamples(): { name: string; input: KtxInput; bytes: Uint8Array }[] {
  const rgb: KtxInput = {
    header: ktxHeader({
      glFormat: 0x1907,
      glInternalFormat: 0x8051,
      glBaseInternalFormat: 0x1907,
      width: 3,
      height: 2,
    }),
    levels: [[paddedRgbRows().stored]],
  };
  const mips: KtxInput = {
    header: ktxHeader({ mipLevels: 3 }),
    keyValues: [['KTXorientation', 'S=r,T=d']],
    levels: [[bytes(64, 1)], [bytes(16, 2)], [bytes(4, 3)]],
  };
  const cube: KtxInput = {
    header: ktxHeader({ width: 1, height: 1, faces: 6 }),
    levels: [
      Array.from({ length: 6 }, (_, face) => Uint8Array.of(face * 40, 255 - face * 40, face, 255)),
    ],
  };
  const etc1: KtxInput = {
    header: ktxHeader({
      glType: 0,
      glTypeSize: 1,
      glFormat: 0,
      glInternalFormat: 0x8d64,
      glBaseInternalFormat: 0x1907,
    }),
    levels: [[bytes(8, 9)]],
  };
  return [
    { name: 'rgb-rows.ktx', input: rgb, bytes: writeKtx(rgb) },
    { name: 'mips.ktx', input: mips, bytes: writeKtx(mips) },
    { name: 'cube.ktx', input: cube, bytes: writeKtx(cube) },
    { name: 'etc1.ktx', input: etc1, bytes: writeKtx(etc1) },
  ];
}
