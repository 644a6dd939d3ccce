/**
 * ASTC LDR (Khronos Data Format Specification, chapter "ASTC"), every 2D block size from
 * 4 × 4 to 12 × 12; each block is 128 bits read least significant bit first. The block mode
 * (bits 0–10) gives the weight grid, its range and whether there are two weight planes;
 * then come the partition count, the partition seed and colour endpoint modes, and the
 * colour endpoint values in the integer sequence encoding (trits and quints). The weights
 * are stored from the top of the block downwards, bit-reversed, and are infilled
 * bilinearly from their grid to the texels.
 *
 * Decoded as LDR with 8-bit output: endpoints expand to 16 bits by replication, interpolate
 * with 6-bit weights and keep the top 8 bits. Blocks the specification calls errors
 * (reserved modes, too many weights or values, too few colour bits) and blocks that use
 * HDR endpoint modes (2, 3, 7, 11, 14, 15) or an HDR void extent decode to the error
 * colour, magenta — HDR content is not tone-mapped here.
 */
import {
  COLOR_UNQUANTIZED,
  ISE_RANGES,
  QUINTS,
  TRITS,
  WEIGHT_UNQUANTIZED,
  iseBitCount,
  selectPartition,
} from './astc-tables.ts';
import { decodeEndpoints } from './astc-endpoints.ts';
import { decodeBlockGrid } from './block-grid.ts';
import type { BlockEncoding } from './types.ts';

/** The error colour, opaque magenta. */
export const ASTC_ERROR_COLOR = 0xffff00ff;

// Scratch shared by every block.
const block = new Uint8Array(16);
const reversed = new Uint8Array(16);
const colorValues = new Uint8Array(18);
const weightValues = new Uint8Array(64 + 16);
const endpoints = new Uint8Array(4 * 8);
const modes = new Uint8Array(4);
const texelWeights = new Uint8Array(2 * 144);

/** `count` (≤ 24) bits from bit `position`, least significant first; bits past 127 read as 0. */
function bitsAt(bytes: Uint8Array, position: number, count: number): number {
  if (count <= 0 || position >= 128) return 0;
  const at = position >> 3;
  // Bytes past the block's 16 read as undefined, which the OR takes as 0.
  const word =
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>>
    (position & 7);
  return count >= 32 ? word : word & ((1 << count) - 1);
}

/** `count` bits from `position`, bits at or past `end` reading as zero. */
function readBounded(bytes: Uint8Array, position: number, count: number, end: number): number {
  const limit = Math.min(count, end - position);
  return limit <= 0 ? 0 : bitsAt(bytes, position, limit);
}

/** How the packed trit (T) and quint (Q) bits interleave with each value's low bits. */
const TRIT_FIELD_BITS = Uint8Array.of(2, 2, 1, 2, 1);
const QUINT_FIELD_BITS = Uint8Array.of(3, 2, 2);
const lowBits = new Uint8Array(5);

/** Reads `count` values of `rangeIndex` from `bytes` starting at bit `start` (bits past `end` read as 0). */
function readIse(
  bytes: Uint8Array,
  start: number,
  end: number,
  count: number,
  rangeIndex: number,
  out: Uint8Array,
): void {
  const r = ISE_RANGES[rangeIndex]!;
  const bits = r.bits;
  let position = start;
  if (!r.trits && !r.quints) {
    for (let i = 0; i < count; i++, position += bits)
      out[i] = readBounded(bytes, position, bits, end);
    return;
  }
  // Trit groups: m0 T[1:0] m1 T[3:2] m2 T[4] m3 T[6:5] m4 T[7]; quint groups: m0 Q[2:0] m1 Q[4:3] m2 Q[6:5].
  const fields = r.trits ? TRIT_FIELD_BITS : QUINT_FIELD_BITS;
  const group = fields.length;
  const digits = r.trits ? TRITS : QUINTS;
  for (let first = 0; first < count; first += group) {
    let packed = 0;
    for (let i = 0, shift = 0; i < group; i++) {
      lowBits[i] = readBounded(bytes, position, bits, end);
      position += bits;
      packed |= readBounded(bytes, position, fields[i]!, end) << shift;
      position += fields[i]!;
      shift += fields[i]!;
    }
    for (let i = 0; i < group && first + i < count; i++) {
      out[first + i] = (digits[packed * group + i]! << bits) | lowBits[i]!;
    }
  }
}

