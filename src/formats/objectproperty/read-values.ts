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
  minimumBits as minimumBitsOf,
  type CompositeLayout,
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
const utf8Lenient = new TextDecoder('utf-8');

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

/** How a property's values read, worked out once per property (not per value). */
interface ValuePlan {
  read: (context: ValueContext, property: TypeProperty, depth: number) => ObjectValue;
  /** The fewest bits one value takes (container counts are checked against it). */
  minimumBits: number;
}

/** Enum names by value, per property: options are searched once per distinct value. */
const ENUM_CACHE_LIMIT = 4096;

function enumReader(property: TypeProperty): ValuePlan['read'] {
  const known = new Map<number, string | null>();
  const namesOf = (value: number) => {
    let names = known.get(value);
    if (names === undefined) {
      names = enumNames(property, value);
      if (known.size < ENUM_CACHE_LIMIT) known.set(value, names);
    }
    return names;
  };
  return (context) => {
    if (context.flags & SerializerFlag.HUMAN_READABLE_ENUMS) {
      const at = context.reader.position;
      const text = utf8Lenient.decode(readStringBytes(context, 1));
      const value = enumValueOf(property, text);
      if (value === null) {
        throw errorAtBit(
          ErrorCode.BAD_VALUE,
          at,
          `${JSON.stringify(text)} is no option of ${property.type}`,
        );
      }
      return { kind: 'enum', value, names: namesOf(value) ?? text };
    }
    const value = context.reader.u32('an enum');
    return { kind: 'enum', value, names: namesOf(value) };
  };
}

/** Short ASCII strings without a decoder call (most names and paths are). */
const ASCII_FAST_LIMIT = 64;

function textOf(bytes: Uint8Array): string | null {
  if (bytes.length <= ASCII_FAST_LIMIT) {
    let isAscii = true;
    for (let index = 0; index < bytes.length; index++) {
      if (bytes[index]! >= 0x80) {
        isAscii = false;
        break;
      }
    }
    if (isAscii) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

function compositeReader(composite: CompositeLayout): ValuePlan['read'] {
  const wire = composite.fields.map(([, kind]) => kind);
  const names = composite.jsonOrder ?? composite.fields.map(([name]) => name);
  const order = names.map((name) => composite.fields.findIndex(([field]) => field === name));
  // Wire values land here before they are put in JSON order (one array per layout).
  const values = new Array<number>(wire.length).fill(0);
  return ({ reader }) => {
    for (let index = 0; index < wire.length; index++) {
      values[index] = Number(readScalar(reader, wire[index]!));
    }
    const fields: [string, number][] = new Array<[string, number]>(order.length);
    for (let index = 0; index < order.length; index++) {
      fields[index] = [names[index]!, values[order[index]!]!];
    }
    return { kind: 'composite', type: composite.name, fields };
  };
}

function planFor(property: TypeProperty): ValuePlan {
  const { type } = property;
  const minimumBits = minimumBitsOf(property);
  if (isEnumProperty(property)) return { read: enumReader(property), minimumBits };
  if (type === 'bool') {
    return {
      read: ({ reader }) => ({ kind: 'bool', value: reader.bits(1, 'a bool') === 1 }),
      minimumBits,
    };
  }
  const scalar = SCALARS[type];
  if (scalar === 'u64' || scalar === 'i64') {
    return {
      read: ({ reader }) => ({ kind: 'int64', value: readScalar(reader, scalar) as bigint }),
      minimumBits,
    };
  }
  if (scalar === 'f32' || scalar === 'f64') {
    return {
      read: ({ reader }) => ({ kind: 'float', value: readScalar(reader, scalar) as number }),
      minimumBits,
    };
  }
  if (scalar) {
    return {
      read: ({ reader }) => ({ kind: 'int', value: readScalar(reader, scalar) as number }),
      minimumBits,
    };
  }
  const field = bitFieldOf(type);
  if (field) {
    const { width } = field;
    return {
      read: field.isSigned
        ? ({ reader }) => ({ kind: 'int', value: reader.signedBits(width) })
        : ({ reader }) => ({ kind: 'int', value: reader.bits(width) }),
      minimumBits,
    };
  }
  if (type === STRING_TYPE) {
    const isBlob = (property.flags & PropertyFlag.BLOB) !== 0;
    return {
      read: (context) => {
        const bytes = readStringBytes(context, 1);
        const text = isBlob ? null : textOf(bytes);
        return text === null
          ? { kind: 'bytes', value: bytes.slice() }
          : { kind: 'string', value: text };
      },
      minimumBits,
    };
  }
  if (type === WIDE_STRING_TYPE) {
    return {
      read: (context) => ({ kind: 'wstring', value: utf16.decode(readStringBytes(context, 2)) }),
      minimumBits,
    };
  }
  const composite = COMPOSITES[type];
  if (composite) return { read: compositeReader(composite), minimumBits };
  if (type === MATRIX_TYPE) {
    return {
      read: ({ reader }) => {
        const values: number[] = [];
        for (let index = 0; index < 9; index++) values.push(reader.f32('a matrix'));
        return { kind: 'matrix', values };
      },
      minimumBits,
    };
  }
  return {
    read: (context, _property, depth) => ({
      kind: 'object',
      object: context.readObject(depth + 1),
    }),
    minimumBits,
  };
}

/** Plans by property: a type list's properties live as long as its index. */
const plans = new WeakMap<TypeProperty, ValuePlan>();

function planOf(property: TypeProperty): ValuePlan {
  let plan = plans.get(property);
  if (!plan) {
    plan = planFor(property);
    plans.set(property, plan);
  }
  return plan;
}

/** A property's value: a container's items (dynamic), or one value. */
export function readValue(
  context: ValueContext,
  property: TypeProperty,
  depth: number,
): DecodedItem {
  const { reader } = context;
  const start = reader.position;
  const { read, minimumBits } = planOf(property);
  if (!property.isDynamic) {
    const value = read(context, property, depth);
    return { bits: { start, end: reader.position }, value };
  }
  const count = readLength(context, true);
  if (count * minimumBits > reader.remainingBits) {
    checkCount(reader, count, minimumBits, start, `${property.name}'s list`);
  }
  const items: DecodedItem[] = new Array<DecodedItem>(count);
  for (let index = 0; index < count; index++) {
    const itemStart = reader.position;
    const value = read(context, property, depth);
    items[index] = { bits: { start: itemStart, end: reader.position }, value };
  }
  return { bits: { start, end: reader.position }, value: { kind: 'list', items } };
}
