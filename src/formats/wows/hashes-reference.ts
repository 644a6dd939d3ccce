/**
 * Test helper: straightforward reference versions of the two hashes in `hashes.ts`, written
 * for obviousness, not speed. CityHash64 v1.1 uses BigInt with a 64-bit mask after every
 * operation, so it shares none of the kernel's split-halves arithmetic; MurmurHash3 goes byte
 * by byte with BigInt products instead of Math.imul. The tests compare the kernels against
 * these on random inputs of every length, so a slip in one length path cannot hide.
 */

const MASK64 = (1n << 64n) - 1n;
const MASK32 = (1n << 32n) - 1n;

const K0 = 0xc3a5c85c97cb3127n;
const K1 = 0xb492b66fbe98f273n;
const K2 = 0x9ae16a3b2f90404fn;
const KMUL = 0x9ddfea08eb382d69n;

const wrap = (value: bigint): bigint => value & MASK64;
const multiply = (left: bigint, right: bigint): bigint => (left * right) & MASK64;
const rotate = (value: bigint, shift: bigint): bigint =>
  shift === 0n ? value : wrap((value >> shift) | (value << (64n - shift)));
const shiftMix = (value: bigint): bigint => value ^ (value >> 47n);

function fetch(bytes: Uint8Array, offset: number, width: number): bigint {
  let value = 0n;
  for (let index = width - 1; index >= 0; index--)
    value = (value << 8n) | BigInt(bytes[offset + index]!);
  return value;
}
const fetch64 = (bytes: Uint8Array, offset: number): bigint => fetch(bytes, offset, 8);
const fetch32 = (bytes: Uint8Array, offset: number): bigint => fetch(bytes, offset, 4);

function byteSwap64(value: bigint): bigint {
  let swapped = 0n;
  for (let index = 0n; index < 8n; index++)
    swapped = (swapped << 8n) | ((value >> (8n * index)) & 0xffn);
  return swapped;
}

function hashLen16(first: bigint, second: bigint, mul = KMUL): bigint {
  let a = multiply(first ^ second, mul);
  a ^= a >> 47n;
  let b = multiply(second ^ a, mul);
  b ^= b >> 47n;
  return multiply(b, mul);
}

function hashLen0to16(bytes: Uint8Array, len: number): bigint {
  const size = BigInt(len);
  if (len >= 8) {
    const mul = wrap(K2 + size * 2n);
    const a = wrap(fetch64(bytes, 0) + K2);
    const b = fetch64(bytes, len - 8);
    const c = wrap(multiply(rotate(b, 37n), mul) + a);
    const d = multiply(wrap(rotate(a, 25n) + b), mul);
    return hashLen16(c, d, mul);
  }
  if (len >= 4) {
    const mul = wrap(K2 + size * 2n);
    const a = fetch32(bytes, 0);
    return hashLen16(wrap(size + (a << 3n)), fetch32(bytes, len - 4), mul);
  }
  if (len > 0) {
    const a = BigInt(bytes[0]!);
    const b = BigInt(bytes[len >> 1]!);
    const c = BigInt(bytes[len - 1]!);
    const y = (a + (b << 8n)) & MASK32;
    const z = (size + (c << 2n)) & MASK32;
    return multiply(shiftMix(multiply(y, K2) ^ multiply(z, K0)), K2);
  }
  return K2;
}

function hashLen17to32(bytes: Uint8Array, len: number): bigint {
  const mul = wrap(K2 + BigInt(len) * 2n);
  const a = multiply(fetch64(bytes, 0), K1);
  const b = fetch64(bytes, 8);
  const c = multiply(fetch64(bytes, len - 8), mul);
  const d = multiply(fetch64(bytes, len - 16), K2);
  return hashLen16(
    wrap(rotate(wrap(a + b), 43n) + rotate(c, 30n) + d),
    wrap(a + rotate(wrap(b + K2), 18n) + c),
    mul,
  );
}

function hashLen33to64(bytes: Uint8Array, len: number): bigint {
  const mul = wrap(K2 + BigInt(len) * 2n);
  let a = multiply(fetch64(bytes, 0), K2);
  let b = fetch64(bytes, 8);
  const c = fetch64(bytes, len - 24);
  const d = fetch64(bytes, len - 32);
  const e = multiply(fetch64(bytes, 16), K2);
  const f = multiply(fetch64(bytes, 24), 9n);
  const g = fetch64(bytes, len - 8);
  const h = multiply(fetch64(bytes, len - 16), mul);
  const u = wrap(rotate(wrap(a + g), 43n) + multiply(wrap(rotate(b, 30n) + c), 9n));
  const v = wrap((wrap(a + g) ^ d) + f + 1n);
  const w = wrap(byteSwap64(multiply(wrap(u + v), mul)) + h);
  const x = wrap(rotate(wrap(e + f), 42n) + c);
  const y = multiply(wrap(byteSwap64(multiply(wrap(v + w), mul)) + g), mul);
  const z = wrap(e + f + c);
  a = wrap(byteSwap64(wrap(multiply(wrap(x + z), mul) + y)) + b);
  b = multiply(shiftMix(wrap(multiply(wrap(z + a), mul) + d + h)), mul);
  return wrap(b + x);
}

