/**
 * ETC1, ETC2 and EAC (Khronos Data Format Specification, chapters "ETC1" and "ETC2"). Every
 * 64-bit half-block is big-endian. A colour half holds either two sub-blocks with a base
 * colour and a modifier table each ("individual" and "differential"), or, when a
 * differential sum leaves 0–31, ETC2's "T" (red overflows), "H" (green) or "planar" (blue)
 * mode. Pixel indices run down the columns: pixel (x, y) is index x × 4 + y, its MSB in
 * bit 16 + that index and its LSB in bit that index of the low word. ETC1 data is valid
 * ETC2 (an ETC1 encoder never lets a differential sum overflow), so both use one decoder.
 *
 * EAC halves (ETC2 RGBA's alpha, R11, RG11) hold a base codeword, a multiplier and one of
 * sixteen modifier tables, then sixteen 3-bit indices, pixel a (x 0, y 0) in bits 47–45.
 * For display, R11 is grey like BC4 and RG11 is (R, G, 0) like BC5; 11-bit values scale to
 * 8 bits, and signed values (−1023…1023) scale to −127…127 and show as v + 128.
 */
import { decodeBlockGrid } from './block-grid.ts';
import type { BlockEncoding, BlockKernel } from './types.ts';

/** "Intensity modifier sets for individual and differential modes": the small and large magnitudes. */
const MODIFIERS = Int16Array.of(2, 8, 5, 17, 9, 29, 13, 42, 18, 60, 24, 80, 33, 106, 47, 183);
/** "Distance table for ETC2 T and H modes". */
const DISTANCES = Uint8Array.of(3, 6, 11, 16, 23, 32, 41, 64);
/** "Intensity modifier sets for RGBA ETC2 alpha component" (also R11 / RG11), 16 × 8. */
// prettier-ignore
const EAC_MODIFIERS = Int8Array.of(
  -3, -6, -9, -15, 2, 5, 8, 14,   -3, -7, -10, -13, 2, 6, 9, 12,
  -2, -5, -8, -13, 1, 4, 7, 12,   -2, -4, -6, -13, 1, 3, 5, 12,
  -3, -6, -8, -12, 2, 5, 7, 11,   -3, -7, -9, -11, 2, 6, 8, 10,
  -4, -7, -8, -11, 3, 6, 7, 10,   -3, -5, -8, -11, 2, 4, 7, 10,
  -2, -6, -8, -10, 1, 5, 7, 9,    -2, -5, -8, -10, 1, 4, 7, 9,
  -2, -4, -8, -10, 1, 3, 7, 9,    -2, -5, -7, -10, 1, 4, 6, 9,
  -3, -4, -7, -10, 2, 3, 6, 9,    -1, -2, -3, -10, 0, 1, 2, 9,
  -4, -6, -8, -9, 3, 5, 7, 8,     -3, -5, -7, -9, 2, 4, 6, 8,
);

/** Paint colours of the T and H modes, as [r, g, b] × 4. */
const paints = new Int16Array(12);
/** One channel of an EAC half-block, by pixel in row order. */
const channel = new Int16Array(16);

function clamp255(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}

function bigEndian32(src: Uint8Array, at: number): number {
  return ((src[at]! << 24) | (src[at + 1]! << 16) | (src[at + 2]! << 8) | src[at + 3]!) >>> 0;
}

/** A 3-bit two's-complement field (−4…3). */
function signed3(value: number): number {
  return (value << 29) >> 29;
}

function word(r: number, g: number, b: number, a: number): number {
  return (clamp255(r) | (clamp255(g) << 8) | (clamp255(b) << 16) | (a << 24)) >>> 0;
}

/**
 * Decodes the colour half-block at `src[at]` into `pixels` (rows first). With
 * `punchthrough`, bit 33 is the opaque bit instead of the differential bit: there is no
 * individual mode, and when it is clear, index 2 (MSB 1, LSB 0) is transparent black and
 * the small modifiers of the differential mode are zero.
 */
