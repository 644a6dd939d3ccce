/**
 * LZ4 block encoding for the `.dvpl` writer (tests, samples, `pack`): the mirror of
 * lz4-block.ts. A greedy matcher over a hash of the next 4 bytes, with a chain of earlier
 * positions per hash; `searchDepth` is how many of them it tries (1: the fast kind of
 * block, dvpl type 1; more: a smaller block, as type 2 "high compression" files are).
 *
 * It keeps the rules the reference decoder enforces at a block's end, so its blocks also
 * decode there: the last 5 bytes are always literals, and no match starts in the last 12.
 * It does not aim for the reference encoder's ratio or speed: it only writes test files.
 */
import { LZ4_MAX_OFFSET, LZ4_MIN_MATCH } from './lz4-block.ts';

/** The last this many bytes of a block are literals. */
const LAST_LITERALS = 5;
/** No match starts within this many bytes of the end. */
const MATCH_FIND_LIMIT = 12;
const HASH_BITS = 16;

export interface Lz4EncodeOptions {
  /** Earlier positions tried per hash (default 1). */
  searchDepth?: number;
}

/** The largest block `bytes` of input can need: all literals, plus their length bytes. */
export function lz4BlockBound(length: number): number {
  return length + Math.floor(length / 255) + 16;
}

/** Knuth's multiplicative hash of the 4 bytes at `at`, to HASH_BITS bits. */
function hashAt(input: Uint8Array, at: number): number {
  const word = input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16) | (input[at + 3]! << 24);
  return Math.imul(word, 2654435761) >>> (32 - HASH_BITS);
}

/** Writes a length's continuation bytes (what is left after the nibble's 15). */
function writeLengthTail(out: Uint8Array, at: number, rest: number): number {
  while (rest >= 255) {
    out[at++] = 255;
    rest -= 255;
  }
  out[at++] = rest;
  return at;
}

/** Encodes `input` as one LZ4 block that decodeLz4Block turns back into it. */
export function encodeLz4Block(input: Uint8Array, options: Lz4EncodeOptions = {}): Uint8Array {
  const depth = Math.max(1, options.searchDepth ?? 1);
  const length = input.length;
  const out = new Uint8Array(lz4BlockBound(length));
  let outPos = 0;
  let anchor = 0;

  const emit = (literalEnd: number, matchOffset: number, matchLength: number): void => {
    const literalCount = literalEnd - anchor;
    const matchCode = matchLength - LZ4_MIN_MATCH;
    const tokenAt = outPos++;
    out[tokenAt] = (Math.min(literalCount, 15) << 4) | (matchLength ? Math.min(matchCode, 15) : 0);
    if (literalCount >= 15) outPos = writeLengthTail(out, outPos, literalCount - 15);
    out.set(input.subarray(anchor, literalEnd), outPos);
    outPos += literalCount;
    if (matchLength === 0) return;
    out[outPos++] = matchOffset & 0xff;
    out[outPos++] = matchOffset >>> 8;
    if (matchCode >= 15) outPos = writeLengthTail(out, outPos, matchCode - 15);
  };

  if (length > MATCH_FIND_LIMIT) {
    const heads = new Int32Array(1 << HASH_BITS).fill(-1);
    const previous = new Int32Array(length).fill(-1);
    const matchEndLimit = length - LAST_LITERALS;
    const lastMatchStart = length - MATCH_FIND_LIMIT;
    const insert = (at: number) => {
      const hash = hashAt(input, at);
      previous[at] = heads[hash]!;
      heads[hash] = at;
    };
    let at = 0;
    while (at <= lastMatchStart) {
      let bestLength = 0;
      let bestOffset = 0;
      let candidate = heads[hashAt(input, at)]!;
      for (let tries = 0; tries < depth && candidate >= 0; tries++) {
        const offset = at - candidate;
        if (offset > LZ4_MAX_OFFSET) break;
        let matched = 0;
        while (at + matched < matchEndLimit && input[candidate + matched] === input[at + matched]) {
          matched++;
        }
        if (matched > bestLength) {
          bestLength = matched;
          bestOffset = offset;
          // Nothing longer can follow: the match already reaches the end limit.
          if (at + matched >= matchEndLimit) break;
        }
        candidate = previous[candidate]!;
      }
      insert(at);
      if (bestLength < LZ4_MIN_MATCH) {
        at++;
        continue;
      }
      emit(at, bestOffset, bestLength);
      // Positions inside the match become candidates too (cheap, and it finds repeats).
      const matchEnd = at + bestLength;
      for (let inside = at + 1; inside < matchEnd && inside <= lastMatchStart; inside++) {
        insert(inside);
      }
      at = matchEnd;
      anchor = at;
    }
  }
  emit(length, 0, 0);
  return out.slice(0, outPos);
}
