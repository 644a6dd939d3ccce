/**
 * An object record's fixed part (spec §6) as words: 71 little-endian i32s, in file order.
 * The reader reads each record's words into a scratch array and makes the object from
 * them; the level view data sends each plane's objects as those words (view-wire.ts) and the
 * page makes the objects again with the same function, so the field order lives here alone.
 */
import type { Span } from '../model.ts';
import type { WwdObject, WwdRect } from './types.ts';

/** i32 words in an object's fixed part (284 bytes). */
export const WWD_OBJECT_WORDS = 71;

const rectAt = (words: Int32Array, at: number): WwdRect => ({
  left: words[at]!,
  top: words[at + 1]!,
  right: words[at + 2]!,
  bottom: words[at + 3]!,
});

/**
 * The object whose fixed part is `words[base .. base + 71)` (word offsets below: byte offset
 * / 4), with its place and its four strings. One literal in the type's field order: objects
 * of one shape, no intermediate object to spread.
 */
export function wwdObjectFromWords(
  words: Int32Array,
  base: number,
  index: number,
  span: Span,
  name: string,
  logic: string,
  imageSet: string,
  animation: string,
): WwdObject {
  return {
    index,
    span,
    id: words[base]!,
    nameLength: words[base + 1]! >>> 0,
    logicLength: words[base + 2]! >>> 0,
    imageSetLength: words[base + 3]! >>> 0,
    animationLength: words[base + 4]! >>> 0,
    x: words[base + 5]!,
    y: words[base + 6]!,
    z: words[base + 7]!,
    i: words[base + 8]!,
    addFlags: words[base + 9]! >>> 0,
    dynamicFlags: words[base + 10]! >>> 0,
    drawFlags: words[base + 11]! >>> 0,
    userFlags: words[base + 12]! >>> 0,
    score: words[base + 13]!,
    points: words[base + 14]!,
    powerup: words[base + 15]!,
    damage: words[base + 16]!,
    smarts: words[base + 17]!,
    health: words[base + 18]!,
    moveRect: rectAt(words, base + 19),
    hitRect: rectAt(words, base + 23),
    attackRect: rectAt(words, base + 27),
    clipRect: rectAt(words, base + 31),
    userRect1: rectAt(words, base + 35),
    userRect2: rectAt(words, base + 39),
    userValues: [
      words[base + 43]!,
      words[base + 44]!,
      words[base + 45]!,
      words[base + 46]!,
      words[base + 47]!,
      words[base + 48]!,
      words[base + 49]!,
      words[base + 50]!,
    ],
    minX: words[base + 51]!,
    minY: words[base + 52]!,
    maxX: words[base + 53]!,
    maxY: words[base + 54]!,
    speedX: words[base + 55]!,
    speedY: words[base + 56]!,
    tweakX: words[base + 57]!,
    tweakY: words[base + 58]!,
    counter: words[base + 59]!,
    speed: words[base + 60]!,
    width: words[base + 61]!,
    height: words[base + 62]!,
    direction: words[base + 63]!,
    faceDir: words[base + 64]!,
    timeDelay: words[base + 65]!,
    frameDelay: words[base + 66]!,
    objectType: words[base + 67]! >>> 0,
    hitTypeFlags: words[base + 68]! >>> 0,
    moveResX: words[base + 69]! >>> 0,
    moveResY: words[base + 70]! >>> 0,
    name,
    logic,
    imageSet,
    animation,
  };
}
