import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { objectJson, objectXml } from './export.ts';
import { djb2, propertyHash, stringId } from './hashes.ts';
import { decodeObjectProperty } from './read.ts';
import { FIXTURE_VALUES as EXPECTED } from './fixture-values.ts';
import { fixtureBytes, fixtureConfig, fixtureNames, fixtureTypes } from './test-fixtures.ts';
import { lookupHash, lookupName } from './type-list.ts';
import type { DecodedObject } from './types.ts';

const json = fixtureTypes('types.json');
const xml = fixtureTypes('types.xml');

async function decodeFixture(name: string, types = json) {
  return decodeObjectProperty(fixtureBytes(name), { config: fixtureConfig(name), types });
}

/** A tree without its bit ranges (the two lists give the same bits anyway). */
const typedRoot = (root: unknown) => root as { kind: 'typed'; object: DecodedObject };

describe('ObjectProperty fixtures', () => {
  it('has an expectation for every fixture', () => {
    expect(fixtureNames().sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name} decodes to what its class implies, every byte read`, async () => {
      const { decode, issues } = await decodeFixture(name);
      expect(decode.root.kind).toBe('typed');
      const root = typedRoot(decode.root).object;
      expect(objectJson(root)).toEqual({ ...expected, $hash: stringId(String(expected.$class)) });
      expect(Math.ceil(decode.endBit / 8)).toBe(decode.stream.length);
      expect(issues).toEqual([]);
    });

    it(`${name}: the JSON and XML type lists give the same tree`, async () => {
      const fromJson = await decodeFixture(name, json);
      const fromXml = await decodeFixture(name, xml);
      expect(fromXml.decode.root).toEqual(fromJson.decode.root);
    });
  }

  it('reads the compressed fixture through its manual wrapper: inner flags 9, marker 0', async () => {
    const { decode } = await decodeFixture('with-compression.bin');
    expect(decode.header.flags).toBe(9);
    expect(decode.streamOffset).toBeNull();
    expect(decode.stream.length).toBe(44);
  });

  it('deep sizes are as the spec says: 66, 72, 73… and 320 = 3 × 96 + 32', async () => {
    const bits = typedRoot((await decodeFixture('bit-integers-deep.bin')).decode.root).object;
    expect(bits.properties.slice(0, 3).map((property) => property.sizeBits)).toEqual([66, 72, 73]);
    const boundary = typedRoot((await decodeFixture('deep-size-boundary.bin')).decode.root).object;
    expect(boundary.sizeBits).toBe(320);
    expect(boundary.properties.map((property) => property.sizeBits)).toEqual([96, 96, 96]);
  });

  it('fails the null root with BAD_VALUE at its hash', async () => {
    const name = 'should-fail/null-root.bin';
    const error = await decodeObjectProperty(fixtureBytes(name), {
      config: fixtureConfig(name),
      types: json,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe(ErrorCode.BAD_VALUE);
    expect((error as FormatError).offset).toBe(4);
    const generic = await decodeObjectProperty(fixtureBytes(name), {
      config: fixtureConfig(name),
    }).catch((caught: unknown) => caught);
    expect((generic as FormatError).code).toBe(ErrorCode.BAD_VALUE);
  });

  it('exports KingsIsle XML with class names, values and nested classes', async () => {
    const root = typedRoot((await decodeFixture('nested-object.bin')).decode.root).object;
    expect(objectXml(root)).toBe(
      [
        '<Objects>',
        '  <Class Name="class Outer">',
        '    <m_inner>',
        '      <Class Name="class Inner">',
        '        <m_value>42</m_value>',
        '        <m_name>nested</m_name>',
        '      </Class>',
        '    </m_inner>',
        '    <m_count>1</m_count>',
        '  </Class>',
        '</Objects>',
        '',
      ].join('\n'),
    );
  });
});

describe('ObjectProperty without a type list', () => {
  it('walks a deep blob: hashes, sizes, bit ranges and number guesses', async () => {
    const name = 'deep-size-boundary.bin';
    const { decode } = await decodeObjectProperty(fixtureBytes(name), {
      config: fixtureConfig(name),
    });
    expect(decode.root.kind).toBe('generic');
    if (decode.root.kind !== 'generic') return;
    const { object } = decode.root;
    expect(object.hash).toBe(stringId('class DeepSizeBoundary'));
    expect(object.sizeBits).toBe(320);
    expect(
      object.properties.map((property) => [property.hash, property.bits.start, property.sizeBits]),
    ).toEqual([
      [propertyHash('unsigned int', 'm_first'), 96, 96],
      [propertyHash('unsigned int', 'm_second'), 192, 96],
      [propertyHash('unsigned int', 'm_third'), 288, 96],
    ]);
    expect(object.properties[1]!.guess).toMatchObject({
      kind: 'number',
      bits: 32,
      unsigned: String(0x22222222),
    });
  });

  it('shows a shallow blob by its class hash only', async () => {
    const name = 'list-simple.bin';
    const { decode } = await decodeObjectProperty(fixtureBytes(name), {
      config: fixtureConfig(name),
    });
    expect(decode.root).toEqual({
      kind: 'hashOnly',
      hash: stringId('class WithList'),
      bits: { start: 32, end: 64 },
    });
  });
});

describe('ObjectProperty hashes', () => {
  it.each([
    ['std::string', 1497788074],
    ['class FishTournamentEntry', 1725212200],
    ['class NonCombatMayCastSpellTemplate*', 920052956],
    ['Hello, world!', 804074800],
    ['Lorem ipsum dolor sit amet', 249896619],
    ['class PropertyClass', 723888169],
    ['class LootInfoList', 0x4867032a],
    ['class MagicXPLootInfo', 0x656b8789],
    ['class GoldLootInfo', 0x1b84395e],
    ['a', 65],
    ['int', 88457],
    ['', 0],
  ])('string ID of %j is %i', (text, value) => {
    expect(stringId(text)).toBe(value);
  });

  it('djb2 and the property hash match the spec', () => {
    expect(djb2('m_packedName')).toBe(307420154);
    expect(propertyHash('class SharedPointer<class EquipmentSet>', 'm_equipmentSetList')).toBe(
      1788831224,
    );
  });

  it('every property hash of the JSON list is the formula on its type and name', () => {
    for (const type of json.classes.values()) {
      for (const property of type.properties)
        expect(property.hash).toBe(propertyHash(property.type, property.name));
    }
  });

  it('looks hashes and names up in both directions', () => {
    const hash = propertyHash('std::string', 'm_name');
    expect(
      lookupHash(json, hash)
        .properties.map((each) => each.className)
        .sort(),
    ).toEqual(['class Inner', 'class ListElement']);
    expect(lookupHash(json, stringId('class Outer')).classes).toEqual(['class Outer']);
    expect(lookupName(json, 'class Outer').classes).toEqual([
      { name: 'class Outer', hash: stringId('class Outer') },
    ]);
    expect(lookupName(json, 'm_inner').properties).toEqual([
      {
        className: 'class Outer',
        type: 'class Inner',
        hash: propertyHash('class Inner', 'm_inner'),
      },
    ]);
  });
});
