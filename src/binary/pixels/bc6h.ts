/**
 * BC6H (BPTC float, ARB_texture_compression_bptc): 16-byte blocks of 4 × 4 RGB half floats
 * in 14 modes. The mode is the low 2 bits when they are 0 or 1, else the low 5 bits (19, 23,
 * 27 and 31 are reserved: such a block is black). Each mode's endpoint fields are scattered
 * through the block as Table.F lists them (copied below as written there); two-subset modes
 * then hold a 5-bit partition (the first 32 of BC7's two-subset table) and 3-bit indices,
 * one-subset modes 4-bit indices. Transformed modes store endpoints 1–3 as deltas from
 * endpoint 0. Endpoints are unquantized, interpolated with the BC7 weights and scaled by
 * 31/64 (unsigned) or 31/32 (signed) into half floats.
 *
 * For display each half float becomes 8 bits through an exposure tone map and gamma 2.2:
 * v = 255 × (1 − e^(−x))^(1/2.2) for x ≥ 0, negative values black — a bright sky stays
 * distinguishable instead of clipping at 1.0.
 */
import { decodeBlockGrid } from './block-grid.ts';
import { ANCHORS_2_OF_2, PARTITIONS_2, WEIGHTS_3, WEIGHTS_4 } from './bptc-tables.ts';
import type { BlockEncoding } from './types.ts';

/** Table.MF and Table.F: mode number, transformed, endpoint bits, delta bits (R, G, B), field layout. */
const MODE_DEFINITIONS: [number, boolean, number, [number, number, number], string][] = [
  [
    0,
    true,
    10,
    [5, 5, 5],
    'm[1:0],g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]',
  ],
  [
    1,
    true,
    7,
    [6, 6, 6],
    'm[1:0],g2[5],g3[4],g3[5],r0[6:0],b3[0],b3[1],b2[4],g0[6:0],b2[5],b3[2],g2[4],b0[6:0],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]',
  ],
  [
    2,
    true,
    11,
    [5, 4, 4],
    'm[4:0],r0[9:0],g0[9:0],b0[9:0],r1[4:0],r0[10],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]',
  ],
  [
    6,
    true,
    11,
    [4, 5, 4],
    'm[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],g3[4],g2[3:0],g1[4:0],g0[10],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[3:0],b3[0],b3[2],r3[3:0],g2[4],b3[3]',
  ],
  [
    10,
    true,
    11,
    [4, 4, 5],
    'm[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],b2[4],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],b1[4:0],b0[10],b2[3:0],r2[3:0],b3[1],b3[2],r3[3:0],b3[4],b3[3]',
  ],
  [
    14,
    true,
    9,
    [5, 5, 5],
    'm[4:0],r0[8:0],b2[4],g0[8:0],g2[4],b0[8:0],b3[4],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]',
  ],
  [
    18,
    true,
    8,
    [6, 5, 5],
    'm[4:0],r0[7:0],g3[4],b2[4],g0[7:0],b3[2],g2[4],b0[7:0],b3[3],b3[4],r1[5:0],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[5:0],r3[5:0]',
  ],
  [
    22,
    true,
    8,
    [5, 6, 5],
    'm[4:0],r0[7:0],b3[0],b2[4],g0[7:0],g2[5],g2[4],b0[7:0],g3[5],b3[4],r1[4:0],g3[4],g2[3:0],g1[5:0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]',
  ],
  [
    26,
    true,
    8,
    [5, 5, 6],
    'm[4:0],r0[7:0],b3[1],b2[4],g0[7:0],b2[5],g2[4],b0[7:0],b3[5],b3[4],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[5:0],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]',
  ],
  [
    30,
    false,
    6,
    [6, 6, 6],
    'm[4:0],r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],g2[4],b0[5:0],g3[5],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]',
  ],
  [3, false, 10, [10, 10, 10], 'm[4:0],r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]'],
  [
    7,
    true,
    11,
    [9, 9, 9],
    'm[4:0],r0[9:0],g0[9:0],b0[9:0],r1[8:0],r0[10],g1[8:0],g0[10],b1[8:0],b0[10]',
  ],
  [
    11,
    true,
    12,
    [8, 8, 8],
    'm[4:0],r0[9:0],g0[9:0],b0[9:0],r1[7:0],r0[10:11],g1[7:0],g0[10:11],b1[7:0],b0[10:11]',
  ],
  [
    15,
    true,
    16,
    [4, 4, 4],
    'm[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],b1[3:0],b0[10:15]',
  ],
];

