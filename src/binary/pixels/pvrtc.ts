/**
 * PVRTC 1 (PowerVR texture compression, 2 and 4 bits a pixel), after Fenney's "Texture
 * Compression using Low-Frequency Signal Modulation" (Graphics Hardware 2003) and the
 * PowerVR SDK's published description of the format. Unlike the BCn codecs, a pixel is
 * not decoded from its own block alone:
 *
 * - Each 64-bit block (8 × 4 pixels at 2 bpp, 4 × 4 at 4 bpp) holds two low-resolution
 *   colours, A and B, and modulation data. Blocks are stored in Morton (twiddled) order:
 *   within the smaller side's span, bits of y and x interleave (y in the lower bit); the
 *   larger side's remaining bits lie above. Sides in blocks must be powers of two, at least 2.
 * - Word layout (two little-endian u32): modulation first, then colour. Colour bit 0 is the
 *   modulation mode; bits 1–15 colour A (bit 15 set: opaque R5 G5 B4; clear: A3 R4 G4 B3),
 *   bits 16–31 colour B (bit 31 set: opaque R5 G5 B5; clear: A3 R4 G4 B4). Narrower
 *   channels widen by bit replication to 5 bits (alpha to 4: 0xF when opaque, A3 << 1
 *   otherwise).
 * - Colours A and B are two low-resolution images, one sample a block sitting at the block's
 *   centre, upscaled bilinearly across neighbouring blocks, wrapping at the texture's edges.
 *   The weighted sum of 5-bit (4-bit) values is widened to 8 bits as the SDK does, which
 *   equals bit replication where no blending happens.
 * - Modulation blends A to B by a weight of eighths. 4 bpp: two bits a pixel, weights
 *   0, 3, 5, 8; with the mode bit set ("punch-through"), 0, 4, 4 with alpha 0, 8.
 *   2 bpp, mode bit clear: one bit a pixel (0 → A, 1 → B). Mode bit set: two bits for every
 *   other pixel (a checkerboard, those with x + y even), the others interpolated from their
 *   four neighbours (or two: bit 0 of the word set picks horizontal-only or, with bit 20
 *   set, vertical-only); those two flag bits borrow their pixel's high bit as their low one.
 *
 * Signedness, rounding and the widening formulas follow the SDK's decoder so files decode as
 * the platform shows them: blended channels are `(A × (8 − w) + B × w) >> 3`.
 */
import { ErrorCode, FormatError } from '../format-error.ts';
import type { BlockKernel } from './types.ts';

/** 4 bpp (and 2 bpp stored) modulation codes as weights of eighths. */
const STANDARD_WEIGHTS = Uint8Array.of(0, 3, 5, 8);
/** 4 bpp punch-through codes: code 2 is half-way with alpha 0. */
const PUNCH_WEIGHTS = Uint8Array.of(0, 4, 4, 8);

/** How a block's modulation is read. */
const MODE_DIRECT = 0;
/** 2 bpp checkerboard, the others from four neighbours, horizontal-only, vertical-only. */
const MODE_INTERPOLATE_HV = 1;
const MODE_INTERPOLATE_H = 2;
const MODE_INTERPOLATE_V = 3;
/** 4 bpp punch-through. */
const MODE_PUNCH = 4;

const isPowerOfTwo = (value: number) => value > 0 && (value & (value - 1)) === 0;

/** The Morton index of block (x, y) of an `across` × `down` grid (both powers of two). */
export function pvrtcBlockIndex(across: number, down: number, x: number, y: number): number {
  const smaller = Math.min(across, down);
  let index = 0;
  let shift = 0;
  for (let bit = 1; bit < smaller; bit <<= 1, shift += 2) {
    if (y & bit) index += 2 ** shift;
    if (x & bit) index += 2 ** (shift + 1);
  }
  const rest = (across > down ? x : y) >>> (shift / 2);
  return index + rest * 2 ** shift;
}

