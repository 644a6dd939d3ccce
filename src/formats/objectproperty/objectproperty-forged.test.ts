/**
 * Forged fields: a valid stream written, one field patched, and the error's code and byte
 * offset (and the bit and both sizes in its detail) asserted. Unknown classes and
 * properties are skipped by their sizes in deep mode, never fatal.
 */
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { decodeObjectProperty, MAX_DEPTH } from './read.ts';
import { fixtureBytes, fixtureConfig, fixtureTypes } from './test-fixtures.ts';
import { mergeTypeLists, parseTypeList } from './type-list.ts';
import type { SerializerConfig } from './types.ts';

const types = fixtureTypes('types.json');
const DEEP: SerializerConfig = { isShallow: false, flags: 1, mask: 7, isManuallyCompressed: false };
const SHALLOW: SerializerConfig = { ...DEEP, isShallow: true };

const patchU32 = (bytes: Uint8Array, at: number, value: number) => {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(at, value, true);
  return copy;
};

async function failure(
  bytes: Uint8Array,
  config: SerializerConfig,
  withTypes = true,
): Promise<FormatError> {
  const error = await decodeObjectProperty(bytes, { config, ...(withTypes ? { types } : {}) }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FormatError);
  return error as FormatError;
}

// deep-size-boundary.bin: flags at 0, class hash at 4, object size (320) at 8, then three
// properties of 96 bits at 12, 24 and 36: size, hash, u32 value.
const boundary = fixtureBytes('deep-size-boundary.bin');

describe('ObjectProperty forged deep sizes', () => {
  it('an object size past the end is BAD_COUNT at the size field', async () => {
    for (const withTypes of [true, false]) {
      const error = await failure(patchU32(boundary, 8, 10_000), DEEP, withTypes);
      expect([error.code, error.offset]).toEqual([ErrorCode.BAD_COUNT, 8]);
      expect(error.detail).toContain('bit 64');
    }
  });

  it('an object size shorter than its properties is a mismatch with both numbers', async () => {
    const error = await failure(patchU32(boundary, 8, 300), DEEP);
    // The last property no longer fits the object.
    expect([error.code, error.offset]).toEqual([ErrorCode.BAD_COUNT, 36]);
    const longer = patchU32(boundary, 8, 320 + 8);
    const grown = new Uint8Array(longer.length + 1);
    grown.set(longer);
    for (const withTypes of [true, false]) {
      const mismatch = await failure(grown, DEEP, withTypes);
      expect([mismatch.code, mismatch.offset]).toEqual([ErrorCode.SIZE_MISMATCH, 8]);
      expect(mismatch.detail).toContain('328');
      expect(mismatch.detail).toContain('320');
    }
  });

  it('a property size that disagrees with its value is SIZE_MISMATCH naming both sizes', async () => {
    const forged = patchU32(patchU32(boundary, 24, 88), 8, 320);
    const error = await failure(forged, DEEP);
    expect([error.code, error.offset]).toEqual([ErrorCode.SIZE_MISMATCH, 24]);
    expect(error.detail).toContain('88');
    expect(error.detail).toContain('96');
    expect(error.detail).toContain('bit 192');
  });

  it('a property size too small for its own header is BAD_COUNT at the property', async () => {
    const error = await failure(patchU32(boundary, 12, 40), DEEP, false);
    expect([error.code, error.offset]).toEqual([ErrorCode.BAD_COUNT, 12]);
  });

  it('an unknown property hash is skipped by its size, the others decode', async () => {
    const { decode } = await decodeObjectProperty(patchU32(boundary, 28, 0x1234), {
      config: DEEP,
      types,
    });
    if (decode.root.kind !== 'typed') throw new Error('not typed');
    expect(decode.root.object.properties.map((p) => [p.name, p.hash])).toEqual([
      ['m_first', decode.root.object.properties[0]!.hash],
      [null, 0x1234],
      ['m_third', decode.root.object.properties[2]!.hash],
    ]);
  });

  it('an unknown class is walked by its sizes, its properties by hash', async () => {
    const noClass = mergeTypeLists([{ name: 'empty', classes: [] }]);
    const { decode } = await decodeObjectProperty(boundary, { config: DEEP, types: noClass });
    if (decode.root.kind !== 'typed') throw new Error('not typed');
    expect(decode.root.object.className).toBeNull();
    expect(decode.root.object.properties.map((p) => p.name)).toEqual([null, null, null]);
  });
});

