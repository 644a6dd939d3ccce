/**
 * The bodies of leaf values (spec §3): everything but KEYED_ARCHIVE and ARRAY, which
 * read.ts walks. A value's type byte has been read; the reader stands at its body.
 *
 * Registry mode (inside a v2 archive, spec §4) turns the bodies of STRING, WIDE_STRING,
 * FASTNAME and FILEPATH into u32 ids. A plain-mode WIDE_STRING has a character count, and
 * its unit width (4 on the platforms DAVA's own files come from, 2 from a Windows build)
 * is guessed from what follows it (spec §5).
 */
import { decodeUtf8OrLatin1, type ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import {
  KA_FLOAT_COUNTS,
  KA_LAST_TYPE,
  KaType,
  type KaFloatType,
  type KaTableString,
  type KaValue,
} from './types.ts';

export const KA_FORMAT = 'ka';

/** The strings of a v2 top archive by id; shared by every archive below it. */
export interface KaStringTable {
  strings: KaTableString[];
  byId: Map<number, string>;
}

/** How values are read where they are (spec §4): plain, or with ids into `table`. */
export interface KaMode {
  isRegistry: boolean;
  /** The nearest top archive's table (also below a v1 level, for v2 archives under it); null if none. */
  table: KaStringTable | null;
}

/**
 * What may follow a value, for the wide-string guess: the end of its archive (its last
 * pair), another v1 key, another array element, or anything (the last element of an array).
 */
export const KaFollow = { End: 0, Key: 1, Value: 2, Any: 3 } as const;
export type KaFollow = (typeof KaFollow)[keyof typeof KaFollow];

/** The number of bytes a fixed-size body takes, or -1 for a variable one. */
export function fixedBodySize(type: number): number {
  if (type in KA_FLOAT_COUNTS) return 4 * KA_FLOAT_COUNTS[type as KaFloatType];
  switch (type) {
    case KaType.NONE:
      return 0;
    case KaType.BOOLEAN:
    case KaType.INT8:
    case KaType.UINT8:
      return 1;
    case KaType.INT16:
    case KaType.UINT16:
      return 2;
    case KaType.INT32:
    case KaType.UINT32:
      return 4;
    case KaType.INT64:
    case KaType.UINT64:
    case KaType.FLOAT64:
      return 8;
    default:
      return -1;
  }
}

export function isStringType(type: number): boolean {
  return (
    type === KaType.STRING ||
    type === KaType.WIDE_STRING ||
    type === KaType.FASTNAME ||
    type === KaType.FILEPATH
  );
}

/** A u32 length that must fit in what is left of its archive; OUT_OF_BOUNDS at the field. */
export function readLength(reader: ByteReader, what: string, unit = 1): number {
  const at = reader.offset;
  const length = reader.u32le(what);
  if (length * unit > reader.remaining) {
    throw new FormatError({
      code: ErrorCode.OUT_OF_BOUNDS,
      offset: at,
      detail: `${what} ${length}${unit > 1 ? ` × ${unit}` : ''} bytes, ${reader.remaining} left`,
      format: KA_FORMAT,
    });
  }
  return length;
}

/** Whether the units at the reader (left where it was) are text of this width. */
function unitsAreText(reader: ByteReader, count: number, width: 2 | 4): boolean {
  const start = reader.offset;
  let isText = true;
  let pendingHigh = false;
  for (let index = 0; index < count && isText; index++) {
    if (width === 4) {
      const unit = reader.u32le('wide unit');
      isText = unit <= 0x10ffff && (unit < 0xd800 || unit > 0xdfff);
    } else {
      const unit = reader.u16le('wide unit');
      const isHigh = unit >= 0xd800 && unit <= 0xdbff;
      const isLow = unit >= 0xdc00 && unit <= 0xdfff;
      isText = pendingHigh ? isLow : !isLow;
      pendingHigh = isHigh;
    }
  }
  reader.seek(start);
  return isText && !pendingHigh;
}

/** Whether what lies at `end` is what may follow the value there (reader left where it was). */
function followsWell(reader: ByteReader, end: number, follow: KaFollow): boolean {
  const start = reader.offset;
  const limit = reader.base + reader.length;
  if (follow === KaFollow.End) return end === limit;
  if (follow === KaFollow.Any) return true;
  let isWell: boolean;
  reader.seek(end);
  if (follow === KaFollow.Value) {
    isWell = reader.remaining >= 1 && reader.u8() <= KA_LAST_TYPE;
  } else {
    // A v1 key: type byte 4 and a length that fits, then a value type byte.
    isWell =
      reader.remaining >= 6 &&
      reader.u8() === KaType.STRING &&
      reader.u32le() + 1 <= reader.remaining;
  }
  reader.seek(start);
  return isWell;
}

/** The unit width of a plain-mode wide string of `count` characters (spec §5). */
export function guessWideWidth(
  reader: ByteReader,
  count: number,
  follow: KaFollow,
): { width: 2 | 4; isAmbiguous: boolean } {
  const fits = (width: 2 | 4) =>
    count * width <= reader.remaining &&
    unitsAreText(reader, count, width) &&
    followsWell(reader, reader.offset + count * width, follow);
  const isWide = fits(4);
  const isNarrow = fits(2);
  if (isWide) return { width: 4, isAmbiguous: isNarrow && count > 0 };
  if (isNarrow) return { width: 2, isAmbiguous: false };
  // Neither reads well: width 4 if its bytes are there at all (it then reads as is), else 2.
  return { width: count * 4 <= reader.remaining ? 4 : 2, isAmbiguous: false };
}

function readFloats(reader: ByteReader, count: number): number[] {
  const bits: number[] = new Array<number>(count);
  for (let index = 0; index < count; index++) bits[index] = reader.u32le('f32');
  return bits;
}

/** The text of wide-string units (U+FFFD for a unit that is no code point). */
export function wideText(units: readonly number[], width: 2 | 4): string {
  if (width === 2) {
    let text = '';
    for (let at = 0; at < units.length; at += 4096) {
      text += String.fromCharCode(...units.slice(at, at + 4096));
    }
    return text;
  }
  let text = '';
  for (const unit of units) {
    const isCodePoint = unit <= 0x10ffff && (unit < 0xd800 || unit > 0xdfff);
    text += String.fromCodePoint(isCodePoint ? unit : 0xfffd);
  }
  return text;
}

/**
 * A leaf value's body. `forcedWidth` overrides the wide-string guess. KEYED_ARCHIVE and
 * ARRAY are not leaves: read.ts walks them.
 */
export function readLeafValue(
  reader: ByteReader,
  type: number,
  mode: KaMode,
  follow: KaFollow,
  forcedWidth?: 2 | 4,
): KaValue {
  if (mode.isRegistry && isStringType(type)) {
    return { kind: 'stringId', type: type as 4 | 5 | 18 | 20, id: reader.u32le('string id') };
  }
  if (type in KA_FLOAT_COUNTS) {
    const floatType = type as KaFloatType;
    return {
      kind: 'floats',
      type: floatType,
      bits: readFloats(reader, KA_FLOAT_COUNTS[floatType]),
    };
  }
  switch (type) {
    case KaType.NONE:
      return { kind: 'none', type: 0 };
    case KaType.BOOLEAN:
      return { kind: 'bool', type: 1, byte: reader.u8('bool') };
    case KaType.INT32:
      return { kind: 'int', type, value: reader.i32le('int32') };
    case KaType.UINT32:
      return { kind: 'int', type, value: reader.u32le('uint32') };
    case KaType.INT8:
      return { kind: 'int', type, value: reader.i8('int8') };
    case KaType.UINT8:
      return { kind: 'int', type, value: reader.u8('uint8') };
    case KaType.INT16:
      return { kind: 'int', type, value: reader.i16le('int16') };
    case KaType.UINT16:
      return { kind: 'int', type, value: reader.u16le('uint16') };
    case KaType.INT64:
      return { kind: 'int64', type, value: reader.i64le('int64') };
    case KaType.UINT64:
      return { kind: 'int64', type, value: reader.u64le('uint64') };
    case KaType.FLOAT64:
      return { kind: 'float64', type, bits: reader.u64le('float64') };
    case KaType.STRING:
    case KaType.FASTNAME:
    case KaType.FILEPATH: {
      const bytes = reader.bytesView(readLength(reader, 'string length'), 'string');
      return { kind: 'text', type, bytes, text: decodeUtf8OrLatin1(bytes).text };
    }
    case KaType.WIDE_STRING: {
      const count = reader.u32le('wide string length');
      const guess = forcedWidth
        ? { width: forcedWidth, isAmbiguous: false }
        : guessWideWidth(reader, count, follow);
      reader.need(count * guess.width, 'wide string');
      const units: number[] = new Array<number>(count);
      for (let index = 0; index < count; index++) {
        units[index] = guess.width === 4 ? reader.u32le() : reader.u16le();
      }
      return { kind: 'wideString', type, units, ...guess };
    }
    case KaType.BYTE_ARRAY: {
      const length = readLength(reader, 'byte array length');
      return { kind: 'bytes', type, bytes: reader.bytesView(length, 'byte array') };
    }
    default:
      throw new FormatError({
        code: ErrorCode.INTERNAL,
        offset: reader.offset,
        detail: `type ${type} is not a leaf`,
        format: KA_FORMAT,
      });
  }
}
