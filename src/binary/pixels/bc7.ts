/**
 * BC7 (BPTC unorm): 16-byte blocks of 4 × 4 RGBA pixels in eight modes. The mode is the
 * position of the lowest set bit of the first byte; each mode fixes (Table.M of
 * ARB_texture_compression_bptc) the number of subsets and partition bits, rotation and
 * index-selection bits, endpoint precision with per-endpoint or shared p-bits, and one or
 * two index sets. Fields are read least significant bit first through the whole block.
 * A first byte of zero is no mode: the block decodes to transparent black, as Direct3D does.
 */
import { decodeBlockGrid } from './block-grid.ts';
import {
  ANCHORS_2_OF_2,
  ANCHORS_2_OF_3,
  ANCHORS_3_OF_3,
  PARTITIONS_2,
  PARTITIONS_3,
  WEIGHTS_2,
  WEIGHTS_3,
  WEIGHTS_4,
} from './bptc-tables.ts';
import type { BlockEncoding } from './types.ts';

// Table.M, by mode: subsets, partition bits, rotation bits, index-selection bits, colour
// bits, alpha bits, per-endpoint p-bits, shared p-bits, index bits, secondary index bits.
const SUBSETS = Uint8Array.of(3, 2, 3, 2, 1, 1, 1, 2);
const PARTITION_BITS = Uint8Array.of(4, 6, 6, 6, 0, 0, 0, 6);
const ROTATION_BITS = Uint8Array.of(0, 0, 0, 0, 2, 2, 0, 0);
const SELECTOR_BITS = Uint8Array.of(0, 0, 0, 0, 1, 0, 0, 0);
const COLOR_BITS = Uint8Array.of(4, 6, 5, 7, 5, 7, 7, 5);
const ALPHA_BITS = Uint8Array.of(0, 0, 0, 0, 6, 8, 7, 5);
const ENDPOINT_PBITS = Uint8Array.of(1, 0, 0, 1, 0, 0, 1, 1);
const SHARED_PBITS = Uint8Array.of(0, 1, 0, 0, 0, 0, 0, 0);
const INDEX_BITS = Uint8Array.of(3, 3, 2, 2, 2, 2, 4, 2);
const SECONDARY_INDEX_BITS = Uint8Array.of(0, 0, 0, 0, 3, 2, 0, 0);

const WEIGHTS_BY_BITS = [WEIGHTS_2, WEIGHTS_2, WEIGHTS_2, WEIGHTS_3, WEIGHTS_4] as const;

// Scratch shared by every block (decoding is synchronous, so one set suffices).
/** The block's four words, and a fifth always 0 (bitsAt reads one word past the field). */
const words = new Uint32Array(5);
/** Up to six endpoints × RGBA, as read, then expanded to 8 bits. */
const endpoints = new Uint8Array(24);
/** Interpolated colours by subset × index (16 slots a subset), as pixel words. */
const palette = new Uint32Array(48);
/** Alpha by index, for the modes whose alpha has its own index set. */
const alphaPalette = new Uint8Array(16);
const secondary = new Uint8Array(16);

/** Pixels whose index drops its top bit (one anchor a subset), a bit per pixel, by partition. */
const ANCHOR_MASKS_1 = 1;
const ANCHOR_MASKS_2 = Uint16Array.from(ANCHORS_2_OF_2, (anchor) => 1 | (1 << anchor));
const ANCHOR_MASKS_3 = Uint16Array.from(
  ANCHORS_2_OF_3,
  (anchor, partition) => 1 | (1 << anchor) | (1 << ANCHORS_3_OF_3[partition]!),
);

/**
 * `count` (≤ 25) bits of the block from bit `position`, least significant first. No branch:
 * the next word's bits shift in by `(w << 1) << (31 - shift)`, which is `w << (32 - shift)`
 * and 0 when `shift` is 0 (a shift by 32 would be a shift by 0); `words[4]` is always 0.
 */
function bitsAt(position: number, count: number): number {
  const word = position >>> 5;
  const shift = position & 31;
  const value = (words[word]! >>> shift) | ((words[word + 1]! << 1) << (31 - shift));
  return value & ((1 << count) - 1);
}

/** Widens a `bits`-bit value to 8 bits by replicating its high bits into the low ones. */
function expand(value: number, bits: number): number {
  return ((value << (8 - bits)) | (value >>> (2 * bits - 8))) & 0xff;
}

function interpolate(low: number, high: number, weight: number): number {
  return ((64 - weight) * low + weight * high + 32) >> 6;
}

