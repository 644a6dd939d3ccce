/**
 * Reading one property's value by its type name (value-types.ts): length prefixes (plain or
 * compact), scalars, bit fields, strings, composites, enums (integer or human-readable) and
 * containers. Nested objects are read by the object reader passed in (read.ts). Every count
 * and length is checked against the bits left before anything is allocated or looped.
 */
import type { BitReader } from './bit-reader.ts';
import { ErrorCode, errorAtBit } from './errors.ts';
import {
  COMPOSITES,
  MATRIX_TYPE,
  SCALARS,
  STRING_TYPE,
  WIDE_STRING_TYPE,
  bitFieldOf,
  enumNames,
  enumValueOf,
  isEnumProperty,
  minimumBits,
  type ScalarKind,
} from './value-types.ts';
import {
  PropertyFlag,
  SerializerFlag,
  type DecodedItem,
  type DecodedObject,
  type ObjectValue,
  type TypeProperty,
} from './types.ts';

export interface ValueContext {
  reader: BitReader;
  /** The serializer flags in force. */
  flags: number;
  readObject(depth: number): DecodedObject | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf16 = new TextDecoder('utf-16le');

/** A length prefix: compact (1 bit, then 7 or 31 bits, unaligned) or an aligned u16/u32. */
export function readLength(context: ValueContext, isContainer: boolean): number {
  const { reader } = context;
  if (context.flags & SerializerFlag.COMPACT_LENGTH_PREFIXES) {
    const isLarge = reader.bits(1, 'a length prefix');
    return reader.bits(isLarge ? 31 : 7, 'a length prefix');
  }
  return isContainer ? reader.u32('a container length') : reader.u16('a string length');
}

/** Fails unless `count` items of at least `bits` bits each fit in what is left. */
function checkCount(reader: BitReader, count: number, bits: number, at: number, what: string) {
  if (count * bits > reader.remainingBits) {
    throw errorAtBit(
      ErrorCode.BAD_COUNT,
      at,
      `${what} of ${count} needs at least ${count * bits} bits, ${reader.remainingBits} left`,
    );
  }
}

export function readScalar(reader: BitReader, kind: ScalarKind): number | bigint {
  switch (kind) {
    case 'i8':
      return reader.i8();
    case 'u8':
      return reader.u8();
    case 'i16':
      return reader.i16();
    case 'u16':
      return reader.u16();
    case 'i32':
      return reader.i32();
    case 'u32':
      return reader.u32();
    case 'f32':
      return reader.f32();
    case 'f64':
      return reader.f64();
    case 'u64':
      return reader.u64();
    case 'i64':
      return reader.i64();
  }
}

/** The bytes of a string: its length, then (when not empty) aligned bytes; no realign for "". */
function readStringBytes(context: ValueContext, unitBytes: number): Uint8Array {
  const { reader } = context;
  const at = reader.position;
  const length = readLength(context, false);
  if (length === 0) return new Uint8Array(0);
  checkCount(reader, length, unitBytes * 8, at, 'a string');
  return reader.byteRun(length * unitBytes, 'a string');
}

function readEnum(context: ValueContext, property: TypeProperty): ObjectValue {
  if (context.flags & SerializerFlag.HUMAN_READABLE_ENUMS) {
    const at = context.reader.position;
    const text = new TextDecoder().decode(readStringBytes(context, 1));
    const value = enumValueOf(property, text);
    if (value === null) {
      throw errorAtBit(
        ErrorCode.BAD_VALUE,
        at,
        `${JSON.stringify(text)} is no option of ${property.type}`,
      );
    }
    return { kind: 'enum', value, names: enumNames(property, value) ?? text };
  }
  const value = context.reader.u32('an enum');
  return { kind: 'enum', value, names: enumNames(property, value) };
}

/** One value (not a container) of the property's type. */
function readSingle(context: ValueContext, property: TypeProperty, depth: number): ObjectValue {
  const { reader } = context;
  const { type } = property;
  if (isEnumProperty(property)) return readEnum(context, property);
  if (type === 'bool') return { kind: 'bool', value: reader.bits(1, 'a bool') === 1 };
  const scalar = SCALARS[type];
  if (scalar) {
    const value = readScalar(reader, scalar);
    if (typeof value === 'bigint') return { kind: 'int64', value };
    return scalar === 'f32' || scalar === 'f64' ? { kind: 'float', value } : { kind: 'int', value };
  }
  const field = bitFieldOf(type);
  if (field) {
    const value = field.isSigned ? reader.signedBits(field.width) : reader.bits(field.width);
    return { kind: 'int', value };
  }
  if (type === STRING_TYPE) {
    const bytes = readStringBytes(context, 1);
    if (property.flags & PropertyFlag.BLOB) return { kind: 'bytes', value: bytes.slice() };
    try {
      return { kind: 'string', value: utf8.decode(bytes) };
    } catch {
      return { kind: 'bytes', value: bytes.slice() };
    }
  }
  if (type === WIDE_STRING_TYPE) {
    return { kind: 'wstring', value: utf16.decode(readStringBytes(context, 2)) };
  }
  const composite = COMPOSITES[type];
  if (composite) {
    const values = new Map(
      composite.fields.map(([name, kind]) => [name, Number(readScalar(reader, kind))] as const),
    );
    const order = composite.jsonOrder ?? composite.fields.map(([name]) => name);
    return {
      kind: 'composite',
      type: composite.name,
      fields: order.map((name) => [name, values.get(name)!]),
    };
  }
  if (type === MATRIX_TYPE) {
    return { kind: 'matrix', values: Array.from({ length: 9 }, () => reader.f32('a matrix')) };
  }
  return { kind: 'object', object: context.readObject(depth + 1) };
}

/** A property's value: a container's items (dynamic), or one value. */
export function readValue(
  context: ValueContext,
  property: TypeProperty,
  depth: number,
): DecodedItem {
  const { reader } = context;
  const start = reader.position;
  if (!property.isDynamic) {
    const value = readSingle(context, property, depth);
    return { bits: { start, end: reader.position }, value };
  }
  const count = readLength(context, true);
  checkCount(reader, count, minimumBits(property), start, `${property.name}'s list`);
  const items: DecodedItem[] = [];
  for (let index = 0; index < count; index++) {
    const itemStart = reader.position;
    const value = readSingle(context, property, depth);
    items.push({ bits: { start: itemStart, end: reader.position }, value });
  }
  return { bits: { start, end: reader.position }, value: { kind: 'list', items } };
}
