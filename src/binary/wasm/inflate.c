/*
 * Whole-buffer inflate: raw DEFLATE (RFC 1951) and the zlib container (RFC 1950), compiled
 * to WebAssembly by scripts/build-wasm.mjs (no libc). The input is entirely in memory and
 * the output buffer has a fixed capacity, the size the archive declares; producing more is
 * an error, never a reallocation.
 *
 * Speed comes from four things:
 *  - a 64-bit bit buffer refilled with one unaligned 8-byte load, so a refill costs no
 *    branch and leaves at least 56 bits: enough for a length code, its extra bits, a
 *    distance code and its extra bits together (at most 15 + 5 + 15 + 13 = 48);
 *  - decode tables indexed by the next bits of the stream (11 bits for literal/length
 *    codes, 8 for distance codes; longer codes go through a second-level subtable), whose
 *    32-bit entries carry everything needed: literal byte or base value, bits to consume,
 *    and where the extra bits start;
 *  - a fast loop, run while at least FAST_IN_MARGIN input bytes and FAST_OUT_MARGIN output
 *    bytes remain, that checks nothing else per symbol and copies matches 8 bytes at a
 *    time (possibly writing a few bytes past the match end, inside the margin);
 *  - a careful loop for the ends of the buffers, which checks every byte it reads or writes.
 *
 * Hostile input can only produce an error code: every table index is bounded by
 * construction, codes are validated before tables are built (over-subscribed and
 * incomplete sets are rejected as zlib rejects them), distances are checked against the
 * output so far, and reads past the end of the input are counted as virtual zero bytes
 * and reported as truncation. Every step consumes input or produces output, so decoding
 * always ends.
 *
 * Memory: the tables are static; input and output live wherever the caller puts them
 * (the JS side keeps them after __heap_base and grows the memory itself).
 */

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef __SIZE_TYPE__ usize;

#define EXPORT(name) __attribute__((export_name(name), visibility("default")))
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* Result codes; kept in step with the messages in src/binary/inflate-wasm.ts. */
enum {
  OK = 0,
  ERR_TRUNCATED = 1,          /* the stream needs more input than there is */
  ERR_BLOCK_TYPE = 2,         /* block type 3 */
  ERR_STORED_LENGTH = 3,      /* LEN and NLEN of a stored block disagree */
  ERR_TOO_MANY_CODES = 4,     /* HLIT > 286 or HDIST > 30 */
  ERR_PRECODE = 5,            /* code length code over-subscribed or incomplete */
  ERR_REPEAT = 6,             /* a repeat with no previous length, or past the end */
  ERR_NO_END_OF_BLOCK = 7,    /* symbol 256 has no code */
  ERR_LITLEN_CODES = 8,       /* literal/length code over-subscribed or incomplete */
  ERR_DIST_CODES = 9,         /* distance code over-subscribed or incomplete */
  ERR_LITLEN_SYMBOL = 10,     /* literal/length symbol 286 or 287 */
  ERR_DIST_SYMBOL = 11,       /* distance symbol 30 or 31, or a distance with no codes */
  ERR_DISTANCE_TOO_FAR = 12,  /* a match reaches before the start of the output */
  ERR_OUTPUT_FULL = 13,       /* more output than the capacity (the declared size) */
  ERR_ZLIB_HEADER = 14,       /* not deflate, window over 32 KiB, or bad header check */
  ERR_ZLIB_DICTIONARY = 15,   /* a preset dictionary is asked for */
  ERR_ADLER_MISSING = 16,     /* the stream ends before its Adler-32 trailer */
  ERR_ADLER_MISMATCH = 17,    /* the trailer does not match the output */
};

/*
 * Decode table entries (u32):
 *   bits 0-7    bits to consume: code length + extra bits (a subtable pointer: the
 *               primary table's bits)
 *   bits 8-11   code length, i.e. where the extra bits start (subtable pointer: its bits)
 *   bit  12     end of block
 *   bit  13     subtable pointer
 *   bit  14     exceptional: end of block, subtable pointer or an invalid symbol
 *   bit  15     literal
 *   bits 16-31  literal byte, length or distance base, or the subtable's start
 * Length and distance entries have no flag set, so one test separates the common cases.
 */
