/**
 * The level as the view data sends it to the page: each plane's objects packed
 * (types.ts `WwdPackedObjects`): their fixed parts as the 71 i32 words the file holds, in
 * one Int32Array, their places in a Float64Array and their strings in one list. The page
 * makes the objects again with the reader's own `wwdObjectFromWords`. A structured clone of
 * 1,400 objects of ~90 fields each walked every field twice (worker and page) and held up
 * the level view's first frame; typed arrays and a list of strings copy at once.
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import { WWD_FORMAT } from './layout.ts';
import { WWD_OBJECT_WORDS } from './object-words.ts';
import type { WwdLevelView, WwdObject, WwdPackedObjects, WwdPackedPlane } from './types.ts';

/** Values per object in `WwdPackedObjects.places`: index, span offset, span length. */
export const WWD_PLACE_VALUES = 3;

/**
 * A plane's objects packed; their fixed parts are read again from `logical`, the bytes the
 * objects' spans are in (the level's header and inflated main block).
 */
export function packObjects(objects: readonly WwdObject[], logical: Uint8Array): WwdPackedObjects {
  const count = objects.length;
  const words = new Int32Array(count * WWD_OBJECT_WORDS);
  const places = new Float64Array(count * WWD_PLACE_VALUES);
  const strings = new Array<string>(count * 4);
  const reader = new ByteReader(logical, 0, WWD_FORMAT);
  for (let position = 0; position < count; position++) {
    const object = objects[position]!;
    reader.seek(object.span.offset);
    const base = position * WWD_OBJECT_WORDS;
    reader.i32leInto(words.subarray(base, base + WWD_OBJECT_WORDS), 'object');
    const place = position * WWD_PLACE_VALUES;
    places[place] = object.index;
    places[place + 1] = object.span.offset;
    places[place + 2] = object.span.length;
    const text = position * 4;
    strings[text] = object.name;
    strings[text + 1] = object.logic;
    strings[text + 2] = object.imageSet;
    strings[text + 3] = object.animation;
  }
  return { count, words, places, strings };
}

/** The level with every plane's objects packed (`logical`: see packObjects). */
export function packLevelView(
  level: WwdLevelView,
  logical: Uint8Array,
): Omit<WwdLevelView, 'planes'> & { planes: WwdPackedPlane[] } {
  return {
    ...level,
    planes: level.planes.map((plane) => ({
      ...plane,
      objects: [],
      packedObjects: packObjects(plane.objects, logical),
    })),
  };
}
