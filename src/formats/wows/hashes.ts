/**
 * The two hashes of World of Warships indexes (spec §2, §5):
 *
 * - `murmur3x86`: MurmurHash3_x86_32. The idx header holds it at offset 8, over bytes
 *   [16, EOF) with seed 0, so a reader can tell a truncated or damaged index.
 * - `cityHash64Into` / `cityHash64` / `cityHash64Text`: Google CityHash64 v1.1, no seed. A node
 *   id is the CityHash64 of the node's full path, a volume id that of the pkg file name.
 *
 * Both are written from the published algorithms. CityHash64 is 64-bit arithmetic that runs
 * once per node of 400,000-node builds, so it does not use BigInt (every BigInt operation
 * allocates): see the notes at the CityHash64 section for how it does 64-bit arithmetic on
 * pairs of 32-bit words. The tests pin both against published values and against the plain
 * BigInt versions in hashes-reference.ts.
 */

// ---- MurmurHash3_x86_32 -------------------------------------------------------------------

const MURMUR_C1 = 0xcc9e2d51;
const MURMUR_C2 = 0x1b873593;

/** Rotates a 32-bit word left by `shift` (1..31). */
function rotl32(word: number, shift: number): number {
  return (word << shift) | (word >>> (32 - shift));
}

/** Scrambles one 4-byte block (or the zero-padded tail) before it is mixed into the state. */
function murmurScramble(block: number): number {
  return Math.imul(rotl32(Math.imul(block, MURMUR_C1), 15), MURMUR_C2);
}

/** Whether this machine stores words little-endian (every platform Delve runs on does). */
const IS_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** MurmurHash3_x86_32 of bytes[start, end) with `seed` (default 0), unsigned. */
export function murmur3x86(bytes: Uint8Array, start = 0, end = bytes.length, seed = 0): number {
  const length = end - start;
  const blockCount = length >>> 2;
  const blockEnd = start + blockCount * 4;
  let state = seed | 0;
  let s = start;
  if (IS_LITTLE_ENDIAN && (bytes.byteOffset + start) % 4 === 0) {
    // The whole index is hashed once per open (megabytes for a build): reading the blocks
    // as words, not assembled from four bytes each, makes it several times faster.
    const words = new Int32Array(bytes.buffer, bytes.byteOffset + start, blockCount);
    for (let w = 0; w < blockCount; w++) {
      state = rotl32(state ^ murmurScramble(words[w]!), 13);
      state = (Math.imul(state, 5) + 0xe6546b64) | 0;
    }
    s = blockEnd;
  }
  while (s < blockEnd) {
    const block = bytes[s]! | (bytes[s + 1]! << 8) | (bytes[s + 2]! << 16) | (bytes[s + 3]! << 24);
    state = rotl32(state ^ murmurScramble(block), 13);
    state = (Math.imul(state, 5) + 0xe6546b64) | 0;
    s += 4;
  }
  // The 1..3 tail bytes form one little-endian word, scrambled but not followed by the
  // rotate-multiply-add step of a full block.
  const tailLength = length & 3;
  if (tailLength > 0) {
    let tail = bytes[s]!;
    if (tailLength > 1) tail |= bytes[s + 1]! << 8;
    if (tailLength > 2) tail |= bytes[s + 2]! << 16;
    state ^= murmurScramble(tail);
  }
  // Finalisation (fmix32): the length is mixed in (mod 2^32), then the bits are avalanched.
  state ^= length;
  state = Math.imul(state ^ (state >>> 16), 0x85ebca6b);
  state = Math.imul(state ^ (state >>> 13), 0xc2b2ae35);
  return (state ^ (state >>> 16)) >>> 0;
}

// ---- CityHash64 v1.1 ----------------------------------------------------------------------
//
// Everything from here on is the documented hot path: the one-letter names are CityHash's
// own, so each step can be read against the published algorithm (quoted in the comments).
//
// A 64-bit value `a` is the pair `aHi`, `aLo` of unsigned 32-bit words (kept `>>> 0`). The
// operations are written out in place rather than as helper functions: V8 stops inlining after
// about 900 bytes of callee bytecode per optimised function, and a call it does not inline
// boxes every uint32 argument or result above the small-integer range into a heap number,
// which costs more than the arithmetic (a helper-based version ran 5× slower and kept the
// garbage collector busy). Everything stays in 32-bit integer operations: floating-point
// carries and products measured about 3× slower.
//
// - a + b: `lo = (aLo + bLo) >>> 0`, `hi = (aHi + bHi + Number(lo < bLo)) >>> 0`: the low
//   word wrapped around exactly when the sum is below an addend. Number(…) gives the carry as
//   0 or 1 without a branch, which matters because carries are random (a `? 1 : 0` measured
//   1.5× slower).
// - a * m (mod 2^64) = high32(aLo × mLo) + aLo × mHi + aHi × mLo in the high word, with the
//   exact 32×32 high word from 16-bit limbs (m0, m1 = low and high 16 bits of mLo):
//     cross  = (aLo₁ × m0) + high16(aLo₀ × m0)       < 2^32
//     middle = (aLo₀ × m1) + low16(cross)            < 2^32
//     high32 = aLo₁ × m1 + high16(cross) + high16(middle)
//   Each limb product is below 2^32, so Math.imul(…) >>> 0 is exact. The low word is
//   Math.imul(aLo, mLo). The multipliers are constants or the per-call `mul`, so their limbs
//   are computed once.
// - Rotate(a, r), r < 32: `hi = (aHi >>> r) | (aLo << (32 - r))`, `lo = (aLo >>> r) |
//   (aHi << (32 - r))`; for r > 32 the halves trade places and the shift is r - 32.
// - ShiftMix(a) = a ^ (a >> 47): only the low word changes, `lo ^= hi >>> 15`.
// - bswap_64(a): the halves trade places and each reverses its bytes (through `byteSwap`).
//
// The length paths and the two shared steps (HashLen16, WeakHashLen32WithSeeds) pass 64-bit
// values through `slots`, a module-level Uint32Array, never as arguments or return values: a
// typed-array store never boxes.