/** Decodes the block at `src[offset]` into `pixels` (16 words, rows first). */
export function decodeBc7Block(src: Uint8Array, offset: number, pixels: Uint32Array): void {
  decodeBc7Into(src, offset, pixels, 0, 4);
}

/**
 * Decodes the block at `src[offset]` into `out`, its pixel (x, y) at
 * `first + y * stride + x`: a whole block goes straight into the surface.
 */
function decodeBc7Into(
  src: Uint8Array,
  offset: number,
  out: Uint32Array,
  first: number,
  stride: number,
): void {
  const mark = src[offset]!;
  if (mark === 0) {
    for (let row = first; row < first + 4 * stride; row += stride) out.fill(0, row, row + 4);
    return;
  }
  for (let index = 0; index < 4; index++) {
    const at = offset + index * 4;
    words[index] = src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16) | (src[at + 3]! << 24);
  }
  const mode = 31 - Math.clz32(mark & -mark);
  let position = mode + 1;
  const subsets = SUBSETS[mode]!;
  const partitionBits = PARTITION_BITS[mode]!;
  const partition = bitsAt(position, partitionBits);
  position += partitionBits;
  const rotation = bitsAt(position, ROTATION_BITS[mode]!);
  position += ROTATION_BITS[mode]!;
  const selector = bitsAt(position, SELECTOR_BITS[mode]!);
  position += SELECTOR_BITS[mode]!;
  const colorBits = COLOR_BITS[mode]!;
  const alphaBits = ALPHA_BITS[mode]!;
  const count = subsets * 2;

  // Endpoints: all reds (endpoint 0, 1 of subset 0, then subset 1, ...), all greens, all blues, alphas.
  for (let channel = 0; channel < 3; channel++) {
    for (let endpoint = 0; endpoint < count; endpoint++, position += colorBits) {
      endpoints[endpoint * 4 + channel] = bitsAt(position, colorBits);
    }
  }
  for (let endpoint = 0; endpoint < count; endpoint++, position += alphaBits) {
    endpoints[endpoint * 4 + 3] = alphaBits > 0 ? bitsAt(position, alphaBits) : 255;
  }
  let colorPrecision = colorBits;
  let alphaPrecision = alphaBits;
  const channels = alphaBits > 0 ? 4 : 3;
  if (ENDPOINT_PBITS[mode] || SHARED_PBITS[mode]) {
    const shared = SHARED_PBITS[mode] === 1;
    for (let endpoint = 0; endpoint < count; endpoint++) {
      const bit = bitsAt(shared ? position + (endpoint >> 1) : position + endpoint, 1);
      for (let channel = 0; channel < channels; channel++) {
        const at = endpoint * 4 + channel;
        endpoints[at] = (endpoints[at]! << 1) | bit;
      }
    }
    position += shared ? subsets : count;
    colorPrecision += 1;
    if (alphaBits > 0) alphaPrecision += 1;
  }
  for (let endpoint = 0; endpoint < count; endpoint++) {
    const at = endpoint * 4;
    endpoints[at] = expand(endpoints[at]!, colorPrecision);
    endpoints[at + 1] = expand(endpoints[at + 1]!, colorPrecision);
    endpoints[at + 2] = expand(endpoints[at + 2]!, colorPrecision);
    if (alphaBits > 0) endpoints[at + 3] = expand(endpoints[at + 3]!, alphaPrecision);
  }

  const indexBits = INDEX_BITS[mode]!;
  const secondaryBits = SECONDARY_INDEX_BITS[mode]!;
  if (secondaryBits === 0) {
    // One index set for colour and alpha: a palette a subset, then a lookup a pixel. Two
    // channels interpolate at once in the halves of one word (red and blue, green and
    // alpha): each product stays below 2^14 a half, so the halves never carry into each other.
    const weights = WEIGHTS_BY_BITS[indexBits]!;
    const levels = 1 << indexBits;
    for (let subset = 0; subset < subsets; subset++) {
      const low = subset * 8;
      const lowRb = endpoints[low]! | (endpoints[low + 2]! << 16);
      const lowGa = endpoints[low + 1]! | (endpoints[low + 3]! << 16);
      const highRb = endpoints[low + 4]! | (endpoints[low + 6]! << 16);
      const highGa = endpoints[low + 5]! | (endpoints[low + 7]! << 16);
      for (let level = 0; level < levels; level++) {
        const w = weights[level]!;
        const rb = (((64 - w) * lowRb + w * highRb + 0x200020) >>> 6) & 0xff00ff;
        const ga = (((64 - w) * lowGa + w * highGa + 0x200020) >>> 6) & 0xff00ff;
        palette[subset * 16 + level] = (rb | (ga << 8)) >>> 0;
      }
    }
    // The anchor pixel of each subset drops its index's top bit (it is known to be 0).
    const anchors =
      subsets === 1
        ? ANCHOR_MASKS_1
        : subsets === 2
          ? ANCHOR_MASKS_2[partition]!
          : ANCHOR_MASKS_3[partition]!;
    const table = subsets === 2 ? PARTITIONS_2 : PARTITIONS_3;
    const base = partition * 16;
    // These modes keep their indices in the top 64 bits (from bit 65 at the lowest): walk
    // them through two registers, shifting the consumed bits out.
    const shift = position - 64;
    let low: number;
    let high: number;
    if (shift >= 32) {
      low = words[3]! >>> (shift - 32);
      high = 0;
    } else {
      low = shift === 0 ? words[2]! : (words[2]! >>> shift) | (words[3]! << (32 - shift));
      high = words[3]! >>> shift;
    }
    for (let pixel = 0; pixel < 16; pixel++) {
      const bits = indexBits - ((anchors >> pixel) & 1);
      const level = low & ((1 << bits) - 1);
      low = (low >>> bits) | (high << (32 - bits));
      high >>>= bits;
      const subset = subsets === 1 ? 0 : table[base + pixel]!;
      out[first + (pixel >> 2) * stride + (pixel & 3)] = palette[subset * 16 + level]!;
    }
    return;
  }

  // Modes 4 and 5: one subset, colour and alpha each with its own index set; the selector
  // bit gives colour the secondary set (and alpha the primary), and rotation swaps alpha
  // with a colour channel after interpolation.
  const primaryStart = position;
  const secondaryStart = primaryStart + 16 * indexBits - 1;
  for (let pixel = 0, at = secondaryStart; pixel < 16; pixel++) {
    const bits = pixel === 0 ? secondaryBits - 1 : secondaryBits;
    secondary[pixel] = bitsAt(at, bits);
    at += bits;
  }
  const colorBitsUsed = selector === 1 ? secondaryBits : indexBits;
  const alphaBitsUsed = selector === 1 ? indexBits : secondaryBits;
  const colorWeights = WEIGHTS_BY_BITS[colorBitsUsed]!;
  const alphaWeights = WEIGHTS_BY_BITS[alphaBitsUsed]!;
  for (let level = 0; level < 1 << colorBitsUsed; level++) {
    const w = colorWeights[level]!;
    palette[level] =
      interpolate(endpoints[0]!, endpoints[4]!, w) |
      (interpolate(endpoints[1]!, endpoints[5]!, w) << 8) |
      (interpolate(endpoints[2]!, endpoints[6]!, w) << 16);
  }
  for (let level = 0; level < 1 << alphaBitsUsed; level++) {
    alphaPalette[level] = interpolate(endpoints[3]!, endpoints[7]!, alphaWeights[level]!);
  }
  for (let pixel = 0, at = primaryStart; pixel < 16; pixel++) {
    const bits = pixel === 0 ? indexBits - 1 : indexBits;
    const primary = bitsAt(at, bits);
    at += bits;
    const color = palette[selector === 1 ? secondary[pixel]! : primary]!;
    let a = alphaPalette[selector === 1 ? primary : secondary[pixel]!]!;
    let r = color & 0xff;
    let g = (color >>> 8) & 0xff;
    let b = (color >>> 16) & 0xff;
    if (rotation === 1) {
      const swapped = r;
      r = a;
      a = swapped;
    } else if (rotation === 2) {
      const swapped = g;
      g = a;
      a = swapped;
    } else if (rotation === 3) {
      const swapped = b;
      b = a;
      a = swapped;
    }
    out[first + (pixel >> 2) * stride + (pixel & 3)] = (r | (g << 8) | (b << 16) | (a << 24)) >>> 0;
  }
}

export function decodeBc7(
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array,
  encoding: BlockEncoding,
): void {
  // Whole blocks straight into the surface; the clipped ones at its right and bottom edges
  // through the grid walk every block codec shares.
  const whole = out.byteOffset % 4 === 0 && width % 4 === 0 && height % 4 === 0;
  if (!whole) {
    decodeBlockGrid(src, width, height, out, 4, 4, encoding.bytesPerBlock, decodeBc7Block);
    return;
  }
  const words = new Uint32Array(out.buffer, out.byteOffset, width * height);
  let offset = 0;
  for (let y = 0; y < height; y += 4) {
    for (let x = 0; x < width; x += 4, offset += encoding.bytesPerBlock) {
      decodeBc7Into(src, offset, words, y * width + x, width);
    }
  }
}
