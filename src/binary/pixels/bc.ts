/**
 * BC1–BC5 (DXT1–DXT5, ATI1/ATI2) block kernels: 4 × 4 pixel blocks of 8 or 16 bytes, in
 * rows of blocks, little-endian fields. Layouts and palettes as Microsoft's "Block
 * Compression (Direct3D 10)" documents them:
 *
 * - a colour block (BC1, and the second half of BC2/BC3): two R5G6B5 endpoints, then
 *   sixteen 2-bit indexes, pixel 0 in the lowest bits. Four colours when c0 > c1 (c2 =
 *   2/3 c0 + 1/3 c1, c3 = 1/3 c0 + 2/3 c1); in BC1 alone, c0 <= c1 gives three (c2 the
 *   mean) and index 3 transparent black. BC2 and BC3 always use four.
 * - BC2 alpha: sixteen explicit 4-bit values (a × 17).
 * - an interpolated channel (BC3 alpha, BC4, each half of BC5): two 8-bit endpoints, then
 *   sixteen 3-bit indexes over 48 bits. a0 > a1: six values between them (1/7 steps);
 *   otherwise four (1/5 steps), then the range's two extremes.
 *
 * Interpolation rounds to nearest (the documents give real-valued formulas; hardware is
 * allowed a small error). Signed (snorm) channels: each byte is an int8 (−128 taken as
 * −127, as Direct3D does), shown as v + 128; their extremes are −127 and 127 (1 and 255).
 *
 * Speed: one pass over the blocks, each block's palette in a few locals or a reused
 * scratch array, pixels written as 32-bit words (RGBA in little-endian byte order). A whole
 * block (all of them where the sides are multiples of 4) of BC1 or BC3 writes its rows
 * unrolled; palettes divide by 3, 5 and 7 with a multiply and a shift (docs/PERFORMANCE.md,
 * "BC1 and BC3: whole blocks unrolled").
 */
import type { BlockCodec, BlockKernel } from './types.ts';

/** The four colours of a colour block, as RGBA words; reused for every block. */
const colours = new Int32Array(4);
/** The eight values of an interpolated channel block; reused. */
const values = new Uint8Array(8);
/** A second channel's values (BC5's green); reused. */
const greens = new Uint8Array(8);
/** A whole BC3 block's colours without their alpha; reused. */
const rgbs = new Int32Array(4);

const OPAQUE = 0xff000000;

/*
 * Whole-number division of the palettes' weighted sums (at most 3 × 255 + 1, 5 × 255 + 2
 * and 7 × 255 + 3) by 3, 5 and 7, as a multiply and a shift: exact to 2^13 and beyond
 * (bc.test.ts checks every value up to 2^13), and cheaper than a division in the engine.
 */
export const thirds = (sum: number) => (sum * 21846) >>> 16;
export const fifths = (sum: number) => (sum * 13108) >>> 16;
export const sevenths = (sum: number) => (sum * 9363) >>> 16;

/** Expands a 5-bit value to 8 bits by replicating its high bits (31 → 255). */
const expand5 = (value: number) => (value << 3) | (value >> 2);
/** Expands a 6-bit value to 8 bits (63 → 255). */
const expand6 = (value: number) => (value << 2) | (value >> 4);

/**
 * Fills `colours` from the block at `at`. `isAlwaysFour`: BC2/BC3's colour half, which
 * never takes the three-colour mode. Alpha is 255 except BC1's transparent index 3.
 */
function colourPalette(src: Uint8Array, at: number, isAlwaysFour: boolean): void {
  const c0 = src[at]! | (src[at + 1]! << 8);
  const c1 = src[at + 2]! | (src[at + 3]! << 8);
  const r0 = expand5(c0 >> 11);
  const g0 = expand6((c0 >> 5) & 63);
  const b0 = expand5(c0 & 31);
  const r1 = expand5(c1 >> 11);
  const g1 = expand6((c1 >> 5) & 63);
  const b1 = expand5(c1 & 31);
  colours[0] = OPAQUE | (b0 << 16) | (g0 << 8) | r0;
  colours[1] = OPAQUE | (b1 << 16) | (g1 << 8) | r1;
  if (c0 > c1 || isAlwaysFour) {
    // x / 3 rounded to nearest is floor((x + 1) / 3).
    colours[2] =
      OPAQUE |
      (thirds(2 * b0 + b1 + 1) << 16) |
      (thirds(2 * g0 + g1 + 1) << 8) |
      thirds(2 * r0 + r1 + 1);
    colours[3] =
      OPAQUE |
      (thirds(b0 + 2 * b1 + 1) << 16) |
      (thirds(g0 + 2 * g1 + 1) << 8) |
      thirds(r0 + 2 * r1 + 1);
  } else {
    colours[2] =
      OPAQUE | (((b0 + b1 + 1) >> 1) << 16) | (((g0 + g1 + 1) >> 1) << 8) | ((r0 + r1 + 1) >> 1);
    colours[3] = 0;
  }
}

