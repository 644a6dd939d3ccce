/**
 * What "Find" in the hex view looks for: hex bytes with `??` for any byte (`4B 49 ?? 44`,
 * spaces optional between pairs: `4B49??44`), or text, found as its UTF-8 bytes.
 */

export type FindMode = 'hex' | 'text';

export type Direction = 'forward' | 'backward';

/** The pattern: bytes, `null` for any byte. */
export type FindPattern = (number | null)[];

export type PatternParse = { ok: true; pattern: FindPattern } | { ok: false; message: string };

/** Bytes a pattern may have: a search is for a signature or a name, not a block of data. */
export const MAX_PATTERN_BYTES = 1024;

const textEncoder = new TextEncoder();

function parseHex(input: string): PatternParse {
  const digits = input.replace(/\s+/g, '');
  if (digits === '') return { ok: false, message: 'enter bytes, e.g. 4B 49 ?? 44' };
  if (!/^[0-9a-f?]*$/i.test(digits)) {
    const bad = /[^0-9a-f?\s]/i.exec(input)?.[0] ?? '';
    return { ok: false, message: `"${bad}" is not a hex digit: use 0–9, A–F and ?? for any byte` };
  }
  if (digits.length % 2 !== 0) {
    return { ok: false, message: 'bytes take two hex digits each (write 0A, not A)' };
  }
  const pattern: FindPattern = [];
  for (let at = 0; at < digits.length; at += 2) {
    const pair = digits.slice(at, at + 2);
    if (pair === '??') pattern.push(null);
    else if (pair.includes('?')) return { ok: false, message: `"${pair}": use ?? for any byte` };
    else pattern.push(Number.parseInt(pair, 16));
  }
  return pattern.every((value) => value === null)
    ? { ok: false, message: 'give at least one byte besides ??' }
    : { ok: true, pattern };
}

export function parseFindInput(input: string, mode: FindMode): PatternParse {
  const parsed: PatternParse =
    mode === 'hex'
      ? parseHex(input)
      : input === ''
        ? { ok: false, message: 'enter some text' }
        : { ok: true, pattern: Array.from(textEncoder.encode(input)) };
  if (parsed.ok && parsed.pattern.length > MAX_PATTERN_BYTES) {
    return { ok: false, message: `at most ${MAX_PATTERN_BYTES} bytes` };
  }
  return parsed;
}

/** Where a search starts: past the current match going forward, before the mark going back. */
export function searchStart(
  direction: Direction,
  position: number,
  currentMatch: { offset: number } | null,
  size: number,
): number {
  if (direction === 'backward') return position >= 0 ? position : size;
  if (position < 0) return 0;
  return currentMatch?.offset === position ? position + 1 : position;
}
