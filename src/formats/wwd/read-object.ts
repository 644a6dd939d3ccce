/**
 * WWD objects (spec §6), the mirror of write-object.ts: at a plane's objectsOffset,
 * `objectCount` records in a row, each a 284-byte fixed part and then four exact-length
 * strings (name, logic, image set, animation) without NULs. Objects exist only on the main
 * plane in all data, but any plane may have them.
 */
import type { ByteReader } from '../../binary/byte-reader.ts';
import { WWD_OBJECT_FIXED_SIZE, WWD_PLANE_FIELD } from './layout.ts';
import {
  checkCount,
  checkOffset,
  claim,
  readRect,
  within,
  type ReadContext,
} from './read-sections.ts';
import { decodeWwdString } from './strings.ts';
import type { WwdObject, WwdPlane } from './types.ts';

/** `objectCount` records at objectsOffset; the plane keeps every object read before a failure. */
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
  for (let index = 0; index < objectCount; index++) {
    const objectPath = `${path}.objects[${index}]`;
    plane.objects.push(within(objectPath, () => readObject(context, index, objectPath)));
    plane.objectsSpan.length = reader.offset - objectsOffset;
  }
}

type FixedPart = Omit<WwdObject, 'index' | 'span' | 'name' | 'logic' | 'imageSet' | 'animation'>;

/** The 284 fixed bytes. Property initialisers run in source order, so this reads in file order. */
function readFixedPart(reader: ByteReader): FixedPart {
  return {
    id: reader.i32le('id'),
    nameLength: reader.u32le('nameLength'),
    logicLength: reader.u32le('logicLength'),
    imageSetLength: reader.u32le('imageSetLength'),
    animationLength: reader.u32le('animationLength'),
    x: reader.i32le('x'),
    y: reader.i32le('y'),
    z: reader.i32le('z'),
    i: reader.i32le('i'),
    addFlags: reader.u32le('addFlags'),
    dynamicFlags: reader.u32le('dynamicFlags'),
    drawFlags: reader.u32le('drawFlags'),
    userFlags: reader.u32le('userFlags'),
    score: reader.i32le('score'),
    points: reader.i32le('points'),
    powerup: reader.i32le('powerup'),
    damage: reader.i32le('damage'),
    smarts: reader.i32le('smarts'),
    health: reader.i32le('health'),
    moveRect: readRect(reader, 'moveRect'),
    hitRect: readRect(reader, 'hitRect'),
    attackRect: readRect(reader, 'attackRect'),
    clipRect: readRect(reader, 'clipRect'),
    userRect1: readRect(reader, 'userRect1'),
    userRect2: readRect(reader, 'userRect2'),
    userValues: Array.from({ length: 8 }, (_, value) => reader.i32le(`userValues[${value}]`)),
    minX: reader.i32le('minX'),
    minY: reader.i32le('minY'),
    maxX: reader.i32le('maxX'),
    maxY: reader.i32le('maxY'),
    speedX: reader.i32le('speedX'),
    speedY: reader.i32le('speedY'),
    tweakX: reader.i32le('tweakX'),
    tweakY: reader.i32le('tweakY'),
    counter: reader.i32le('counter'),
    speed: reader.i32le('speed'),
    width: reader.i32le('width'),
    height: reader.i32le('height'),
    direction: reader.i32le('direction'),
    faceDir: reader.i32le('faceDir'),
    timeDelay: reader.i32le('timeDelay'),
    frameDelay: reader.i32le('frameDelay'),
    objectType: reader.u32le('objectType'),
    hitTypeFlags: reader.u32le('hitTypeFlags'),
    moveResX: reader.u32le('moveResX'),
    moveResY: reader.u32le('moveResY'),
  };
}

function readObject(context: ReadContext, index: number, path: string): WwdObject {
  const { reader } = context;
  const start = reader.offset;
  claim(context, WWD_OBJECT_FIXED_SIZE, start, path);
  const fixed = readFixedPart(reader);
  // The lengths are u32s a forged record can make huge: need() checks before any read.
  const { nameLength, logicLength, imageSetLength, animationLength } = fixed;
  const stringsLength = nameLength + logicLength + imageSetLength + animationLength;
  reader.need(stringsLength, `${path} strings`);
  claim(context, stringsLength, reader.offset, `${path} strings`);
  const text = (length: number) => decodeWwdString(reader.bytesView(length), context.encoding);
  const name = text(nameLength);
  const logic = text(logicLength);
  const imageSet = text(imageSetLength);
  const animation = text(animationLength);
  const span = { offset: start, length: reader.offset - start };
  return { index, span, ...fixed, name, logic, imageSet, animation };
}