export function decodeEtcColor(
  src: Uint8Array,
  at: number,
  pixels: Uint32Array,
  punchthrough: boolean,
): void {
  const high = bigEndian32(src, at);
  const low = bigEndian32(src, at + 4);
  const flagBit = (high >>> 1) & 1;
  const differential = punchthrough || flagBit === 1;
  const opaque = !punchthrough || flagBit === 1;

  if (differential) {
    const red = high >>> 27;
    const green = (high >>> 19) & 31;
    const blue = (high >>> 11) & 31;
    const red2 = red + signed3(high >>> 24);
    const green2 = green + signed3(high >>> 16);
    const blue2 = blue + signed3(high >>> 8);
    if (red2 < 0 || red2 > 31) return decodeT(high, low, pixels, opaque);
    if (green2 < 0 || green2 > 31) return decodeH(high, low, pixels, opaque);
    if (blue2 < 0 || blue2 > 31) return decodePlanar(high, low, pixels);
    const e = (v: number): number => (v << 3) | (v >> 2);
    return decodeSubblocks(
      high,
      low,
      pixels,
      opaque,
      e(red),
      e(green),
      e(blue),
      e(red2),
      e(green2),
      e(blue2),
    );
  }
  return decodeSubblocks(
    high,
    low,
    pixels,
    true,
    (high >>> 28) * 17,
    ((high >>> 20) & 15) * 17,
    ((high >>> 12) & 15) * 17,
    ((high >>> 24) & 15) * 17,
    ((high >>> 16) & 15) * 17,
    ((high >>> 8) & 15) * 17,
  );
}

function decodeSubblocks(
  high: number,
  low: number,
  pixels: Uint32Array,
  opaque: boolean,
  r1: number,
  g1: number,
  b1: number,
  r2: number,
  g2: number,
  b2: number,
): void {
  const table1 = (high >>> 5) & 7;
  const table2 = (high >>> 2) & 7;
  const flip = (high & 1) === 1;
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      const index = x * 4 + y;
      const msb = (low >>> (16 + index)) & 1;
      const lsb = (low >>> index) & 1;
      if (!opaque && msb === 1 && lsb === 0) {
        pixels[y * 4 + x] = 0;
        continue;
      }
      const second = flip ? y >= 2 : x >= 2;
      const table = second ? table2 : table1;
      // LSB picks the large magnitude, MSB the sign; without the opaque bit the small ones are zero.
      let modifier = lsb === 1 ? MODIFIERS[table * 2 + 1]! : opaque ? MODIFIERS[table * 2]! : 0;
      if (msb === 1) modifier = -modifier;
      pixels[y * 4 + x] = second
        ? word(r2 + modifier, g2 + modifier, b2 + modifier, 255)
        : word(r1 + modifier, g1 + modifier, b1 + modifier, 255);
    }
  }
}

/** Fills `pixels` from the four paint colours by each pixel's 2-bit index. */
function paintPixels(low: number, pixels: Uint32Array, opaque: boolean): void {
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      const index = x * 4 + y;
      const paint = (((low >>> (16 + index)) & 1) << 1) | ((low >>> index) & 1);
      pixels[y * 4 + x] =
        !opaque && paint === 2
          ? 0
          : word(paints[paint * 3]!, paints[paint * 3 + 1]!, paints[paint * 3 + 2]!, 255);
    }
  }
}

function setPaint(paint: number, r: number, g: number, b: number): void {
  paints[paint * 3] = r;
  paints[paint * 3 + 1] = g;
  paints[paint * 3 + 2] = b;
}

function decodeT(high: number, low: number, pixels: Uint32Array, opaque: boolean): void {
  const r1 = ((((high >>> 27) & 3) << 2) | ((high >>> 24) & 3)) * 17;
  const g1 = ((high >>> 20) & 15) * 17;
  const b1 = ((high >>> 16) & 15) * 17;
  const r2 = ((high >>> 12) & 15) * 17;
  const g2 = ((high >>> 8) & 15) * 17;
  const b2 = ((high >>> 4) & 15) * 17;
  const d = DISTANCES[(((high >>> 2) & 3) << 1) | (high & 1)]!;
  setPaint(0, r1, g1, b1);
  setPaint(1, r2 + d, g2 + d, b2 + d);
  setPaint(2, r2, g2, b2);
  setPaint(3, r2 - d, g2 - d, b2 - d);
  paintPixels(low, pixels, opaque);
}

