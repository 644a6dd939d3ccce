/**
 * The level as the view data sends it, made whole again: each plane's objects come packed
 * (formats/wwd/view-wire.ts: their fixed parts as the file's i32 words in one typed array,
 * their places in another and their strings in a list, which cross from the worker as block
 * copies) and become the objects the view draws and lists, made by the reader's own
 * function, so they are the very objects it read.
 */
import {
  WWD_OBJECT_WORDS,
  wwdObjectFromWords,
  type WwdPackedObjects,
} from '../../../formats/wwd/types.ts';
import type { WwdLevelView, WwdObject } from './level-types.ts';

/** Values per object in `places` (view-wire.ts WWD_PLACE_VALUES): index, offset, length. */
const PLACE_VALUES = 3;

export function unpackObjects(packed: WwdPackedObjects): WwdObject[] {
  const { count, words, places, strings } = packed;
  const objects = new Array<WwdObject>(count);
  for (let position = 0; position < count; position++) {
    const place = position * PLACE_VALUES;
    const text = position * 4;
    objects[position] = wwdObjectFromWords(
      words,
      position * WWD_OBJECT_WORDS,
      places[place]!,
      { offset: places[place + 1]!, length: places[place + 2]! },
      strings[text]!,
      strings[text + 1]!,
      strings[text + 2]!,
      strings[text + 3]!,
    );
  }
  return objects;
}

type MaybePacked = WwdLevelView['planes'][number] & { packedObjects?: WwdPackedObjects };

/** The level with its planes' objects unpacked (a level sent whole is returned as it is). */
export function unpackLevel(level: WwdLevelView): WwdLevelView {
  const planes = level.planes as MaybePacked[];
  if (!planes.some((plane) => plane.packedObjects)) return level;
  return {
    ...level,
    planes: planes.map(({ packedObjects, ...plane }) =>
      packedObjects ? { ...plane, objects: unpackObjects(packedObjects) } : plane,
    ),
  };
}
