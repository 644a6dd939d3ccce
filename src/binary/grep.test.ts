import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from './format-error.ts';
import { compileGrep, parseHexPattern, type GrepQuery } from './grep-query.ts';
import { GrepScanner, grepBytes, type GrepMatch } from './grep-scan.ts';
import { Utf8Cursor } from './utf8-walk.ts';

const encode = (text: string) => new TextEncoder().encode(text);

function utf16(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let at = 0; at < text.length; at++) {
    bytes[at * 2] = text.charCodeAt(at) & 0xff;
    bytes[at * 2 + 1] = text.charCodeAt(at) >>> 8;
  }
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Every match, feeding the bytes in chunks cut at `cuts`. */
function grepChunked(query: GrepQuery, bytes: Uint8Array, cuts: number[]): GrepMatch[] {
  const matches: GrepMatch[] = [];
  const scanner = new GrepScanner(compileGrep(query), (match) => matches.push(match));
  const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const end of ends) {
    scanner.feed(bytes.subarray(start, end), false);
    start = end;
  }
  scanner.feed(bytes.subarray(start), true);
  return matches;
}

/** Offsets where `pattern` matches, one position at a time. */
function naiveOffsets(bytes: Uint8Array, pattern: (number | null)[]): number[] {
  const found: number[] = [];
  for (let at = 0; at + pattern.length <= bytes.length; at++) {
    if (pattern.every((value, i) => value === null || bytes[at + i] === value)) found.push(at);
  }
  return found;
}

describe('compileGrep', () => {
  it('reads hex with ?? wildcards and spaces between pairs', () => {
    expect(parseHexPattern('4B 49 ?? 44')).toEqual([0x4b, 0x49, null, 0x44]);
    expect(parseHexPattern('4b49??44')).toEqual([0x4b, 0x49, null, 0x44]);
  });

  it('refuses bad hex with the offset of the character at fault', () => {
    const cases: [string, number][] = [
      ['4B 4G', 4],
      ['4B 4', 3],
      ['4B ?1', 3],
      ['?? ??', 0],
    ];
    for (const [input, offset] of cases) {
      const error = (() => {
        try {
          parseHexPattern(input);
        } catch (thrown) {
          return thrown;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).code).toBe(ErrorCode.BAD_VALUE);
      expect((error as FormatError).offset).toBe(offset);
    }
  });

  it('refuses a bad regular expression and an empty pattern', () => {
    expect(() => compileGrep({ mode: 'regex', pattern: 'a(' })).toThrow(FormatError);
    expect(() => compileGrep({ mode: 'text', pattern: '' })).toThrow(FormatError);
  });
});

describe('grep', () => {
  it('finds text as UTF-8, as UTF-16LE, or both, with a line of context', () => {
    const bytes = concat(
      encode('first line\nsome Wizard here\n'),
      new Uint8Array([0, 1, 2]),
      utf16('also Wizard\0'),
    );
    const utf8 = grepBytes(compileGrep({ mode: 'text', pattern: 'Wizard' }), bytes);
    expect(utf8).toEqual([{ offset: 16, length: 6, context: 'some Wizard here' }]);
    const wide = grepBytes(
      compileGrep({ mode: 'text', pattern: 'Wizard', encoding: 'utf16le' }),
      bytes,
    );
    expect(wide.map(({ offset, length }) => ({ offset, length }))).toEqual([
      { offset: 28 + 3 + 10, length: 12 },
    ]);
    expect(wide[0]!.context).toMatch(/also Wizard\.$/);
    const both = grepBytes(
      compileGrep({ mode: 'text', pattern: 'Wizard', encoding: 'both' }),
      bytes,
    );
    expect(both.map((match) => match.offset)).toEqual([16, 41]);
  });

  it('finds hex patterns with wildcards, context shown as printable ASCII', () => {
    const bytes = concat(encode('head'), new Uint8Array([0x4b, 0x49, 0x07, 0x44, 0x00]));
    const matches = grepBytes(compileGrep({ mode: 'hex', pattern: '4B 49 ?? 44' }), bytes);
    expect(matches).toEqual([{ offset: 4, length: 4, context: 'headKI.D.' }]);
  });

  it('maps regular expression matches to byte offsets past multibyte and invalid bytes', () => {
    const bytes = concat(encode('é€'), new Uint8Array([0xff, 0xe0, 0x80]), encode('😀 id=42;'));
    const matches = grepBytes(compileGrep({ mode: 'regex', pattern: 'id=\\d+' }), bytes);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.offset).toBe(2 + 3 + 3 + 4 + 1);
    expect(matches[0]!.length).toBe(5);
    expect(matches[0]!.context).toBe('é€...😀 id=42;');
  });

  it('finds a match that spans a chunk boundary, once', () => {
    const bytes = encode('xxxxxxKIWADxxxxxx');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const matches = grepChunked({ mode: 'text', pattern: 'KIWAD' }, bytes, [cut]);
      expect(matches.map((match) => match.offset)).toEqual([6]);
      const regex = grepChunked({ mode: 'regex', pattern: 'KI.AD' }, bytes, [cut]);
      expect(regex.map((match) => match.offset)).toEqual([6]);
    }
  });

  it('matches the naive search for any pattern and any chunking (property)', () => {
    const byte = fc.integer({ min: 0, max: 3 });
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 300, min: 0, max: 3 }),
        fc.array(fc.option(byte, { freq: 4 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(400), { maxLength: 6 }),
        (bytes, pattern, cuts) => {
          if (!pattern.some((value) => value !== null)) pattern[0] = 1;
          const hexText = pattern
            .map((value) => (value === null ? '??' : value.toString(16).padStart(2, '0')))
            .join(' ');
          const found = grepChunked({ mode: 'hex', pattern: hexText }, bytes, cuts);
          expect(found.map((match) => match.offset)).toEqual(naiveOffsets(bytes, pattern));
          expect(found.every((match) => match.length === pattern.length)).toBe(true);
        },
      ),
    );
  });

  it('gives the same regular expression matches whatever the chunking (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'é', '\n', ' '), maxLength: 200 }),
        fc.array(fc.nat(400), { maxLength: 4 }),
        (text, cuts) => {
          const bytes = encode(text);
          const whole = grepBytes(compileGrep({ mode: 'regex', pattern: 'ab+' }), bytes);
          const naive = [...text.matchAll(/ab+/g)].map(
            (match) => encode(text.slice(0, match.index)).length,
          );
          expect(whole.map((match) => match.offset)).toEqual(naive);
          const chunked = grepChunked({ mode: 'regex', pattern: 'ab+' }, bytes, cuts);
          // Small chunks all sit inside one overlap: every match is still found once.
          expect(chunked.map((match) => match.offset)).toEqual(naive);
        },
      ),
    );
  });
});

describe('Utf8Cursor', () => {
  it('walks bytes as TextDecoder counts their units (property)', () => {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const cursor = new Utf8Cursor(bytes);
        const total = decoder.decode(bytes).length;
        for (let target = 1; target <= total; target++) {
          const at = cursor.advanceTo(target);
          const prefix = decoder.decode(bytes.subarray(0, at)).length;
          // Short of the target only inside a surrogate pair (one unit left).
          expect(target - prefix).toBeLessThanOrEqual(1);
          expect(target - prefix).toBeGreaterThanOrEqual(0);
        }
        expect(cursor.advanceTo(total)).toBe(bytes.length);
      }),
    );
  });
});
