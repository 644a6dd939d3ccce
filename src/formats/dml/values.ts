/**
 * DML values in bytes, both ways: a table record's and a network message's fields are the
 * same encodings (spec.md "Types"). Numbers little-endian; STR a u16 byte length then the
 * bytes (UTF-8); WSTR a u16 count of UTF-16 code units then the units, little-endian.
 */
import type { ByteReader } from '../../binary/byte-reader.ts';
import type { ByteWriter } from '../../binary/byte-writer.ts';
import { DmlTag, typeOfTag } from './tags.ts';
import type { DmlValue } from './types.ts';

// Read once: an imported object's members can cost a getter call each in a hot switch.
const { GID, INT, UINT, FLT, BYT, UBYT, USHRT, DBL, STR, WSTR } = DmlTag;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const latin1 = new TextDecoder('latin1');
const encoder = new TextEncoder();
/** Code units turned into text at once (below any engine's argument limit). */
const UNITS_PER_CALL = 4096;

/** Short ASCII strings' char codes, an array per length, reused: made into text at once. */
const SHORT = 64;
const scratch: number[][] = Array.from({ length: SHORT + 1 }, (_, length) =>
  new Array<number>(length).fill(0),
);

/**
 * Text of the `length` STR bytes at `start`: UTF-8 when they are (a BOM kept), else latin-1
 * (`isUtf8` false). Short ASCII names, most of a file list, take no decoder call and no view.
 */
export function decodeStrAt(
  bytes: Uint8Array,
  start: number,
  length: number,
): { text: string; isUtf8: boolean } {
  const end = start + length;
  let isAscii = true;
  for (let at = start; at < end; at++) {
    if (bytes[at]! >= 0x80) {
      isAscii = false;
      break;
    }
  }
  if (isAscii && length <= SHORT) {
    const codes = scratch[length]!;
    for (let at = 0; at < length; at++) codes[at] = bytes[start + at]!;
    return { text: String.fromCharCode.apply(null, codes), isUtf8: true };
  }
  const view = bytes.subarray(start, end);
  if (isAscii) return { text: latin1.decode(view), isUtf8: true };
  try {
    return { text: utf8.decode(view), isUtf8: true };
  } catch {
    return { text: latin1.decode(view), isUtf8: false };
  }
}

/** The bytes of `text` in UTF-8 (a lone surrogate as U+FFFD's 3), counted without encoding. */
export function utf8Length(text: string): number {
  let length = text.length;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) continue;
    if (code < 0x800) length += 1;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(at + 1))) {
      // A pair: 4 bytes for its 2 units.
      length += 2;
      at++;
    } else length += 2;
  }
  return length;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Bytes a value of type `tag` takes (a string's length included); 0 for an unknown tag. */
export function dmlValueSize(tag: number, value: DmlValue | null): number {
  if (tag === STR) return 2 + (typeof value === 'string' ? utf8Length(value) : 0);
  if (tag === WSTR) return 2 + (typeof value === 'string' ? value.length * 2 : 0);
  return typeOfTag(tag)?.width ?? 0;
}

/** Text of UTF-16LE code units as they are: a lone surrogate stays (no U+FFFD). */
function decodeUnits(bytes: Uint8Array): string {
  const count = bytes.length >>> 1;
  const units = new Uint16Array(Math.min(count, UNITS_PER_CALL));
  let text = '';
  for (let start = 0; start < count; start += UNITS_PER_CALL) {
    const end = Math.min(count, start + UNITS_PER_CALL);
    for (let at = start; at < end; at++) {
      units[at - start] = bytes[at * 2]! | (bytes[at * 2 + 1]! << 8);
    }
    text += String.fromCharCode(...units.subarray(0, end - start));
  }
  return text;
}

/**
 * Reads one value of type `tag` (1–10; the caller has checked it) at the reader's position.
 * Lengths are checked against the bytes left before anything is read or made
 * (UNEXPECTED_EOF otherwise). `onLatin1` hears of a STR that is not UTF-8: where it starts
 * and ends.
 */
export function readDmlValue(
  reader: ByteReader,
  tag: number,
  what: string,
  onLatin1?: (start: number, end: number) => void,
): DmlValue {
  switch (tag) {
    case GID:
      return reader.u64le(what);
    case INT:
      return reader.i32le(what);
    case UINT:
      return reader.u32le(what);
    case FLT:
      return reader.f32le(what);
    case BYT:
      return reader.i8(what);
    case UBYT:
      return reader.u8(what);
    case USHRT:
      return reader.u16le(what);
    case DBL:
      return reader.f64le(what);
    case STR: {
      const start = reader.offset;
      const length = reader.u16le(what);
      reader.need(length, what);
      const { text, isUtf8 } = decodeStrAt(reader.bytes, reader.relative, length);
      reader.skip(length, what);
      if (!isUtf8) onLatin1?.(start, reader.offset);
      return text;
    }
    case WSTR: {
      const count = reader.u16le(what);
      return decodeUnits(reader.bytesView(count * 2, what));
    }
    default:
      throw new RangeError(`DML type tag ${tag} has no encoding`);
  }
}

/** The bytes of a STR value (UTF-8). */
export function encodeStr(text: string): Uint8Array {
  return encoder.encode(text);
}

function numberOf(value: DmlValue | null, what: string): number {
  if (typeof value !== 'number') throw new RangeError(`${what} needs a number`);
  return value;
}

function textOf(value: DmlValue | null, what: string): string {
  if (typeof value !== 'string') throw new RangeError(`${what} needs a string`);
  return value;
}

function u16Length(length: number, what: string): number {
  if (length > 0xffff) throw new RangeError(`${what} is ${length} long; a u16 holds 65,535`);
  return length;
}

/**
 * Writes one value of type `tag`, the mirror of `readDmlValue`. A value of the wrong kind,
 * or a string too long for its u16 length, is a RangeError: the model is wrong, not a file.
 */
export function writeDmlValue(
  writer: ByteWriter,
  tag: number,
  value: DmlValue | null,
  what: string,
): void {
  switch (tag) {
    case GID:
      if (typeof value !== 'bigint') throw new RangeError(`${what} needs a bigint`);
      writer.u64le(BigInt.asUintN(64, value));
      return;
    case INT:
      writer.i32le(numberOf(value, what) | 0);
      return;
    case UINT:
      writer.u32le(numberOf(value, what));
      return;
    case FLT:
      writer.f32le(numberOf(value, what));
      return;
    case BYT:
    case UBYT:
      writer.u8(numberOf(value, what) & 0xff);
      return;
    case USHRT:
      writer.u16le(numberOf(value, what) & 0xffff);
      return;
    case DBL:
      writer.f64le(numberOf(value, what));
      return;
    case STR: {
      const bytes = encodeStr(textOf(value, what));
      writer.u16le(u16Length(bytes.length, what)).bytes(bytes);
      return;
    }
    case WSTR: {
      const text = textOf(value, what);
      writer.u16le(u16Length(text.length, what));
      for (let at = 0; at < text.length; at++) writer.u16le(text.charCodeAt(at));
      return;
    }
    default:
      throw new RangeError(`${what}: DML type tag ${tag} has no encoding`);
  }
}