#define ENTRY_EOB 0x1000u
#define ENTRY_SUB 0x2000u
#define ENTRY_EXC 0x4000u
#define ENTRY_LIT 0x8000u
#define ENTRY_INVALID ENTRY_EXC

#define LITLEN_BITS 11
#define DIST_BITS 8
#define PRECODE_BITS 7
#define MAX_CODE_BITS 15

/* Primary table plus the worst case of subtables: each symbol longer than the primary bits
 * opens at most one subtable of at most 2^(15 - primary) entries. */
#define LITLEN_TABLE_SIZE ((1u << LITLEN_BITS) + 288u * (1u << (MAX_CODE_BITS - LITLEN_BITS)))
#define DIST_TABLE_SIZE ((1u << DIST_BITS) + 32u * (1u << (MAX_CODE_BITS - DIST_BITS)))
#define PRECODE_TABLE_SIZE (1u << PRECODE_BITS)

/* Fast loop margins. Input: two 8-byte refills per iteration, each advancing at most 7
 * bytes. Output: two literals, then a match of up to 258 bytes copied in 8- or 16-byte
 * steps that may write up to 15 bytes past its end. */
#define FAST_IN_MARGIN 16
#define FAST_OUT_MARGIN (2 + 258 + 16)

static u32 litlen_table[LITLEN_TABLE_SIZE];
static u32 dist_table[DIST_TABLE_SIZE];
static u32 precode_table[PRECODE_TABLE_SIZE];
static u32 fixed_litlen_table[1u << LITLEN_BITS];
static u32 fixed_dist_table[1u << DIST_BITS];
static int fixed_tables_ready;

/* Code lengths of one dynamic block: literal/length codes, then distance codes. */
static u8 code_lengths[286 + 30];
static u8 precode_lengths[19];
static u16 sorted_symbols[288];

/* Where the last call stopped in the input: the error position, or the end of the stream. */
static u32 last_position;

static const u8 precode_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5,
                                     11, 4, 12, 3, 13, 2, 14, 1, 15};

/* Per-symbol entry templates: value in bits 16-31, flags, extra bit count in bits 0-7.
 * The table builder adds the code length to bits 0-7 and puts it in bits 8-11. */
#define LEN(base, extra) (((u32)(base) << 16) | (extra))
static const u32 length_templates[29] = {
    LEN(3, 0),   LEN(4, 0),   LEN(5, 0),   LEN(6, 0),   LEN(7, 0),   LEN(8, 0),
    LEN(9, 0),   LEN(10, 0),  LEN(11, 1),  LEN(13, 1),  LEN(15, 1),  LEN(17, 1),
    LEN(19, 2),  LEN(23, 2),  LEN(27, 2),  LEN(31, 2),  LEN(35, 3),  LEN(43, 3),
    LEN(51, 3),  LEN(59, 3),  LEN(67, 4),  LEN(83, 4),  LEN(99, 4),  LEN(115, 4),
    LEN(131, 5), LEN(163, 5), LEN(195, 5), LEN(227, 5), LEN(258, 0),
};
static const u32 dist_templates[32] = {
    LEN(1, 0),      LEN(2, 0),      LEN(3, 0),      LEN(4, 0),      LEN(5, 1),
    LEN(7, 1),      LEN(9, 2),      LEN(13, 2),     LEN(17, 3),     LEN(25, 3),
    LEN(33, 4),     LEN(49, 4),     LEN(65, 5),     LEN(97, 5),     LEN(129, 6),
    LEN(193, 6),    LEN(257, 7),    LEN(385, 7),    LEN(513, 8),    LEN(769, 8),
    LEN(1025, 9),   LEN(1537, 9),   LEN(2049, 10),  LEN(3073, 10),  LEN(4097, 11),
    LEN(6145, 11),  LEN(8193, 12),  LEN(12289, 12), LEN(16385, 13), LEN(24577, 13),
    ENTRY_INVALID,  ENTRY_INVALID,
};
#undef LEN

ALWAYS_INLINE u32 litlen_template(u32 symbol) {
  if (symbol < 256) return (symbol << 16) | ENTRY_LIT;
  if (symbol == 256) return ENTRY_EXC | ENTRY_EOB;
  if (symbol < 286) return length_templates[symbol - 257];
  return ENTRY_INVALID;
}

