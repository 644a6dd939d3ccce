/**
 * PID images (WAP32: Claw, Gruntz): a 32-byte header, palette indexes packed in runs, and
 * an optional 768-byte RGB palette at the end. Little-endian. Facts: spec.md beside this file.
 */

/** Flag bits of the header's second u32. */
export const PID_FLAGS = {
  transparency: 0x01,
  /** The game draws it mirrored (flipped in X). */
  mirror: 0x08,
  /** The game draws it inverted (flipped in Y). */
  invert: 0x10,
  /** Pixel runs skip transparent pixels (else they repeat a colour). */
  skipRuns: 0x20,
  lights: 0x40,
  /** The last 768 bytes are an RGB palette. */
  embeddedPalette: 0x80,
  /** The key colour's index is in `user1` (Gruntz). */
  keyInUser1: 0x100,
} as const;

export interface PidHeader {
  id: number;
  flags: number;
  width: number;
  height: number;
  /** Where the image's centre is drawn relative to an object's position, in pixels. */
  offsetX: number;
  offsetY: number;
  user1: number;
  user2: number;
}

/** Bytes of the header; the pixel stream follows it. */
export const PID_HEADER_SIZE = 32;
/** Bytes of a palette: 256 RGB triples (a PID's embedded one, a `.PAL` file). */
export const PALETTE_SIZE = 768;
/** The colour Gruntz keys out when its palette is embedded: RGB(255, 0, 132). */
export const GRUNTZ_KEY_COLOUR = [255, 0, 132] as const;
