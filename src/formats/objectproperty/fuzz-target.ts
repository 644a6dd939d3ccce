/**
 * ObjectProperty as a fuzz target (src/formats/fuzz): generated `BINd` files (compressed
 * and not) opened as the app opens them — every node's details and cells, no type list —
 * then decoded again typed by the generated list and exported to JSON and XML; a typed
 * decode is written again for the round trip.
 */
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { openInline, walkSessionNodes } from '../fuzz/walk-session.ts';
import { BitReader } from './bit-reader.ts';
import { walkGenericObject } from './generic.ts';
import { objectJson, objectXml } from './export.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { generateBindFile, generatedTypeIndex } from './generate.ts';
import { BIND_CONFIG, decodeObjectProperty } from './read.ts';
import { openObjectPropertySession } from './session.ts';
import { SerializerFlag, type GenericObject } from './types.ts';
import { writeObjectProperty } from './write.ts';

const types = generatedTypeIndex();

/** The objects and properties of an uncompressed `BINd` file, walked without a list (sync). */
function walkedObjects(bytes: Uint8Array): GenericObject[] {
  const objects: GenericObject[] = [];
  try {
    const reader = new BitReader(bytes);
    reader.position = 32;
    if (reader.u32() & SerializerFlag.WITH_COMPRESSION) return objects;
    const visit = (object: GenericObject | null) => {
      if (!object) return;
      objects.push(object);
      for (const property of object.properties) {
        if (property.guess.kind === 'object') visit(property.guess.object);
      }
    };
    visit(walkGenericObject(reader, 0));
  } catch {
    // A mutated file that does not walk has nothing more to offer.
  }
  return objects;
}

/** Where objects and properties start and end. */
function boundaries(bytes: Uint8Array): number[] {
  return walkedObjects(bytes).flatMap((object) => [
    object.bits.start >>> 3,
    object.bits.end >>> 3,
    ...object.properties.map((property) => property.bits.start >>> 3),
  ]);
}

/** The object sizes and the property sizes (u32 fields). */
function numberFields(bytes: Uint8Array): number[] {
  return walkedObjects(bytes).flatMap((object) => [
    (object.bits.start >>> 3) + 4,
    ...object.properties.map((property) => Math.ceil(property.bits.start / 8)),
  ]);
}

async function roundTrip(bytes: Uint8Array): Promise<Uint8Array> {
  const { decode } = await decodeObjectProperty(bytes, { types });
  if (decode.root.kind !== 'typed') throw new Error('not typed');
  const isCompressed = decode.header.isInflated;
  return writeObjectProperty(decode.root.object, types, {
    config: BIND_CONFIG,
    streamFlags: decode.header.flags,
    isBind: true,
    compressObject: isCompressed && (decode.header.flags & SerializerFlag.WITH_COMPRESSION) !== 0,
  });
}

export const objectPropertyFuzzTarget: FuzzTarget = {
  format: OBJECT_PROPERTY_FORMAT,
  seeds: () =>
    Promise.resolve([
      generateBindFile(2, { seed: 1, isCompressed: false }).bytes,
      generateBindFile(3, { seed: 2 }).bytes,
    ]),
  boundaries,
  numberFields,
  rangeFields: () => [],
  async exercise(bytes) {
    const session = await openInline(openObjectPropertySession, bytes, 'fuzz.xml');
    walkSessionNodes(session, ['value']);
    const { decode } = await decodeObjectProperty(bytes, { types });
    if (decode.root.kind === 'typed') {
      JSON.stringify(objectJson(decode.root.object));
      objectXml(decode.root.object);
    }
  },
  roundTrip,
};
