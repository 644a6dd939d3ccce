/**
 * ASTC decoding tables, built once (Khronos Data Format Specification, chapter "ASTC"):
 * the integer-sequence-encoding ranges, the trit and quint unpacking of a packed group,
 * colour and weight unquantization, and the hash that places texels in partitions.
 */

/** A range of the integer sequence encoding: `levels` = 2^bits × (3 if trits, 5 if quints). */
export interface IseRange {
  levels: number;
  bits: number;
  trits: boolean;
  quints: boolean;
}

const range = (bits: number, kind: 'bits' | 'trits' | 'quints'): IseRange => ({
  levels: (1 << bits) * (kind === 'trits' ? 3 : kind === 'quints' ? 5 : 1),
  bits,
  trits: kind === 'trits',
  quints: kind === 'quints',
});

/** All 21 ranges, fewest levels first (2 … 256). */
export const ISE_RANGES: readonly IseRange[] = [
  range(1, 'bits'),
  range(0, 'trits'),
  range(2, 'bits'),
  range(0, 'quints'),
  range(1, 'trits'),
  range(3, 'bits'),
  range(1, 'quints'),
  range(2, 'trits'),
  range(4, 'bits'),
  range(2, 'quints'),
  range(3, 'trits'),
  range(5, 'bits'),
  range(3, 'quints'),
  range(4, 'trits'),
  range(6, 'bits'),
  range(4, 'quints'),
  range(5, 'trits'),
  range(7, 'bits'),
  range(5, 'quints'),
  range(6, 'trits'),
  range(8, 'bits'),
];

/** Bits that `count` values take in a range. */
export function iseBitCount(count: number, r: IseRange): number {
  return (
    count * r.bits +
    (r.trits ? Math.ceil((count * 8) / 5) : 0) +
    (r.quints ? Math.ceil((count * 7) / 3) : 0)
  );
}

const bit = (value: number, index: number): number => (value >> index) & 1;

/** The five trits of each 8-bit packed value T, as 5 bytes per value. */
export const TRITS = new Uint8Array(256 * 5);
for (let t = 0; t < 256; t++) {
  let c: number;
  let t4: number;
  let t3: number;
  if (((t >> 2) & 7) === 7) {
    c = (((t >> 5) & 7) << 2) | (t & 3);
    t4 = 2;
    t3 = 2;
  } else {
    c = t & 31;
    if (((t >> 5) & 3) === 3) {
      t4 = 2;
      t3 = bit(t, 7);
    } else {
      t4 = bit(t, 7);
      t3 = (t >> 5) & 3;
    }
  }
  let t2: number;
  let t1: number;
  let t0: number;
  if ((c & 3) === 3) {
    t2 = 2;
    t1 = bit(c, 4);
    t0 = (bit(c, 3) << 1) | (bit(c, 2) & ~bit(c, 3) & 1);
  } else if (((c >> 2) & 3) === 3) {
    t2 = 2;
    t1 = 2;
    t0 = c & 3;
  } else {
    t2 = bit(c, 4);
    t1 = (c >> 2) & 3;
    t0 = (bit(c, 1) << 1) | (bit(c, 0) & ~bit(c, 1) & 1);
  }
  TRITS.set([t0, t1, t2, t3, t4], t * 5);
}

/** The three quints of each 7-bit packed value Q, as 3 bytes per value. */
export const QUINTS = new Uint8Array(128 * 3);
for (let q = 0; q < 128; q++) {
  let q0: number;
  let q1: number;
  let q2: number;
  if (((q >> 1) & 3) === 3 && ((q >> 5) & 3) === 0) {
    q2 = (bit(q, 0) << 2) | ((bit(q, 4) & ~bit(q, 0) & 1) << 1) | (bit(q, 3) & ~bit(q, 0) & 1);
    q1 = 4;
    q0 = 4;
  } else {
    let c: number;
    if (((q >> 1) & 3) === 3) {
      q2 = 4;
      c = (((q >> 3) & 3) << 3) | ((~(q >> 5) & 3) << 1) | bit(q, 0);
    } else {
      q2 = (q >> 5) & 3;
      c = q & 31;
    }
    if ((c & 7) === 5) {
      q1 = 4;
      q0 = (c >> 3) & 3;
    } else {
      q1 = (c >> 3) & 3;
      q0 = c & 7;
    }
  }
  QUINTS.set([q0, q1, q2], q * 3);
}

/** Replicates a `bits`-bit value to fill `width` bits. */
function replicate(value: number, bits: number, width: number): number {
  let out = 0;
  let shift = width;
  while (shift > 0) {
    shift -= bits;
    out |= shift >= 0 ? value << shift : value >> -shift;
  }
  return out;
}

/** The "B" bit pattern of a trit / quint unquantization, MSB first: letters name bits of m (a = bit 0). */
function patternBits(layout: string, m: number): number {
  let value = 0;
  for (let i = 0; i < layout.length; i++) {
    const ch = layout.charCodeAt(i);
    if (ch !== 48) value |= ((m >> (ch - 97)) & 1) << (layout.length - 1 - i);
  }
  return value;
}

