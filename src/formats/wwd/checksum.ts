/**
 * The WWD header checksum (spec §8), shared by the reader (to check) and the writer (to
 * emit). The formula real files follow, with blk the main block as stored, N = len(blk),
 * and T the byte of the *inflated* main block at index N (0 when uncompressed):
 *
 *   ck = (−N + Σ_{i=1}^{N−1} (blk[i] − i) + T) mod 2³²  =  Σblk − blk[0] − N(N+1)/2 + T
 *
 * It reads like an editor bug (a loop that skips byte 0 and reads one byte too far in the
 * wrong buffer), which is why T comes from the inflated data at the compressed length.
 */

import { byteSum } from '../../binary/byte-sum.ts';

/** N(N+1)/2 mod 2³², exact for any N < 2⁵³ (the plain product would lose bits past 2⁵³). */
function triangleMod32(count: number): number {
  const even = count % 2 === 0 ? count / 2 : count;
  const other = count % 2 === 0 ? count + 1 : (count + 1) / 2;
  // Math.imul keeps the low 32 bits of the product of the operands' low 32 bits.
  return Math.imul((even % 0x100000000) | 0, (other % 0x100000000) | 0) >>> 0;
}

/** Σblk − blk[0] − N(N+1)/2 mod 2³², the formula without T. */
export function wwdChecksumWithoutInflatedByte(storedMainBlock: Uint8Array): number {
  const sum = byteSum(storedMainBlock, Math.min(1, storedMainBlock.length));
  return ((sum - triangleMod32(storedMainBlock.length) + 0x100000000) % 0x100000000) >>> 0;
}

/**
 * T of the formula: the byte of L at 1524 + N when compressed, 0 when not. When the zlib
 * stream is longer than its output there is no such byte; we take 0 (the original editor
 * read past its buffer there).
 */
export function wwdInflatedByte(
  logical: Uint8Array,
  headerSize: number,
  storedLength: number,
  isCompressed: boolean,
): number {
  if (!isCompressed) return 0;
  return logical[headerSize + storedLength] ?? 0;
}

/** The full formula. */
export function wwdChecksum(storedMainBlock: Uint8Array, inflatedByte: number): number {
  return (wwdChecksumWithoutInflatedByte(storedMainBlock) + inflatedByte) >>> 0;
}
