/** JSON read from bytes gives what `JSON.parse` gives, and refuses what it refuses. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from './format-error.ts';
import { JsonBytes, validateJson } from './json-bytes.ts';

const encode = (text: string) => new TextEncoder().encode(text);

function read(text: string): { json: JsonBytes; bytes: Uint8Array } {
  const bytes = encode(text);
  return { json: new JsonBytes(bytes, validateJson(bytes, 0, 'test')), bytes };
}

describe('JSON bytes', () => {
  it('decodes strings and numbers to the values JSON.parse gives', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()),
        (text, number) => {
          const source = JSON.stringify([text, number, text]);
          const { json } = read(source);
          const elements: number[] = [];
          json.forEachElement(0, (at) => elements.push(at));
          expect(json.string(elements[0]!)).toBe(text);
          expect(Object.is(json.number(elements[1]!), JSON.parse(JSON.stringify(number)))).toBe(
            true,
          );
          // The second time from the cache of decoded strings.
          expect(json.string(elements[2]!)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts what JSON.parse accepts and refuses what it refuses', () => {
    const pieces = [
      '{',
      '}',
      '[',
      ']',
      '"a"',
      '"\\u00e9"',
      '"\\q"',
      ':',
      ',',
      ' ',
      '1',
      '-0.5e+3',
      '01',
      'true',
      'nul',
      '\t',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        let parsed = true;
        try {
          JSON.parse(text);
        } catch {
          parsed = false;
        }
        let validated = true;
        try {
          validateJson(encode(text), 0, 'test');
        } catch (error) {
          expect(error).toBeInstanceOf(FormatError);
          validated = false;
        }
        expect(validated).toBe(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  it('lists members as a parsed object enumerates them', () => {
    const text =
      '{"b": 1, "10": 2, "a": 3, "2": 4, "b": 5, "01": 6, "4294967295": 7, "4294967294": 8}';
    const { json } = read(text);
    const members = [...json.members(0)].map(([key, at]) => [key, json.number(at)]);
    expect(members).toEqual(Object.entries(JSON.parse(text) as Record<string, number>));
  });
});