ALWAYS_INLINE u32 symbol_template(int kind, u32 symbol) {
  if (kind == 0) return symbol << 16; /* precode: the symbol is the value */
  if (kind == 1) return litlen_template(symbol);
  return dist_templates[symbol];
}

/*
 * The next canonical code of `length` bits, bit-reversed (DEFLATE sends codes starting
 * from their most significant bit, and tables are indexed by the next bits of the stream,
 * the first one lowest). Adding one to the code is adding one at bit length-1 of the
 * reversed code, with the carry moving down. The result also stands for the next code of
 * any greater length: those append zero bits at the end, i.e. above the reversed bits.
 */
ALWAYS_INLINE u32 next_reversed_code(u32 reversed, u32 length) {
  const u32 zeros = ~reversed & ((1u << length) - 1);
  if (zeros == 0) return 0; /* the last code: nothing follows */
  const u32 carry_bit = 1u << (31 - __builtin_clz(zeros));
  return (reversed & (carry_bit - 1)) | carry_bit;
}

/*
 * Builds the decode table of a canonical Huffman code given its code lengths.
 * kind: 0 precode, 1 literal/length, 2 distance. Returns 0, or 1 when the lengths do not
 * form a valid code: over-subscribed, or incomplete, which is allowed (as zlib allows it)
 * only for literal/length and distance codes with no code at all or a single one-bit code;
 * the missing codes then decode to invalid entries.
 */
static int build_table(u32 *table, u32 capacity, const u8 *lengths, u32 symbol_count,
                       u32 primary_bits, int kind) {
  u32 count[MAX_CODE_BITS + 1];
  u32 offset[MAX_CODE_BITS + 2];
  for (u32 i = 0; i <= MAX_CODE_BITS; i++) count[i] = 0;
  for (u32 symbol = 0; symbol < symbol_count; symbol++) count[lengths[symbol]]++;

  int left = 1;
  u32 longest = 0;
  for (u32 length = 1; length <= MAX_CODE_BITS; length++) {
    left = (left << 1) - (int)count[length];
    if (left < 0) return 1;
    if (count[length]) longest = length;
  }
  const u32 primary_size = 1u << primary_bits;
  if (left > 0) {
    if (kind == 0 || longest > 1) return 1;
    for (u32 i = 0; i < primary_size; i++) table[i] = ENTRY_INVALID;
  }

  /* Symbols by (length, symbol): the canonical order. */
  offset[1] = 0;
  for (u32 length = 1; length <= MAX_CODE_BITS; length++)
    offset[length + 1] = offset[length] + count[length];
  for (u32 symbol = 0; symbol < symbol_count; symbol++)
    if (lengths[symbol]) sorted_symbols[offset[lengths[symbol]]++] = (u16)symbol;
  const u32 coded = offset[MAX_CODE_BITS + 1];

  u32 next_free = primary_size;
  u32 open_prefix = ~0u;
  u32 sub_start = 0;
  u32 sub_bits = 0;
  u32 reversed = 0;
  for (u32 k = 0; k < coded; k++) {
    const u32 symbol = sorted_symbols[k];
    const u32 length = lengths[symbol];
    const u32 code = reversed;
    reversed = next_reversed_code(reversed, length);
    const u32 template = symbol_template(kind, symbol);
    if (length <= primary_bits) {
      const u32 entry = template + (length << 8) + length;
      const u32 step = 1u << length;
      for (u32 i = code; i < primary_size; i += step) table[i] = entry;
      count[length]--;
      continue;
    }
    /* The first primary_bits bits of the code index the primary table, the rest the
     * subtable. */
    const u32 tail_bits = length - primary_bits;
    const u32 prefix = code & (primary_size - 1);
    if (prefix != open_prefix) {
      /* A new subtable, wide enough for every remaining code under this prefix: codes
       * come in canonical order, so they fill its slots from the shortest length up. */
      sub_bits = tail_bits;
      int slots = (1 << sub_bits) - (int)count[length];
      while (slots > 0 && primary_bits + sub_bits < MAX_CODE_BITS) {
        sub_bits++;
        slots = (slots << 1) - (int)count[primary_bits + sub_bits];
      }
      if (next_free + (1u << sub_bits) > capacity) return 1;
      sub_start = next_free;
      next_free += 1u << sub_bits;
      open_prefix = prefix;
      table[prefix] =
          ENTRY_EXC | ENTRY_SUB | (sub_start << 16) | (sub_bits << 8) | primary_bits;
    }
    const u32 entry = template + (tail_bits << 8) + tail_bits;
    const u32 step = 1u << tail_bits;
    const u32 sub_size = 1u << sub_bits;
    for (u32 i = code >> primary_bits; i < sub_size; i += step)
      table[sub_start + i] = entry;
    count[length]--;
  }
  return 0;
}

