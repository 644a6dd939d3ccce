/**
 * LZ4 block decoding, as `.dvpl` types 1 and 2 store their payload: a raw block (no frame,
 * no checksum, no size prefix) whose decoded size the caller knows from elsewhere.
 *
 * A block is a run of sequences. Each starts with a token byte: the high nibble is the
 * literal count, the low nibble the match length minus 4; a nibble of 15 continues in
 * extension bytes (each added, until one below 255). Then the literals, then a u16le match
 * offset (how far back in the output the match starts) and the match length's extension
 * bytes. The last sequence has literals only: the block ends right after them.
 *
 * Written for untrusted input (no library fitted, see spec.md): every length is checked
 * against the input left and the output room before a byte is copied, the output never
 * grows past `outputSize` (allocated once, up front), and every failure is a FormatError at
 * the payload byte where it was found. Each sequence consumes at least one input byte, so a
 * hostile block ends in time proportional to its length plus the capped output.
 *
 * One quirk is accepted on purpose: a match with offset 0. LZ4 forbids it, but one real
 * Blitz texture contains one; the reference C decoder lets it through and tools emit
 * `match length` zero bytes, so we do too, and count them for a warning.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';

/** Matches are at least this long (the token stores the length minus it). */
export const LZ4_MIN_MATCH = 4;
/** The farthest back a match can reach (the offset is a u16). */
export const LZ4_MAX_OFFSET = 0xffff;

export interface Lz4DecodeResult {
  /** The decoded bytes: exactly as many as the block produced (at most `outputSize`). */
  bytes: Uint8Array;
  /** Matches with offset 0 that were decoded as zero bytes (the Blitz quirk). */
  zeroOffsetMatches: number;
  /** Absolute offset of the first such match's offset field; null when there is none. */
  firstZeroOffsetAt: number | null;
}

export interface Lz4DecodeOptions {
  /** Absolute offset of `input[0]` in the file, so errors name file offsets. */
  base?: number;
  /** The format to name in errors. */
  format?: string;
}

/**
 * Decodes one LZ4 block into at most `outputSize` bytes. Throws FormatError:
 * UNEXPECTED_EOF when a length, literal run or offset runs past the input,
 * OUT_OF_BOUNDS for a match reaching before the start of the output, SIZE_MISMATCH when
 * the block would write past `outputSize`. A block that ends early returns fewer bytes:
 * the caller compares them with the size it expects.
 */
export function decodeLz4Block(
  input: Uint8Array,
  outputSize: number,
  options: Lz4DecodeOptions = {},
): Lz4DecodeResult {
  const base = options.base ?? 0;
  const fail = (code: ErrorCode, at: number, detail: string) =>
    new FormatError({ code, offset: base + at, detail, format: options.format ?? '' });
  if (!Number.isSafeInteger(outputSize) || outputSize < 0) {
    throw fail(ErrorCode.BAD_VALUE, 0, `declared output size ${outputSize} is not valid`);
  }
  if (input.length === 0) {
    // Even an empty block has its one token (0x00); nothing at all is not a block.
    throw fail(ErrorCode.UNEXPECTED_EOF, 0, 'an LZ4 block needs at least its token byte');
  }
  const out = new Uint8Array(outputSize);
  const end = input.length;
  let inPos = 0;
  let outPos = 0;
  let zeroOffsetMatches = 0;
  let firstZeroOffsetAt: number | null = null;

  /** A length nibble of 15 continues in bytes of 255 until a smaller one. */
  const extendLength = (length: number, what: string): number => {
    if (length !== 15) return length;
    for (;;) {
      if (inPos >= end) throw fail(ErrorCode.UNEXPECTED_EOF, inPos, `${what} runs past the block`);
      const more = input[inPos++]!;
      length += more;
      if (more !== 255) return length;
    }
  };

  while (inPos < end) {
    const tokenAt = inPos;
    const token = input[inPos++]!;

    const literalCount = extendLength(token >>> 4, 'literal length');
    if (literalCount > end - inPos) {
      throw fail(
        ErrorCode.UNEXPECTED_EOF,
        inPos,
        `${literalCount} literals, ${end - inPos} bytes left in the block`,
      );
    }
    if (literalCount > outputSize - outPos) {
      throw fail(
        ErrorCode.SIZE_MISMATCH,
        tokenAt,
        `literals run past the declared ${outputSize} bytes`,
      );
    }
    out.set(input.subarray(inPos, inPos + literalCount), outPos);
    inPos += literalCount;
    outPos += literalCount;

    // The last sequence is literals only: the block ends here.
    if (inPos === end) break;

    if (end - inPos < 2) {
      throw fail(ErrorCode.UNEXPECTED_EOF, inPos, 'match offset runs past the block');
    }
    const offsetAt = inPos;
    const matchOffset = input[inPos]! | (input[inPos + 1]! << 8);
    inPos += 2;
    const matchLength = extendLength(token & 0x0f, 'match length') + LZ4_MIN_MATCH;
    if (matchLength > outputSize - outPos) {
      throw fail(
        ErrorCode.SIZE_MISMATCH,
        tokenAt,
        `match runs past the declared ${outputSize} bytes`,
      );
    }
    if (matchOffset === 0) {
      // The quirk: zero bytes (the output was allocated zeroed, so only move on).
      zeroOffsetMatches++;
      firstZeroOffsetAt ??= base + offsetAt;
      outPos += matchLength;
      continue;
    }
    if (matchOffset > outPos) {
      throw fail(
        ErrorCode.OUT_OF_BOUNDS,
        offsetAt,
        `match offset ${matchOffset} reaches before the start of the output (${outPos} bytes so far)`,
      );
    }
    copyMatch(out, outPos, matchOffset, matchLength);
    outPos += matchLength;
  }

  return {
    bytes: outPos === outputSize ? out : out.subarray(0, outPos),
    zeroOffsetMatches,
    firstZeroOffsetAt,
  };
}

/**
 * Copies a match of `length` bytes from `offset` back. When the match overlaps what it
 * writes (offset < length) it repeats the last `offset` bytes: copyWithin would read bytes
 * not yet written, so copy in steps no longer than the distance, which doubles each time.
 */
function copyMatch(out: Uint8Array, at: number, offset: number, length: number): void {
  const from = at - offset;
  if (offset >= length) {
    out.copyWithin(at, from, from + length);
    return;
  }
  let done = 0;
  let step = offset;
  while (done < length) {
    const take = Math.min(step, length - done);
    out.copyWithin(at + done, from, from + take);
    done += take;
    step += take;
  }
}