/** An endpoint byte as the unsigned value shown: itself, or a snorm's v + 128 (−128 as −127). */
const endpoint = (byte: number, isSigned: boolean) =>
  isSigned ? (byte === 0x80 ? 1 : (byte ^ 0x80) & 0xff) : byte;

/**
 * Fills `into` with the eight values of an interpolated channel block at `at`. Signed
 * endpoints are shifted to v + 128 first: the order and the steps are the same there.
 */
function channelPalette(src: Uint8Array, at: number, isSigned: boolean, into: Uint8Array): void {
  const a0 = endpoint(src[at]!, isSigned);
  const a1 = endpoint(src[at + 1]!, isSigned);
  into[0] = a0;
  into[1] = a1;
  if (a0 > a1) {
    // x / 7 rounded to nearest is floor((x + 3) / 7).
    into[2] = sevenths(6 * a0 + a1 + 3);
    into[3] = sevenths(5 * a0 + 2 * a1 + 3);
    into[4] = sevenths(4 * a0 + 3 * a1 + 3);
    into[5] = sevenths(3 * a0 + 4 * a1 + 3);
    into[6] = sevenths(2 * a0 + 5 * a1 + 3);
    into[7] = sevenths(a0 + 6 * a1 + 3);
  } else {
    into[2] = fifths(4 * a0 + a1 + 2);
    into[3] = fifths(3 * a0 + 2 * a1 + 2);
    into[4] = fifths(2 * a0 + 3 * a1 + 2);
    into[5] = fifths(a0 + 4 * a1 + 2);
    into[6] = isSigned ? 1 : 0;
    into[7] = 255;
  }
}

/** The low 24 index bits (pixels 0–7) of an interpolated channel block at `at`. */
const lowIndexes = (src: Uint8Array, at: number) =>
  src[at + 2]! | (src[at + 3]! << 8) | (src[at + 4]! << 16);
/** The high 24 index bits (pixels 8–15). */
const highIndexes = (src: Uint8Array, at: number) =>
  src[at + 5]! | (src[at + 6]! << 8) | (src[at + 7]! << 16);

/** Row `y`'s four 3-bit indexes (12 bits) from the two 24-bit halves (two rows each). */
const rowIndexes = (low: number, high: number, y: number) =>
  (y < 2 ? low >> (12 * y) : high >> (12 * (y - 2))) & 0xfff;

/** The output as 32-bit words, and how to finish (copy back when `out` was not aligned). */
function wordsOf(out: Uint8Array, count: number): { words: Int32Array; finish(): void } {
  if (out.byteOffset % 4 === 0) {
    return { words: new Int32Array(out.buffer, out.byteOffset, count), finish: () => undefined };
  }
  const words = new Int32Array(count);
  return {
    words,
    finish: () => out.set(new Uint8Array(words.buffer, 0, count * 4)),
  };
}

function writeBc1(
  src: Uint8Array,
  at: number,
  words: Int32Array,
  first: number,
  stride: number,
  cols: number,
  rows: number,
): void {
  colourPalette(src, at, false);
  let bits = src[at + 4]! | (src[at + 5]! << 8) | (src[at + 6]! << 16) | (src[at + 7]! << 24);
  let row = first;
  for (let y = 0; y < rows; y += 1, row += stride, bits >>>= 8) {
    for (let x = 0; x < cols; x += 1) words[row + x] = colours[(bits >> (2 * x)) & 3]!;
  }
}

/** A whole 4 × 4 BC1 block (every block of a surface whose sides are multiples of 4). */
function writeBc1Whole(
  src: Uint8Array,
  at: number,
  words: Int32Array,
  first: number,
  stride: number,
): void {
  colourPalette(src, at, false);
  for (let y = 0, row = first; y < 4; y += 1, row += stride) {
    const bits = src[at + 4 + y]!;
    words[row] = colours[bits & 3]!;
    words[row + 1] = colours[(bits >> 2) & 3]!;
    words[row + 2] = colours[(bits >> 4) & 3]!;
    words[row + 3] = colours[bits >> 6]!;
  }
}