const K0_HI = 0xc3a5c85c;
const K0_LO = 0x97cb3127;
const K0_LO0 = K0_LO & 0xffff;
const K0_LO1 = K0_LO >>> 16;
const K1_HI = 0xb492b66f;
const K1_LO = 0xbe98f273;
const K1_LO0 = K1_LO & 0xffff;
const K1_LO1 = K1_LO >>> 16;
const K2_HI = 0x9ae16a3b;
const K2_LO = 0x2f90404f;
const K2_LO0 = K2_LO & 0xffff;
const K2_LO1 = K2_LO >>> 16;
/** The multiplier of Hash128to64, which is HashLen16 with mul = kMul. */
const KMUL_HI = 0x9ddfea08;
const KMUL_LO = 0xeb382d69;

/**
 * 64-bit values in transit, as [hi, lo] word pairs:
 * - hashLen16 reads u, v, mul from slots[0..5] and leaves its result in slots[0..1];
 * - weakHashLen32 reads the seeds a, b from slots[0..3] and leaves (first, second) there;
 * - each length path leaves the hash in slots[0..1].
 */
const slots = new Uint32Array(6);

/** HashLen16(u, v, mul); with mul = kMul it is Hash128to64(u, v). */
function hashLen16(): void {
  const vHi = slots[2]!;
  const vLo = slots[3]!;
  const mulHi = slots[4]!;
  const mulLo = slots[5]!;
  const mul0 = mulLo & 0xffff;
  const mul1 = mulLo >>> 16;
  // a = (u ^ v) * mul; a ^= a >> 47
  let tHi = (slots[0]! ^ vHi) >>> 0;
  let tLo = (slots[1]! ^ vLo) >>> 0;
  let cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
  let middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  let high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  const aHi = (high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo)) >>> 0;
  const aLo = (Math.imul(tLo, mulLo) ^ (aHi >>> 15)) >>> 0;
  // b = (v ^ a) * mul; b ^= b >> 47
  tHi = (vHi ^ aHi) >>> 0;
  tLo = (vLo ^ aLo) >>> 0;
  cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  const bHi = (high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo)) >>> 0;
  const bLo = (Math.imul(tLo, mulLo) ^ (bHi >>> 15)) >>> 0;
  // return b * mul
  cross = (Math.imul(bLo >>> 16, mul0) >>> 0) + (Math.imul(bLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(bLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(bLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  slots[0] = high + Math.imul(bLo, mulHi) + Math.imul(bHi, mulLo);
  slots[1] = Math.imul(bLo, mulLo);
}

/**
 * WeakHashLen32WithSeeds(Fetch64(s), Fetch64(s + 8), Fetch64(s + 16), Fetch64(s + 24), a, b)
 * with the seeds a, b in slots[0..3]; leaves (first, second) in slots[0..3].
 */
function weakHashLen32(view: DataView, s: number): void {
  const zLo = view.getUint32(s + 24, true);
  const zHi = view.getUint32(s + 28, true);
  // a += w
  let wordLo = view.getUint32(s, true);
  let aLo = (slots[1]! + wordLo) >>> 0;
  let aHi = (slots[0]! + view.getUint32(s + 4, true) + Number(aLo < wordLo)) >>> 0;
  // b = Rotate(b + a + z, 21)
  let tLo = (slots[3]! + aLo) >>> 0;
  let tHi = (slots[2]! + aHi + Number(tLo < aLo)) >>> 0;
  let low = (tLo + zLo) >>> 0;
  tHi = (tHi + zHi + Number(low < zLo)) >>> 0;
  tLo = low;
  let bHi = ((tHi >>> 21) | (tLo << 11)) >>> 0;
  let bLo = ((tLo >>> 21) | (tHi << 11)) >>> 0;
  // c = a
  const cHi = aHi;
  const cLo = aLo;
  // a += x; a += y
  wordLo = view.getUint32(s + 8, true);
  low = (aLo + wordLo) >>> 0;
  aHi = (aHi + view.getUint32(s + 12, true) + Number(low < wordLo)) >>> 0;
  wordLo = view.getUint32(s + 16, true);
  aLo = (low + wordLo) >>> 0;
  aHi = (aHi + view.getUint32(s + 20, true) + Number(aLo < wordLo)) >>> 0;
  // b += Rotate(a, 44)
  tHi = ((aLo >>> 12) | (aHi << 20)) >>> 0;
  tLo = ((aHi >>> 12) | (aLo << 20)) >>> 0;
  low = (bLo + tLo) >>> 0;
  bHi = (bHi + tHi + Number(low < tLo)) >>> 0;
  bLo = low;
  // return (a + z, b + c)
  low = (aLo + zLo) >>> 0;
  slots[0] = aHi + zHi + Number(low < zLo);
  slots[1] = low;
  low = (bLo + cLo) >>> 0;
  slots[2] = bHi + cHi + Number(low < cLo);
  slots[3] = low;
}

/** HashLen0to16: lengths 0, 1–3, 4–7 and 8–16. */
function hashLen0to16(view: DataView, s: number, len: number): void {
  // mul = k2 + len * 2 (no carry out of the low word while len ≤ 64)
  const mulHi = K2_HI;
  const mulLo = K2_LO + len * 2;
  if (len >= 8) {
    const mul0 = mulLo & 0xffff;
    const mul1 = mulLo >>> 16;
    // a = Fetch64(s) + k2
    const aLo = (view.getUint32(s, true) + K2_LO) >>> 0;
    const aHi = (view.getUint32(s + 4, true) + K2_HI + Number(aLo < K2_LO)) >>> 0;
    // b = Fetch64(s + len - 8)
    const bLo = view.getUint32(s + len - 8, true);
    const bHi = view.getUint32(s + len - 4, true);
    // c = Rotate(b, 37) * mul + a
    let tHi = ((bLo >>> 5) | (bHi << 27)) >>> 0;
    let tLo = ((bHi >>> 5) | (bLo << 27)) >>> 0;
    let cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
    let middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
    let high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
    let low = (Math.imul(tLo, mulLo) + aLo) >>> 0;
    slots[0] = high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo) + aHi + Number(low < aLo);
    slots[1] = low;
    // d = (Rotate(a, 25) + b) * mul
    low = (((aLo >>> 25) | (aHi << 7)) + bLo) >>> 0;
    tHi = (((aHi >>> 25) | (aLo << 7)) + bHi + Number(low < bLo)) >>> 0;
    tLo = low;
    cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
    middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
    high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
    slots[2] = high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo);
    slots[3] = Math.imul(tLo, mulLo);
    // return HashLen16(c, d, mul)
    slots[4] = mulHi;
    slots[5] = mulLo;
    hashLen16();
    return;
  }
  if (len >= 4) {
    // return HashLen16(len + (a << 3), Fetch32(s + len - 4), mul) with a = Fetch32(s)
    const a = view.getUint32(s, true);
    const low = ((a << 3) + len) >>> 0;
    slots[0] = (a >>> 29) + Number(low < len);
    slots[1] = low;
    slots[2] = 0;
    slots[3] = view.getUint32(s + len - 4, true);
    slots[4] = mulHi;
    slots[5] = mulLo;
    hashLen16();
    return;
  }
  if (len > 0) {
    // y = s[0] + (s[len >> 1] << 8); z = len + (s[len - 1] << 2): both are below 2^16, a
    // single limb, so their products with a constant need only half the limb products.
    const y = view.getUint8(s) + (view.getUint8(s + (len >>> 1)) << 8);
    const z = len + (view.getUint8(s + len - 1) << 2);
    // t = ShiftMix(y * k2 ^ z * k0)
    let cross = Math.imul(y, K2_LO0) >>> 16;
    let middle = (Math.imul(y, K2_LO1) >>> 0) + (cross & 0xffff);
    const yk2Hi = (cross >>> 16) + (middle >>> 16) + Math.imul(y, K2_HI);
    cross = Math.imul(z, K0_LO0) >>> 16;
    middle = (Math.imul(z, K0_LO1) >>> 0) + (cross & 0xffff);
    const zk0Hi = (cross >>> 16) + (middle >>> 16) + Math.imul(z, K0_HI);
    const tHi = (yk2Hi ^ zk0Hi) >>> 0;
    const tLo = (Math.imul(y, K2_LO) ^ Math.imul(z, K0_LO) ^ (tHi >>> 15)) >>> 0;
    // return t * k2
    cross = (Math.imul(tLo >>> 16, K2_LO0) >>> 0) + (Math.imul(tLo & 0xffff, K2_LO0) >>> 16);
    middle = (Math.imul(tLo & 0xffff, K2_LO1) >>> 0) + (cross & 0xffff);
    const high = Math.imul(tLo >>> 16, K2_LO1) + (cross >>> 16) + (middle >>> 16);
    slots[0] = high + Math.imul(tLo, K2_HI) + Math.imul(tHi, K2_LO);
    slots[1] = Math.imul(tLo, K2_LO);
    return;
  }
  slots[0] = K2_HI;
  slots[1] = K2_LO;
}

/** HashLen17to32. */
function hashLen17to32(view: DataView, s: number, len: number): void {
  // mul = k2 + len * 2
  const mulHi = K2_HI;
  const mulLo = K2_LO + len * 2;
  const mul0 = mulLo & 0xffff;
  const mul1 = mulLo >>> 16;
  // a = Fetch64(s) * k1
  let wordLo = view.getUint32(s, true);
  let cross =
    (Math.imul(wordLo >>> 16, K1_LO0) >>> 0) + (Math.imul(wordLo & 0xffff, K1_LO0) >>> 16);
  let middle = (Math.imul(wordLo & 0xffff, K1_LO1) >>> 0) + (cross & 0xffff);
  let high = Math.imul(wordLo >>> 16, K1_LO1) + (cross >>> 16) + (middle >>> 16);
  const aHi =
    (high + Math.imul(wordLo, K1_HI) + Math.imul(view.getUint32(s + 4, true), K1_LO)) >>> 0;
  const aLo = Math.imul(wordLo, K1_LO) >>> 0;
  // b = Fetch64(s + 8)
  const bLo = view.getUint32(s + 8, true);
  const bHi = view.getUint32(s + 12, true);
  // c = Fetch64(s + len - 8) * mul
  wordLo = view.getUint32(s + len - 8, true);
  cross = (Math.imul(wordLo >>> 16, mul0) >>> 0) + (Math.imul(wordLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(wordLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(wordLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  const cHi =
    (high + Math.imul(wordLo, mulHi) + Math.imul(view.getUint32(s + len - 4, true), mulLo)) >>> 0;
  const cLo = Math.imul(wordLo, mulLo) >>> 0;
  // d = Fetch64(s + len - 16) * k2
  wordLo = view.getUint32(s + len - 16, true);
  cross = (Math.imul(wordLo >>> 16, K2_LO0) >>> 0) + (Math.imul(wordLo & 0xffff, K2_LO0) >>> 16);
  middle = (Math.imul(wordLo & 0xffff, K2_LO1) >>> 0) + (cross & 0xffff);
  high = Math.imul(wordLo >>> 16, K2_LO1) + (cross >>> 16) + (middle >>> 16);
  const dHi =
    (high + Math.imul(wordLo, K2_HI) + Math.imul(view.getUint32(s + len - 12, true), K2_LO)) >>> 0;
  const dLo = Math.imul(wordLo, K2_LO) >>> 0;
  // u = Rotate(a + b, 43) + Rotate(c, 30) + d
  let tLo = (aLo + bLo) >>> 0;
  let tHi = (aHi + bHi + Number(tLo < bLo)) >>> 0;
  const rotatedLo = ((tHi >>> 11) | (tLo << 21)) >>> 0;
  const rotatedHi = ((tLo >>> 11) | (tHi << 21)) >>> 0;
  let low = (rotatedLo + ((cLo >>> 30) | (cHi << 2))) >>> 0;
  tHi = (rotatedHi + ((cHi >>> 30) | (cLo << 2)) + Number(low < rotatedLo)) >>> 0;
  tLo = (low + dLo) >>> 0;
  slots[0] = tHi + dHi + Number(tLo < dLo);
  slots[1] = tLo;
  // v = a + Rotate(b + k2, 18) + c
  tLo = (bLo + K2_LO) >>> 0;
  tHi = (bHi + K2_HI + Number(tLo < K2_LO)) >>> 0;
  low = (aLo + ((tLo >>> 18) | (tHi << 14))) >>> 0;
  tHi = (aHi + ((tHi >>> 18) | (tLo << 14)) + Number(low < aLo)) >>> 0;
  tLo = (low + cLo) >>> 0;
  slots[2] = tHi + cHi + Number(tLo < cLo);
  slots[3] = tLo;
  // return HashLen16(u, v, mul)
  slots[4] = mulHi;
  slots[5] = mulLo;
  hashLen16();
}

/**
 * bswap_64 of (hi, lo): store the value little-endian, load it big-endian. The JIT compiles
 * both to plain moves plus a byte-swap instruction.
 */
const byteSwap = new DataView(new ArrayBuffer(8));

/** HashLen33to64. */
function hashLen33to64(view: DataView, s: number, len: number): void {
  // mul = k2 + len * 2
  const mulHi = K2_HI;
  const mulLo = K2_LO + len * 2;
  const mul0 = mulLo & 0xffff;
  const mul1 = mulLo >>> 16;
  // a = Fetch64(s) * k2
  let wordLo = view.getUint32(s, true);
  let cross =
    (Math.imul(wordLo >>> 16, K2_LO0) >>> 0) + (Math.imul(wordLo & 0xffff, K2_LO0) >>> 16);
  let middle = (Math.imul(wordLo & 0xffff, K2_LO1) >>> 0) + (cross & 0xffff);
  let high = Math.imul(wordLo >>> 16, K2_LO1) + (cross >>> 16) + (middle >>> 16);
  let aHi = (high + Math.imul(wordLo, K2_HI) + Math.imul(view.getUint32(s + 4, true), K2_LO)) >>> 0;
  let aLo = Math.imul(wordLo, K2_LO) >>> 0;
  // b = Fetch64(s + 8); c = Fetch64(s + len - 24); d = Fetch64(s + len - 32)
  let bLo = view.getUint32(s + 8, true);
  let bHi = view.getUint32(s + 12, true);
  const cLo = view.getUint32(s + len - 24, true);
  const cHi = view.getUint32(s + len - 20, true);
  const dLo = view.getUint32(s + len - 32, true);
  const dHi = view.getUint32(s + len - 28, true);
  // e = Fetch64(s + 16) * k2
  wordLo = view.getUint32(s + 16, true);
  cross = (Math.imul(wordLo >>> 16, K2_LO0) >>> 0) + (Math.imul(wordLo & 0xffff, K2_LO0) >>> 16);
  middle = (Math.imul(wordLo & 0xffff, K2_LO1) >>> 0) + (cross & 0xffff);
  high = Math.imul(wordLo >>> 16, K2_LO1) + (cross >>> 16) + (middle >>> 16);
  const eHi =
    (high + Math.imul(wordLo, K2_HI) + Math.imul(view.getUint32(s + 20, true), K2_LO)) >>> 0;
  const eLo = Math.imul(wordLo, K2_LO) >>> 0;
  // f = Fetch64(s + 24) * 9 (9 < 2^16: one limb)
  wordLo = view.getUint32(s + 24, true);
  high = (Math.imul(wordLo >>> 16, 9) + (Math.imul(wordLo & 0xffff, 9) >>> 16)) >>> 16;
  const fHi = (high + Math.imul(view.getUint32(s + 28, true), 9)) >>> 0;
  const fLo = Math.imul(wordLo, 9) >>> 0;
  // g = Fetch64(s + len - 8)
  const gLo = view.getUint32(s + len - 8, true);
  const gHi = view.getUint32(s + len - 4, true);
  // h = Fetch64(s + len - 16) * mul
  wordLo = view.getUint32(s + len - 16, true);
  cross = (Math.imul(wordLo >>> 16, mul0) >>> 0) + (Math.imul(wordLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(wordLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(wordLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  const hHi =
    (high + Math.imul(wordLo, mulHi) + Math.imul(view.getUint32(s + len - 12, true), mulLo)) >>> 0;
  const hLo = Math.imul(wordLo, mulLo) >>> 0;

  // u = Rotate(a + g, 43) + (Rotate(b, 30) + c) * 9
  const agLo = (aLo + gLo) >>> 0;
  const agHi = (aHi + gHi + Number(agLo < gLo)) >>> 0;
  let tLo = (((bLo >>> 30) | (bHi << 2)) + cLo) >>> 0;
  let tHi = (((bHi >>> 30) | (bLo << 2)) + cHi + Number(tLo < cLo)) >>> 0;
  high = (Math.imul(tLo >>> 16, 9) + (Math.imul(tLo & 0xffff, 9) >>> 16)) >>> 16;
  let productHi = (high + Math.imul(tHi, 9)) >>> 0;
  let productLo = Math.imul(tLo, 9) >>> 0;
  const uLo = (((agHi >>> 11) | (agLo << 21)) + productLo) >>> 0;
  const uHi = (((agLo >>> 11) | (agHi << 21)) + productHi + Number(uLo < productLo)) >>> 0;
  // v = ((a + g) ^ d) + f + 1
  tLo = ((agLo ^ dLo) + fLo) >>> 0;
  tHi = ((agHi ^ dHi) + fHi + Number(tLo < fLo)) >>> 0;
  const vLo = (tLo + 1) >>> 0;
  const vHi = (tHi + Number(vLo === 0)) >>> 0;
  // w = bswap_64((u + v) * mul) + h
  tLo = (uLo + vLo) >>> 0;
  tHi = (uHi + vHi + Number(tLo < vLo)) >>> 0;
  cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  productHi = high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo);
  productLo = Math.imul(tLo, mulLo);
  byteSwap.setUint32(0, productLo, true);
  byteSwap.setUint32(4, productHi, true);
  tHi = byteSwap.getUint32(0);
  tLo = byteSwap.getUint32(4);
  const wLo = (tLo + hLo) >>> 0;
  const wHi = (tHi + hHi + Number(wLo < hLo)) >>> 0;
  // x = Rotate(e + f, 42) + c
  const efLo = (eLo + fLo) >>> 0;
  const efHi = (eHi + fHi + Number(efLo < fLo)) >>> 0;
  const xLo = (((efHi >>> 10) | (efLo << 22)) + cLo) >>> 0;
  const xHi = (((efLo >>> 10) | (efHi << 22)) + cHi + Number(xLo < cLo)) >>> 0;
  // y = (bswap_64((v + w) * mul) + g) * mul
  tLo = (vLo + wLo) >>> 0;
  tHi = (vHi + wHi + Number(tLo < wLo)) >>> 0;
  cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  productHi = high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo);
  productLo = Math.imul(tLo, mulLo);
  byteSwap.setUint32(0, productLo, true);
  byteSwap.setUint32(4, productHi, true);
  tHi = byteSwap.getUint32(0);
  tLo = byteSwap.getUint32(4);
  let low = (tLo + gLo) >>> 0;
  tHi = (tHi + gHi + Number(low < gLo)) >>> 0;
  tLo = low;
  cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  const yHi = (high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo)) >>> 0;
  const yLo = Math.imul(tLo, mulLo) >>> 0;
  // z = e + f + c
  const zLo = (efLo + cLo) >>> 0;
  const zHi = (efHi + cHi + Number(zLo < cLo)) >>> 0;
  // a = bswap_64((x + z) * mul + y) + b
  tLo = (xLo + zLo) >>> 0;
  tHi = (xHi + zHi + Number(tLo < zLo)) >>> 0;
  cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  low = (Math.imul(tLo, mulLo) + yLo) >>> 0;
  productHi = high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo) + yHi + Number(low < yLo);
  productLo = low;
  byteSwap.setUint32(0, productLo, true);
  byteSwap.setUint32(4, productHi, true);
  tHi = byteSwap.getUint32(0);
  tLo = byteSwap.getUint32(4);
  aLo = (tLo + bLo) >>> 0;
  aHi = (tHi + bHi + Number(aLo < bLo)) >>> 0;
  // b = ShiftMix((z + a) * mul + d + h) * mul
  tLo = (zLo + aLo) >>> 0;
  tHi = (zHi + aHi + Number(tLo < aLo)) >>> 0;
  cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  low = (Math.imul(tLo, mulLo) + dLo) >>> 0;
  productHi = high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo) + dHi + Number(low < dLo);
  tLo = (low + hLo) >>> 0;
  tHi = (productHi + hHi + Number(tLo < hLo)) >>> 0;
  tLo = (tLo ^ (tHi >>> 15)) >>> 0;
  cross = (Math.imul(tLo >>> 16, mul0) >>> 0) + (Math.imul(tLo & 0xffff, mul0) >>> 16);
  middle = (Math.imul(tLo & 0xffff, mul1) >>> 0) + (cross & 0xffff);
  high = Math.imul(tLo >>> 16, mul1) + (cross >>> 16) + (middle >>> 16);
  bHi = (high + Math.imul(tLo, mulHi) + Math.imul(tHi, mulLo)) >>> 0;
  bLo = Math.imul(tLo, mulLo) >>> 0;
  // return b + x
  low = (bLo + xLo) >>> 0;
  slots[0] = bHi + xHi + Number(low < xLo);
  slots[1] = low;
}

/**
 * CityHash64 of more than 64 bytes. The set-up hashes the last 64 bytes; the loop, the
 * documented hot loop, then takes whole 64-byte blocks from the start: (len - 1) & ~63 bytes,
 * so the last 1..64 bytes are seen by the set-up only.
 */
function hashOver64(view: DataView, start: number, len: number): void {
  const end = start + len;
  // x = Fetch64(s + len - 40)
  let xLo = view.getUint32(end - 40, true);
  let xHi = view.getUint32(end - 36, true);
  // y = Fetch64(s + len - 16) + Fetch64(s + len - 56)
  let wordLo = view.getUint32(end - 56, true);
  let yLo = (view.getUint32(end - 16, true) + wordLo) >>> 0;
  let yHi =
    (view.getUint32(end - 12, true) + view.getUint32(end - 52, true) + Number(yLo < wordLo)) >>> 0;
  // z = HashLen16(Fetch64(s + len - 48) + len, Fetch64(s + len - 24))
  let low = (view.getUint32(end - 48, true) + len) >>> 0;
  slots[0] = view.getUint32(end - 44, true) + Number(low < len);
  slots[1] = low;
  slots[2] = view.getUint32(end - 20, true);
  slots[3] = view.getUint32(end - 24, true);
  slots[4] = KMUL_HI;
  slots[5] = KMUL_LO;
  hashLen16();
  let zHi = slots[0]!;
  let zLo = slots[1]!;
  // v = WeakHashLen32WithSeeds(s + len - 64, len, z)
  slots[0] = 0;
  slots[1] = len;
  slots[2] = zHi;
  slots[3] = zLo;
  weakHashLen32(view, end - 64);
  let vFirstHi = slots[0]!;
  let vFirstLo = slots[1]!;
  let vSecondHi = slots[2]!;
  let vSecondLo = slots[3]!;
  // w = WeakHashLen32WithSeeds(s + len - 32, y + k1, x)
  low = (yLo + K1_LO) >>> 0;
  slots[0] = yHi + K1_HI + Number(low < K1_LO);
  slots[1] = low;
  slots[2] = xHi;
  slots[3] = xLo;
  weakHashLen32(view, end - 32);
  let wFirstHi = slots[0]!;
  let wFirstLo = slots[1]!;
  let wSecondHi = slots[2]!;
  let wSecondLo = slots[3]!;
  // x = x * k1 + Fetch64(s)
  let cross = (Math.imul(xLo >>> 16, K1_LO0) >>> 0) + (Math.imul(xLo & 0xffff, K1_LO0) >>> 16);
  let middle = (Math.imul(xLo & 0xffff, K1_LO1) >>> 0) + (cross & 0xffff);
  let high = Math.imul(xLo >>> 16, K1_LO1) + (cross >>> 16) + (middle >>> 16);
  wordLo = view.getUint32(start, true);
  low = (Math.imul(xLo, K1_LO) + wordLo) >>> 0;
  xHi =
    (high +
      Math.imul(xLo, K1_HI) +
      Math.imul(xHi, K1_LO) +
      view.getUint32(start + 4, true) +
      Number(low < wordLo)) >>>
    0;
  xLo = low;

  let tHi: number;
  let tLo: number;
  const loopEnd = start + ((len - 1) & ~63);
  for (let s = start; s < loopEnd; s += 64) {
    // x = Rotate(x + y + v.first + Fetch64(s + 8), 37) * k1
    tLo = (xLo + yLo) >>> 0;
    tHi = (xHi + yHi + Number(tLo < yLo)) >>> 0;
    low = (tLo + vFirstLo) >>> 0;
    tHi = (tHi + vFirstHi + Number(low < vFirstLo)) >>> 0;
    wordLo = view.getUint32(s + 8, true);
    tLo = (low + wordLo) >>> 0;
    tHi = (tHi + view.getUint32(s + 12, true) + Number(tLo < wordLo)) >>> 0;
    xHi = ((tLo >>> 5) | (tHi << 27)) >>> 0;
    xLo = ((tHi >>> 5) | (tLo << 27)) >>> 0;
    cross = (Math.imul(xLo >>> 16, K1_LO0) >>> 0) + (Math.imul(xLo & 0xffff, K1_LO0) >>> 16);
    middle = (Math.imul(xLo & 0xffff, K1_LO1) >>> 0) + (cross & 0xffff);
    high = Math.imul(xLo >>> 16, K1_LO1) + (cross >>> 16) + (middle >>> 16);
    xHi = (high + Math.imul(xLo, K1_HI) + Math.imul(xHi, K1_LO)) >>> 0;
    xLo = Math.imul(xLo, K1_LO) >>> 0;
    // y = Rotate(y + v.second + Fetch64(s + 48), 42) * k1
    tLo = (yLo + vSecondLo) >>> 0;
    tHi = (yHi + vSecondHi + Number(tLo < vSecondLo)) >>> 0;
    wordLo = view.getUint32(s + 48, true);
    low = (tLo + wordLo) >>> 0;
    tHi = (tHi + view.getUint32(s + 52, true) + Number(low < wordLo)) >>> 0;
    tLo = low;
    yHi = ((tLo >>> 10) | (tHi << 22)) >>> 0;
    yLo = ((tHi >>> 10) | (tLo << 22)) >>> 0;
    cross = (Math.imul(yLo >>> 16, K1_LO0) >>> 0) + (Math.imul(yLo & 0xffff, K1_LO0) >>> 16);
    middle = (Math.imul(yLo & 0xffff, K1_LO1) >>> 0) + (cross & 0xffff);
    high = Math.imul(yLo >>> 16, K1_LO1) + (cross >>> 16) + (middle >>> 16);
    yHi = (high + Math.imul(yLo, K1_HI) + Math.imul(yHi, K1_LO)) >>> 0;
    yLo = Math.imul(yLo, K1_LO) >>> 0;
    // x ^= w.second
    xHi = (xHi ^ wSecondHi) >>> 0;
    xLo = (xLo ^ wSecondLo) >>> 0;
    // y += v.first + Fetch64(s + 40)
    low = (yLo + vFirstLo) >>> 0;
    yHi = (yHi + vFirstHi + Number(low < vFirstLo)) >>> 0;
    wordLo = view.getUint32(s + 40, true);
    yLo = (low + wordLo) >>> 0;
    yHi = (yHi + view.getUint32(s + 44, true) + Number(yLo < wordLo)) >>> 0;
    // z = Rotate(z + w.first, 33) * k1
    tLo = (zLo + wFirstLo) >>> 0;
    tHi = (zHi + wFirstHi + Number(tLo < wFirstLo)) >>> 0;
    zHi = ((tLo >>> 1) | (tHi << 31)) >>> 0;
    zLo = ((tHi >>> 1) | (tLo << 31)) >>> 0;
    cross = (Math.imul(zLo >>> 16, K1_LO0) >>> 0) + (Math.imul(zLo & 0xffff, K1_LO0) >>> 16);
    middle = (Math.imul(zLo & 0xffff, K1_LO1) >>> 0) + (cross & 0xffff);
    high = Math.imul(zLo >>> 16, K1_LO1) + (cross >>> 16) + (middle >>> 16);
    zHi = (high + Math.imul(zLo, K1_HI) + Math.imul(zHi, K1_LO)) >>> 0;
    zLo = Math.imul(zLo, K1_LO) >>> 0;
    // v = WeakHashLen32WithSeeds(s, v.second * k1, x + w.first)
    cross =
      (Math.imul(vSecondLo >>> 16, K1_LO0) >>> 0) + (Math.imul(vSecondLo & 0xffff, K1_LO0) >>> 16);
    middle = (Math.imul(vSecondLo & 0xffff, K1_LO1) >>> 0) + (cross & 0xffff);
    high = Math.imul(vSecondLo >>> 16, K1_LO1) + (cross >>> 16) + (middle >>> 16);
    slots[0] = high + Math.imul(vSecondLo, K1_HI) + Math.imul(vSecondHi, K1_LO);
    slots[1] = Math.imul(vSecondLo, K1_LO);
    low = (xLo + wFirstLo) >>> 0;
    slots[2] = xHi + wFirstHi + Number(low < wFirstLo);
    slots[3] = low;
    weakHashLen32(view, s);
    vFirstHi = slots[0]!;
    vFirstLo = slots[1]!;
    vSecondHi = slots[2]!;
    vSecondLo = slots[3]!;
    // w = WeakHashLen32WithSeeds(s + 32, z + w.second, y + Fetch64(s + 16)). Dropping this
    // `y +` still passes every input of up to 64 bytes (spec §5).
    low = (zLo + wSecondLo) >>> 0;
    slots[0] = zHi + wSecondHi + Number(low < wSecondLo);
    slots[1] = low;
    low = (yLo + view.getUint32(s + 16, true)) >>> 0;
    slots[2] = yHi + view.getUint32(s + 20, true) + Number(low < yLo);
    slots[3] = low;
    weakHashLen32(view, s + 32);
    wFirstHi = slots[0]!;
    wFirstLo = slots[1]!;
    wSecondHi = slots[2]!;
    wSecondLo = slots[3]!;
    // std::swap(z, x)
    tHi = zHi;
    tLo = zLo;
    zHi = xHi;
    zLo = xLo;
    xHi = tHi;
    xLo = tLo;
  }

  // return HashLen16(HashLen16(v.first, w.first) + ShiftMix(y) * k1 + z,
  //                  HashLen16(v.second, w.second) + x)
  slots[0] = vSecondHi;
  slots[1] = vSecondLo;
  slots[2] = wSecondHi;
  slots[3] = wSecondLo;
  slots[4] = KMUL_HI;
  slots[5] = KMUL_LO;
  hashLen16();
  const secondLo = (slots[1]! + xLo) >>> 0;
  const secondHi = (slots[0]! + xHi + Number(secondLo < xLo)) >>> 0;
  slots[0] = vFirstHi;
  slots[1] = vFirstLo;
  slots[2] = wFirstHi;
  slots[3] = wFirstLo;
  hashLen16();
  yLo = (yLo ^ (yHi >>> 15)) >>> 0;
  cross = (Math.imul(yLo >>> 16, K1_LO0) >>> 0) + (Math.imul(yLo & 0xffff, K1_LO0) >>> 16);
  middle = (Math.imul(yLo & 0xffff, K1_LO1) >>> 0) + (cross & 0xffff);
  high = Math.imul(yLo >>> 16, K1_LO1) + (cross >>> 16) + (middle >>> 16);
  tHi = (high + Math.imul(yLo, K1_HI) + Math.imul(yHi, K1_LO)) >>> 0;
  tLo = Math.imul(yLo, K1_LO) >>> 0;
  low = (slots[1]! + tLo) >>> 0;
  tHi = (slots[0]! + tHi + Number(low < tLo)) >>> 0;
  tLo = (low + zLo) >>> 0;
  slots[0] = tHi + zHi + Number(tLo < zLo);
  slots[1] = tLo;
  slots[2] = secondHi;
  slots[3] = secondLo;
  hashLen16();
}

/** The view over the last array hashed: hashing many names out of one buffer allocates none. */
let viewBytes: Uint8Array | undefined;
let view: DataView = new DataView(new ArrayBuffer(0));

/**
 * CityHash64 (Google CityHash v1.1, no seed) of bytes[start, end): the low 32 bits go to
 * out[0], the high 32 bits to out[1] (unsigned). No allocation: this runs once per node of
 * 400,000-node builds. It keeps a DataView of the last `bytes` it was given, so hashing many
 * names out of one buffer reuses it (and that buffer stays reachable until another comes).
 */
export function cityHash64Into(
  bytes: Uint8Array,
  start: number,
  end: number,
  out: Uint32Array,
): void {
  if (!(start >= 0 && start <= end && end <= bytes.length)) {
    throw new RangeError(`cityHash64Into: range [${start}, ${end}) is outside 0..${bytes.length}`);
  }
  // The length check catches a length-tracking array whose resizable buffer has grown.
  if (bytes !== viewBytes || view.byteLength !== bytes.byteLength) {
    view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    viewBytes = bytes;
  }
  const len = end - start;
  if (len <= 16) hashLen0to16(view, start, len);
  else if (len <= 32) hashLen17to32(view, start, len);
  else if (len <= 64) hashLen33to64(view, start, len);
  else hashOver64(view, start, len);
  out[0] = slots[1]!;
  out[1] = slots[0]!;
}

/** CityHash64 as a bigint (tests, writers, small uses). */
export function cityHash64(bytes: Uint8Array): bigint {
  const out = new Uint32Array(2);
  cityHash64Into(bytes, 0, bytes.length, out);
  return (BigInt(out[1]!) << 32n) | BigInt(out[0]!);
}

const utf8 = new TextEncoder();

/** CityHash64 of a string's UTF-8 bytes as a bigint. */
export function cityHash64Text(text: string): bigint {
  return cityHash64(utf8.encode(text));
}
