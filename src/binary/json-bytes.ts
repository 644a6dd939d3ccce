/**
 * Strict JSON read straight from its UTF-8 bytes, for large inputs read once (a 60 MB type
 * list): no object tree and no decode of the whole text. `validateJson` checks the grammar
 * as `JSON.parse` does (ECMA-404: four whitespace bytes, no trailing commas, escapes and
 * numbers exactly) and names the first byte that breaks it. A `JsonBytes` then walks the
 * checked bytes by offsets: the members of an object in the order a parsed object
 * enumerates them, the elements of an array, and strings decoded only when asked for, each
 * distinct one once (a cache by its bytes), to the same text `JSON.parse` gives.
 */
import { ErrorCode, FormatError } from './format-error.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const isWhitespace = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const isDigit = (byte: number) => byte >= ZERO && byte <= NINE;
const isHex = (byte: number) =>
  isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
/** `" \ / b f n r t`: the escapes that take one character. */
const SHORT_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/**
 * Where `validateJson` saw large objects and arrays end, by their start: a bit per byte
 * says whether to look, so that a walk asks the map only for containers it holds.
 */
export class ContainerEnds {
  private readonly bits: Uint8Array;
  private readonly ends = new Map<number, number>();

  constructor(length: number) {
    this.bits = new Uint8Array((length >> 3) + 1);
  }

  note(start: number, end: number): void {
    this.bits[start >> 3]! |= 1 << (start & 7);
    this.ends.set(start, end);
  }

  /** The offset past the container at `start`, if noted. */
  endOf(start: number): number | undefined {
    return (this.bits[start >> 3]! & (1 << (start & 7))) === 0 ? undefined : this.ends.get(start);
  }
}

/** What a value is, told by its first byte. */
export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'true' | 'false' | 'null';

/** The first offset at or after `at` that is not JSON whitespace. */
export function skipWhitespace(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && isWhitespace(bytes[at]!)) at++;
  return at;
}

const IN_OBJECT = 1;
const IN_ARRAY = 2;

/** Containers this long or longer have their ends noted while checked, so that no walk skips them again. */
const NOTED_SIZE = 256;

/**
 * Checks that one JSON value starts at `start` and only whitespace follows it, without
 * recursion: the ends of its objects and arrays of `NOTED_SIZE` bytes or more. Anything else is a FormatError (BAD_VALUE) at the first byte that breaks it.
 */