function weakHashLen32WithSeeds(
  bytes: Uint8Array,
  offset: number,
  seedA: bigint,
  seedB: bigint,
): [bigint, bigint] {
  const w = fetch64(bytes, offset);
  const x = fetch64(bytes, offset + 8);
  const y = fetch64(bytes, offset + 16);
  const z = fetch64(bytes, offset + 24);
  let a = wrap(seedA + w);
  let b = rotate(wrap(seedB + a + z), 21n);
  const c = a;
  a = wrap(a + x + y);
  b = wrap(b + rotate(a, 44n));
  return [wrap(a + z), wrap(b + c)];
}

/** CityHash64 v1.1 of the whole array, as an unsigned bigint. */
export function cityHash64Reference(bytes: Uint8Array): bigint {
  const len = bytes.length;
  if (len <= 16) return hashLen0to16(bytes, len);
  if (len <= 32) return hashLen17to32(bytes, len);
  if (len <= 64) return hashLen33to64(bytes, len);

  let x = fetch64(bytes, len - 40);
  let y = wrap(fetch64(bytes, len - 16) + fetch64(bytes, len - 56));
  let z = hashLen16(wrap(fetch64(bytes, len - 48) + BigInt(len)), fetch64(bytes, len - 24));
  let v = weakHashLen32WithSeeds(bytes, len - 64, BigInt(len), z);
  let w = weakHashLen32WithSeeds(bytes, len - 32, wrap(y + K1), x);
  x = wrap(multiply(x, K1) + fetch64(bytes, 0));
  let remaining = (len - 1) & ~63;
  let offset = 0;
  do {
    x = multiply(rotate(wrap(x + y + v[0] + fetch64(bytes, offset + 8)), 37n), K1);
    y = multiply(rotate(wrap(y + v[1] + fetch64(bytes, offset + 48)), 42n), K1);
    x ^= w[1];
    y = wrap(y + v[0] + fetch64(bytes, offset + 40));
    z = multiply(rotate(wrap(z + w[0]), 33n), K1);
    v = weakHashLen32WithSeeds(bytes, offset, multiply(v[1], K1), wrap(x + w[0]));
    w = weakHashLen32WithSeeds(
      bytes,
      offset + 32,
      wrap(z + w[1]),
      wrap(y + fetch64(bytes, offset + 16)),
    );
    [z, x] = [x, z];
    offset += 64;
    remaining -= 64;
  } while (remaining !== 0);
  return hashLen16(
    wrap(hashLen16(v[0], w[0]) + multiply(shiftMix(y), K1) + z),
    wrap(hashLen16(v[1], w[1]) + x),
  );
}

/** MurmurHash3_x86_32 of the whole array, byte by byte with BigInt products. */
export function murmur3Reference(bytes: Uint8Array, seed = 0): number {
  const rotl = (value: bigint, shift: bigint): bigint =>
    ((value << shift) | (value >> (32n - shift))) & MASK32;
  const scramble = (block: bigint): bigint =>
    (rotl((block * 0xcc9e2d51n) & MASK32, 15n) * 0x1b873593n) & MASK32;
  let state = BigInt(seed >>> 0);
  const blockCount = Math.floor(bytes.length / 4);
  for (let block = 0; block < blockCount; block++) {
    state ^= scramble(fetch32(bytes, block * 4));
    state = (rotl(state, 13n) * 5n + 0xe6546b64n) & MASK32;
  }
  let tail = 0n;
  for (let index = bytes.length - 1; index >= blockCount * 4; index--)
    tail = (tail << 8n) | BigInt(bytes[index]!);
  if (bytes.length % 4 !== 0) state ^= scramble(tail);
  state ^= BigInt(bytes.length) & MASK32;
  state = ((state ^ (state >> 16n)) * 0x85ebca6bn) & MASK32;
  state = ((state ^ (state >> 13n)) * 0xc2b2ae35n) & MASK32;
  return Number(state ^ (state >> 16n));
}