/** The weight grid a block mode describes, or null for a reserved mode. */
function blockModeGrid(
  mode: number,
): { width: number; height: number; range: number; dualPlane: boolean } | null {
  const bit = (index: number): number => (mode >> index) & 1;
  let width: number;
  let height: number;
  let r: number;
  let high = bit(9);
  let dual = bit(10);
  const a = (mode >> 5) & 3;
  if ((mode & 3) !== 0) {
    r = ((mode & 3) << 1) | bit(4);
    const b = (mode >> 7) & 3;
    switch ((mode >> 2) & 3) {
      case 0:
        [width, height] = [b + 4, a + 2];
        break;
      case 1:
        [width, height] = [b + 8, a + 2];
        break;
      case 2:
        [width, height] = [a + 2, b + 8];
        break;
      default:
        [width, height] = bit(8) === 0 ? [a + 2, bit(7) + 6] : [bit(7) + 2, a + 2];
    }
  } else {
    r = (((mode >> 2) & 3) << 1) | bit(4);
    if (((mode >> 2) & 3) === 0) return null;
    switch ((mode >> 7) & 3) {
      case 0:
        [width, height] = [12, a + 2];
        break;
      case 1:
        [width, height] = [a + 2, 12];
        break;
      case 2:
        [width, height] = [a + 6, ((mode >> 9) & 3) + 6];
        high = 0;
        dual = 0;
        break;
      default:
        if (a === 0) [width, height] = [6, 10];
        else if (a === 1) [width, height] = [10, 6];
        else return null;
    }
  }
  if (r < 2) return null;
  // Weight ranges: R 2..7 give 2, 3, 4, 5, 6, 8 levels, or 10, 12, 16, 20, 24, 32 with the high-precision bit.
  return { width, height, range: r - 2 + high * 6, dualPlane: dual === 1 };
}

/** Every 11-bit block mode's weight grid, made once: no block allocates one. */
const BLOCK_MODE_GRIDS = Array.from({ length: 2048 }, (_, mode) => blockModeGrid(mode));

/** Per block size, the infill of texel weights from each weight grid size (cached). */
const infillCache = new Map<number, Uint16Array>();

/** For each texel: 4 grid indices then 4 bilinear factors (out of 16). */
function infillFor(
  blockWidth: number,
  blockHeight: number,
  gridWidth: number,
  gridHeight: number,
): Uint16Array {
  const key = ((blockWidth * 16 + blockHeight) * 16 + gridWidth) * 16 + gridHeight;
  const cached = infillCache.get(key);
  if (cached) return cached;
  const table = new Uint16Array(blockWidth * blockHeight * 8);
  const ds = Math.floor((1024 + (blockWidth >> 1)) / (blockWidth - 1));
  const dt = Math.floor((1024 + (blockHeight >> 1)) / (blockHeight - 1));
  for (let t = 0; t < blockHeight; t++) {
    for (let s = 0; s < blockWidth; s++) {
      const gs = (ds * s * (gridWidth - 1) + 32) >> 6;
      const gt = (dt * t * (gridHeight - 1) + 32) >> 6;
      const js = gs >> 4;
      const fs = gs & 15;
      const jt = gt >> 4;
      const ft = gt & 15;
      const v0 = js + jt * gridWidth;
      const w11 = (fs * ft + 8) >> 4;
      const at = (t * blockWidth + s) * 8;
      table.set(
        [
          v0,
          v0 + 1,
          v0 + gridWidth,
          v0 + gridWidth + 1,
          16 - fs - ft + w11,
          fs - w11,
          ft - w11,
          w11,
        ],
        at,
      );
    }
  }
  infillCache.set(key, table);
  return table;
}

/** Partition of each texel, per block size, partition count and seed (cached). */
const partitionCache = new Map<number, Uint8Array>();