export function validateJson(bytes: Uint8Array, start: number, format: string): ContainerEnds {
  const length = bytes.length;
  const fail = (at: number, detail: string): never => {
    throw new FormatError({
      code: ErrorCode.BAD_VALUE,
      offset: Math.min(at, length),
      detail: `not JSON: ${at >= length ? 'it ends early' : detail}`,
      format,
    });
  };
  const expect = (at: number, byte: number, what: string) => {
    if (bytes[at] !== byte || at >= length) fail(at, `expected ${what}`);
  };
  const stringEnd = (at: number): number => {
    let p = at + 1;
    for (;;) {
      while (p < length) {
        const byte = bytes[p]!;
        if (byte === QUOTE || byte === BACKSLASH || byte < 0x20) break;
        p++;
      }
      if (p >= length) return fail(p, '');
      const byte = bytes[p]!;
      if (byte === QUOTE) return p + 1;
      if (byte < 0x20) return fail(p, 'a control character in a string');
      const escape = bytes[p + 1] ?? 0;
      if (SHORT_ESCAPES.has(escape)) p += 2;
      else if (escape === 0x75) {
        for (let digit = p + 2; digit < p + 6; digit++) {
          if (!isHex(bytes[digit] ?? 0)) fail(digit, 'a \\u escape needs four hex digits');
        }
        p += 6;
      } else fail(p + 1, 'an unknown escape');
    }
  };
  const digitsEnd = (at: number): number => {
    if (!isDigit(bytes[at] ?? 0)) fail(at, 'expected a digit');
    while (at < length && isDigit(bytes[at]!)) at++;
    return at;
  };
  const numberEnd = (at: number): number => {
    let p = bytes[at] === MINUS ? at + 1 : at;
    p = bytes[p] === ZERO ? p + 1 : digitsEnd(p);
    if (bytes[p] === DOT) p = digitsEnd(p + 1);
    if (bytes[p] === 0x65 || bytes[p] === 0x45) {
      p++;
      if (bytes[p] === PLUS || bytes[p] === MINUS) p++;
      p = digitsEnd(p);
    }
    return p;
  };
  const keyEnd = (at: number): number => {
    expect(at, QUOTE, 'a property name in double quotes');
    const p = skipWhitespace(bytes, stringEnd(at));
    expect(p, COLON, "':'");
    return p + 1;
  };

  const stack: number[] = [];
  const starts: number[] = [];
  const ends = new ContainerEnds(length);
  const literalEnd = (at: number, literal: readonly number[]): number => {
    for (let index = 0; index < literal.length; index++) {
      if (bytes[at + index] !== literal[index] || at + index >= length) {
        fail(at + index, 'expected true, false or null');
      }
    }
    return at + literal.length;
  };
  let p = start;
  for (;;) {
    // A value at p.
    p = skipWhitespace(bytes, p);
    const byte = bytes[p] ?? -1;
    if (byte === OPEN_OBJECT) {
      const opened = p;
      p = skipWhitespace(bytes, p + 1);
      if (bytes[p] === CLOSE_OBJECT) p++;
      else {
        stack.push(IN_OBJECT);
        starts.push(opened);
        p = keyEnd(p);
        continue;
      }
    } else if (byte === OPEN_ARRAY) {
      const opened = p;
      p = skipWhitespace(bytes, p + 1);
      if (bytes[p] === CLOSE_ARRAY) p++;
      else {
        stack.push(IN_ARRAY);
        starts.push(opened);
        continue;
      }
    } else if (byte === QUOTE) p = stringEnd(p);
    else if (byte === MINUS || isDigit(byte)) p = numberEnd(p);
    else if (byte === 0x74) p = literalEnd(p, TRUE);
    else if (byte === 0x66) p = literalEnd(p, FALSE);
    else if (byte === 0x6e) p = literalEnd(p, NULL);
    else fail(p, 'expected a value');
    // After a value: the end, the next member or element, or the end of containers.
    for (;;) {
      const inside = stack.at(-1);
      p = skipWhitespace(bytes, p);
      if (inside === undefined) {
        if (p < length) fail(p, 'more after the value');
        return ends;
      }
      const next = bytes[p];
      if (next === COMMA) {
        p = inside === IN_OBJECT ? keyEnd(skipWhitespace(bytes, p + 1)) : p + 1;
        break;
      }
      if (next === (inside === IN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) {
        stack.pop();
        const opened = starts.pop()!;
        if (p - opened >= NOTED_SIZE) ends.note(opened, p + 1);
        p++;
        continue;
      }
      fail(p, inside === IN_OBJECT ? "expected ',' or '}'" : "expected ',' or ']'");
    }
  }
}

/** Whether a key is an array index, which objects enumerate first, in ascending order. */
function isArrayIndex(key: string): boolean {
  if (key.length === 0 || key.length > 10) return false;
  for (let at = 0; at < key.length; at++) {
    const code = key.charCodeAt(at);
    if (code < ZERO || code > NINE) return false;
  }
  return (key === '0' || key.charCodeAt(0) !== ZERO) && Number(key) <= 0xfffffffe;
}

interface CachedString {
  start: number;
  length: number;
  text: string;
  next: CachedString | null;
}

/**
 * Checked JSON bytes (`validateJson`), read by offsets: each method takes the offset of a
 * value's first byte. Reading bytes that were not checked gives no guarantee.
 */
export class JsonBytes {
  /** Where the last string or number read ended. */
  private end = 0;
  private readonly strings = new Map<number, CachedString>();
  // A string's own leading U+FEFF is text, not a byte order mark.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  /** `ends`: what `validateJson` noted, offsets past containers by their start. */
  constructor(
    readonly bytes: Uint8Array,
    private readonly ends: ContainerEnds = new ContainerEnds(0),
  ) {}

  kindAt(at: number): JsonKind {
    switch (this.bytes[at]) {
      case OPEN_OBJECT:
        return 'object';
      case OPEN_ARRAY:
        return 'array';
      case QUOTE:
        return 'string';
      case 0x74:
        return 'true';
      case 0x66:
        return 'false';
      case 0x6e:
        return 'null';
      default:
        return 'number';
    }
  }

  /** The offset just past the value at `at`. */
  skip(at: number): number {
    const { bytes } = this;
    const first = bytes[at];
    if (first === QUOTE) return this.stringEnd(at);
    if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
      let p = at + 1;
      while (p < bytes.length) {
        const byte = bytes[p]!;
        if (!(isDigit(byte) || (byte >= 0x61 && byte <= 0x7a) || byte === DOT)) {
          if (byte !== PLUS && byte !== MINUS && byte !== 0x45) break;
        }
        p++;
      }
      return p;
    }
    const noted = this.ends.endOf(at);
    if (noted !== undefined) return noted;
    let depth = 0;
    let p = at;
    for (;;) {
      const byte = bytes[p]!;
      if (byte === QUOTE) {
        p = this.stringEnd(p);
        continue;
      }
      if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++;
      else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 0) return p + 1;
      p++;
    }
  }

  private stringEnd(at: number): number {
    const { bytes } = this;
    let p = at + 1;
    for (;;) {
      const byte = bytes[p]!;
      if (byte === QUOTE) return p + 1;
      p += byte === BACKSLASH ? 2 : 1;
    }
  }

  /** The string at `at`, as `JSON.parse` gives it; each distinct string is decoded once. */
  string(at: number): string {
    const { bytes } = this;
    let p = at + 1;
    let hash = 0x811c9dc5;
    let isEscaped = false;
    for (;;) {
      let byte = bytes[p]!;
      if (byte === QUOTE) break;
      if (byte === BACKSLASH) {
        isEscaped = true;
        hash = Math.imul(hash ^ byte, 0x01000193);
        byte = bytes[++p]!;
      }
      hash = Math.imul(hash ^ byte, 0x01000193);
      p++;
    }
    this.end = p + 1;
    // Kept in small-integer range: a Map keyed by larger numbers boxes each key.
    hash &= 0x3fffffff;
    const start = at + 1;
    const length = p - start;
    const first = this.strings.get(hash);
    for (let known: CachedString | null = first ?? null; known; known = known.next) {
      if (known.length === length && this.sameBytes(known.start, start, length)) return known.text;
    }
    const text = isEscaped
      ? (JSON.parse(this.decoder.decode(bytes.subarray(at, p + 1))) as string)
      : this.decoder.decode(bytes.subarray(start, p));
    this.strings.set(hash, { start, length, text, next: first ?? null });
    return text;
  }

  private sameBytes(a: number, b: number, length: number): boolean {
    const { bytes } = this;
    for (let at = 0; at < length; at++) if (bytes[a + at] !== bytes[b + at]) return false;
    return true;
  }

  /** The number at `at`, as `JSON.parse` gives it. */
  number(at: number): number {
    const { bytes } = this;
    const isNegative = bytes[at] === MINUS;
    let p = isNegative ? at + 1 : at;
    let value = 0;
    while (p < bytes.length && isDigit(bytes[p]!)) value = value * 10 + bytes[p++]! - ZERO;
    const next = bytes[p];
    // Up to 15 digits, an integer sum is exact; fractions and exponents go through Number.
    if (p - at <= 15 && next !== DOT && next !== 0x65 && next !== 0x45) {
      this.end = p;
      return isNegative ? -value : value;
    }
    this.end = this.skip(at);
    return Number(this.decoder.decode(bytes.subarray(at, this.end)));
  }

  /** The source text of the value at `at`, cut to `limit` characters: for messages. */
  sourceOf(at: number, limit = 40): string {
    const valueEnd = this.skip(at);
    const end = Math.min(valueEnd, at + limit);
    return this.decoder.decode(this.bytes.subarray(at, end)) + (end < valueEnd ? '…' : '');
  }

  /** Calls `visit` with each member's key and the offset of its value, in file order. */
  forEachMember(at: number, visit: (key: string, valueAt: number) => void): void {
    const { bytes } = this;
    let p = skipWhitespace(bytes, at + 1);
    if (bytes[p] === CLOSE_OBJECT) return;
    for (;;) {
      const key = this.string(p);
      p = skipWhitespace(bytes, skipWhitespace(bytes, this.end) + 1);
      visit(key, p);
      p = skipWhitespace(bytes, this.skip(p));
      if (bytes[p] !== COMMA) return;
      p = skipWhitespace(bytes, p + 1);
    }
  }

  /** Calls `visit` with the offset of each element, in order. */
  forEachElement(at: number, visit: (valueAt: number) => void): void {
    const { bytes } = this;
    let p = skipWhitespace(bytes, at + 1);
    if (bytes[p] === CLOSE_ARRAY) return;
    for (;;) {
      visit(p);
      p = skipWhitespace(bytes, this.skip(p));
      if (bytes[p] !== COMMA) return;
      p = skipWhitespace(bytes, p + 1);
    }
  }

  /**
   * An object's members as a parsed object holds them: key → value offset, a repeated key
   * keeping its first place and its last value, in the order `for…in` and `Object.entries`
   * give (array-index keys first, ascending; then the rest in file order).
   */
  members(at: number): Map<string, number> {
    const members = new Map<string, number>();
    let hasIndexKeys = false;
    this.forEachMember(at, (key, valueAt) => {
      members.set(key, valueAt);
      hasIndexKeys ||= isArrayIndex(key);
    });
    if (!hasIndexKeys) return members;
    const keys = [...members.keys()];
    const indexKeys = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
    const ordered = new Map<string, number>();
    for (const key of [...indexKeys, ...keys.filter((key) => !isArrayIndex(key))]) {
      ordered.set(key, members.get(key)!);
    }
    return ordered;
  }
}
