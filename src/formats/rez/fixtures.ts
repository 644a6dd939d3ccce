/**
 * REZ archives for tests, fuzzing and samples, made by the writer: a Claw-like tree with a
 * level palette, PID tiles and sprites, a level file, keys and comments.
 */
import { pidSamples } from '../pid/fixtures.ts';
import { testPalette } from '../pid/fixtures.ts';
import { writeRez, type RezFileInput } from './write.ts';

export function rezSampleFiles(): RezFileInput[] {
  const [sprite, gruntz, tile] = pidSamples();
  return [
    { path: 'LEVEL1/PALETTES/MAIN.PAL', bytes: testPalette(), id: 1, time: 870_000_000 },
    { path: 'LEVEL1/TILES/ACTION/001.PID', bytes: tile!.bytes, id: 2, keys: [7, 9] },
    { path: 'LEVEL1/TILES/ACTION/74.PID', bytes: sprite!.bytes, id: 3, comment: 'not zero-padded' },
    { path: 'LEVEL1/WORLDS/WORLD.WWD', bytes: new TextEncoder().encode('not a real level'), id: 4 },
    { path: 'GAME/IMAGES/GRUNTZ.PID', bytes: gruntz!.bytes, id: 5 },
    { path: 'README.TXT', bytes: new TextEncoder().encode('hello'), id: 6 },
  ];
}

export function rezSeeds(): Uint8Array[] {
  return [writeRez(rezSampleFiles(), { time: 870_000_000, isSorted: true }), writeRez([])];
}