static void build_fixed_tables(void) {
  u8 lengths[288];
  for (u32 i = 0; i < 144; i++) lengths[i] = 8;
  for (u32 i = 144; i < 256; i++) lengths[i] = 9;
  for (u32 i = 256; i < 280; i++) lengths[i] = 7;
  for (u32 i = 280; i < 288; i++) lengths[i] = 8;
  build_table(fixed_litlen_table, 1u << LITLEN_BITS, lengths, 288, LITLEN_BITS, 1);
  for (u32 i = 0; i < 32; i++) lengths[i] = 5;
  build_table(fixed_dist_table, 1u << DIST_BITS, lengths, 32, DIST_BITS, 2);
  fixed_tables_ready = 1;
}

ALWAYS_INLINE u64 load_u64(const u8 *p) {
  u64 value;
  __builtin_memcpy(&value, p, 8);
  return value;
}

ALWAYS_INLINE void copy_8(u8 *dst, const u8 *src) {
  u64 value;
  __builtin_memcpy(&value, src, 8);
  __builtin_memcpy(dst, &value, 8);
}

ALWAYS_INLINE u32 low_bits(u64 bits, u32 count) { return (u32)bits & ((1u << count) - 1); }

/*
 * Bit buffer: `bits` holds `bit_count` valid bits, next bit first. Bits above bit_count are
 * either zero or the low bits of the byte at in_next (a refill loads whole words but
 * advances by whole bytes), so OR-ing that byte in again is harmless. Past the end of the
 * input, zero bytes are added and counted in `overrun`; consuming any of them means the
 * stream is truncated.
 */
#define REFILL_FAST()                                  \
  do {                                                 \
    bits |= load_u64(in_next) << bit_count;            \
    in_next += (63 - bit_count) >> 3;                  \
    bit_count |= 56;                                   \
  } while (0)

#define REFILL()                                                     \
  do {                                                               \
    if (likely(in_end - in_next >= 8)) {                             \
      REFILL_FAST();                                                 \
    } else {                                                         \
      while (bit_count < 56) {                                       \
        if (in_next < in_end) bits |= (u64)*in_next++ << bit_count;  \
        else overrun++;                                              \
        bit_count += 8;                                              \
      }                                                              \
      if (overrun > 8) FAIL(ERR_TRUNCATED);                          \
    }                                                                \
  } while (0)

#define CONSUME(n)          \
  do {                      \
    const u32 n_ = (n);     \
    bits >>= n_;            \
    bit_count -= n_;        \
  } while (0)

/* Bit position of the next unread bit, counting virtual bytes. */
#define BIT_POSITION() ((u64)(in_next - in + overrun) * 8u - bit_count)

#define FAIL(code)              \
  do {                          \
    error = (code);             \
    goto fail;                  \
  } while (0)

/*
 * Inflates the raw DEFLATE stream in[0, in_length) into out[0, out_capacity).
 * Returns 0 and sets *out_length and *in_used (bytes up to the end of the last block), or
 * an error code with *in_used set to the input byte where it was found.
 */