function writeBc2(
  src: Uint8Array,
  at: number,
  words: Int32Array,
  first: number,
  stride: number,
  cols: number,
  rows: number,
): void {
  colourPalette(src, at + 8, true);
  const bits = src[at + 12]! | (src[at + 13]! << 8) | (src[at + 14]! << 16) | (src[at + 15]! << 24);
  for (let y = 0; y < rows; y += 1) {
    const row = first + y * stride;
    // Two bytes of 4-bit alphas a row, the first pixel in the low nibble.
    const alphaRow = src[at + 2 * y]! | (src[at + 2 * y + 1]! << 8);
    for (let x = 0; x < cols; x += 1) {
      const alpha = ((alphaRow >> (4 * x)) & 15) * 17;
      const colour = colours[(bits >>> (2 * (4 * y + x))) & 3]! & 0xffffff;
      words[row + x] = colour | (alpha << 24);
    }
  }
}

function writeBc3(
  src: Uint8Array,
  at: number,
  words: Int32Array,
  first: number,
  stride: number,
  cols: number,
  rows: number,
): void {
  channelPalette(src, at, false, values);
  colourPalette(src, at + 8, true);
  const low = lowIndexes(src, at);
  const high = highIndexes(src, at);
  let bits = src[at + 12]! | (src[at + 13]! << 8) | (src[at + 14]! << 16) | (src[at + 15]! << 24);
  let row = first;
  for (let y = 0; y < rows; y += 1, row += stride, bits >>>= 8) {
    const alphas = rowIndexes(low, high, y);
    for (let x = 0; x < cols; x += 1) {
      const colour = colours[(bits >> (2 * x)) & 3]! & 0xffffff;
      words[row + x] = colour | (values[(alphas >> (3 * x)) & 7]! << 24);
    }
  }
}

/** A whole 4 × 4 BC3 block: its colours without alpha made once, each row's pixels unrolled. */
function writeBc3Whole(
  src: Uint8Array,
  at: number,
  words: Int32Array,
  first: number,
  stride: number,
): void {
  channelPalette(src, at, false, values);
  colourPalette(src, at + 8, true);
  for (let index = 0; index < 4; index += 1) rgbs[index] = colours[index]! & 0xffffff;
  const low = lowIndexes(src, at);
  const high = highIndexes(src, at);
  for (let y = 0, row = first; y < 4; y += 1, row += stride) {
    const bits = src[at + 12 + y]!;
    const alphas = rowIndexes(low, high, y);
    words[row] = rgbs[bits & 3]! | (values[alphas & 7]! << 24);
    words[row + 1] = rgbs[(bits >> 2) & 3]! | (values[(alphas >> 3) & 7]! << 24);
    words[row + 2] = rgbs[(bits >> 4) & 3]! | (values[(alphas >> 6) & 7]! << 24);
    words[row + 3] = rgbs[bits >> 6]! | (values[alphas >> 9]! << 24);
  }
}

function writeBc4(
  src: Uint8Array,
  at: number,
  words: Int32Array,
  first: number,
  stride: number,
  cols: number,
  rows: number,
  isSigned: boolean,
): void {
  channelPalette(src, at, isSigned, values);
  const low = lowIndexes(src, at);
  const high = highIndexes(src, at);
  let row = first;
  for (let y = 0; y < rows; y += 1, row += stride) {
    const greys = rowIndexes(low, high, y);
    for (let x = 0; x < cols; x += 1) {
      const grey = values[(greys >> (3 * x)) & 7]!;
      words[row + x] = OPAQUE | (grey << 16) | (grey << 8) | grey;
    }
  }
}