function decodeH(high: number, low: number, pixels: Uint32Array, opaque: boolean): void {
  const r1 = ((high >>> 27) & 15) * 17;
  const g1 = ((((high >>> 24) & 7) << 1) | ((high >>> 20) & 1)) * 17;
  const b1 = ((((high >>> 19) & 1) << 3) | ((high >>> 15) & 7)) * 17;
  const r2 = ((high >>> 11) & 15) * 17;
  const g2 = ((high >>> 7) & 15) * 17;
  const b2 = ((high >>> 3) & 15) * 17;
  // The distance index's low bit is whether base colour 1 >= base colour 2 as (R << 16) + (G << 8) + B.
  const ordered = (r1 << 16) + (g1 << 8) + b1 >= (r2 << 16) + (g2 << 8) + b2 ? 1 : 0;
  const d = DISTANCES[(((high >>> 2) & 1) << 2) | ((high & 1) << 1) | ordered]!;
  setPaint(0, r1 + d, g1 + d, b1 + d);
  setPaint(1, r1 - d, g1 - d, b1 - d);
  setPaint(2, r2 + d, g2 + d, b2 + d);
  setPaint(3, r2 - d, g2 - d, b2 - d);
  paintPixels(low, pixels, opaque);
}

function decodePlanar(high: number, low: number, pixels: Uint32Array): void {
  const six = (v: number): number => (v << 2) | (v >> 4);
  const seven = (v: number): number => (v << 1) | (v >> 6);
  const r = six((high >>> 25) & 63);
  const g = seven((((high >>> 24) & 1) << 6) | ((high >>> 17) & 63));
  const b = six((((high >>> 16) & 1) << 5) | (((high >>> 11) & 3) << 3) | ((high >>> 7) & 7));
  const rh = six((((high >>> 2) & 31) << 1) | (high & 1));
  const gh = seven(low >>> 25);
  const bh = six((low >>> 19) & 63);
  const rv = six((low >>> 13) & 63);
  const gv = seven((low >>> 6) & 127);
  const bv = six(low & 63);
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 4; x++) {
      pixels[y * 4 + x] = word(
        (x * (rh - r) + y * (rv - r) + 4 * r + 2) >> 2,
        (x * (gh - g) + y * (gv - g) + 4 * g + 2) >> 2,
        (x * (bh - b) + y * (bv - b) + 4 * b + 2) >> 2,
        255,
      );
    }
  }
}

/** How an EAC half-block's values are formed. */
export const EacKind = {
  /** ETC2 RGBA alpha: clamp255(base + modifier × multiplier). */
  Alpha8: 0,
  /** Unsigned R11: clamp(base × 8 + 4 + modifier × multiplier × 8, 0, 2047). */
  Unsigned11: 1,
  /** Signed R11: clamp(base × 8 + modifier × multiplier × 8, −1023, 1023), base −128 read as −127. */
  Signed11: 2,
} as const;
export type EacKind = (typeof EacKind)[keyof typeof EacKind];

/** Decodes one EAC half-block into `values` (16 values, rows first). */
export function decodeEacValues(
  src: Uint8Array,
  at: number,
  kind: EacKind,
  values: Int16Array,
): void {
  let base = src[at]!;
  const multiplier = src[at + 1]! >>> 4;
  const table = (src[at + 1]! & 15) * 8;
  const indexHigh = (src[at + 2]! << 8) | src[at + 3]!;
  const indexLow = bigEndian32(src, at + 4);
  if (kind === EacKind.Signed11) base = base >= 128 ? Math.max(base - 256, -127) : base;
  for (let pixel = 0; pixel < 16; pixel++) {
    // Pixel a's index is in bits 47..45, the next pixel (down the column) 44..42, and so on.
    const shift = 45 - pixel * 3;
    const index =
      shift >= 32
        ? (indexHigh >>> (shift - 32)) & 7
        : shift > 29
          ? ((indexHigh << (32 - shift)) | (indexLow >>> shift)) & 7
          : (indexLow >>> shift) & 7;
    const modifier = EAC_MODIFIERS[table + index]!;
    let value: number;
    if (kind === EacKind.Alpha8) value = clamp255(base + modifier * multiplier);
    else {
      const step = multiplier === 0 ? modifier : modifier * multiplier * 8;
      value = kind === EacKind.Unsigned11 ? base * 8 + 4 + step : base * 8 + step;
      const min = kind === EacKind.Unsigned11 ? 0 : -1023;
      const max = kind === EacKind.Unsigned11 ? 2047 : 1023;
      value = value < min ? min : value > max ? max : value;
    }
    values[(pixel & 3) * 4 + (pixel >> 2)] = value;
  }
}

