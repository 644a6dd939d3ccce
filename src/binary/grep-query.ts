/**
 * What a search in contents looks for, and its compiled form: a string (as its UTF-8 bytes,
 * its UTF-16LE bytes, or both), a regular expression over the content decoded as UTF-8, or
 * hex bytes with `??` for any byte (`4B 49 ?? 44`). Generic: no format is named here; the
 * scan itself is grep-scan.ts.
 */
import { ErrorCode, FormatError } from './format-error.ts';

export type GrepMode = 'text' | 'regex' | 'hex';
export type GrepEncoding = 'utf8' | 'utf16le' | 'both';

export interface GrepQuery {
  mode: GrepMode;
  pattern: string;
  /** How a `text` pattern is encoded in the content; UTF-8 when absent. */
  encoding?: GrepEncoding;
  /** Letters match in either case (`regex` only: a byte search is exact). */
  ignoreCase?: boolean;
}

/** How the bytes around a match are shown: decoded as this, or as printable ASCII. */
export type ContextEncoding = 'utf8' | 'utf16le' | 'ascii';

/** A byte pattern: `null` matches any byte. */
export interface BytePattern {
  bytes: readonly (number | null)[];
  context: ContextEncoding;
}

export type CompiledGrep =
  | { kind: 'bytes'; patterns: readonly BytePattern[]; longest: number }
  | { kind: 'regex'; regex: RegExp };

/** Bytes a pattern may have: a search is for a name or a signature, not a block of data. */
export const MAX_PATTERN_BYTES = 1024;

function badQuery(offset: number, detail: string): FormatError {
  return new FormatError({ code: ErrorCode.BAD_VALUE, offset, detail });
}

/** `4B 49 ?? 44` (spaces optional between pairs) as bytes; the error's offset is the character's. */
export function parseHexPattern(input: string): (number | null)[] {
  const bytes: (number | null)[] = [];
  let pending = '';
  let pendingAt = 0;
  for (let at = 0; at < input.length; at++) {
    const char = input[at]!;
    if (/\s/.test(char)) {
      if (pending !== '') throw badQuery(pendingAt, 'bytes take two hex digits each (0A, not A)');
      continue;
    }
    if (!/[0-9a-f?]/i.test(char)) {
      throw badQuery(at, `"${char}" is not a hex digit: use 0-9, A-F and ?? for any byte`);
    }
    if (pending === '') {
      pending = char;
      pendingAt = at;
      continue;
    }
    const pair = pending + char;
    pending = '';
    if (pair === '??') bytes.push(null);
    else if (pair.includes('?')) throw badQuery(pendingAt, `"${pair}": use ?? for any byte`);
    else bytes.push(Number.parseInt(pair, 16));
  }
  if (pending !== '') throw badQuery(pendingAt, 'bytes take two hex digits each (0A, not A)');
  if (bytes.length === 0) throw badQuery(0, 'enter bytes, e.g. 4B 49 ?? 44');
  if (bytes.every((value) => value === null)) {
    throw badQuery(0, 'give at least one byte besides ??');
  }
  return bytes;
}

/** A string's UTF-16LE bytes. */
export function utf16leBytes(text: string): number[] {
  const bytes: number[] = [];
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    bytes.push(unit & 0xff, unit >>> 8);
  }
  return bytes;
}

const encoder = new TextEncoder();

function checkLength(bytes: readonly unknown[]): void {
  if (bytes.length > MAX_PATTERN_BYTES) {
    throw badQuery(MAX_PATTERN_BYTES, `a pattern has at most ${MAX_PATTERN_BYTES} bytes`);
  }
}

/** The query as the scanner runs it; a bad one throws a FormatError (BAD_VALUE). */
export function compileGrep(query: GrepQuery): CompiledGrep {
  if (query.pattern === '') throw badQuery(0, 'enter something to find');
  if (query.mode === 'regex') {
    try {
      return { kind: 'regex', regex: new RegExp(query.pattern, query.ignoreCase ? 'gim' : 'gm') };
    } catch (error) {
      throw badQuery(0, `not a regular expression: ${(error as Error).message}`);
    }
  }
  const patterns: BytePattern[] = [];
  if (query.mode === 'hex') {
    patterns.push({ bytes: parseHexPattern(query.pattern), context: 'ascii' });
  } else {
    const encoding = query.encoding ?? 'utf8';
    if (encoding !== 'utf16le') {
      patterns.push({ bytes: Array.from(encoder.encode(query.pattern)), context: 'utf8' });
    }
    if (encoding !== 'utf8') {
      patterns.push({ bytes: utf16leBytes(query.pattern), context: 'utf16le' });
    }
  }
  for (const pattern of patterns) checkLength(pattern.bytes);
  const longest = Math.max(...patterns.map((pattern) => pattern.bytes.length));
  return { kind: 'bytes', patterns, longest };
}
