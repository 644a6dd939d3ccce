/**
 * A small BC1–BC5 encoder, for tests, samples and the DDS writer's round trips: not a good
 * compressor, a plain one. Each block takes the two pixels farthest apart as its endpoints
 * (so colours on a line between two representable endpoints come back within rounding),
 * and each pixel the nearest palette entry, the palette computed in floating point from the
 * formulas Microsoft documents (not with the decoder's integer code, so a round trip tests
 * one against the other).
 */
import type { BlockCodec } from './types.ts';

/** Codecs this file encodes. */
export type EncodableCodec = Extract<BlockCodec, 'bc1' | 'bc2' | 'bc3' | 'bc4' | 'bc5'>;

/** Bytes of one block of each codec. */
export const BC_BLOCK_BYTES: Record<EncodableCodec, number> = {
  bc1: 8,
  bc2: 16,
  bc3: 16,
  bc4: 8,
  bc5: 16,
};

type Rgb = [number, number, number];

const to565 = ([r, g, b]: Rgb) =>
  (Math.round((r * 31) / 255) << 11) |
  (Math.round((g * 63) / 255) << 5) |
  Math.round((b * 31) / 255);
const from565 = (word: number): Rgb => [
  ((word >> 11) * 255) / 31,
  (((word >> 5) & 63) * 255) / 63,
  ((word & 31) * 255) / 31,
];
const distance = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] * (1 - t) + b[0] * t,
  a[1] * (1 - t) + b[1] * t,
  a[2] * (1 - t) + b[2] * t,
];

/** The 16 pixels of a block (edge blocks repeat the last row and column), RGBA each. */
function blockPixels(rgba: Uint8Array, width: number, height: number, bx: number, by: number) {
  const pixels: [number, number, number, number][] = [];
  for (let y = 0; y < 4; y += 1) {
    for (let x = 0; x < 4; x += 1) {
      const at = (Math.min(by * 4 + y, height - 1) * width + Math.min(bx * 4 + x, width - 1)) * 4;
      pixels.push([rgba[at]!, rgba[at + 1]!, rgba[at + 2]!, rgba[at + 3]!]);
    }
  }
  return pixels;
}

function writeU16(out: Uint8Array, at: number, value: number): void {
  out[at] = value & 0xff;
  out[at + 1] = value >> 8;
}

function writeU32(out: Uint8Array, at: number, value: number): void {
  for (let byte = 0; byte < 4; byte += 1) out[at + byte] = (value >>> (8 * byte)) & 0xff;
}

/** A colour block (8 bytes). `hasTransparency`: BC1's three-colour mode, alpha < 128 at index 3. */
function encodeColourBlock(
  pixels: readonly (readonly number[])[],
  out: Uint8Array,
  at: number,
  allowsTransparency: boolean,
): void {
  const colours = pixels.map((pixel): Rgb => [pixel[0]!, pixel[1]!, pixel[2]!]);
  const opaque = colours.filter((_, index) => !allowsTransparency || pixels[index]![3]! >= 128);
  const hasTransparency = opaque.length < colours.length;
  const black: Rgb = [0, 0, 0];
  let first: Rgb = opaque[0] ?? black;
  let second: Rgb = first;
  let farthest = -1;
  for (const a of opaque) {
    for (const b of opaque) {
      const apart = distance(a, b);
      if (apart > farthest) [farthest, first, second] = [apart, a, b];
    }
  }
  let c0 = to565(first);
  let c1 = to565(second);
  // Four colours need c0 > c1; three (with transparency) need c0 <= c1.
  if (hasTransparency ? c0 > c1 : c0 < c1) [c0, c1] = [c1, c0];
  const e0 = from565(c0);
  const e1 = from565(c1);
  const isFour = c0 > c1 || !allowsTransparency;
  const palette: Rgb[] = isFour
    ? [e0, e1, mix(e0, e1, 1 / 3), mix(e0, e1, 2 / 3)]
    : [e0, e1, mix(e0, e1, 1 / 2)];
  let bits = 0;
  pixels.forEach((pixel, index) => {
    let best = 3;
    if (!(hasTransparency && pixel[3]! < 128)) {
      let bestDistance = Infinity;
      palette.forEach((entry, entryIndex) => {
        const apart = distance(colours[index]!, entry);
        if (apart < bestDistance) [bestDistance, best] = [apart, entryIndex];
      });
    }
    bits |= best << (2 * index);
  });
  writeU16(out, at, c0);
  writeU16(out, at + 2, c1);
  writeU32(out, at + 4, bits >>> 0);
}

