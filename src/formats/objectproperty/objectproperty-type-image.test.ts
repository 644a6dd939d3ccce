/**
 * A type list's compact image (type-image.ts): it holds every class, property and enum
 * option the list gives, a prepared list decodes a file as the list does, classes are made
 * once and only when read, and a damaged image is a FormatError at the word it concerns.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { rootJson } from './export.ts';
import { decodeObjectProperty } from './read.ts';
import { generateBindFile, generatedTypeListJson } from './generate.ts';
import { fixtureBytes } from './test-fixtures.ts';
import { TypeImage } from './type-image.ts';
import { compileTypeList, typeIndexOf } from './type-list.ts';

interface RawProperty {
  type: string;
  id: number;
  flags: number;
  container: string;
  dynamic: boolean;
  pointer: boolean;
  hash: number;
  enum_options: Record<string, number | string>;
}
interface RawClass {
  name: string;
  hash: number;
  bases: string[];
  properties: Record<string, RawProperty>;
}

function formatErrorOf(action: () => unknown): FormatError {
  try {
    action();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('type list images', () => {
  it('hold every class, property and option of the wiztype list, properties in id order', () => {
    const bytes = fixtureBytes('types.json');
    const raw = JSON.parse(new TextDecoder().decode(bytes)) as {
      classes: Record<string, RawClass>;
    };
    const index = typeIndexOf([{ name: 'l', bytes: compileTypeList(bytes), isPrepared: true }]);
    const expected = Object.values(raw.classes);
    expect(index.classes.size).toBe(expected.length);
    for (const type of expected) {
      const made = index.classes.get(type.hash)!;
      expect(made.name).toBe(type.name);
      expect(made.bases).toEqual(type.bases);
      const properties = Object.entries(type.properties).sort(([, a], [, b]) => a.id - b.id);
      expect(made.properties).toEqual(
        properties.map(([name, property]) => ({
          name,
          type: property.type,
          id: property.id,
          flags: property.flags,
          container: property.container,
          isDynamic: property.dynamic,
          isPointer: property.pointer,
          hash: property.hash,
          enumOptions: Object.entries(property.enum_options)
            .filter(([option]) => !option.startsWith('__'))
            .map(([option, value]) => ({ name: option, value: Number(value) >>> 0 })),
        })),
      );
      for (const property of made.properties) {
        expect(made.propertiesByHash.get(property.hash)).toBe(property);
      }
    }
  });

  it('a prepared list decodes a file as the list itself does, from JSON or XML', async () => {
    const { bytes, typeList } = generateBindFile(30, { seed: 9 });
    const list = new TextEncoder().encode(typeList);
    const asList = await decodeObjectProperty(bytes, {
      types: typeIndexOf([{ name: 'l', bytes: list }]),
    });
    const asImage = await decodeObjectProperty(bytes, {
      types: typeIndexOf([{ name: 'l', bytes: compileTypeList(list), isPrepared: true }]),
    });
    expect(rootJson(asImage.decode)).toEqual(rootJson(asList.decode));
    expect(JSON.stringify(rootJson(asImage.decode))).toContain('class DelveItem');
    const xml = fixtureBytes('types.xml');
    const fromXml = typeIndexOf([{ name: 'x', bytes: compileTypeList(xml), isPrepared: true }]);
    const fromJson = typeIndexOf([{ name: 'j', bytes: fixtureBytes('types.json') }]);
    for (const type of fromJson.classes.values()) {
      expect(fromXml.classes.get(type.hash)?.properties.map((p) => [p.name, p.hash])).toEqual(
        type.properties.map((p) => [p.name, p.hash]),
      );
    }
  });

  it('makes a class once, when first read; later images win for the same hash', () => {
    const list = new TextEncoder().encode(generatedTypeListJson());
    const image = new TypeImage(compileTypeList(list));
    const first = image.classOf(0);
    expect(image.classOf(0)).toBe(first);
    const renamed = new TextEncoder().encode(
      generatedTypeListJson().replace('"class DelveRoot"', '"class DelveRootAgain"'),
    );
    const merged = typeIndexOf([
      { name: 'a', bytes: list },
      { name: 'b', bytes: renamed },
    ]);
    const root = [...merged.classes.values()].find((type) =>
      type.name.startsWith('class DelveRoot'),
    );
    expect(root?.name).toBe('class DelveRootAgain');
    expect(merged.sources).toEqual(['a', 'b']);
  });

  it('a damaged image is a FormatError at the word it concerns, never a wrong class', () => {
    const image = compileTypeList(fixtureBytes('types.json'));
    const short = formatErrorOf(() => new TypeImage(image.subarray(0, image.length - 4)));
    expect([short.code, short.offset]).toEqual([ErrorCode.BAD_VALUE, 4]);
    const notImage = formatErrorOf(() => new TypeImage(fixtureBytes('types.json')));
    expect([notImage.code, notImage.offset]).toEqual([ErrorCode.BAD_VALUE, 0]);
    // The first class's name (word 8 + 1) pointing past the string table.
    const badName = image.slice();
    new DataView(badName.buffer).setUint32(9 * 4, 0xffff, true);
    const error = formatErrorOf(() => new TypeImage(badName));
    expect([error.code, error.offset]).toEqual([ErrorCode.BAD_VALUE, 9 * 4]);
    // The first class's properties (words 12, 13) running past the properties.
    const badRange = image.slice();
    new DataView(badRange.buffer).setUint32(13 * 4, 0xffffff, true);
    const range = formatErrorOf(() => new TypeImage(badRange));
    expect([range.code, range.offset]).toEqual([ErrorCode.BAD_VALUE, 12 * 4]);
  });

  it('a list that cannot be read fails as before, at its offset', () => {
    const error = formatErrorOf(() => compileTypeList(new TextEncoder().encode('{"a": 1')));
    expect(error.code).toBe(ErrorCode.BAD_VALUE);
  });
});
