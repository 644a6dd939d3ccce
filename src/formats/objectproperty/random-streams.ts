/** Random serializer settings for property tests, and a model written under them. */
import fc from 'fast-check';
import {
  SerializerFlag,
  type DecodedObject,
  type SerializerConfig,
  type TypeIndex,
} from './types.ts';
import { writeObjectProperty } from './write.ts';

/** Shallow or deep, extra stream flags, a mask, the manual wrapper and a compressed object. */
export const streamDraws = fc.record({
  isShallow: fc.boolean(),
  extraFlags: fc.subarray([
    SerializerFlag.COMPACT_LENGTH_PREFIXES,
    SerializerFlag.HUMAN_READABLE_ENUMS,
    SerializerFlag.WITH_COMPRESSION,
  ]),
  mask: fc.constantFrom<number>(1, 3, 7),
  isManuallyCompressed: fc.boolean(),
  compressObject: fc.boolean(),
});

export type StreamDraw = typeof streamDraws extends fc.Arbitrary<infer T> ? T : never;

/** `object` written as `draw` says (STATEFUL, the stream's own flags): the bytes and how to read them. */
export function writeDrawn(object: DecodedObject, types: TypeIndex, draw: StreamDraw) {
  const streamFlags =
    SerializerFlag.STATEFUL_FLAGS | draw.extraFlags.reduce((all, flag) => all | flag, 0);
  const config: SerializerConfig = {
    isShallow: draw.isShallow,
    flags: SerializerFlag.STATEFUL_FLAGS,
    mask: draw.mask,
    isManuallyCompressed: draw.isManuallyCompressed,
  };
  const write = { config, streamFlags, compressObject: draw.compressObject };
  return { bytes: writeObjectProperty(object, types, write), config, streamFlags, write };
}