function writeBc5(
  src: Uint8Array,
  at: number,
  words: Int32Array,
  first: number,
  stride: number,
  cols: number,
  rows: number,
  isSigned: boolean,
): void {
  channelPalette(src, at, isSigned, values);
  channelPalette(src, at + 8, isSigned, greens);
  const redLow = lowIndexes(src, at);
  const redHigh = highIndexes(src, at);
  const greenLow = lowIndexes(src, at + 8);
  const greenHigh = highIndexes(src, at + 8);
  // No third channel: blue is zero, or a signed zero (128).
  const base = OPAQUE | ((isSigned ? 128 : 0) << 16);
  let row = first;
  for (let y = 0; y < rows; y += 1, row += stride) {
    const reds = rowIndexes(redLow, redHigh, y);
    const greenIndexes = rowIndexes(greenLow, greenHigh, y);
    for (let x = 0; x < cols; x += 1) {
      const red = values[(reds >> (3 * x)) & 7]!;
      const green = greens[(greenIndexes >> (3 * x)) & 7]!;
      words[row + x] = base | (green << 8) | red;
    }
  }
}

/*
 * The block walks: each codec has its own loop (not one loop calling through a table), so
 * each writer has one call site and is inlined there. Blocks come in storage order, each
 * written where it lands, edge blocks clipped.
 */

const bc1Kernel: BlockKernel = (src, width, height, out, _encoding) => {
  const { words, finish } = wordsOf(out, width * height);
  let at = 0;
  for (let blockY = 0; 4 * blockY < height; blockY += 1) {
    const rows = Math.min(4, height - 4 * blockY);
    for (let blockX = 0; 4 * blockX < width; blockX += 1, at += 8) {
      const cols = Math.min(4, width - 4 * blockX);
      const first = 4 * blockY * width + 4 * blockX;
      if (cols === 4 && rows === 4) writeBc1Whole(src, at, words, first, width);
      else writeBc1(src, at, words, first, width, cols, rows);
    }
  }
  finish();
};

const bc2Kernel: BlockKernel = (src, width, height, out, _encoding) => {
  const { words, finish } = wordsOf(out, width * height);
  let at = 0;
  for (let blockY = 0; 4 * blockY < height; blockY += 1) {
    const rows = Math.min(4, height - 4 * blockY);
    for (let blockX = 0; 4 * blockX < width; blockX += 1, at += 16) {
      const cols = Math.min(4, width - 4 * blockX);
      const first = 4 * blockY * width + 4 * blockX;
      writeBc2(src, at, words, first, width, cols, rows);
    }
  }
  finish();
};

const bc3Kernel: BlockKernel = (src, width, height, out, _encoding) => {
  const { words, finish } = wordsOf(out, width * height);
  let at = 0;
  for (let blockY = 0; 4 * blockY < height; blockY += 1) {
    const rows = Math.min(4, height - 4 * blockY);
    for (let blockX = 0; 4 * blockX < width; blockX += 1, at += 16) {
      const cols = Math.min(4, width - 4 * blockX);
      const first = 4 * blockY * width + 4 * blockX;
      if (cols === 4 && rows === 4) writeBc3Whole(src, at, words, first, width);
      else writeBc3(src, at, words, first, width, cols, rows);
    }
  }
  finish();
};

const bc4Kernel: BlockKernel = (src, width, height, out, encoding) => {
  const { words, finish } = wordsOf(out, width * height);
  const isSigned = encoding.isSigned === true;
  let at = 0;
  for (let blockY = 0; 4 * blockY < height; blockY += 1) {
    const rows = Math.min(4, height - 4 * blockY);
    for (let blockX = 0; 4 * blockX < width; blockX += 1, at += 8) {
      const cols = Math.min(4, width - 4 * blockX);
      const first = 4 * blockY * width + 4 * blockX;
      writeBc4(src, at, words, first, width, cols, rows, isSigned);
    }
  }
  finish();
};

const bc5Kernel: BlockKernel = (src, width, height, out, encoding) => {
  const { words, finish } = wordsOf(out, width * height);
  const isSigned = encoding.isSigned === true;
  let at = 0;
  for (let blockY = 0; 4 * blockY < height; blockY += 1) {
    const rows = Math.min(4, height - 4 * blockY);
    for (let blockX = 0; 4 * blockX < width; blockX += 1, at += 16) {
      const cols = Math.min(4, width - 4 * blockX);
      const first = 4 * blockY * width + 4 * blockX;
      writeBc5(src, at, words, first, width, cols, rows, isSigned);
    }
  }
  finish();
};

/** The kernels of this file, by codec, for `decode.ts`'s table. */
export const BC_KERNELS: Partial<Record<BlockCodec, BlockKernel>> = {
  bc1: bc1Kernel,
  bc2: bc2Kernel,
  bc3: bc3Kernel,
  bc4: bc4Kernel,
  bc5: bc5Kernel,
};