interface Bc6Mode {
  transformed: boolean;
  endpointBits: number;
  deltaBits: [number, number, number];
  twoSubsets: boolean;
  /** Bits after the mode field, in block order: target (endpoint × 3 + channel) × 16 + bit. */
  targets: Uint8Array;
  /** Where the first bit after the mode field sits. */
  start: number;
}

/** Modes by their 5-bit number (2-bit modes 0 and 1 are stored under every 5-bit value ending 00 / 01). */
const MODES: (Bc6Mode | undefined)[] = new Array<Bc6Mode | undefined>(32);
for (const [number, transformed, endpointBits, deltaBits, layout] of MODE_DEFINITIONS) {
  const targets: number[] = [];
  let start = 0;
  for (const field of layout.split(',')) {
    const match = /^([rgbm])(\d?)\[(\d+)(?::(\d+))?\]$/.exec(field)!;
    const [, channelName, endpointText, firstText, secondText] = match;
    const a = Number(firstText);
    const b = secondText === undefined ? a : Number(secondText);
    const count = Math.abs(a - b) + 1;
    if (channelName === 'm') {
      start += count;
      continue;
    }
    const target = Number(endpointText) * 3 + 'rgb'.indexOf(channelName!);
    // v[a:b] lists bits high to low; the block holds them from b towards a (reversed when a < b).
    for (let i = 0; i < count; i++) targets.push(target * 16 + (a >= b ? b + i : b - i));
  }
  const mode: Bc6Mode = {
    transformed,
    endpointBits,
    deltaBits,
    twoSubsets: number !== 3 && number !== 7 && number !== 11 && number !== 15,
    targets: Uint8Array.from(targets),
    start,
  };
  if (number < 2) for (let high = 0; high < 8; high++) MODES[(high << 2) | number] = mode;
  else MODES[number] = mode;
}

// Scratch shared by every block.
const words = new Uint32Array(4);
const values = new Int32Array(12);
const unquantized = new Int32Array(12);

function bitAt(position: number): number {
  return (words[position >>> 5]! >>> (position & 31)) & 1;
}

function bitsAt(position: number, count: number): number {
  let value = 0;
  for (let i = 0; i < count; i++) value |= bitAt(position + i) << i;
  return value;
}

function signExtend(value: number, bits: number): number {
  const shift = 32 - bits;
  return (value << shift) >> shift;
}

function unquantize(x: number, bits: number, isSigned: boolean): number {
  if (!isSigned) {
    if (bits >= 15 || x === 0) return x;
    if (x === (1 << bits) - 1) return 0xffff;
    return ((x << 15) + 0x4000) >> (bits - 1);
  }
  if (bits >= 16) return x;
  const negative = x < 0;
  const magnitude = negative ? -x : x;
  let unq: number;
  if (magnitude === 0) unq = 0;
  else if (magnitude >= (1 << (bits - 1)) - 1) unq = 0x7fff;
  else unq = ((magnitude << 15) + 0x4000) >> (bits - 1);
  return negative ? -unq : unq;
}

/** The final scaling of an interpolated value into half-float bits. */
function finish(value: number, isSigned: boolean): number {
  if (!isSigned) return (value * 31) >> 6;
  return value < 0 ? 0x8000 | ((-value * 31) >> 5) : (value * 31) >> 5;
}