/**
 * An interpolated channel block (8 bytes) of 16 values: unsigned bytes, or for `isSigned`
 * values −127..127. Endpoints max then min (the eight-value mode), or equal.
 */
function encodeChannelBlock(channel: readonly number[], out: Uint8Array, at: number): void {
  const high = Math.max(...channel);
  const low = Math.min(...channel);
  const palette =
    high > low
      ? [high, low, ...[1, 2, 3, 4, 5, 6].map((step) => (high * (7 - step) + low * step) / 7)]
      : [high];
  const indexes = channel.map((value) => {
    let best = 0;
    palette.forEach((entry, index) => {
      if (Math.abs(entry - value) < Math.abs(palette[best]! - value)) best = index;
    });
    return best;
  });
  // Signed values are stored as int8: their low byte.
  out[at] = high & 0xff;
  out[at + 1] = low & 0xff;
  // 48 bits of 3-bit indexes, as two 24-bit halves.
  for (const [half, start] of [
    [0, 2],
    [8, 5],
  ] as const) {
    let bits = 0;
    for (let pixel = 0; pixel < 8; pixel += 1) bits |= indexes[half + pixel]! << (3 * pixel);
    out[at + start] = bits & 0xff;
    out[at + start + 1] = (bits >> 8) & 0xff;
    out[at + start + 2] = (bits >> 16) & 0xff;
  }
}

/** A signed channel as stored: the shown byte v + 128 back to v (−127..127). */
const signedOf = (shown: number) => Math.max(-127, shown - 128);

/**
 * Encodes RGBA pixels. BC4 takes red; BC5 red and green. `isSigned` (BC4, BC5): the shown
 * bytes are v + 128 of signed values, as the decoder shows them.
 */
export function encodeBc(
  codec: EncodableCodec,
  rgba: Uint8Array,
  width: number,
  height: number,
  isSigned = false,
): Uint8Array {
  const across = Math.ceil(width / 4);
  const down = Math.ceil(height / 4);
  const blockBytes = BC_BLOCK_BYTES[codec];
  const out = new Uint8Array(across * down * blockBytes);
  const channel = (pixels: number[][], index: number) =>
    pixels.map((pixel) => (isSigned ? signedOf(pixel[index]!) : pixel[index]!));
  for (let by = 0; by < down; by += 1) {
    for (let bx = 0; bx < across; bx += 1) {
      const at = (by * across + bx) * blockBytes;
      const pixels = blockPixels(rgba, width, height, bx, by);
      switch (codec) {
        case 'bc1':
          encodeColourBlock(pixels, out, at, true);
          break;
        case 'bc2':
          pixels.forEach((pixel, index) => {
            const nibble = Math.round(pixel[3]! / 17);
            out[at + (index >> 1)]! |= nibble << (4 * (index & 1));
          });
          encodeColourBlock(pixels, out, at + 8, false);
          break;
        case 'bc3':
          encodeChannelBlock(channel(pixels, 3), out, at);
          encodeColourBlock(pixels, out, at + 8, false);
          break;
        case 'bc4':
          encodeChannelBlock(channel(pixels, 0), out, at);
          break;
        case 'bc5':
          encodeChannelBlock(channel(pixels, 0), out, at);
          encodeChannelBlock(channel(pixels, 1), out, at + 8);
          break;
      }
    }
  }
  return out;
}
