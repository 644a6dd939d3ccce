/**
 * The wiztype JSON scanner against the `JSON.parse` reading it replaces: the same image, byte
 * for byte, for the shared fixture, generated lists and lists written to be awkward (escapes,
 * odd whitespace, repeated and numeric keys, numbers as text); malformed lists fail at the
 * byte at fault.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../binary/format-error.ts';
import { formatErrorOf } from '../../binary/testing/format-error-of.ts';
import { generatedTypeListJson, generateLargeTypeList } from './generate.ts';
import { fixtureBytes } from './test-fixtures.ts';
import { TypeImageWriter } from './type-image.ts';
import { parsedJsonClasses } from './type-list-json-parse.ts';
import { compileTypeList, parseTypeList } from './type-list.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** The image as the `JSON.parse` reading makes it. */
function referenceImage(bytes: Uint8Array): Uint8Array {
  const writer = new TypeImageWriter();
  parsedJsonClasses(new TextDecoder('utf-8').decode(bytes), writer);
  return writer.finish();
}

function expectSameImage(bytes: Uint8Array): void {
  const image = compileTypeList(bytes);
  expect(Buffer.from(image).equals(Buffer.from(referenceImage(bytes)))).toBe(true);
}

/** The same image, or both readings refusing the list (offsets differ: the reference had none). */
function expectSameOutcome(bytes: Uint8Array): void {
  let reference: Uint8Array;
  try {
    reference = referenceImage(bytes);
  } catch {
    expect(formatErrorOf(() => compileTypeList(bytes)).code).toBe(ErrorCode.BAD_VALUE);
    return;
  }
  expect(Buffer.from(compileTypeList(bytes)).equals(Buffer.from(reference))).toBe(true);
}

/**
 * A value as JSON text whose objects list their members in a random order, now and then a
 * member repeated with another member's value (`JSON.stringify` would give index keys first).
 */
function shuffledJson(value: unknown, space: string, next: () => number): string {
  if (Array.isArray(value)) {
    return `[${space}${value.map((each) => shuffledJson(each, space, next)).join(`,${space}`)}]`;
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value);
  for (let at = entries.length - 1; at > 0; at--) {
    const other = next() % (at + 1);
    [entries[at], entries[other]] = [entries[other]!, entries[at]!];
  }
  if (entries.length > 1 && next() % 4 === 0) entries.push([entries[0]![0], entries[1]![1]]);
  const members = entries.map(
    ([key, each]) => `${JSON.stringify(key)}${space}:${space}${shuffledJson(each, space, next)}`,
  );
  return `{${space}${members.join(`,${space}`)}${space}}`;
}

const property = (fields: string) => `{"type": "int", "id": 1, ${fields}}`;

