/**
 * PID files for tests, fuzzing and samples, made by the writer: a Claw-style sprite (skip
 * runs, transparency, no palette), a Gruntz-style one (embedded palette with the key
 * colour), and a tile (repeat runs, values over 0xC0).
 */
import { PALETTE_SIZE, PID_FLAGS, type PidHeader } from './types.ts';
import { writePid, type PidInput } from './write.ts';

export const pidHeader = (width: number, height: number, flags: number): PidHeader => ({
  id: 1,
  flags,
  width,
  height,
  offsetX: -3,
  offsetY: 2,
  user1: 0,
  user2: 0,
});

/** A ring of colour 5 with a transparent middle and corners (index 0), `size` × `size`. */
export function ringIndexes(size: number): Uint8Array {
  const indexes = new Uint8Array(size * size);
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - centre, y - centre);
      indexes[y * size + x] = distance > centre * 0.4 && distance <= centre ? 5 + (x % 3) : 0;
    }
  }
  return indexes;
}

/** A palette whose index i is (i, 255 − i, i × 7 mod 256), with Gruntz's key colour at 9. */
export function testPalette(): Uint8Array {
  const rgb = new Uint8Array(PALETTE_SIZE);
  for (let index = 0; index < 256; index++) {
    rgb[index * 3] = index;
    rgb[index * 3 + 1] = 255 - index;
    rgb[index * 3 + 2] = (index * 7) % 256;
  }
  rgb.set([255, 0, 132], 9 * 3);
  return rgb;
}

export function pidSamples(): { name: string; input: PidInput; bytes: Uint8Array }[] {
  const sprite: PidInput = {
    header: pidHeader(9, 9, PID_FLAGS.transparency | PID_FLAGS.skipRuns),
    indexes: ringIndexes(9),
  };
  const keyed = ringIndexes(8).map((index) => (index === 0 ? 9 : index));
  const gruntz: PidInput = {
    header: pidHeader(
      8,
      8,
      PID_FLAGS.transparency | PID_FLAGS.skipRuns | PID_FLAGS.embeddedPalette,
    ),
    indexes: keyed,
    palette: testPalette(),
    skipIndex: 9,
  };
  const tile = new Uint8Array(16 * 4);
  for (let at = 0; at < tile.length; at++)
    tile[at] = at < 20 ? 0xc8 : at < 40 ? 3 + (at % 2) : 0xff;
  const repeat: PidInput = { header: pidHeader(16, 4, 0), indexes: tile };
  return [
    { name: 'sprite.pid', input: sprite, bytes: writePid(sprite) },
    { name: 'gruntz.pid', input: gruntz, bytes: writePid(gruntz) },
    { name: 'tile.pid', input: repeat, bytes: writePid(repeat) },
  ];
}
