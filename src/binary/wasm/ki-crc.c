/*
 * The KI-CRC (reflected CRC-32, polynomial 0xEDB88320, register starts at the previous
 * value, no final XOR) without a table lookup for most of the data, compiled to
 * WebAssembly by scripts/build-wasm.mjs (no libc). Used by Verify all, where hashing
 * competes with reading the file for the machine's cores.
 *
 * The idea: a CRC is the remainder of the data, read as a polynomial over GF(2), modulo
 * the generator P(x). Read the data as 32-bit words; with y = x^32, word i of n stands for
 * its 32 coefficients times y^(n-1-i). P divides the five-term polynomial
 *
 *     y^300 + y^155 + y^117 + y^89 + 1        (y = x^32)
 *
 * (found by a meet-in-the-middle search over the powers of x^32 mod P, and checked by
 * ki-crc-wasm.test.ts against the table kernel on every length up to past the fold), so
 * modulo P
 *
 *     y^m = y^(m-300) * (y^155 + y^117 + y^89 + 1)   for m >= 300.
 *
 * A word at least 300 words before the end may therefore be taken out and XORed, as it is,
 * into the words 145, 183, 211 and 300 places after it, without changing the remainder.
 * Going through the data in order, each word has received everything from the words before
 * it by the time it is read, so after one pass only the last 300 words (1,200 bytes) are
 * left, and those get an ordinary slice-by-16 table CRC. The pass is four 16-byte XORs per
 * 16 bytes of data and no lookup at all: ~10 GB/s here on large inputs against ~2–3 GB/s for
 * table kernels (docs/PERFORMANCE.md, Verify). Word order within a word does not matter: a
 * whole word moves, so the bit reflection of this CRC is kept as it is.
 *
 * The register value the data starts from is XORed into its first word (for a reflected
 * CRC that is the same as starting the register there), so chained calls work.
 *
 * The pass overwrites the data, which the caller has copied into this module's memory.
 * It also ORs together every word it reads, for the all-zero test of Verify all: the words
 * read are an invertible (unit triangular) transform of the data, so when the starting
 * register is 0 the OR is 0 exactly when the data was all zero bytes. (With any other
 * starting register the data before it was not all zero, so the caller has its answer.)
 */

typedef unsigned char u8;
typedef unsigned int u32;

#include <wasm_simd128.h>

#define EXPORT(name) __attribute__((export_name(name), visibility("default")))

/* The fold: y^FOLD = y^(FOLD-STEP1) + y^(FOLD-STEP2) + y^(FOLD-STEP3) + 1 modulo P. */
#define FOLD 300
#define STEP1 (FOLD - 155)
#define STEP2 (FOLD - 117)
#define STEP3 (FOLD - 89)
/* Inputs of fewer words are hashed with the tables alone. */
#define MIN_FOLD_WORDS (FOLD + 16)

static u32 tables[16][256];
/* OR of the words hashed since the last delve_ki_crc_seen(). */
static u32 seen;

static inline u32 load32(const u8 *p) {
  u32 value;
  __builtin_memcpy(&value, p, 4);
  return value;
}

static inline void store32(u8 *p, u32 value) { __builtin_memcpy(p, &value, 4); }

EXPORT("delve_ki_crc_init") void delve_ki_crc_init(void) {
  for (u32 i = 0; i < 256; i++) {
    u32 c = i;
    for (int k = 0; k < 8; k++) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    tables[0][i] = c;
  }
  for (u32 i = 0; i < 256; i++) {
    u32 c = tables[0][i];
    for (int s = 1; s < 16; s++) {
      c = tables[0][c & 0xff] ^ (c >> 8);
      tables[s][i] = c;
    }
  }
}