function partitionsFor(
  blockWidth: number,
  blockHeight: number,
  count: number,
  seed: number,
): Uint8Array {
  const key = (((blockWidth * 16 + blockHeight) * 4 + count) << 10) | seed;
  const cached = partitionCache.get(key);
  if (cached) return cached;
  const table = new Uint8Array(blockWidth * blockHeight);
  const small = blockWidth * blockHeight < 31;
  for (let y = 0; y < blockHeight; y++) {
    for (let x = 0; x < blockWidth; x++)
      table[y * blockWidth + x] = selectPartition(seed, x, y, 0, count, small);
  }
  partitionCache.set(key, table);
  return table;
}

function fillError(pixels: Uint32Array, texels: number): void {
  pixels.fill(ASTC_ERROR_COLOR, 0, texels);
}

export function decodeAstcBlock(
  src: Uint8Array,
  offset: number,
  pixels: Uint32Array,
  blockWidth: number,
  blockHeight: number,
): void {
  const texels = blockWidth * blockHeight;
  for (let i = 0; i < 16; i++) block[i] = src[offset + i]!;
  const mode = block[0]! | ((block[1]! & 7) << 8);

  if ((mode & 0x1ff) === 0x1fc) {
    // Void extent: one colour, UNORM16 RGBA in bits 64–127 (its top 8 bits kept); HDR is an error here.
    if (mode & 0x200) return fillError(pixels, texels);
    const sLow = bitsAt(block, 12, 13);
    const sHigh = bitsAt(block, 25, 13);
    const tLow = bitsAt(block, 38, 13);
    const tHigh = bitsAt(block, 51, 13);
    const allOnes = sLow === 0x1fff && sHigh === 0x1fff && tLow === 0x1fff && tHigh === 0x1fff;
    if (!allOnes && (sLow >= sHigh || tLow >= tHigh)) return fillError(pixels, texels);
    const color = (block[9]! | (block[11]! << 8) | (block[13]! << 16) | (block[15]! << 24)) >>> 0;
    pixels.fill(color, 0, texels);
    return;
  }

  const grid = BLOCK_MODE_GRIDS[mode];
  if (!grid || grid.width > blockWidth || grid.height > blockHeight)
    return fillError(pixels, texels);
  const planes = grid.dualPlane ? 2 : 1;
  const weightCount = grid.width * grid.height * planes;
  const weightRange = ISE_RANGES[grid.range]!;
  const weightBits = iseBitCount(weightCount, weightRange);
  if (weightCount > 64 || weightBits < 24 || weightBits > 96) return fillError(pixels, texels);

  const partitionCount = ((block[1]! >> 3) & 3) + 1;
  if (grid.dualPlane && partitionCount === 4) return fillError(pixels, texels);

  let colorStart: number;
  let extraCemBits = 0;
  let seed = 0;
  if (partitionCount === 1) {
    modes[0] = bitsAt(block, 13, 4);
    colorStart = 17;
  } else {
    seed = bitsAt(block, 13, 10);
    const field = bitsAt(block, 23, 6);
    colorStart = 29;
    if ((field & 3) === 0) {
      for (let p = 0; p < partitionCount; p++) modes[p] = field >> 2;
    } else {
      extraCemBits = 3 * partitionCount - 4;
      const value = field | (bitsAt(block, 128 - weightBits - extraCemBits, extraCemBits) << 6);
      const baseClass = (value & 3) - 1;
      for (let p = 0; p < partitionCount; p++) {
        const classOffset = (value >> (2 + p)) & 1;
        const low = (value >> (2 + partitionCount + 2 * p)) & 3;
        modes[p] = ((baseClass + classOffset) << 2) | low;
      }
    }
  }
  const ccsStart = 128 - weightBits - extraCemBits - (grid.dualPlane ? 2 : 0);
  const planeChannel = grid.dualPlane ? bitsAt(block, ccsStart, 2) : -1;
  let valueCount = 0;
  for (let p = 0; p < partitionCount; p++) valueCount += ((modes[p]! >> 2) + 1) * 2;
  if (valueCount > 18) return fillError(pixels, texels);
  const colorBits = ccsStart - colorStart;
  let colorRange = -1;
  for (let index = ISE_RANGES.length - 1; index >= 4; index--) {
    if (iseBitCount(valueCount, ISE_RANGES[index]!) <= colorBits) {
      colorRange = index;
      break;
    }
  }
  if (colorRange < 0) return fillError(pixels, texels);
  readIse(block, colorStart, ccsStart, valueCount, colorRange, colorValues);
  for (let i = 0; i < valueCount; i++)
    colorValues[i] = COLOR_UNQUANTIZED[colorRange * 256 + colorValues[i]!]!;
  for (let p = 0, at = 0; p < partitionCount; p++) {
    if (!decodeEndpoints(modes[p]!, colorValues, at, endpoints, p * 8))
      return fillError(pixels, texels);
    at += ((modes[p]! >> 2) + 1) * 2;
  }

  // Weights: the block bit-reversed, read from its start.
  for (let i = 0; i < 16; i++) {
    let byte = block[15 - i]!;
    byte = ((byte & 0xf0) >> 4) | ((byte & 0x0f) << 4);
    byte = ((byte & 0xcc) >> 2) | ((byte & 0x33) << 2);
    byte = ((byte & 0xaa) >> 1) | ((byte & 0x55) << 1);
    reversed[i] = byte;
  }
  weightValues.fill(0);
  readIse(reversed, 0, weightBits, weightCount, grid.range, weightValues);
  for (let i = 0; i < weightCount; i++)
    weightValues[i] = WEIGHT_UNQUANTIZED[grid.range * 32 + weightValues[i]!]!;

  const infill = infillFor(blockWidth, blockHeight, grid.width, grid.height);
  for (let plane = 0; plane < planes; plane++) {
    for (let texel = 0; texel < texels; texel++) {
      const at = texel * 8;
      // Grid indices past the weights read as undefined: `| 0` takes them as weight 0.
      const w0 = weightValues[infill[at]! * planes + plane]! | 0;
      const w1 = weightValues[infill[at + 1]! * planes + plane]! | 0;
      const w2 = weightValues[infill[at + 2]! * planes + plane]! | 0;
      const w3 = weightValues[infill[at + 3]! * planes + plane]! | 0;
      texelWeights[plane * 144 + texel] =
        (w0 * infill[at + 4]! +
          w1 * infill[at + 5]! +
          w2 * infill[at + 6]! +
          w3 * infill[at + 7]! +
          8) >>
        4;
    }
  }

  const partitionOf =
    partitionCount > 1 ? partitionsFor(blockWidth, blockHeight, partitionCount, seed) : null;
  for (let texel = 0; texel < texels; texel++) {
    const e = (partitionOf ? partitionOf[texel]! : 0) * 8;
    const weight = texelWeights[texel]!;
    const second = planes === 2 ? texelWeights[144 + texel]! : weight;
    let word = 0;
    for (let channel = 0; channel < 4; channel++) {
      const w = channel === planeChannel ? second : weight;
      const c0 = endpoints[e + channel]! * 257;
      const c1 = endpoints[e + 4 + channel]! * 257;
      word |= (((c0 * (64 - w) + c1 * w + 32) >> 6) >> 8) << (channel * 8);
    }
    pixels[texel] = word >>> 0;
  }
}

export function decodeAstc(
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array,
  encoding: BlockEncoding,
): void {
  const { blockWidth, blockHeight } = encoding;
  // Footprints outside 4–12 a side are not ASTC 2D blocks: every pixel shows the error colour.
  if (blockWidth < 4 || blockWidth > 12 || blockHeight < 4 || blockHeight > 12) {
    new Uint32Array(out.buffer, out.byteOffset, width * height).fill(ASTC_ERROR_COLOR);
    return;
  }
  decodeBlockGrid(
    src,
    width,
    height,
    out,
    blockWidth,
    blockHeight,
    encoding.bytesPerBlock,
    (s, o, p) => decodeAstcBlock(s, o, p, blockWidth, blockHeight),
  );
}
