/**
 * Round trips of random objects of the fixtures' classes through the writer and the reader,
 * shallow and deep, with every serializer flag and both compressions; and the same input
 * in any memory (a subarray of a larger buffer, a pooled Node Buffer) decoding the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectJson } from './export.ts';
import { randomObject } from './generate.ts';
import { decodeObjectProperty } from './read.ts';
import { streamDraws, writeDrawn } from './random-streams.ts';
import { fixtureBytes, fixtureConfig, fixtureTypes } from './test-fixtures.ts';
import { type DecodedObject, type SerializerConfig } from './types.ts';
import { writeObjectProperty } from './write.ts';

const types = fixtureTypes('types.json');
const classes = [...types.classes.values()];

/** What a shallow stream of `mask` holds of an object: the properties the mask takes. */
function maskedJson(object: DecodedObject, config: SerializerConfig) {
  if (!config.isShallow) return objectJson(object);
  const type = types.classes.get(object.hash)!;
  const taken = new Set(
    type.properties.filter((p) => (p.flags & config.mask) === config.mask).map((p) => p.hash),
  );
  return objectJson({ ...object, properties: object.properties.filter((p) => taken.has(p.hash)) });
}

describe('ObjectProperty round trips', () => {
  it('random objects of the fixture classes read back as written, shallow and deep', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(classes.length - 1),
        fc.integer(),
        streamDraws,
        async (at, seed, draw) => {
          const object = randomObject(types, classes[at]!, seed);
          const { bytes, config, streamFlags, write } = writeDrawn(object, types, draw);
          const { decode, issues } = await decodeObjectProperty(bytes, { config, types });
          expect(issues).toEqual([]);
          expect(decode.header.flags).toBe(streamFlags);
          expect(decode.root.kind).toBe('typed');
          if (decode.root.kind !== 'typed') return;
          expect(objectJson(decode.root.object)).toEqual(maskedJson(object, config));
          // Written again, the decode gives the same bytes.
          expect(writeObjectProperty(decode.root.object, types, write)).toEqual(bytes);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a BINd file round-trips deep, and without its list walks to the same hashes', async () => {
    const inner = classes.find((type) => type.name === 'class Outer')!;
    const object = randomObject(types, inner, 7);
    const config: SerializerConfig = {
      isShallow: false,
      flags: 1,
      mask: 0,
      isManuallyCompressed: false,
    };
    const bytes = writeObjectProperty(object, types, { config, isBind: true });
    const typed = await decodeObjectProperty(bytes, { types });
    expect(typed.decode.header.isBind).toBe(true);
    const generic = await decodeObjectProperty(bytes);
    expect(generic.decode.root.kind).toBe('generic');
    if (generic.decode.root.kind !== 'generic' || typed.decode.root.kind !== 'typed') return;
    expect(generic.decode.root.object.properties.map((p) => p.hash)).toEqual(
      typed.decode.root.object.properties.map((p) => p.hash),
    );
  });
});

describe('ObjectProperty input in any memory', () => {
  it.each(['with-compression.bin', 'strings-compact.bin', 'bit-integers-deep.bin'])(
    '%s decodes the same from a subarray and from a pooled Buffer',
    async (name) => {
      const bytes = fixtureBytes(name);
      const config = fixtureConfig(name);
      const plain = await decodeObjectProperty(bytes, { config, types });
      const larger = new Uint8Array(bytes.length + 13);
      larger.set(bytes, 7);
      const sub = await decodeObjectProperty(larger.subarray(7, 7 + bytes.length), {
        config,
        types,
      });
      const pooledInput = Buffer.from(bytes);
      // Small Buffers share Node's pool: a view into a larger ArrayBuffer.
      expect(pooledInput.buffer.byteLength).toBeGreaterThan(bytes.length);
      const pooled = await decodeObjectProperty(pooledInput, { config, types });
      for (const other of [sub, pooled]) {
        expect(other.decode.root).toEqual(plain.decode.root);
        expect(other.decode.endBit).toBe(plain.decode.endBit);
      }
    },
  );
});
