/**
 * The sum of some bytes, as an exact integer: what additive checksums (a WWD level's) are
 * made of. Whole megabytes at a time, so it reads aligned 32-bit words and adds two bytes
 * per 16-bit lane at once (four bytes per step instead of one).
 */

/** Words added per lane before the lanes are folded: 128 × 2 × 255 stays below 2¹⁶. */
const WORDS_PER_FOLD = 128;

/** Σ bytes[start..end), exact (2⁵³ / 255 is far beyond any array length). */
export function byteSum(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let sum = 0;
  let index = start;
  // Single bytes up to a 4-byte boundary of the buffer, then whole words (the byte order
  // in a word does not change a sum), then the last bytes.
  while (index < end && (bytes.byteOffset + index) % 4 !== 0) sum += bytes[index++]!;
  const wordCount = (end - index) >>> 2;
  if (wordCount > 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + index, wordCount);
    for (let word = 0; word < wordCount;) {
      const foldAt = Math.min(wordCount, word + WORDS_PER_FOLD);
      let lanes = 0;
      for (; word < foldAt; word++) {
        const value = words[word]!;
        lanes += (value & 0x00ff00ff) + ((value >>> 8) & 0x00ff00ff);
      }
      sum += (lanes & 0xffff) + (lanes >>> 16);
    }
    index += wordCount * 4;
  }
  while (index < end) sum += bytes[index++]!;
  return sum;
}