describe('wiztype JSON scanned from its bytes', () => {
  it('gives the JSON.parse image for the shared fixture and generated lists (v2)', () => {
    expectSameImage(fixtureBytes('types.json'));
    expectSameImage(encode(generatedTypeListJson()));
    expectSameImage(generateLargeTypeList(300_000, 7));
  });

  it('gives the JSON.parse image for a v1 list, pretty-printed with odd whitespace', () => {
    const v2 = JSON.parse(generatedTypeListJson()) as {
      classes: Record<string, { name: string }>;
    };
    const v1 = Object.fromEntries(Object.values(v2.classes).map((type) => [type.name, type]));
    const pretty = JSON.stringify(v1, null, '\t').replaceAll('\n', '\r\n \t');
    expectSameImage(encode(pretty));
    expect(parseTypeList(encode(pretty)).length).toBe(Object.keys(v1).length);
  });

  it('decodes escapes, non-ASCII and invalid UTF-8 in names as JSON.parse does', () => {
    const list = encode(
      `{"class \\u00c9t\\u00e9": {"bases": ["Base\\ud83d\\ude00", 3, null, "\\ud800"], "properties": {` +
        `"m_\\u0041": ${property('"container": "\\"Vector\\"\\\\\\/\\b\\f\\n\\r\\t"')}, ` +
        `"m_é😀": {"typ\\u0065": "std::string", "id": 2}, ` +
        `"\\ufeffm_bom": {"type": "\\ufeffint"}}}, "class Ω": {}}`,
    );
    expectSameImage(list);
    // Invalid UTF-8 inside a name: the decoder's replacement character, as for the whole text.
    const invalid = encode('{"class X": {"properties": {"m_ZZ": {"type": "int"}}}}');
    const at = new TextDecoder().decode(invalid).indexOf('ZZ');
    invalid.set([0xc3, 0xff], at);
    expectSameImage(invalid);
    const names = parseTypeList(invalid)[0]!.properties.map((each) => each.name);
    expect(names).toEqual(['m_\ufffd\ufffd']);
    // A byte order mark before the list is not part of it.
    expectSameImage(new Uint8Array([0xef, 0xbb, 0xbf, ...encode('{"class A": {}}')]));
  });

  it('keeps a repeated key in its first place with its last value, index keys first', () => {
    const list =
      '{"version": 2, "classes": {"30": {"name": "class C", "hash": 1}, ' +
      '"4294967295": {"name": "class Big"}, "007": {"name": "class Padded"}, ' +
      '"2": {"name": "class B", "properties": {"10": {"type": "int", "id": 0}, "9": {"type": "int", "id": 0}, ' +
      '"m_x": {"type": "int"}, "m_y": {"type": "int", "enum_options": {"1": 2, "0": "0x10", "__DEFAULT": "x", "A": "7", "1": 1}}, ' +
      '"m_x": {"type": "float", "hash": null, "id": 3}}}, ' +
      '"30": {"name": "class C2", "hash": "0x20", "name": "class C3"}, "__proto__": {"name": "class P", "hash": 9}}}';
    // `hash: null` for a property is a number that is not one: both readings refuse it.
    const bad = formatErrorOf(() => compileTypeList(encode(list)));
    expect(bad.code).toBe(ErrorCode.BAD_VALUE);
    expect(() => referenceImage(encode(list))).toThrow();
    const fixed = list.replace('"hash": null, ', '');
    expectSameImage(encode(fixed));
    const names = parseTypeList(encode(fixed)).map((type) => type.name);
    expect(names).toEqual(['class B', 'class C3', 'class Big', 'class Padded', 'class P']);
  });

  it('reads numbers and numbers as text as JSON.parse does', () => {
    const fields = [
      '"flags": 1e3, "hash": -1',
      '"flags": " 0x10 ", "hash": "4294967297"',
      '"flags": 2.0, "hash": 12345678901234567890',
      '"flags": -0, "hash": "", "id": null',
      '"flags": 0.5e1, "hash": "-1e2"',
    ];
    for (const each of fields) {
      const list = `{"version": 2.0, "classes": {"5": {"name": "class N", "hash": null, "properties": {"m_n": ${property(each)}}}}}`;
      expectSameImage(encode(list));
    }
    // A version that is not the number 2 is a v1 list, where `version` is a class.
    expect(
      formatErrorOf(() => compileTypeList(encode('{"version": "2", "classes": {}}'))).offset,
    ).toBe(12);
  });

  it('gives the JSON.parse image for random lists', () => {
    const key = fc.oneof(fc.constantFrom('m_a', 'm_b', '10', '2', '__DEFAULT', 'é'), fc.string());
    const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    const value = fc.oneof(number, number.map(String), fc.boolean(), fc.constant(null));
    const propertyArbitrary = fc.record(
      {
        type: fc.string(),
        id: fc.nat(50),
        flags: fc.oneof(
          fc.integer(),
          fc.integer().map((n) => ` ${n} `),
          fc.constant(null),
        ),
        hash: fc.oneof(fc.integer(), number),
        container: fc.oneof(fc.string(), fc.constant(1)),
        dynamic: value,
        pointer: fc.boolean(),
        enum_options: fc.dictionary(key, fc.oneof(fc.integer(), fc.integer().map(String))),
      },
      { requiredKeys: ['type'] },
    );
    const classArbitrary = fc.record(
      {
        name: fc.string(),
        bases: fc.array(fc.oneof(fc.string(), fc.integer())),
        hash: fc.oneof(fc.nat(), fc.constant(null)),
        properties: fc.dictionary(key, propertyArbitrary),
      },
      { requiredKeys: ['name'] },
    );
    const lists = fc.oneof(
      fc
        .dictionary(fc.nat().map(String), classArbitrary)
        .map((classes) => ({ version: 2, classes })),
      fc.dictionary(key, classArbitrary),
    );
    fc.assert(
      fc.property(lists, fc.constantFrom('', ' ', '\t', ' \r\n'), fc.nat(), (list, space, seed) => {
        let state = seed;
        const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 1);
        expectSameOutcome(encode(shuffledJson(list, space, next)));
      }),
      { numRuns: 150 },
    );
  });
});

