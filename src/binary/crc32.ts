/**
 * CRC-32 with the reflected polynomial 0xEDB88320, in two conventions:
 *
 * - `crc32Ieee`: the ordinary CRC-32 (zip, PNG, zlib): register starts at 0xFFFFFFFF and is
 *   inverted at the end. crc32Ieee("123456789") = 0xCBF43926.
 * - `kiCrc`: the KIWAD checksum: same polynomial, register starts at 0, no final XOR.
 *   kiCrc("123456789") = 0x2DFD2D88; kiCrc of any run of zero bytes is 0.
 *
 * Both chain over chunks: pass the previous result as `previous`.
 *
 * The kernel is slice-by-16: 16 tables of 256 entries, 16 bytes per step. This is the
 * documented hot loop, hence the short names inside it.
 */
import { createCRC32 } from 'hash-wasm';

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

/** KIWAD CRC: reflected CRC-32, initial register 0, no final XOR. Chain by passing the previous result. */
export function kiCrc(data: Uint8Array, previous = 0): number {
  return crcRegisterUpdate(previous, data);
}

/** True when every byte is zero (the unpatched-entry test of KIWAD). */
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

/**
 * The KI-CRC through a WebAssembly CRC-32 (hash-wasm, ~2× the JS kernel above), for bulk
 * work such as Verify all.
 *
 * hash-wasm only computes the standard CRC-32: its register starts at 0xFFFFFFFF and it
 * inverts at the end, with no seed argument. Spec §4 gets the KI-CRC from it through the
 * affine shift Z(n); here the register is steered instead: four forged bytes (`steeringBytes`)
 * take the register from 0xFFFFFFFF to any wanted start value (0, or the previous result
 * when chaining), then the data follows, and the final inversion is undone. That costs one
 * 4-byte update per call, whatever the length, and the check vectors of spec §4 hold
 * (crc32.test.ts).
 */
export type KiCrcFunction = (data: Uint8Array, previous?: number) => number;

/** Inputs shorter than this go to the JS kernel: the call into WebAssembly costs more. */
const FAST_MIN_LENGTH = 512;

let inverseTop: Uint8Array | null = null;

/** For each top byte, the table index whose entry has it (the top bytes are all distinct). */
function topByteIndex(): Uint8Array {
  const index = new Uint8Array(256);
  for (let i = 0; i < 256; i++) index[T[i]! >>> 24] = i;
  return index;
}

/**
 * Four bytes that move a reflected CRC register from `from` to `to`. Backwards from `to`,
 * each step's table index is fixed by the register's top byte; forwards from `from`, each
 * byte is what selects that index.
 */
export function steeringBytes(from: number, to: number): Uint8Array {
  const inverse = (inverseTop ??= topByteIndex());
  const indexes = [0, 0, 0, 0];
  let register = to >>> 0;
  for (let k = 3; k >= 0; k--) {
    const index = inverse[register >>> 24]!;
    indexes[k] = index;
    register = ((register ^ T[index]!) << 8) >>> 0;
  }
  const bytes = new Uint8Array(4);
  let c = from >>> 0;
  for (let k = 0; k < 4; k++) {
    bytes[k] = (c ^ indexes[k]!) & 0xff;
    c = (T[indexes[k]!]! ^ (c >>> 8)) >>> 0;
  }
  return bytes;
}
let fastKiCrc: Promise<KiCrcFunction> | null = null;

/**
 * Resolves to a function with the contract of `kiCrc` (same results, chaining included)
 * that runs on WebAssembly for inputs of 512 bytes and more. Falls back to `kiCrc` when
 * WebAssembly cannot be loaded (e.g. a CSP without 'wasm-unsafe-eval').
 */
export function loadFastKiCrc(): Promise<KiCrcFunction> {
  fastKiCrc ??= createCRC32()
    .then((hasher): KiCrcFunction => {
      const fromZero = steeringBytes(0xffffffff, 0);
      return (data, previous = 0) => {
        if (data.length < FAST_MIN_LENGTH) return crcRegisterUpdate(previous, data);
        hasher.init();
        hasher.update(previous === 0 ? fromZero : steeringBytes(0xffffffff, previous));
        hasher.update(data);
        const digest = hasher.digest('binary');
        const standard = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
        return (standard ^ 0xffffffff) >>> 0;
      };
    })
    .catch(() => kiCrc);
  return fastKiCrc;
}
