/**
 * CRC-32 with the reflected polynomial 0xEDB88320, in two conventions:
 *
 * - `crc32Ieee`: the ordinary CRC-32 (zip, PNG, zlib): register starts at 0xFFFFFFFF and is
 *   inverted at the end. crc32Ieee("123456789") = 0xCBF43926.
 * - `kiCrc`: the KingsIsle archive checksum: same polynomial, register starts at 0, no final XOR.
 *   kiCrc("123456789") = 0x2DFD2D88; kiCrc of any run of zero bytes is 0.
 *
 * Both chain over chunks: pass the previous result as `previous`.
 *
 * The kernel is slice-by-16: 16 tables of 256 entries, 16 bytes per step. This is the
 * documented hot loop, hence the short names inside it.
 */
const POLY = 0xedb88320;
const TABLES = 16;

function buildTables(): Uint32Array {
  const tables = new Uint32Array(TABLES * 256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? POLY ^ (c >>> 1) : c >>> 1;
    tables[i] = c >>> 0;
  }
  for (let i = 0; i < 256; i++) {
    let c = tables[i]!;
    for (let t = 1; t < TABLES; t++) {
      c = tables[c & 0xff]! ^ (c >>> 8);
      tables[t * 256 + i] = c >>> 0;
    }
  }
  return tables;
}

const T = buildTables();

/** Advances a raw reflected CRC register over `data` (no inversion on either side). */
export function crcRegisterUpdate(register: number, data: Uint8Array): number {
  let c = register >>> 0;
  let i = 0;
  const n = data.length;
  const end16 = n - (n % 16);
  const t = T;
  const d = data;
  while (i < end16) {
    c ^= d[i]! | (d[i + 1]! << 8) | (d[i + 2]! << 16) | (d[i + 3]! << 24);
    c =
      t[0xf00 + (c & 0xff)]! ^
      t[0xe00 + ((c >>> 8) & 0xff)]! ^
      t[0xd00 + ((c >>> 16) & 0xff)]! ^
      t[0xc00 + (c >>> 24)]! ^
      t[0xb00 + d[i + 4]!]! ^
      t[0xa00 + d[i + 5]!]! ^
      t[0x900 + d[i + 6]!]! ^
      t[0x800 + d[i + 7]!]! ^
      t[0x700 + d[i + 8]!]! ^
      t[0x600 + d[i + 9]!]! ^
      t[0x500 + d[i + 10]!]! ^
      t[0x400 + d[i + 11]!]! ^
      t[0x300 + d[i + 12]!]! ^
      t[0x200 + d[i + 13]!]! ^
      t[0x100 + d[i + 14]!]! ^
      t[d[i + 15]!]!;
    i += 16;
  }
  while (i < n) {
    c = t[(c ^ d[i]!) & 0xff]! ^ (c >>> 8);
    i++;
  }
  return c >>> 0;
}

/** Standard CRC-32 (IEEE 802.3, zip, PNG). Chain chunks by passing the previous result. */
export function crc32Ieee(data: Uint8Array, previous = 0): number {
  return (crcRegisterUpdate((previous ^ 0xffffffff) >>> 0, data) ^ 0xffffffff) >>> 0;
}

/** KingsIsle CRC: reflected CRC-32, initial register 0, no final XOR. Chain by passing the previous result. */
export function kiCrc(data: Uint8Array, previous = 0): number {
  return crcRegisterUpdate(previous, data);
}

/** True when every byte is zero (the unpatched-entry test of KingsIsle archives). */
export function isAllZero(data: Uint8Array): boolean {
  const n = data.length;
  let i = 0;
  if (data.byteOffset % 4 === 0) {
    const words = new Uint32Array(data.buffer, data.byteOffset, n >>> 2);
    for (let w = 0; w < words.length; w++) if (words[w] !== 0) return false;
    i = words.length * 4;
  }
  for (; i < n; i++) if (data[i] !== 0) return false;
  return true;
}

/** A KI-CRC with `kiCrc`'s contract: chained by passing the previous result. */
export type KiCrcFunction = (data: Uint8Array, previous?: number) => number;