describe('wiztype JSON that cannot be read', () => {
  const offsetOf = (text: string | Uint8Array) => {
    const error = formatErrorOf(() =>
      compileTypeList(typeof text === 'string' ? encode(text) : text),
    );
    expect(error.code).toBe(ErrorCode.BAD_VALUE);
    expect(error.format).toBe('objectproperty');
    return error.offset;
  };

  it('names the byte that breaks the grammar', () => {
    expect(offsetOf('{"a": 1')).toBe(7);
    expect(offsetOf('{"a": 1,}')).toBe(8);
    expect(offsetOf('{"a" 1}')).toBe(5);
    expect(offsetOf('{"a": tru}')).toBe(9);
    expect(offsetOf('{"a": "\\u00g0"}')).toBe(11);
    expect(offsetOf('{"a": "\\x"}')).toBe(8);
    expect(offsetOf('{"a": "x\ny"}')).toBe(8);
    expect(offsetOf('{"a": 01}')).toBe(7);
    expect(offsetOf('{"a": -}')).toBe(7);
    expect(offsetOf('{"a": 1.}')).toBe(8);
    expect(offsetOf('{"a": 1e}')).toBe(8);
    expect(offsetOf('{"a": [1 2]}')).toBe(9);
    expect(offsetOf('{"a": {}} x')).toBe(10);
    expect(offsetOf("{'a': 1}")).toBe(1);
    // Offsets count bytes: `é` is two.
    expect(offsetOf('{"é": 1,}')).toBe(9);
    // Deep nesting is read without recursion, to its end.
    expect(offsetOf(`{"a": ${'['.repeat(200_000)}`)).toBe(200_006);
    // A no-break space before the `{` is no JSON whitespace.
    expect(offsetOf('\u00a0{"a": {}}')).toBe(0);
  });

  it('names the value of the wrong shape', () => {
    const noName = '{"version": 2, "classes": {"1": {"hash": 1}}}';
    expect(offsetOf(noName)).toBe(noName.indexOf('{"hash"'));
    const noType = '{"A": {"properties": {"m": {"id": 1}}}}';
    expect(offsetOf(noType)).toBe(noType.indexOf('{"id"'));
    const badId = '{"A": {"properties": {"m": {"type": "int", "id": "x"}}}}';
    expect(offsetOf(badId)).toBe(badId.indexOf('"x"'));
    const badOption = '{"A": {"properties": {"m": {"type": "int", "enum_options": {"B": true}}}}}';
    expect(offsetOf(badOption)).toBe(badOption.indexOf('true'));
    expect(offsetOf('{"A": 5}')).toBe(6);
    const noClasses = '{"version": 2, "classes": []}';
    expect(offsetOf(noClasses)).toBe(noClasses.indexOf('[]'));
  });
});