/** Colour A as 5-bit R, G, B and 4-bit alpha, into `into[at..at+3]`. */
function colourA(colour: number, into: Uint8Array, at: number): void {
  if (colour & 0x8000) {
    into[at] = (colour >>> 10) & 31;
    into[at + 1] = (colour >>> 5) & 31;
    const blue = (colour >>> 1) & 15;
    into[at + 2] = (blue << 1) | (blue >>> 3);
    into[at + 3] = 15;
  } else {
    const red = (colour >>> 8) & 15;
    const green = (colour >>> 4) & 15;
    const blue = (colour >>> 1) & 7;
    into[at] = (red << 1) | (red >>> 3);
    into[at + 1] = (green << 1) | (green >>> 3);
    into[at + 2] = (blue << 2) | (blue >>> 1);
    into[at + 3] = ((colour >>> 12) & 7) << 1;
  }
}

/** Colour B, the same way. */
function colourB(colour: number, into: Uint8Array, at: number): void {
  if (colour & 0x80000000) {
    into[at] = (colour >>> 26) & 31;
    into[at + 1] = (colour >>> 21) & 31;
    into[at + 2] = (colour >>> 16) & 31;
    into[at + 3] = 15;
  } else {
    const red = (colour >>> 24) & 15;
    const green = (colour >>> 20) & 15;
    const blue = (colour >>> 16) & 15;
    into[at] = (red << 1) | (red >>> 3);
    into[at + 1] = (green << 1) | (green >>> 3);
    into[at + 2] = (blue << 1) | (blue >>> 3);
    into[at + 3] = ((colour >>> 28) & 7) << 1;
  }
}

/**
 * Unpacks one block's modulation into `codes` (2-bit codes, one a pixel of the padded
 * surface, `stride` wide) and returns the block's mode.
 */
function unpackModulation(
  modulation: number,
  colour: number,
  is2bpp: boolean,
  codes: Uint8Array,
  first: number,
  stride: number,
): number {
  const isModeSet = (colour & 1) === 1;
  if (!is2bpp) {
    let bits = modulation;
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++, bits >>>= 2) codes[first + y * stride + x] = bits & 3;
    }
    return isModeSet ? MODE_PUNCH : MODE_DIRECT;
  }
  if (!isModeSet) {
    let bits = modulation;
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 8; x++, bits >>>= 1) codes[first + y * stride + x] = bits & 1 ? 3 : 0;
    }
    return MODE_DIRECT;
  }
  let bits = modulation >>> 0;
  let mode = MODE_INTERPOLATE_HV;
  if (bits & 1) {
    // Bit 0 flags one-direction interpolation; bit 20 (the low bit of pixel (4, 2)) says
    // which. Both pixels then take their high bit for their low one.
    mode = bits & (1 << 20) ? MODE_INTERPOLATE_V : MODE_INTERPOLATE_H;
    bits = bits & (1 << 21) ? bits | (1 << 20) : bits & ~(1 << 20);
  }
  bits = bits & 2 ? bits | 1 : bits & ~1;
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 8; x++) {
      if (((x ^ y) & 1) === 0) {
        codes[first + y * stride + x] = bits & 3;
        bits >>>= 2;
      }
    }
  }
  return mode;
}

/** The block grid of a surface: at least 2 × 2 blocks (smaller surfaces are padded). */
function blockGrid(width: number, height: number, is2bpp: boolean) {
  const blockWidth = is2bpp ? 8 : 4;
  return {
    blockWidth,
    across: Math.max(2, Math.ceil(width / blockWidth)),
    down: Math.max(2, Math.ceil(height / 4)),
  };
}

/**
 * Throws unless the surface's sides in blocks are powers of two (PVRTC 1 twiddles whole
 * sides; other sizes have no defined layout). `offset`: where the surface starts.
 */
export function checkPvrtcSides(width: number, height: number, is2bpp: boolean, offset = 0): void {
  const { across, down } = blockGrid(width, height, is2bpp);
  if (!isPowerOfTwo(across) || !isPowerOfTwo(down)) {
    throw new FormatError({
      code: ErrorCode.BAD_VALUE,
      offset,
      detail: `PVRTC needs sides of a power of two blocks; ${width} × ${height} pixels is ${across} × ${down} blocks`,
    });
  }
}