/** An 11-bit value for display in 8 bits (signed: −127…127 shown as v + 128). */
function eacTo8(value: number, isSigned: boolean): number {
  return isSigned ? Math.round((value * 127) / 1023) + 128 : Math.round((value * 255) / 2047);
}

function decodeEtc2RgbBlock(src: Uint8Array, offset: number, pixels: Uint32Array): void {
  decodeEtcColor(src, offset, pixels, false);
}

function decodeEtc2PunchthroughBlock(src: Uint8Array, offset: number, pixels: Uint32Array): void {
  decodeEtcColor(src, offset, pixels, true);
}

function decodeEtc2RgbaBlock(src: Uint8Array, offset: number, pixels: Uint32Array): void {
  decodeEtcColor(src, offset + 8, pixels, false);
  decodeEacValues(src, offset, EacKind.Alpha8, channel);
  for (let pixel = 0; pixel < 16; pixel++) {
    pixels[pixel] = ((pixels[pixel]! & 0xffffff) | (channel[pixel]! << 24)) >>> 0;
  }
}

function eacBlockDecoder(isSigned: boolean, channels: 1 | 2) {
  const kind = isSigned ? EacKind.Signed11 : EacKind.Unsigned11;
  const blue = channels === 2 && isSigned ? 128 : 0;
  const red = new Uint8Array(16);
  return (src: Uint8Array, offset: number, pixels: Uint32Array): void => {
    decodeEacValues(src, offset, kind, channel);
    for (let pixel = 0; pixel < 16; pixel++) red[pixel] = eacTo8(channel[pixel]!, isSigned);
    if (channels === 1) {
      for (let pixel = 0; pixel < 16; pixel++)
        pixels[pixel] = (red[pixel]! * 0x010101 + 0xff000000) >>> 0;
      return;
    }
    decodeEacValues(src, offset + 8, kind, channel);
    for (let pixel = 0; pixel < 16; pixel++) {
      pixels[pixel] =
        (red[pixel]! | (eacTo8(channel[pixel]!, isSigned) << 8) | (blue << 16) | 0xff000000) >>> 0;
    }
  };
}

const EAC_DECODERS = {
  r11: eacBlockDecoder(false, 1),
  r11Signed: eacBlockDecoder(true, 1),
  rg11: eacBlockDecoder(false, 2),
  rg11Signed: eacBlockDecoder(true, 2),
};

function kernel(
  pick: (encoding: BlockEncoding) => (src: Uint8Array, offset: number, pixels: Uint32Array) => void,
) {
  const run: BlockKernel = (src, width, height, out, encoding) =>
    decodeBlockGrid(src, width, height, out, 4, 4, encoding.bytesPerBlock, pick(encoding));
  return run;
}

export const decodeEtc2Rgb = kernel(() => decodeEtc2RgbBlock);
export const decodeEtc2Punchthrough = kernel(() => decodeEtc2PunchthroughBlock);
export const decodeEtc2Rgba = kernel(() => decodeEtc2RgbaBlock);
export const decodeEacR11 = kernel((encoding) =>
  encoding.isSigned ? EAC_DECODERS.r11Signed : EAC_DECODERS.r11,
);
export const decodeEacRg11 = kernel((encoding) =>
  encoding.isSigned ? EAC_DECODERS.rg11Signed : EAC_DECODERS.rg11,
);