/** Decodes one block into 16 × RGB half-float bit patterns (rows first); reserved modes give 0. */
export function decodeBc6hHalves(
  src: Uint8Array,
  offset: number,
  isSigned: boolean,
  halves: Uint16Array,
): void {
  for (let index = 0; index < 4; index++) {
    const at = offset + index * 4;
    words[index] = src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16) | (src[at + 3]! << 24);
  }
  const mode = MODES[src[offset]! & 31];
  if (!mode) {
    halves.fill(0);
    return;
  }
  values.fill(0);
  const { targets, endpointBits, deltaBits, transformed, twoSubsets } = mode;
  let position = mode.start;
  for (let i = 0; i < targets.length; i++, position++) {
    const target = targets[i]!;
    values[target >> 4] = values[target >> 4]! | (bitAt(position) << (target & 15));
  }
  const endpointCount = twoSubsets ? 4 : 2;
  const mask = (1 << endpointBits) - 1;
  for (let channel = 0; channel < 3; channel++) {
    const base = values[channel]!;
    if (isSigned) values[channel] = signExtend(base, endpointBits);
    for (let endpoint = 1; endpoint < endpointCount; endpoint++) {
      const at = endpoint * 3 + channel;
      let v = values[at]!;
      if (isSigned || transformed)
        v = signExtend(v, transformed ? deltaBits[channel]! : endpointBits);
      if (transformed) {
        v = (base + v) & mask;
        if (isSigned) v = signExtend(v, endpointBits);
      }
      values[at] = v;
    }
  }
  for (let i = 0; i < endpointCount * 3; i++)
    unquantized[i] = unquantize(values[i]!, endpointBits, isSigned);

  const partition = twoSubsets ? bitsAt(position, 5) : 0;
  if (twoSubsets) position += 5;
  const anchor = twoSubsets ? ANCHORS_2_OF_2[partition]! : -1;
  const indexBits = twoSubsets ? 3 : 4;
  const weights = twoSubsets ? WEIGHTS_3 : WEIGHTS_4;
  for (let pixel = 0; pixel < 16; pixel++) {
    const bits = pixel === 0 || pixel === anchor ? indexBits - 1 : indexBits;
    const w = weights[bitsAt(position, bits)]!;
    position += bits;
    const e = twoSubsets ? PARTITIONS_2[partition * 16 + pixel]! * 6 : 0;
    for (let channel = 0; channel < 3; channel++) {
      const a = unquantized[e + channel]!;
      const b = unquantized[e + 3 + channel]!;
      halves[pixel * 3 + channel] = finish(((64 - w) * a + w * b + 32) >> 6, isSigned);
    }
  }
}

/** Half-float bits to a number. */
export function halfToNumber(half: number): number {
  const exponent = (half >> 10) & 31;
  const mantissa = half & 1023;
  const sign = half & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 31) return mantissa ? Number.NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** Display value of every half-float bit pattern: 255 × (1 − e^(−x))^(1/2.2), negatives and NaN black. */
let toneMap: Uint8Array | null = null;

function toneMapTable(): Uint8Array {
  if (toneMap) return toneMap;
  toneMap = new Uint8Array(65536);
  for (let half = 0; half < 65536; half++) {
    const x = halfToNumber(half);
    toneMap[half] = x > 0 ? Math.round(255 * Math.pow(1 - Math.exp(-x), 1 / 2.2)) : 0;
  }
  return toneMap;
}

const halves = new Uint16Array(48);

function blockDecoder(isSigned: boolean) {
  return (src: Uint8Array, offset: number, pixels: Uint32Array): void => {
    const table = toneMapTable();
    decodeBc6hHalves(src, offset, isSigned, halves);
    for (let pixel = 0; pixel < 16; pixel++) {
      const at = pixel * 3;
      pixels[pixel] =
        (table[halves[at]!]! |
          (table[halves[at + 1]!]! << 8) |
          (table[halves[at + 2]!]! << 16) |
          0xff000000) >>>
        0;
    }
  };
}

const decodeUnsignedBlock = blockDecoder(false);
const decodeSignedBlock = blockDecoder(true);

export function decodeBc6h(
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array,
  encoding: BlockEncoding,
): void {
  const decodeBlock = encoding.isSigned ? decodeSignedBlock : decodeUnsignedBlock;
  decodeBlockGrid(src, width, height, out, 4, 4, encoding.bytesPerBlock, decodeBlock);
}