export const decodePvrtc: BlockKernel = (src, width, height, out, encoding) => {
  const is2bpp = encoding.codec === 'pvrtc-2bpp';
  checkPvrtcSides(width, height, is2bpp);
  const { blockWidth, across, down } = blockGrid(width, height, is2bpp);
  const paddedWidth = across * blockWidth;
  const paddedHeight = down * 4;
  // Colours A and B of every block in grid order: A's R, G, B, alpha, then B's.
  const colours = new Uint8Array(across * down * 8);
  const modes = new Uint8Array(across * down);
  const codes = new Uint8Array(paddedWidth * paddedHeight);
  for (let by = 0; by < down; by++) {
    for (let bx = 0; bx < across; bx++) {
      const at = pvrtcBlockIndex(across, down, bx, by) * 8;
      const modulation =
        (src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16) | (src[at + 3]! << 24)) >>> 0;
      const colour =
        (src[at + 4]! | (src[at + 5]! << 8) | (src[at + 6]! << 16) | (src[at + 7]! << 24)) >>> 0;
      const block = by * across + bx;
      colourA(colour, colours, block * 8);
      colourB(colour, colours, block * 8 + 4);
      modes[block] = unpackModulation(
        modulation,
        colour,
        is2bpp,
        codes,
        by * 4 * paddedWidth + bx * blockWidth,
        paddedWidth,
      );
    }
  }

  const halfWidth = blockWidth / 2;
  const blockShift = is2bpp ? 3 : 2;
  // The widening of a weighted sum (weights total 16 at 4 bpp, 32 at 2 bpp) to 8 bits.
  const colourLow = is2bpp ? 7 : 6;
  const colourHigh = is2bpp ? 2 : 1;
  const alphaLow = is2bpp ? 5 : 4;
  const alphaHigh = is2bpp ? 1 : 0;
  const weightOf = (x: number, y: number) =>
    STANDARD_WEIGHTS[
      codes[((y + paddedHeight) % paddedHeight) * paddedWidth + ((x + paddedWidth) % paddedWidth)]!
    ]!;
  const blended = new Int32Array(8);
  for (let y = 0; y < height; y++) {
    const v = y - 2 + paddedHeight;
    const row0 = ((v >>> 2) % down) * across;
    const row1 = (((v >>> 2) + 1) % down) * across;
    const fy = v & 3;
    for (let x = 0; x < width; x++) {
      const u = x - halfWidth + paddedWidth;
      const column0 = (u >>> blockShift) % across;
      const column1 = ((u >>> blockShift) + 1) % across;
      const fx = u & (blockWidth - 1);
      const p = (row0 + column0) * 8;
      const q = (row0 + column1) * 8;
      const r = (row1 + column0) * 8;
      const s = (row1 + column1) * 8;
      const wp = (blockWidth - fx) * (4 - fy);
      const wq = fx * (4 - fy);
      const wr = (blockWidth - fx) * fy;
      const ws = fx * fy;
      for (let channel = 0; channel < 8; channel++) {
        const sum =
          colours[p + channel]! * wp +
          colours[q + channel]! * wq +
          colours[r + channel]! * wr +
          colours[s + channel]! * ws;
        blended[channel] =
          (channel & 3) === 3
            ? (sum >> alphaLow) + (sum >> alphaHigh)
            : (sum >> colourLow) + (sum >> colourHigh);
      }

      const mode = modes[(y >>> 2) * across + (x >>> blockShift)]!;
      const code = codes[y * paddedWidth + x]!;
      let weight: number;
      let isPunched = false;
      if (mode === MODE_PUNCH) {
        weight = PUNCH_WEIGHTS[code]!;
        isPunched = code === 2;
      } else if (mode === MODE_DIRECT || ((x ^ y) & 1) === 0) {
        weight = STANDARD_WEIGHTS[code]!;
      } else if (mode === MODE_INTERPOLATE_HV) {
        weight =
          (weightOf(x, y - 1) + weightOf(x, y + 1) + weightOf(x - 1, y) + weightOf(x + 1, y) + 2) >>
          2;
      } else if (mode === MODE_INTERPOLATE_H) {
        weight = (weightOf(x - 1, y) + weightOf(x + 1, y) + 1) >> 1;
      } else {
        weight = (weightOf(x, y - 1) + weightOf(x, y + 1) + 1) >> 1;
      }
      const at = (y * width + x) * 4;
      out[at] = (blended[0]! * (8 - weight) + blended[4]! * weight) >> 3;
      out[at + 1] = (blended[1]! * (8 - weight) + blended[5]! * weight) >> 3;
      out[at + 2] = (blended[2]! * (8 - weight) + blended[6]! * weight) >> 3;
      out[at + 3] = isPunched ? 0 : (blended[3]! * (8 - weight) + blended[7]! * weight) >> 3;
    }
  }
};
