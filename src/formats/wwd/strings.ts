/**
 * WWD strings (spec §3): fixed-size fields that are NUL-terminated and zero-padded (read
 * capped at the field size: the original editors ran past a field without a NUL, a reader
 * must not), exact-length object strings, and NUL-terminated image-set names. All in one
 * single-byte code page, windows-1252 unless the caller says windows-1250.
 */
import { decodeCodePage, encodeCodePage } from '../../binary/code-pages.ts';
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
