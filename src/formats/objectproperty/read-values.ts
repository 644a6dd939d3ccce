/**
 * Reading one property's value by its type name (value-types.ts): length prefixes (plain or
 * compact), scalars, bit fields, strings, composites and enums (integer or human-readable).
 * Each property gets a plan once: how to read one value, and how to move past one making
 * nothing (the decode walk, table-walk.ts, skips values; rows and exports read them later
 * from the same bits). Nested objects and containers are the walk's. Every count and length
 * is checked against the bits left before anything is allocated or looped.
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
  SCALAR_BITS,
  type CompositeLayout,
  type ScalarKind,
} from './value-types.ts';
import { PropertyFlag, SerializerFlag, type ObjectValue, type TypeProperty } from './types.ts';

export interface ValueContext {
  reader: BitReader;
  /** The serializer flags in force. */
  flags: number;
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
export function checkCount(
  reader: BitReader,
  count: number,
  bits: number,
  at: number,
  what: string,
) {
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

/** What a failed read of each scalar names (the reads' own defaults). */
const SCALAR_WHAT: Readonly<Record<ScalarKind, string>> = {
  i8: 'a byte',
  u8: 'a byte',
  i16: 'an i16',
  u16: 'a u16',
  i32: 'an i32',
  u32: 'a u32',
  f32: 'an f32',
  f64: 'an f64',
  u64: 'a u64',
  i64: 'an i64',
};

/** Moves past one scalar, checked as its read is. */
function skipScalar(reader: BitReader, kind: ScalarKind): void {
  reader.skipAligned(SCALAR_BITS[kind] / 8, SCALAR_WHAT[kind]);
}

/** Moves past a string's length and bytes, checked as readStringBytes is. */
function skipStringBytes(context: ValueContext, unitBytes: number): void {
  const { reader } = context;
  const at = reader.position;
  const length = readLength(context, false);
  if (length === 0) return;
  checkCount(reader, length, unitBytes * 8, at, 'a string');
  reader.skipAligned(length * unitBytes, 'a string');
}

/** How a property's values read, worked out once per property (not per value). */
export interface ValuePlan {
  /** Reads one value; not for objects (`isObject`: the walk reads those). */
  read: (context: ValueContext) => ObjectValue;
  /** Moves past one value with the checks `read` makes, making nothing. */
  skip: (context: ValueContext) => void;
  /** Whether a value is a nested object (an aligned class hash, then its body). */
  isObject: boolean;
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

const MATRIX_CELLS = 9;

function valuePlanFor(property: TypeProperty): Omit<ValuePlan, 'isObject'> | null {
  const { type } = property;
  const minimumBits = minimumBitsOf(property);
  if (isEnumProperty(property)) {
    const read = enumReader(property);
    return {
      read,
      skip: (context) => {
        if (context.flags & SerializerFlag.HUMAN_READABLE_ENUMS) read(context);
        else context.reader.skipAligned(4, 'an enum');
      },
      minimumBits,
    };
  }
  if (type === 'bool') {
    return {
      read: ({ reader }) => ({ kind: 'bool', value: reader.bits(1, 'a bool') === 1 }),
      skip: ({ reader }) => void reader.bits(1, 'a bool'),
      minimumBits,
    };
  }
  const scalar = SCALARS[type];
  if (scalar) {
    const skip: ValuePlan['skip'] = ({ reader }) => skipScalar(reader, scalar);
    if (scalar === 'u64' || scalar === 'i64') {
      return {
        read: ({ reader }) => ({ kind: 'int64', value: readScalar(reader, scalar) as bigint }),
        skip,
        minimumBits,
      };
    }
    const kind = scalar === 'f32' || scalar === 'f64' ? 'float' : 'int';
    return {
      read: ({ reader }) => ({ kind, value: readScalar(reader, scalar) as number }),
      skip,
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
      skip: ({ reader }) => void reader.bits(width),
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
      skip: (context) => skipStringBytes(context, 1),
      minimumBits,
    };
  }
  if (type === WIDE_STRING_TYPE) {
    return {
      read: (context) => ({ kind: 'wstring', value: utf16.decode(readStringBytes(context, 2)) }),
      skip: (context) => skipStringBytes(context, 2),
      minimumBits,
    };
  }
  const composite = COMPOSITES[type];
  if (composite) {
    const wire = composite.fields.map(([, kind]) => kind);
    return {
      read: compositeReader(composite),
      skip: ({ reader }) => {
        for (const kind of wire) skipScalar(reader, kind);
      },
      minimumBits,
    };
  }
  if (type === MATRIX_TYPE) {
    return {
      read: ({ reader }) => {
        const values: number[] = [];
        for (let index = 0; index < MATRIX_CELLS; index++) values.push(reader.f32('a matrix'));
        return { kind: 'matrix', values };
      },
      skip: ({ reader }) => {
        for (let index = 0; index < MATRIX_CELLS; index++) reader.skipAligned(4, 'a matrix');
      },
      minimumBits,
    };
  }
  return null;
}

const objectRead = (): never => {
  throw new Error('a nested object is read by the walk, not by its value plan');
};

function planFor(property: TypeProperty): ValuePlan {
  const plan = valuePlanFor(property);
  if (plan) return { ...plan, isObject: false };
  return {
    read: objectRead,
    skip: objectRead,
    isObject: true,
    minimumBits: minimumBitsOf(property),
  };
}

/** Plans by property: a type list's properties live as long as its index. */
const plans = new WeakMap<TypeProperty, ValuePlan>();

export function planOf(property: TypeProperty): ValuePlan {
  let plan = plans.get(property);
  if (!plan) {
    plan = planFor(property);
    plans.set(property, plan);
  }
  return plan;
}
