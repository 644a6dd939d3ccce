/**
 * WWD objects as written, the mirror of read-object.ts: the 284-byte fixed part with the
 * four string lengths derived from the encoded strings, then the strings without NULs.
 */
import type { ByteWriter } from '../../binary/byte-writer.ts';
import { encodeWwdString } from './strings.ts';
import type { WwdEncoding, WwdObjectInput, WwdPlaneInput } from './types.ts';
import { writeRect } from './write-sections.ts';

export function writeObjects(
  writer: ByteWriter,
  plane: WwdPlaneInput,
  encoding: WwdEncoding,
  index: number,
): void {
  plane.objects.forEach((object, objectIndex) =>
    writeObject(writer, object, encoding, `planes[${index}].objects[${objectIndex}]`),
  );
}

function writeObject(
  writer: ByteWriter,
  object: WwdObjectInput,
  encoding: WwdEncoding,
  path: string,
): void {
  const name = encodeWwdString(object.name, encoding, `${path}.name`);
  const logic = encodeWwdString(object.logic, encoding, `${path}.logic`);
  const imageSet = encodeWwdString(object.imageSet, encoding, `${path}.imageSet`);
  const animation = encodeWwdString(object.animation, encoding, `${path}.animation`);
  if (object.userValues.length !== 8) {
    throw new RangeError(`${path}: ${object.userValues.length} user values, expected 8`);
  }
  writer.i32le(object.id);
  writer.u32le(name.length);
  writer.u32le(logic.length);
  writer.u32le(imageSet.length);
  writer.u32le(animation.length);
  writer.i32le(object.x);
  writer.i32le(object.y);
  writer.i32le(object.z);
  writer.i32le(object.i);
  writer.u32le(object.addFlags);
  writer.u32le(object.dynamicFlags);
  writer.u32le(object.drawFlags);
  writer.u32le(object.userFlags);
  writer.i32le(object.score);
  writer.i32le(object.points);
  writer.i32le(object.powerup);
  writer.i32le(object.damage);
  writer.i32le(object.smarts);
  writer.i32le(object.health);
  writeRect(writer, object.moveRect);
  writeRect(writer, object.hitRect);
  writeRect(writer, object.attackRect);
  writeRect(writer, object.clipRect);
  writeRect(writer, object.userRect1);
  writeRect(writer, object.userRect2);
  for (const value of object.userValues) writer.i32le(value);
  writer.i32le(object.minX);
  writer.i32le(object.minY);
  writer.i32le(object.maxX);
  writer.i32le(object.maxY);
  writer.i32le(object.speedX);
  writer.i32le(object.speedY);
  writer.i32le(object.tweakX);
  writer.i32le(object.tweakY);
  writer.i32le(object.counter);
  writer.i32le(object.speed);
  writer.i32le(object.width);
  writer.i32le(object.height);
  writer.i32le(object.direction);
  writer.i32le(object.faceDir);
  writer.i32le(object.timeDelay);
  writer.i32le(object.frameDelay);
  writer.u32le(object.objectType);
  writer.u32le(object.hitTypeFlags);
  writer.u32le(object.moveResX);
  writer.u32le(object.moveResY);
  writer.bytes(name).bytes(logic).bytes(imageSet).bytes(animation);
}
