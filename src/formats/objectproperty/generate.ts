/**
 * Generated ObjectProperty data for tests, fuzz seeds and benchmarks (no game data in it):
 * a small class set of every kind of value (`GENERATED_TYPE_LIST`, a wiztype v2 list), a
 * `BINd` file of N objects of it (deep, zlib-compressed by default), random objects for
 * round trips, and a large type list (tens of megabytes) for the type-list store.
 * Deterministic: the same options give the same bytes.
 */
import { propertyHash, stringId } from './hashes.ts';
import { BIND_CONFIG } from './read.ts';
import { parseTypeList, mergeTypeLists } from './type-list.ts';
import {
  PropertyFlag,
  SerializerFlag,
  type DecodedObject,
  type DecodedProperty,
  type ObjectValue,
  type TypeClass,
  type TypeIndex,
  type TypeProperty,
} from './types.ts';
import {
  COMPOSITES,
  MATRIX_TYPE,
  SCALARS,
  bitFieldOf,
  isBitEnum,
  isEnumProperty,
  enumNames,
} from './value-types.ts';
import { writeObjectProperty } from './write.ts';

/** A small seeded generator (xorshift32) of integers in [0, bound). */
export function seededIntegers(seed: number): (bound: number) => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return (bound) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % Math.max(1, bound);
  };
}

interface PropertyDraft {
  name: string;
  type: string;
  flags?: number;
  isDynamic?: boolean;
  isPointer?: boolean;
  enumOptions?: Record<string, number>;
}

const ENUM = { NONE: 0, RED: 1, GREEN: 2, BLUE: 3 };
const BITS = { NONE: 0, SOLID: 1, VISIBLE: 2, SHARED: 4, LOCKED: 8 };

/** The generated classes: every kind of value the format has. */
const CLASS_DRAFTS: Record<string, PropertyDraft[]> = {
  'class DelveRoot': [
    { name: 'm_items', type: 'class DelveItem', isDynamic: true, isPointer: true },
    { name: 'm_count', type: 'unsigned int' },
    { name: 'm_title', type: 'std::wstring' },
  ],
  'class DelveItem': [
    { name: 'm_id', type: 'unsigned int' },
    { name: 'm_name', type: 'std::string' },
    { name: 'm_isActive', type: 'bool' },
    { name: 'm_level', type: 'bui5' },
    { name: 'm_offset', type: 'bi7' },
    { name: 'm_score', type: 'int' },
    { name: 'm_scale', type: 'float' },
    { name: 'm_weight', type: 'double' },
    { name: 'm_guid', type: 'gid' },
    { name: 'm_small', type: 'char' },
    { name: 'm_port', type: 'unsigned short' },
    { name: 'm_position', type: 'class Vector3D' },
    { name: 'm_rotation', type: 'class Quaternion' },
    { name: 'm_angles', type: 'class Euler' },
    { name: 'm_tint', type: 'class Color' },
    { name: 'm_bounds', type: 'class Rect<int>' },
    { name: 'm_cell', type: 'class Point<unsigned char>' },
    { name: 'm_area', type: 'class Size<int>' },
    { name: 'm_basis', type: 'class Matrix3x3' },
    { name: 'm_colour', type: 'enum DelveColour', flags: PropertyFlag.ENUM, enumOptions: ENUM },
    { name: 'm_state', type: 'DelveState', flags: PropertyFlag.BITS, enumOptions: BITS },
    { name: 'm_tags', type: 'std::string', isDynamic: true },
    { name: 'm_blob', type: 'std::string', flags: PropertyFlag.BLOB },
    { name: 'm_child', type: 'class DelveChild', isPointer: true },
  ],
  'class DelveChild': [
    { name: 'm_value', type: 'int' },
    { name: 'm_label', type: 'std::wstring' },
    { name: 'm_next', type: 'class DelveChild', isPointer: true },
  ],
};

/** Every property is saved, transmitted and privileged: flags 7 (any mask up to 7 takes it). */
const BASE_FLAGS = 7;

function propertyJson(draft: PropertyDraft, id: number) {
  return {
    type: draft.type,
    id,
    offset: 32 + id * 8,
    flags: BASE_FLAGS | (draft.flags ?? 0),
    container: draft.isDynamic ? 'Vector' : 'Static',
    dynamic: draft.isDynamic === true,
    singleton: false,
    pointer: draft.isPointer === true,
    hash: propertyHash(draft.type, draft.name),
    enum_options: Object.fromEntries(
      Object.entries(draft.enumOptions ?? {}).map(([name, value]) => [name, String(value)]),
    ),
  };
}