static u32 inflate_raw(const u8 *in, u32 in_length, u8 *out, u32 out_capacity,
                       u32 *out_length, u32 *in_used) {
  const u8 *in_next = in;
  const u8 *const in_end = in + in_length;
  u8 *out_next = out;
  u8 *const out_end = out + out_capacity;
  u64 bits = 0;
  u32 bit_count = 0;
  u32 overrun = 0;
  u32 error = OK;
  u32 is_final;

  do {
    if (bit_count < 3) REFILL();
    is_final = (u32)bits & 1;
    const u32 block_type = ((u32)bits >> 1) & 3;
    CONSUME(3);

    const u32 *litlen;
    const u32 *dist;
    if (block_type == 0) {
      /* Stored: skip to a byte boundary, give back whole buffered bytes, copy. */
      CONSUME(bit_count & 7);
      if (overrun * 8 > bit_count) FAIL(ERR_TRUNCATED);
      in_next -= bit_count / 8 - overrun;
      bits = 0;
      bit_count = 0;
      overrun = 0;
      if (in_end - in_next < 4) FAIL(ERR_TRUNCATED);
      const u32 length = in_next[0] | ((u32)in_next[1] << 8);
      const u32 check = in_next[2] | ((u32)in_next[3] << 8);
      if (length != (~check & 0xffff)) FAIL(ERR_STORED_LENGTH);
      in_next += 4;
      if ((usize)(in_end - in_next) < length) FAIL(ERR_TRUNCATED);
      if ((usize)(out_end - out_next) < length) FAIL(ERR_OUTPUT_FULL);
      __builtin_memcpy(out_next, in_next, length);
      in_next += length;
      out_next += length;
      continue;
    } else if (block_type == 1) {
      if (!fixed_tables_ready) build_fixed_tables();
      litlen = fixed_litlen_table;
      dist = fixed_dist_table;
    } else if (block_type == 2) {
      REFILL();
      const u32 litlen_count = ((u32)bits & 31) + 257;
      const u32 dist_count = (((u32)bits >> 5) & 31) + 1;
      const u32 precode_count = (((u32)bits >> 10) & 15) + 4;
      CONSUME(14);
      if (litlen_count > 286 || dist_count > 30) FAIL(ERR_TOO_MANY_CODES);

      for (u32 i = 0; i < 19; i++) precode_lengths[i] = 0;
      for (u32 i = 0; i < precode_count; i++) {
        if (bit_count < 3) REFILL();
        precode_lengths[precode_order[i]] = (u8)(bits & 7);
        CONSUME(3);
      }
      if (build_table(precode_table, PRECODE_TABLE_SIZE, precode_lengths, 19, PRECODE_BITS, 0))
        FAIL(ERR_PRECODE);

      const u32 total = litlen_count + dist_count;
      u32 i = 0;
      while (i < total) {
        /* At most a 7-bit code and 7 extra bits. */
        if (bit_count < 14) REFILL();
        const u32 entry = precode_table[bits & (PRECODE_TABLE_SIZE - 1)];
        CONSUME(entry & 0xff);
        const u32 symbol = entry >> 16;
        if (symbol < 16) {
          code_lengths[i++] = (u8)symbol;
          continue;
        }
        u32 repeat;
        u8 value = 0;
        if (symbol == 16) {
          if (i == 0) FAIL(ERR_REPEAT);
          value = code_lengths[i - 1];
          repeat = 3 + ((u32)bits & 3);
          CONSUME(2);
        } else if (symbol == 17) {
          repeat = 3 + ((u32)bits & 7);
          CONSUME(3);
        } else {
          repeat = 11 + ((u32)bits & 127);
          CONSUME(7);
        }
        if (repeat > total - i) FAIL(ERR_REPEAT);
        while (repeat--) code_lengths[i++] = value;
      }
      if (code_lengths[256] == 0) FAIL(ERR_NO_END_OF_BLOCK);
      if (build_table(litlen_table, LITLEN_TABLE_SIZE, code_lengths, litlen_count, LITLEN_BITS, 1))
        FAIL(ERR_LITLEN_CODES);
      if (build_table(dist_table, DIST_TABLE_SIZE, code_lengths + litlen_count, dist_count,
                      DIST_BITS, 2))
        FAIL(ERR_DIST_CODES);
      litlen = litlen_table;
      dist = dist_table;
    } else {
      FAIL(ERR_BLOCK_TYPE);
    }

    u32 entry;
    u32 length;
    u32 distance;

    /*
     * Fast loop: no bounds checks inside an iteration (see the margins). Here bits are
     * consumed by subtracting whole entries from bit_count: only its low byte is
     * meaningful (shifts use the count's low 6 bits), which saves masking the entry.
     * bit_count is masked again when the loop ends.
     */
#define FAST_CONSUME(e)         \
  do {                          \
    bits >>= (u64)(e) & 63;     \
    bit_count -= (e);           \
  } while (0)
#define FAST_REFILL()                                \
  do {                                               \
    bits |= load_u64(in_next) << ((u64)bit_count & 63); \
    in_next += 7 - ((bit_count >> 3) & 7);           \
    bit_count |= 56;                                 \
  } while (0)
/* Extra bits of a length or distance entry, from the bits before it was consumed. */
#define EXTRA(saved, e) (((u32)(saved) & ~(~0u << ((e) & 31))) >> (((e) >> 8) & 31))
#define SUBTABLE_INDEX(e) (((e) >> 16) + ((u32)bits & ~(~0u << (((e) >> 8) & 31))))

    while (likely(in_end - in_next >= FAST_IN_MARGIN && out_end - out_next >= FAST_OUT_MARGIN)) {
      FAST_REFILL();
      entry = litlen[bits & ((1u << LITLEN_BITS) - 1)];
      if (entry & ENTRY_LIT) {
        /* Up to three literals fit in the 56 bits of a refill. */
        FAST_CONSUME(entry);
        *out_next++ = (u8)(entry >> 16);
        entry = litlen[bits & ((1u << LITLEN_BITS) - 1)];
        if (entry & ENTRY_LIT) {
          FAST_CONSUME(entry);
          *out_next++ = (u8)(entry >> 16);
          entry = litlen[bits & ((1u << LITLEN_BITS) - 1)];
          if (entry & ENTRY_LIT) {
            FAST_CONSUME(entry);
            *out_next++ = (u8)(entry >> 16);
            continue;
          }
        }
        /* The entry stays valid: a refill only adds bits above the ones it was read from. */
        FAST_REFILL();
      }
      if (unlikely(entry & ENTRY_EXC)) {
        if (entry & ENTRY_SUB) {
          FAST_CONSUME(entry);
          entry = litlen[SUBTABLE_INDEX(entry)];
          if (entry & ENTRY_LIT) {
            FAST_CONSUME(entry);
            *out_next++ = (u8)(entry >> 16);
            continue;
          }
        }
        if (entry & ENTRY_EXC) {
          bit_count &= 0xff;
          if (entry & ENTRY_EOB) {
            CONSUME(entry & 0xff);
            goto block_done;
          }
          FAIL(ERR_LITLEN_SYMBOL);
        }
      }
      {
        const u64 saved = bits;
        FAST_CONSUME(entry);
        length = (entry >> 16) + EXTRA(saved, entry);
      }
      entry = dist[bits & ((1u << DIST_BITS) - 1)];
      if (unlikely(entry & ENTRY_EXC)) {
        bit_count &= 0xff;
        if (!(entry & ENTRY_SUB)) FAIL(ERR_DIST_SYMBOL);
        CONSUME(entry & 0xff);
        entry = dist[SUBTABLE_INDEX(entry)];
        if (entry & ENTRY_EXC) FAIL(ERR_DIST_SYMBOL);
      }
      {
        const u64 saved = bits;
        FAST_CONSUME(entry);
        distance = (entry >> 16) + EXTRA(saved, entry);
      }
      if (unlikely(distance > (usize)(out_next - out))) {
        bit_count &= 0xff;
        FAIL(ERR_DISTANCE_TOO_FAR);
      }

      u8 *dst = out_next;
      const u8 *src = out_next - distance;
      out_next += length;
      if (likely(distance >= 8)) {
        /* Each 8-byte load reads only bytes written before it. */
        copy_8(dst, src);
        copy_8(dst + 8, src + 8);
        dst += 16;
        src += 16;
        while (dst < out_next) {
          copy_8(dst, src);
          copy_8(dst + 8, src + 8);
          dst += 16;
          src += 16;
        }
      } else if (distance == 1) {
        const u64 run = (u64)src[0] * 0x0101010101010101ull;
        do {
          __builtin_memcpy(dst, &run, 8);
          dst += 8;
        } while (dst < out_next);
      } else {
        /* Lay down the first 8 bytes one by one, then copy words from the nearest whole
         * number of periods at least 8 bytes back. */
        for (u32 i = 0; i < 8; i++) dst[i] = src[i];
        const u32 step = distance * ((8 + distance - 1) / distance);
        dst += 8;
        src = dst - step;
        while (dst < out_next) {
          copy_8(dst, src);
          dst += 8;
          src += 8;
        }
      }
    }

    bit_count &= 0xff;

    /* Careful loop: near the end of the input or of the output. */
    for (;;) {
      if (bit_count < 48) REFILL();
      entry = litlen[bits & ((1u << LITLEN_BITS) - 1)];
      if (entry & ENTRY_SUB) {
        CONSUME(entry & 0xff);
        entry = litlen[(entry >> 16) + low_bits(bits, (entry >> 8) & 15)];
      }
      if (entry & ENTRY_LIT) {
        if (out_next == out_end) FAIL(ERR_OUTPUT_FULL);
        CONSUME(entry & 0xff);
        *out_next++ = (u8)(entry >> 16);
        continue;
      }
      if (entry & ENTRY_EXC) {
        if (entry & ENTRY_EOB) {
          CONSUME(entry & 0xff);
          goto block_done;
        }
        FAIL(ERR_LITLEN_SYMBOL);
      }
      {
        const u64 saved = bits;
        CONSUME(entry & 0xff);
        length = (entry >> 16) + (low_bits(saved, entry & 0xff) >> ((entry >> 8) & 15));
      }
      entry = dist[bits & ((1u << DIST_BITS) - 1)];
      if (entry & ENTRY_SUB) {
        CONSUME(entry & 0xff);
        entry = dist[(entry >> 16) + low_bits(bits, (entry >> 8) & 15)];
      }
      if (entry & ENTRY_EXC) FAIL(ERR_DIST_SYMBOL);
      {
        const u64 saved = bits;
        CONSUME(entry & 0xff);
        distance = (entry >> 16) + (low_bits(saved, entry & 0xff) >> ((entry >> 8) & 15));
      }
      if (distance > (usize)(out_next - out)) FAIL(ERR_DISTANCE_TOO_FAR);
      if (length > (usize)(out_end - out_next)) FAIL(ERR_OUTPUT_FULL);
      const u8 *src = out_next - distance;
      for (u32 i = 0; i < length; i++) out_next[i] = src[i];
      out_next += length;
    }

  block_done:
    if (overrun * 8 > bit_count) FAIL(ERR_TRUNCATED);
  } while (!is_final);

  {
    /* The stream ends at the byte holding its last bit. */
    *in_used = (u32)((BIT_POSITION() + 7) / 8);
    *out_length = (u32)(out_next - out);
    return OK;
  }

fail:
  if (error != ERR_TRUNCATED && overrun * 8 > bit_count) error = ERR_TRUNCATED;
  {
    const u64 position = BIT_POSITION() / 8;
    *in_used = position > in_length ? in_length : (u32)position;
  }
  *out_length = (u32)(out_next - out);
  return error;
}