/* Slice-by-16 over any bytes, from register c. */
static u32 table_crc(u32 c, const u8 *p, u32 n) {
  u32 any = 0;
  for (; n >= 16; p += 16, n -= 16) {
    u32 a = load32(p), b = load32(p + 4), d = load32(p + 8), e = load32(p + 12);
    any |= a | b | d | e;
    a ^= c;
    c = tables[15][a & 0xff] ^ tables[14][(a >> 8) & 0xff] ^ tables[13][(a >> 16) & 0xff] ^
        tables[12][a >> 24] ^ tables[11][b & 0xff] ^ tables[10][(b >> 8) & 0xff] ^
        tables[9][(b >> 16) & 0xff] ^ tables[8][b >> 24] ^ tables[7][d & 0xff] ^
        tables[6][(d >> 8) & 0xff] ^ tables[5][(d >> 16) & 0xff] ^ tables[4][d >> 24] ^
        tables[3][e & 0xff] ^ tables[2][(e >> 8) & 0xff] ^ tables[1][(e >> 16) & 0xff] ^
        tables[0][e >> 24];
  }
  for (; n > 0; p++, n--) {
    any |= *p;
    c = tables[0][(c ^ *p) & 0xff] ^ (c >> 8);
  }
  seen |= any;
  return c;
}

/* The KI-CRC of p[0..n) from register c. Overwrites the bytes (see above). */
EXPORT("delve_ki_crc") u32 delve_ki_crc(u32 c, u8 *p, u32 n) {
  u32 words = n >> 2;
  if (words < MIN_FOLD_WORDS) return table_crc(c, p, n);
  store32(p, load32(p) ^ c);
  u32 end = words - FOLD; /* the words that move forward */
  v128_t any = wasm_i32x4_splat(0);
  u32 i = 0;
  /* Four words at a time: their targets are at least STEP1 > 4 words ahead. */
  for (; i + 4 <= end; i += 4) {
    u8 *q = p + 4 * i;
    v128_t v = wasm_v128_load(q);
    any = wasm_v128_or(any, v);
    wasm_v128_store(q + 4 * STEP1, wasm_v128_xor(wasm_v128_load(q + 4 * STEP1), v));
    wasm_v128_store(q + 4 * STEP2, wasm_v128_xor(wasm_v128_load(q + 4 * STEP2), v));
    wasm_v128_store(q + 4 * STEP3, wasm_v128_xor(wasm_v128_load(q + 4 * STEP3), v));
    wasm_v128_store(q + 4 * FOLD, wasm_v128_xor(wasm_v128_load(q + 4 * FOLD), v));
  }
  u32 rest = 0;
  for (; i < end; i++) {
    u8 *q = p + 4 * i;
    u32 v = load32(q);
    rest |= v;
    store32(q + 4 * STEP1, load32(q + 4 * STEP1) ^ v);
    store32(q + 4 * STEP2, load32(q + 4 * STEP2) ^ v);
    store32(q + 4 * STEP3, load32(q + 4 * STEP3) ^ v);
    store32(q + 4 * FOLD, load32(q + 4 * FOLD) ^ v);
  }
  seen |= rest | (u32)wasm_i32x4_extract_lane(any, 0) | (u32)wasm_i32x4_extract_lane(any, 1) |
          (u32)wasm_i32x4_extract_lane(any, 2) | (u32)wasm_i32x4_extract_lane(any, 3);
  /* The register is in the data now: the rest starts from 0. */
  return table_crc(0, p + 4 * end, n - 4 * end);
}

/*
 * Many pieces of one window in one call (Verify all hashes ~100,000 entries of a few KiB).
 * `pieces` holds a (start, length) pair per piece, offsets from `base`; each pair is
 * replaced by (KI-CRC, OR of the words read: 0 when all zero). The first piece starts from
 * `first_register`, the others from 0. Pieces must not overlap: each is overwritten.
 */
EXPORT("delve_ki_crc_pieces")
void delve_ki_crc_pieces(u8 *base, u32 *pieces, u32 count, u32 first_register) {
  for (u32 k = 0; k < count; k++) {
    u32 *piece = pieces + 2 * k;
    seen = 0;
    u32 crc = delve_ki_crc(k == 0 ? first_register : 0, base + piece[0], piece[1]);
    piece[0] = crc;
    piece[1] = seen;
  }
  seen = 0;
}

/* The OR of the words hashed since the previous call (0: all zero); starts over. */
EXPORT("delve_ki_crc_seen") u32 delve_ki_crc_seen(void) {
  u32 value = seen;
  seen = 0;
  return value;
}
