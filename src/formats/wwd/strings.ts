/**
 * WWD strings (spec §3): fixed-size fields that are NUL-terminated and zero-padded (read
 * capped at the field size: the original editors ran past a field without a NUL, a reader
 * must not), exact-length object strings, and NUL-terminated image-set names. All in one
 * single-byte code page, windows-1252 unless the caller says windows-1250.
 */
import { codePageTable, decodeCodePage, encodeCodePage } from '../../binary/code-pages.ts';
import type { WwdEncoding } from './types.ts';

export interface FixedString {
  text: string;
  /** True when bytes after the first NUL are not all zero (a re-save drops them). */
  hasJunkAfterNul: boolean;
}

/** Decodes a fixed field: the bytes before the first NUL, or all of them without one. */
export function decodeFixedString(field: Uint8Array, encoding: WwdEncoding): FixedString {
  const nul = field.indexOf(0);
  if (nul < 0) return { text: decodeCodePage(field, encoding), hasJunkAfterNul: false };
  let hasJunkAfterNul = false;
  for (let index = nul + 1; index < field.length; index++) {
    if (field[index] !== 0) {
      hasJunkAfterNul = true;
      break;
    }
  }
  return { text: decodeCodePage(field.subarray(0, nul), encoding), hasJunkAfterNul };
}

export function decodeWwdString(bytes: Uint8Array, encoding: WwdEncoding): string {
  return decodeCodePage(bytes, encoding);
}

/**
 * Decodes the strings of a level's objects, each distinct one once. Thousands of objects
 * repeat a few dozen logics, image sets and animations: a string seen before is found by a
 * hash of its bytes and checked against them through the code page's table, so a repeat
 * costs two passes over its bytes and allocates nothing.
 */
export class WwdStringTable {
  private readonly seen = new Map<number, string>();
  private readonly table: Readonly<Uint16Array>;

  constructor(private readonly encoding: WwdEncoding) {
    this.table = codePageTable(encoding);
  }

  /** The text of `bytes[start, end)`. */
  decode(bytes: Uint8Array, start: number, end: number): string {
    if (start === end) return '';
    // FNV-1a over the bytes, kept to 30 bits so the key stays a small integer.
    let hash = 0x811c9dc5;
    for (let index = start; index < end; index++) {
      hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
    }
    hash &= 0x3fffffff;
    const known = this.seen.get(hash);
    if (known !== undefined && this.isTextOf(known, bytes, start, end)) return known;
    const text = decodeCodePage(bytes.subarray(start, end), this.encoding);
    if (known === undefined) this.seen.set(hash, text);
    return text;
  }

  private isTextOf(text: string, bytes: Uint8Array, start: number, end: number): boolean {
    if (text.length !== end - start) return false;
    const table = this.table;
    for (let index = start; index < end; index++) {
      if (text.charCodeAt(index - start) !== table[bytes[index]!]) return false;
    }
    return true;
  }
}

/**
 * Encodes text for the writer; RangeError names the field when a character has no byte in
 * the encoding or the text does not fit (`size` is the field size; a full field has no NUL).
 */
export function encodeWwdString(
  text: string,
  encoding: WwdEncoding,
  field: string,
  size?: number,
): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = encodeCodePage(text, encoding);
  } catch (error) {
    throw new RangeError(`${field}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (size !== undefined && bytes.length > size) {
    throw new RangeError(`${field}: ${bytes.length} bytes do not fit in ${size}`);
  }
  return bytes;
}