/* Adler-32 (RFC 1950 section 8.2): a = 1 + sum of the bytes, b = sum of the successive
 * values of a, both mod 65521. 5552 bytes is the longest run whose sums fit 32 bits. */
#define ADLER_MOD 65521u
#define ADLER_RUN 5552u

static u32 adler32_bytes(u32 adler, const u8 *data, u32 length) {
  u32 a = adler & 0xffff;
  u32 b = adler >> 16;
  while (length > 0) {
    u32 run = length < ADLER_RUN ? length : ADLER_RUN;
    length -= run;
    while (run > 0) {
      a += *data++;
      b += a;
      run--;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return (b << 16) | a;
}

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

/*
 * 16 bytes at a time. Over a chunk d[0..15] entered with sums (a, b), a grows by the sum
 * of the bytes and b by 16·a plus the bytes weighted 16, 15, ..., 1. Over a run of chunks,
 * 16·a at each chunk's start is 16·a0 per chunk plus 16 times the byte sums of the chunks
 * before: `before` accumulates those, lane by lane, and the weighted sums come from two
 * 16-bit dot products. Lanes stay far below 2^32 for a run of ADLER_RUN bytes.
 */
static u32 adler32(const u8 *data, u32 length) {
  const v128_t weights_first = wasm_i16x8_make(16, 15, 14, 13, 12, 11, 10, 9);
  const v128_t weights_second = wasm_i16x8_make(8, 7, 6, 5, 4, 3, 2, 1);
  u32 a = 1;
  u32 b = 0;
  while (length >= 16) {
    u32 chunks = length / 16;
    if (chunks > ADLER_RUN / 16) chunks = ADLER_RUN / 16;
    length -= chunks * 16;
    v128_t sums = wasm_i32x4_splat(0);
    v128_t before = wasm_i32x4_splat(0);
    v128_t weighted = wasm_i32x4_splat(0);
    for (u32 i = 0; i < chunks; i++) {
      const v128_t bytes = wasm_v128_load(data);
      data += 16;
      before = wasm_i32x4_add(before, sums);
      sums = wasm_i32x4_add(
          sums, wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(bytes)));
      weighted = wasm_i32x4_add(
          weighted, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_low_u8x16(bytes), weights_first));
      weighted = wasm_i32x4_add(
          weighted, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_high_u8x16(bytes), weights_second));
    }
    const v128_t lanes_before = wasm_i32x4_add(before, wasm_i32x4_shuffle(before, before, 2, 3, 0, 1));
    const v128_t lanes_sums = wasm_i32x4_add(sums, wasm_i32x4_shuffle(sums, sums, 2, 3, 0, 1));
    const v128_t lanes_weighted =
        wasm_i32x4_add(weighted, wasm_i32x4_shuffle(weighted, weighted, 2, 3, 0, 1));
    const u64 sum_before = (u64)wasm_u32x4_extract_lane(lanes_before, 0) +
                           wasm_u32x4_extract_lane(lanes_before, 1);
    const u64 sum_bytes =
        (u64)wasm_u32x4_extract_lane(lanes_sums, 0) + wasm_u32x4_extract_lane(lanes_sums, 1);
    const u64 sum_weighted = (u64)wasm_u32x4_extract_lane(lanes_weighted, 0) +
                             wasm_u32x4_extract_lane(lanes_weighted, 1);
    b = (u32)((b + (u64)a * chunks * 16 + sum_before * 16 + sum_weighted) % ADLER_MOD);
    a = (u32)((a + sum_bytes) % ADLER_MOD);
  }
  return adler32_bytes((b << 16) | a, data, length);
}
#else
static u32 adler32(const u8 *data, u32 length) { return adler32_bytes(1, data, length); }
#endif

