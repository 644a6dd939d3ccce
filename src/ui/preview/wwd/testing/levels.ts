/**
 * Levels for the unit tests of the level view, made the way real ones are: described with
 * the format's drafts (formats/wwd/draft.ts), written by its writer and read back by its
 * reader, so the view is tested on exactly the model a WWD session gives it. Test code only
 * (eslint lets tests and `testing/` folders import formats).
 */
import { draftWwdLevel, draftWwdObject, draftWwdPlane } from '../../../../formats/wwd/draft.ts';
import { parseWwd } from '../../../../formats/wwd/read.ts';
import type {
  WwdLevelInput,
  WwdObjectInput,
  WwdPlaneInput,
  WwdTilePropertyInput,
} from '../../../../formats/wwd/types.ts';
import { writeWwd } from '../../../../formats/wwd/write.ts';
import type { WwdLevelView, WwdObject, WwdPlane } from '../level-types.ts';

/** The level the view gets for a draft: written, then read back. */
export async function levelOf(input: WwdLevelInput): Promise<WwdLevelView> {
  const { value, fatal } = await parseWwd(writeWwd(input, { compress: false }));
  if (fatal) throw new Error(`test level does not read back: ${fatal.message}`);
  const { logical: _logical, trailingData: _trailingData, ...view } = value;
  return view;
}

/** A level of the given planes (the first is the main one unless a plane's flags say). */
export function levelOfPlanes(planes: WwdPlaneInput[]): Promise<WwdLevelView> {
  return levelOf(draftWwdLevel({ planes }));
}

/** One plane, read back from a level of just it (flags: main plane). */
export async function planeOf(
  fields: Partial<WwdPlaneInput> & { tilesWide?: number; tilesHigh?: number } = {},
): Promise<WwdPlane> {
  const plane = draftWwdPlane({
    flags: 1,
    ...fields,
    tilesWide: fields.tilesWide ?? 2,
    tilesHigh: fields.tilesHigh ?? 2,
  });
  const level = await levelOfPlanes([plane]);
  return level.planes[0]!;
}

/** One object, read back from a level holding just it. */
export async function objectOf(fields: Partial<WwdObjectInput> = {}): Promise<WwdObject> {
  const plane = await planeOf({ tilesWide: 1, tilesHigh: 1, objects: [draftWwdObject(fields)] });
  return plane.objects[0]!;
}

const single = (attribute: number): WwdTilePropertyInput => ({
  kind: 'single',
  unknown04: 0,
  width: 64,
  height: 64,
  attribute,
});

/** Background (z −999, wrapped), Action (main, with objects), Front (z 9000). */
export function testLevelInput(): WwdLevelInput {
  return draftWwdLevel({
    header: { name: 'Test level', startX: 96, startY: 160 },
    planes: [
      draftWwdPlane({
        name: 'Background',
        flags: 0x0c,
        zCoord: -999,
        tilesWide: 2,
        tilesHigh: 1,
        fillColor: 197,
        tiles: Uint32Array.of(0xeeeeeeee, 5),
      }),
      draftWwdPlane({
        name: 'Action',
        flags: 0x01,
        tilesWide: 4,
        tilesHigh: 3,
        // prettier-ignore
        tiles: Uint32Array.of(
          0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
          0xffffffff, 2, 3, 0xffffffff,
          1, 1, 1, 1,
        ),
        objects: [
          draftWwdObject({ id: 179, logic: 'Rat', imageSet: 'LEVEL_RAT', x: 160, y: 130 }),
          draftWwdObject({ id: 180, logic: 'TreasurePowerup', name: 'Gold', x: 40, y: 100 }),
        ],
      }),
      draftWwdPlane({ name: 'Front', flags: 0x04, zCoord: 9000, tilesWide: 8, tilesHigh: 1 }),
    ],
    tileProperties: {
      unknown04: 0,
      unknown0C: [0, 0, 0, 0, 0],
      records: [
        single(0),
        single(1),
        {
          kind: 'double',
          unknown04: 0,
          width: 64,
          height: 64,
          outside: 1,
          inside: 0,
          rect: { left: 0, top: 0, right: 39, bottom: 54 },
        },
        single(2),
      ],
    },
  });
}

/** The standard test level, read back. */
export function testLevel(): Promise<WwdLevelView> {
  return levelOf(testLevelInput());
}
