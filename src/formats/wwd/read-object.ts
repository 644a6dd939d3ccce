/**
 * WWD objects (spec §6), the mirror of write-object.ts: at a plane's objectsOffset,
 * `objectCount` records in a row, each a 284-byte fixed part and then four exact-length
 * strings (name, logic, image set, animation) without NULs. Objects exist only on the main
 * plane in all data, but any plane may have them.
 */
import { FormatError } from '../../binary/format-error.ts';
import { WWD_FORMAT, WWD_OBJECT_FIXED_SIZE, WWD_PLANE_FIELD } from './layout.ts';
import { WWD_OBJECT_WORDS, wwdObjectFromWords } from './object-words.ts';
import { checkCount, checkOffset, claim, type ReadContext } from './read-sections.ts';
import { WwdStringTable } from './strings.ts';
import type { WwdObject, WwdPlane } from './types.ts';

/**
 * The fixed part's i32 words by name, in file order, for the message of a record cut short
 * (built once here, not per object).
 */
const RECTS = ['moveRect', 'hitRect', 'attackRect', 'clipRect', 'userRect1', 'userRect2'];
const FIXED_WORD_NAMES: readonly string[] = [
  ...['id', 'nameLength', 'logicLength', 'imageSetLength', 'animationLength'],
  ...['x', 'y', 'z', 'i', 'addFlags', 'dynamicFlags', 'drawFlags', 'userFlags'],
  ...['score', 'points', 'powerup', 'damage', 'smarts', 'health'],
  ...RECTS.flatMap((rect) => ['left', 'top', 'right', 'bottom'].map((side) => `${rect}.${side}`)),
  ...Array.from({ length: 8 }, (_, value) => `userValues[${value}]`),
  ...['minX', 'minY', 'maxX', 'maxY', 'speedX', 'speedY', 'tweakX', 'tweakY'],
  ...['counter', 'speed', 'width', 'height', 'direction', 'faceDir', 'timeDelay', 'frameDelay'],
  ...['objectType', 'hitTypeFlags', 'moveResX', 'moveResY'],
];

const objectPath = (planePath: string, index: number) => `${planePath}.objects[${index}]`;

/**
 * `objectCount` records at objectsOffset; the plane keeps every object read before a failure.
 * Levels hold thousands: the loop makes no closure, path or label per object (the path of
 * the one that failed is named when it fails), and reads each fixed part with one bounds
 * check into one scratch array.
 */
export function readObjects(context: ReadContext, plane: WwdPlane): void {
  const { reader } = context;
  const path = `planes[${plane.index}]`;
  const at = plane.span.offset;
  if (plane.objectCount === 0) return;
  const offsetAt = at + WWD_PLANE_FIELD.objectsOffset;
  checkOffset(context, plane.objectsOffset, offsetAt, `${path}.objectsOffset`);
  const countAt = at + WWD_PLANE_FIELD.objectCount;
  const { objectCount, objectsOffset } = plane;
  checkCount(
    context,
    objectCount,
    WWD_OBJECT_FIXED_SIZE,
    objectsOffset,
    countAt,
    `${path}.objectCount`,
  );
  reader.seek(objectsOffset);
  plane.objectsSpan = { offset: objectsOffset, length: 0 };
  const words = new Int32Array(WWD_OBJECT_WORDS);
  const strings = new WwdStringTable(context.encoding);
  let index = 0;
  try {
    for (; index < objectCount; index++) {
      plane.objects.push(readObject(context, index, words, strings, path));
      plane.objectsSpan.length = reader.offset - objectsOffset;
    }
  } catch (error) {
    if (error instanceof FormatError && !error.path) {
      throw error.withContext(WWD_FORMAT, objectPath(path, index));
    }
    throw error;
  }
}

/** One record: the 284 fixed bytes (word offsets below: byte offset / 4), then four strings. */
function readObject(
  context: ReadContext,
  index: number,
  words: Int32Array,
  strings: WwdStringTable,
  planePath: string,
): WwdObject {
  const { reader } = context;
  const start = reader.offset;
  // claim() as in every section; the path is made only for the error.
  if (context.claimed + WWD_OBJECT_FIXED_SIZE > reader.length) {
    claim(context, WWD_OBJECT_FIXED_SIZE, start, objectPath(planePath, index));
  }
  context.claimed += WWD_OBJECT_FIXED_SIZE;
  reader.i32leInto(words, 'object', FIXED_WORD_NAMES);
  // The lengths are u32s a forged record can make huge: need() checks before any read.
  const nameLength = words[1]! >>> 0;
  const logicLength = words[2]! >>> 0;
  const imageSetLength = words[3]! >>> 0;
  const animationLength = words[4]! >>> 0;
  const stringsLength = nameLength + logicLength + imageSetLength + animationLength;
  reader.need(stringsLength, 'object strings');
  if (context.claimed + stringsLength > reader.length) {
    claim(context, stringsLength, reader.offset, `${objectPath(planePath, index)} strings`);
  }
  context.claimed += stringsLength;
  const bytes = reader.bytes;
  let at = reader.relative;
  const name = strings.decode(bytes, at, (at += nameLength));
  const logic = strings.decode(bytes, at, (at += logicLength));
  const imageSet = strings.decode(bytes, at, (at += imageSetLength));
  const animation = strings.decode(bytes, at, at + animationLength);
  reader.skip(stringsLength);
  return wwdObjectFromWords(
    words,
    0,
    index,
    { offset: start, length: reader.offset - start },
    name,
    logic,
    imageSet,
    animation,
  );
}