function classesJson(drafts: Record<string, PropertyDraft[]>) {
  return Object.fromEntries(
    Object.entries(drafts).map(([name, properties]) => [
      String(stringId(name)),
      {
        name,
        bases: ['class PropertyClass'],
        hash: stringId(name),
        singleton: false,
        properties: Object.fromEntries(
          properties.map((draft, id) => [draft.name, propertyJson(draft, id)]),
        ),
      },
    ]),
  );
}

/** The generated classes as a wiztype v2 JSON list. */
export function generatedTypeListJson(): string {
  return JSON.stringify({ version: 2, classes: classesJson(CLASS_DRAFTS) });
}

/** The generated classes as an index. */
export function generatedTypeIndex(): TypeIndex {
  const bytes = new TextEncoder().encode(generatedTypeListJson());
  return mergeTypeLists([{ name: 'generated.json', classes: parseTypeList(bytes) }]);
}

const WORDS = ['ember', 'frost', 'storm', 'myth', 'life', 'death', 'balance', 'shadow', 'astral'];
const NO_BITS = { start: 0, end: 0 };

/** Random values that survive a round trip (floats exact in f32). */
class RandomValues {
  constructor(
    readonly next: (bound: number) => number,
    readonly types: TypeIndex,
  ) {}

  text(): string {
    return Array.from({ length: this.next(4) }, () => WORDS[this.next(WORDS.length)]!).join('_');
  }

  float32(): number {
    return Math.fround((this.next(200001) - 100000) / 64);
  }

  single(property: TypeProperty, depth: number): ObjectValue {
    const { type } = property;
    if (isEnumProperty(property)) {
      const options = property.enumOptions;
      const value = isBitEnum(property)
        ? options.reduce((bits, option) => (this.next(2) ? bits | option.value : bits), 0)
        : options[this.next(options.length)]!.value;
      return { kind: 'enum', value, names: enumNames(property, value) };
    }
    if (type === 'bool') return { kind: 'bool', value: this.next(2) === 1 };
    const scalar = SCALARS[type];
    if (scalar === 'u64' || scalar === 'i64') {
      return {
        kind: 'int64',
        value: (BigInt(this.next(2 ** 31)) << 32n) | BigInt(this.next(2 ** 31)),
      };
    }
    if (scalar === 'f32') return { kind: 'float', value: this.float32() };
    if (scalar === 'f64') return { kind: 'float', value: this.next(2 ** 31) / 1024 };
    if (scalar) {
      const width = { i8: 8, u8: 8, i16: 16, u16: 16, i32: 32, u32: 32 }[scalar];
      const raw = this.next(2 ** Math.min(width, 31));
      const isSigned = scalar.startsWith('i');
      return { kind: 'int', value: isSigned ? raw - 2 ** (Math.min(width, 31) - 1) : raw };
    }
    const field = bitFieldOf(type);
    if (field) {
      const raw = this.next(2 ** field.width);
      return { kind: 'int', value: field.isSigned ? raw - 2 ** (field.width - 1) : raw };
    }
    if (type === 'std::string') {
      if (property.flags & PropertyFlag.BLOB) {
        return {
          kind: 'bytes',
          value: Uint8Array.from({ length: this.next(12) }, () => this.next(256)),
        };
      }
      return { kind: 'string', value: this.text() };
    }
    if (type === 'std::wstring') return { kind: 'wstring', value: `${this.text()}\u00e9` };
    const composite = COMPOSITES[type];
    if (composite) {
      const order = composite.jsonOrder ?? composite.fields.map(([name]) => name);
      const kinds = new Map(composite.fields);
      return {
        kind: 'composite',
        type: composite.name,
        fields: order.map((name) => [
          name,
          kinds.get(name) === 'f32'
            ? this.float32()
            : this.next(kinds.get(name) === 'u8' ? 256 : 100000),
        ]),
      };
    }
    if (type === MATRIX_TYPE)
      return { kind: 'matrix', values: Array.from({ length: 9 }, () => this.float32()) };
    const target = [...this.types.classes.values()].find((each) => each.name === type);
    const isNull = !target || depth > 3 || (property.isPointer && this.next(3) === 0);
    return { kind: 'object', object: isNull ? null : this.object(target, depth + 1) };
  }