/** Colour unquantization "B" patterns and "C" factors, by range levels. */
const COLOR_PATTERNS: Record<number, [string, number]> = {
  6: ['000000000', 204],
  10: ['000000000', 113],
  12: ['b000b0bb0', 93],
  20: ['b0000bb00', 54],
  24: ['cb000cbcb', 44],
  40: ['cb0000cbc', 26],
  48: ['dcb000dcb', 22],
  80: ['dcb0000dc', 13],
  96: ['edcb000ed', 11],
  160: ['edcb0000e', 6],
  192: ['fedcb000f', 5],
};
const WEIGHT_PATTERNS: Record<number, [string, number]> = {
  6: ['0000000', 50],
  10: ['0000000', 28],
  12: ['b000b0b', 23],
  20: ['b0000b0', 13],
  24: ['cb000cb', 11],
};

/** Unquantizes an encoded value (digit << bits | low bits) of a trit or quint range. */
function unquantizeDigit(
  value: number,
  r: IseRange,
  pattern: [string, number],
  width: 8 | 6,
): number {
  const m = value & ((1 << r.bits) - 1);
  const d = value >> r.bits;
  const a = m & 1 ? (width === 8 ? 0x1ff : 0x7f) : 0;
  let t = d * pattern[1] + patternBits(pattern[0], m);
  t ^= a;
  return width === 8 ? (a & 0x80) | (t >> 2) : (a & 0x20) | (t >> 2);
}

/** Colour values 0–255 by range index then encoded value (256 slots a range). */
export const COLOR_UNQUANTIZED = new Uint8Array(21 * 256);
/** Weights 0–64 by range index (the first twelve ranges) then encoded value (32 slots a range). */
export const WEIGHT_UNQUANTIZED = new Uint8Array(12 * 32);
ISE_RANGES.forEach((r, index) => {
  const digits = r.trits || r.quints;
  for (let value = 0; value < r.levels; value++) {
    // Colour ranges below 6 levels are invalid (the block is an error), so 3 and 5 have no table.
    if (!digits) COLOR_UNQUANTIZED[index * 256 + value] = replicate(value, r.bits, 8);
    else if (r.bits > 0)
      COLOR_UNQUANTIZED[index * 256 + value] = unquantizeDigit(
        value,
        r,
        COLOR_PATTERNS[r.levels]!,
        8,
      );
    if (index >= 12) continue;
    let weight: number;
    if (!digits) weight = replicate(value, r.bits, 6);
    else if (r.bits === 0) weight = (value * 64) / (r.levels - 1);
    else weight = unquantizeDigit(value, r, WEIGHT_PATTERNS[r.levels]!, 6);
    // 6-bit weights above 32 step up by one so the top value is 64 (bare 3 and 5 levels are exact already).
    if (weight > 32 && !(digits && r.bits === 0)) weight += 1;
    WEIGHT_UNQUANTIZED[index * 32 + value] = weight;
  }
});

function hash52(input: number): number {
  let p = input >>> 0;
  p ^= p >>> 15;
  p = (p - (p << 17)) >>> 0;
  p = (p + (p << 7)) >>> 0;
  p = (p + (p << 4)) >>> 0;
  p ^= p >>> 5;
  p = (p + (p << 16)) >>> 0;
  p ^= p >>> 7;
  p ^= p >>> 3;
  p = (p ^ (p << 6)) >>> 0;
  p ^= p >>> 17;
  return p >>> 0;
}

/** The specification's partition selection for texel (x, y, z) of a block. */
export function selectPartition(
  seed: number,
  x: number,
  y: number,
  z: number,
  partitionCount: number,
  smallBlock: boolean,
): number {
  if (smallBlock) {
    x <<= 1;
    y <<= 1;
    z <<= 1;
  }
  seed += (partitionCount - 1) * 1024;
  const rnum = hash52(seed);
  const seeds = [
    rnum & 15,
    (rnum >>> 4) & 15,
    (rnum >>> 8) & 15,
    (rnum >>> 12) & 15,
    (rnum >>> 16) & 15,
    (rnum >>> 20) & 15,
    (rnum >>> 24) & 15,
    (rnum >>> 28) & 15,
    (rnum >>> 18) & 15,
    (rnum >>> 22) & 15,
    (rnum >>> 26) & 15,
    ((rnum >>> 30) | (rnum << 2)) & 15,
  ].map((s) => s * s);
  let sh1: number;
  let sh2: number;
  if (seed & 1) {
    sh1 = seed & 2 ? 4 : 5;
    sh2 = partitionCount === 3 ? 6 : 5;
  } else {
    sh1 = partitionCount === 3 ? 6 : 5;
    sh2 = seed & 2 ? 4 : 5;
  }
  const sh3 = seed & 0x10 ? sh1 : sh2;
  const [s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12] = seeds.map(
    (s, i) => s >> (i < 8 ? (i % 2 === 0 ? sh1 : sh2) : sh3),
  ) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const a = (s1 * x + s2 * y + s11 * z + (rnum >>> 14)) & 0x3f;
  const b = (s3 * x + s4 * y + s12 * z + (rnum >>> 10)) & 0x3f;
  const c = partitionCount < 3 ? 0 : (s5 * x + s6 * y + s9 * z + (rnum >>> 6)) & 0x3f;
  const d = partitionCount < 4 ? 0 : (s7 * x + s8 * y + s10 * z + (rnum >>> 2)) & 0x3f;
  if (a >= b && a >= c && a >= d) return 0;
  if (b >= c && b >= d) return 1;
  if (c >= d) return 2;
  return 3;
}
