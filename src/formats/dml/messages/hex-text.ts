/**
 * Bytes from hex text as people paste it: pairs of hex digits, in runs or one pair at a time,
 * separated by spaces, tabs, line breaks or commas, a run optionally prefixed `0x` (`0D F0`,
 * `0df024`, `0x0D, 0xF0`). A run's digits are bytes in the order written (`0xF00D` is F0 0D,
 * not a little-endian number). A character that is none of these, or a run of an odd number
 * of digits, is a FormatError (BAD_VALUE) at its character offset, with its line and column.
 */
import { textError } from './text-error.ts';

const SEPARATOR = /[\s,]/;

function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

function fail(text: string, offset: number, detail: string): never {
  throw textError(text, offset, detail);
}

/** The bytes hex `text` spells. Throws FormatError naming the character that is not hex. */
export function parseHexText(text: string): Uint8Array {
  const out = new Uint8Array(Math.ceil(text.length / 2));
  let length = 0;
  let at = 0;
  while (at < text.length) {
    if (SEPARATOR.test(text[at]!)) {
      at++;
      continue;
    }
    const start = at;
    if (text[at] === '0' && (text[at + 1] === 'x' || text[at + 1] === 'X')) at += 2;
    const digits = at;
    while (at < text.length && !SEPARATOR.test(text[at]!)) {
      if (digitValue(text.charCodeAt(at)) < 0) {
        fail(text, at, `${JSON.stringify(text[at])} is not a hex digit`);
      }
      at++;
    }
    const count = at - digits;
    if (count === 0) fail(text, start, '0x is not followed by hex digits');
    if (count % 2 !== 0) {
      fail(text, start, `${text.slice(start, at)} has an odd number of hex digits`);
    }
    for (let pair = digits; pair < at; pair += 2) {
      out[length++] =
        (digitValue(text.charCodeAt(pair)) << 4) | digitValue(text.charCodeAt(pair + 1));
    }
  }
  return out.slice(0, length);
}
