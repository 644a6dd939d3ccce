/**
 * The walk every block codec shares: blocks left to right, top to bottom, each decoded into
 * a scratch of RGBA words and copied into the surface, clipped at its right and bottom edges
 * (a surface whose sides are not multiples of the block size keeps only the pixels inside).
 *
 * Pixels travel as 32-bit words `r | g << 8 | b << 16 | a << 24`: on the little-endian
 * machines JavaScript runs on, a word written through a Uint32Array view lands as R, G, B, A.
 */

/** Decodes the block at `src[offset]` into `pixels` (blockWidth × blockHeight words, rows first). */
export type BlockDecoder = (src: Uint8Array, offset: number, pixels: Uint32Array) => void;

export function decodeBlockGrid(
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array,
  blockWidth: number,
  blockHeight: number,
  bytesPerBlock: number,
  decodeBlock: BlockDecoder,
): void {
  const aligned = out.byteOffset % 4 === 0;
  const words = aligned
    ? new Uint32Array(out.buffer, out.byteOffset, width * height)
    : new Uint32Array(width * height);
  const pixels = new Uint32Array(blockWidth * blockHeight);
  const across = Math.ceil(width / blockWidth);
  const down = Math.ceil(height / blockHeight);
  let offset = 0;
  for (let by = 0; by < down; by++) {
    const y0 = by * blockHeight;
    const rows = Math.min(blockHeight, height - y0);
    for (let bx = 0; bx < across; bx++, offset += bytesPerBlock) {
      decodeBlock(src, offset, pixels);
      const x0 = bx * blockWidth;
      const columns = Math.min(blockWidth, width - x0);
      for (let y = 0; y < rows; y++) {
        const target = (y0 + y) * width + x0;
        const from = y * blockWidth;
        for (let x = 0; x < columns; x++) words[target + x] = pixels[from + x]!;
      }
    }
  }
  if (!aligned) out.set(new Uint8Array(words.buffer));
}
