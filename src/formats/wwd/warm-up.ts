/**
 * The warm-up of a spare decoder worker, WWD's part (worker/rpc/warm-up.ts runs it): a small
 * level, uncompressed then compressed, opened in the first two rounds; what its open leaves
 * in the heap is then collected during the later rounds, not left for the first real file.
 */
import type { WarmUpPlan } from '../model.ts';
import { draftWwdLevel, draftWwdObject, draftWwdPlane } from './draft.ts';
import { writeWwd } from './write.ts';

/** Tile properties of the warm-up level, of the three kinds in turn. */
const TILE_PROPERTIES = 90;

/** A small WWD level (two planes, `objectCount` objects), compressed or not. */
export function makeWarmUpLevel(objectCount: number, compress: boolean): Blob {
  const logics = ['Rat', 'Officer', 'TreasurePowerup', 'Checkpoint', 'Elevator'];
  const objects = Array.from({ length: objectCount }, (_, index) =>
    draftWwdObject({
      id: index + 1,
      logic: logics[index % logics.length]!,
      imageSet: `LEVEL_OBJECT${index % 7}`,
      x: (index * 97) % 2048,
      y: (index * 61) % 1024,
      hitTypeFlags: index % 3 === 0 ? 0xffffffff : 0x4,
      objectType: 1 << (index % 6),
    }),
  );
  const tiles = Uint32Array.from({ length: 32 * 16 }, (_, index) =>
    index % 5 === 0 ? 0xffffffff : index % 40,
  );
  // Each kind of tile property, as a real level has hundreds of them.
  const records = Array.from({ length: TILE_PROPERTIES }, (_, index) => {
    const size = { unknown04: 0, width: 64, height: 64 };
    if (index % 3 === 0) return { kind: 'single' as const, ...size, attribute: index % 5 };
    if (index % 3 === 1) {
      const rect = { left: 0, top: index % 64, right: 63, bottom: 63 };
      return { kind: 'double' as const, ...size, outside: 0, inside: 1, rect };
    }
    return { kind: 'mask' as const, ...size, mask: new Uint8Array(64 * 64).fill(index % 4) };
  });
  const level = draftWwdLevel({
    header: { name: 'Warm-up level', author: 'Delve' },
    planes: [
      draftWwdPlane({ name: 'Background', tilesWide: 8, tilesHigh: 4, zCoord: -999 }),
      draftWwdPlane({ name: 'Action', flags: 1, tilesWide: 32, tilesHigh: 16, tiles, objects }),
    ],
    tileProperties: { unknown04: 0, unknown0C: [0, 0, 0, 0, 0], records },
  });
  return new Blob([writeWwd(level, { compress }) as Uint8Array<ArrayBuffer>]);
}

/**
 * Objects of the warm-up level: enough that the engine optimises the object reader and the
 * view's packing before a real level (a large one holds ~1,400) is opened.
 */
const WARM_UP_OBJECTS = 400;

export function wwdWarmUp(): WarmUpPlan {
  const levels: Blob[] = [];
  return {
    rounds: 2,
    sample: (round) => {
      levels[round] ??= makeWarmUpLevel(WARM_UP_OBJECTS, round % 2 === 1);
      return { name: 'warm-up.wwd', blob: levels[round]! };
    },
  };
}