describe('ObjectProperty forged counts and lengths', () => {
  it('a string length past the end is BAD_COUNT at the length', async () => {
    const bytes = fixtureBytes('strings-shallow.bin');
    const forged = bytes.slice();
    new DataView(forged.buffer).setUint16(8, 0xffff, true);
    const error = await failure(forged, fixtureConfig('strings-shallow.bin'));
    expect([error.code, error.offset]).toEqual([ErrorCode.BAD_COUNT, 8]);
  });

  it('a list count past the end is BAD_COUNT before anything is allocated', async () => {
    const bytes = patchU32(fixtureBytes('list-simple.bin'), 8, 0xffffffff);
    const error = await failure(bytes, fixtureConfig('list-simple.bin'));
    expect([error.code, error.offset]).toEqual([ErrorCode.BAD_COUNT, 8]);
  });

  it('a shallow class hash the list lacks is BAD_VALUE at the hash', async () => {
    const bytes = patchU32(fixtureBytes('list-simple.bin'), 4, 0xabcdef);
    const error = await failure(bytes, fixtureConfig('list-simple.bin'));
    expect([error.code, error.offset]).toEqual([ErrorCode.BAD_VALUE, 4]);
  });

  it('a truncated value is UNEXPECTED_EOF where it was needed', async () => {
    const bytes = fixtureBytes('all-scalars-shallow.bin').subarray(0, 20);
    const error = await failure(bytes, fixtureConfig('all-scalars-shallow.bin'));
    // Flags, hash, bool, char, uchar, short, ushort, int: the uint at 19 needs 4 bytes.
    expect([error.code, error.offset]).toEqual([ErrorCode.UNEXPECTED_EOF, 19]);
  });

  it('a human-readable enum with an unknown name is BAD_VALUE at its length', async () => {
    const bytes = fixtureBytes('bitflags-string.bin').slice();
    bytes[10] = 0x58; // FLAG_B → XLAG_B
    const error = await failure(bytes, fixtureConfig('bitflags-string.bin'));
    expect([error.code, error.offset]).toEqual([ErrorCode.BAD_VALUE, 8]);
  });

  it('a left-out delta property is BAD_VALUE when delta encoding is forbidden', async () => {
    // m_normal, then the presence bit of m_delta: cleared.
    const bytes = fixtureBytes('delta-encode-present.bin').slice();
    bytes[12] = 0;
    // Without FORBID the property is simply absent (m_after then reads m_delta's bytes).
    const { decode, issues } = await decodeObjectProperty(bytes, { config: SHALLOW, types });
    if (decode.root.kind !== 'typed') throw new Error('not typed');
    expect(decode.root.object.properties.map((p) => [p.name, p.value?.value ?? null])).toEqual([
      ['m_normal', { kind: 'int', value: 10 }],
      ['m_delta', null],
      ['m_after', { kind: 'int', value: 999 }],
    ]);
    expect(issues.map((issue) => issue.code)).toEqual(['TRAILING_BYTES']);
    // The stream's own flags forbid it: an error at the presence bit.
    const forbidden = await failure(patchU32(bytes, 0, 1 | 16), SHALLOW);
    expect([forbidden.code, forbidden.offset]).toEqual([ErrorCode.BAD_VALUE, 12]);
  });

  it('a forged compressed size is SIZE_MISMATCH at the wrapper', async () => {
    const bytes = patchU32(fixtureBytes('with-compression.bin'), 0, 45);
    const error = await failure(bytes, fixtureConfig('with-compression.bin'));
    expect(error.code).toBe(ErrorCode.SIZE_MISMATCH);
    const huge = await failure(
      patchU32(fixtureBytes('with-compression.bin'), 0, 0x7fffffff),
      fixtureConfig('with-compression.bin'),
    );
    expect([huge.code, huge.offset]).toEqual([ErrorCode.SIZE_MISMATCH, 0]);
  });

  it(`objects nested deeper than ${MAX_DEPTH} are refused with TOO_LARGE`, async () => {
    // Deep objects each holding the next as an unknown class's one property: hash, size.
    const depth = MAX_DEPTH + 2;
    const bytes = new Uint8Array(4 + depth * 16 + 4);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, 1, true);
    const outer = [...types.classes.values()].find((type) => type.name === 'class Outer')!;
    const inner = outer.properties.find((p) => p.name === 'm_inner')!;
    for (let level = 0; level < depth; level++) {
      const at = 4 + level * 16;
      const objectBits = (depth - level) * 128 + 32 - 32;
      view.setUint32(at, outer.hash, true);
      view.setUint32(at + 4, objectBits, true);
      view.setUint32(at + 8, objectBits - 32, true);
      view.setUint32(at + 12, inner.hash, true);
    }
    const error = await failure(bytes, DEEP);
    expect(error.code).toBe(ErrorCode.TOO_LARGE);
  });
});

describe('ObjectProperty forged compressed objects and type lists', () => {
  it('an error inside an inflated object says so, at its offset in the inflated bytes', async () => {
    // The object alone (deep), its size forged, then stored after flags 9 and marker 1.
    const object = patchU32(boundary.subarray(4), 4, 10_000);
    const head = new Uint8Array(13);
    head.set([0x42, 0x49, 0x4e, 0x64]);
    new DataView(head.buffer).setUint32(4, 9, true);
    head[8] = 1;
    new DataView(head.buffer).setUint32(9, object.length, true);
    const file = new Uint8Array([...head, ...zlibSync(object)]);
    const error = await failure(file, DEEP, false);
    expect([error.code, error.offset]).toEqual([ErrorCode.BAD_COUNT, 4]);
    expect(error.detail).toContain('inflated');
  });

  it('a type list that is not JSON or XML fails with the offset of the problem', () => {
    const bad = (text: string) => {
      try {
        parseTypeList(new TextEncoder().encode(text));
      } catch (error) {
        return error as FormatError;
      }
      throw new Error('parsed');
    };
    expect(bad('{"version": 2, "classes": {"1": {"hash": 1}}}').code).toBe(ErrorCode.BAD_VALUE);
    expect(bad('<ClassList><Class Name="a">').code).toBe(ErrorCode.UNEXPECTED_EOF);
    const property = bad('<ClassList>\n<Class Name="a"><Property Name="m_x"/></Class></ClassList>');
    expect([property.code, property.offset]).toEqual([ErrorCode.BAD_VALUE, 28]);
  });
});
