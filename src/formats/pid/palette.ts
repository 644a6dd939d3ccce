/**
 * PID colours: a palette of 256 RGB triples (embedded, a `.PAL` file, or the level's
 * MAIN.PAL) made RGBA, and the index shown transparent. Claw keys out index 0 of its
 * level palettes; Gruntz embeds its palettes and keys out RGB(255, 0, 132), or names the
 * key's index in `user1` (flag 0x100).
 */
import { GRUNTZ_KEY_COLOUR, PALETTE_SIZE, PID_FLAGS, type PidHeader } from './types.ts';

/** 768 RGB bytes (fewer: the rest black) as 256 opaque RGBA colours. */
export function rgbaPalette(rgb: Uint8Array): Uint8Array {
  const rgba = new Uint8Array(256 * 4);
  for (let index = 0; index < 256; index++) {
    const from = index * 3;
    rgba[index * 4] = rgb[from] ?? 0;
    rgba[index * 4 + 1] = rgb[from + 1] ?? 0;
    rgba[index * 4 + 2] = rgb[from + 2] ?? 0;
    rgba[index * 4 + 3] = 255;
  }
  return rgba;
}

/** A grey ramp, for an image whose palette is not at hand (index i is grey level i). */
export function greyPalette(): Uint8Array {
  const rgb = new Uint8Array(PALETTE_SIZE);
  for (let index = 0; index < 256; index++) rgb.fill(index, index * 3, index * 3 + 3);
  return rgbaPalette(rgb);
}

/** The index shown transparent, or null when the image is opaque. */
export function transparentIndexOf(
  header: PidHeader,
  embeddedRgb: Uint8Array | null,
): number | null {
  if ((header.flags & PID_FLAGS.keyInUser1) !== 0) return header.user1 & 0xff;
  if ((header.flags & PID_FLAGS.transparency) === 0) return null;
  if (embeddedRgb) {
    const [red, green, blue] = GRUNTZ_KEY_COLOUR;
    for (let index = 0; index < 256; index++) {
      const at = index * 3;
      if (
        embeddedRgb[at] === red &&
        embeddedRgb[at + 1] === green &&
        embeddedRgb[at + 2] === blue
      ) {
        return index;
      }
    }
  }
  return 0;
}