#define FLAG_ZLIB 1u

/*
 * Inflates in[0, in_length) into out[0, out_capacity). flags: FLAG_ZLIB for a zlib stream
 * (2-byte header, deflate data, big-endian Adler-32 of the output), else raw deflate.
 * Bytes after the end of the stream are ignored.
 * Returns the output length (>= 0), or minus an error code. delve_inflate_position() then
 * gives the input offset where the error was found, or where the stream ended.
 */
EXPORT("delve_inflate")
int delve_inflate(const u8 *in, u32 in_length, u8 *out, u32 out_capacity, u32 flags) {
  u32 out_length = 0;
  u32 in_used = 0;
  u32 error;
  if (flags & FLAG_ZLIB) {
    if (in_length < 2) {
      last_position = in_length;
      return -ERR_TRUNCATED;
    }
    const u32 cmf = in[0];
    const u32 flg = in[1];
    if ((cmf & 15) != 8 || (cmf >> 4) > 7 || ((cmf << 8) | flg) % 31 != 0) {
      last_position = 0;
      return -ERR_ZLIB_HEADER;
    }
    if (flg & 0x20) {
      last_position = 1;
      return -ERR_ZLIB_DICTIONARY;
    }
    error = inflate_raw(in + 2, in_length - 2, out, out_capacity, &out_length, &in_used);
    in_used += 2;
    if (error == OK) {
      if (in_length - in_used < 4) {
        last_position = in_used;
        return -ERR_ADLER_MISSING;
      }
      const u8 *trailer = in + in_used;
      const u32 expected = ((u32)trailer[0] << 24) | ((u32)trailer[1] << 16) |
                           ((u32)trailer[2] << 8) | trailer[3];
      if (adler32(out, out_length) != expected) {
        last_position = in_used;
        return -ERR_ADLER_MISMATCH;
      }
      in_used += 4;
    }
  } else {
    error = inflate_raw(in, in_length, out, out_capacity, &out_length, &in_used);
  }
  last_position = in_used;
  return error == OK ? (int)out_length : -(int)error;
}

EXPORT("delve_inflate_position")
u32 delve_inflate_position(void) { return last_position; }