  object(type: TypeClass, depth = 0): DecodedObject {
    const properties: DecodedProperty[] = type.properties.map((property) => {
      const value: ObjectValue = property.isDynamic
        ? {
            kind: 'list',
            items: Array.from({ length: this.next(4) }, () => ({
              bits: NO_BITS,
              value: this.single(property, depth),
            })),
          }
        : this.single(property, depth);
      return {
        name: property.name,
        hash: property.hash,
        type: property.type,
        bits: NO_BITS,
        sizeBits: null,
        value: { bits: NO_BITS, value },
      };
    });
    return { hash: type.hash, className: type.name, bits: NO_BITS, sizeBits: null, properties };
  }
}

/** A random object of `type` (values from `seed`), for round trips. */
export function randomObject(types: TypeIndex, type: TypeClass, seed: number): DecodedObject {
  return new RandomValues(seededIntegers(seed), types).object(type);
}

export interface GeneratedBind {
  bytes: Uint8Array;
  /** The wiztype v2 JSON list that names every class and property in it. */
  typeList: string;
}

/** A `BINd` file whose root holds `count` generated items (deep; compressed unless told not). */
export function generateBindFile(
  count: number,
  options: { seed?: number; isCompressed?: boolean } = {},
): GeneratedBind {
  const types = generatedTypeIndex();
  const values = new RandomValues(seededIntegers(options.seed ?? 1), types);
  const byName = new Map([...types.classes.values()].map((type) => [type.name, type]));
  const item = byName.get('class DelveItem')!;
  const root = values.object(byName.get('class DelveRoot')!);
  const items = Array.from({ length: count }, () => ({
    bits: NO_BITS,
    value: { kind: 'object' as const, object: values.object(item) },
  }));
  root.properties[0]!.value = { bits: NO_BITS, value: { kind: 'list', items } };
  root.properties[1]!.value = { bits: NO_BITS, value: { kind: 'int', value: count } };
  const isCompressed = options.isCompressed ?? true;
  const streamFlags =
    SerializerFlag.STATEFUL_FLAGS | (isCompressed ? SerializerFlag.WITH_COMPRESSION : 0);
  const bytes = writeObjectProperty(root, types, {
    config: BIND_CONFIG,
    streamFlags,
    isBind: true,
    compressObject: isCompressed,
  });
  return { bytes, typeList: generatedTypeListJson() };
}

/** About the size of a real client's type list. */
export const LARGE_TYPE_LIST_BYTES = 60 * 1024 * 1024;

const TYPE_POOL = [
  'unsigned int',
  'int',
  'float',
  'std::string',
  'bool',
  'class Vector3D',
  'gid',
  'std::wstring',
  'class Color',
  'double',
];

/**
 * A wiztype v2 JSON list of at least `targetBytes` bytes (the real lists are about 60 MB):
 * generated classes of 20–60 properties each, every tenth with an enum.
 */
export function generateLargeTypeList(targetBytes = LARGE_TYPE_LIST_BYTES, seed = 1): Uint8Array {
  const next = seededIntegers(seed);
  const parts: string[] = ['{"version": 2, "classes": {'];
  let size = parts[0]!.length;
  for (let index = 0; size < targetBytes; index++) {
    const name = `class Generated${index}${WORDS[index % WORDS.length]!}`;
    const drafts: PropertyDraft[] = Array.from({ length: 20 + next(41) }, (_, at) => {
      const hasEnum = at % 10 === 9;
      return hasEnum
        ? {
            name: `m_option${at}`,
            type: `enum GeneratedEnum${at}`,
            flags: PropertyFlag.ENUM,
            enumOptions: ENUM,
          }
        : {
            name: `m_${WORDS[next(WORDS.length)]!}${at}`,
            type: TYPE_POOL[next(TYPE_POOL.length)]!,
          };
    });
    const json = JSON.stringify(classesJson({ [name]: drafts })).slice(1, -1);
    const part = index === 0 ? json : `,${json}`;
    parts.push(part);
    size += part.length;
  }
  parts.push('}}');
  return new TextEncoder().encode(parts.join(''));
}
