import { describe, expect, it } from 'vitest';
import { objectJson } from './export.ts';
import {
  generateBindFile,
  generateLargeTypeList,
  generatedTypeIndex,
  LARGE_TYPE_LIST_BYTES,
} from './generate.ts';
import { decodeObjectProperty } from './read.ts';
import { parseTypeList, typeIndexOf } from './type-list.ts';
import { propertyHash, stringId } from './hashes.ts';

describe('ObjectProperty generator', () => {
  it('a BINd file of N items, deep and compressed, decodes with its own type list', async () => {
    const { bytes, typeList } = generateBindFile(25, { seed: 9 });
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0x42, 0x49, 0x4e, 0x64]);
    const types = typeIndexOf([
      { name: 'generated.json', bytes: new TextEncoder().encode(typeList) },
    ]);
    const { decode, issues } = await decodeObjectProperty(bytes, { types });
    expect(issues).toEqual([]);
    expect(decode.header).toEqual({ isBind: true, flags: 9, isInflated: true });
    expect(decode.root.kind).toBe('typed');
    if (decode.root.kind !== 'typed') return;
    const root = objectJson(decode.root.object);
    expect(root.$class).toBe('class DelveRoot');
    expect(root.m_count).toBe(25);
    const items = root.m_items as Record<string, unknown>[];
    expect(items).toHaveLength(25);
    expect(new Set(items.map((item) => item.$class))).toEqual(new Set(['class DelveItem']));
    // Every class and property is named: nothing shown by hash.
    expect(JSON.stringify(root)).not.toContain('$unknown');
  });

  it('is deterministic, and uncompressed on request', () => {
    expect(generateBindFile(3, { seed: 2 }).bytes).toEqual(generateBindFile(3, { seed: 2 }).bytes);
    const plain = generateBindFile(3, { seed: 2, isCompressed: false }).bytes;
    expect(new DataView(plain.buffer).getUint32(4, true)).toBe(1);
  });

  it('a large type list reaches its size, parses, and hashes by the spec', () => {
    expect(LARGE_TYPE_LIST_BYTES).toBe(60 * 1024 * 1024);
    const bytes = generateLargeTypeList(2 * 1024 * 1024, 5);
    expect(bytes.length).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(2.2 * 1024 * 1024);
    const classes = parseTypeList(bytes);
    expect(classes.length).toBeGreaterThan(100);
    for (const type of classes.slice(0, 20)) {
      expect(type.hash).toBe(stringId(type.name));
      for (const property of type.properties)
        expect(property.hash).toBe(propertyHash(property.type, property.name));
    }
    expect(
      classes.some((type) => type.properties.some((property) => property.enumOptions.length > 0)),
    ).toBe(true);
  });

  it('the generated classes hold every kind of value', () => {
    const types = [...generatedTypeIndex().classes.values()].flatMap((type) =>
      type.properties.map((property) => property.type),
    );
    for (const type of [
      'bool',
      'bui5',
      'bi7',
      'gid',
      'class Matrix3x3',
      'class Color',
      'std::wstring',
      'class Rect<int>',
    ])
      expect(types).toContain(type);
  });
});
