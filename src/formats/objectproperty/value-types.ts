/**
 * What a property's type name means on the wire (spec.md "Values by property type name"),
 * shared by the reader and the writer so the two cannot disagree: the scalar types with
 * their widths, the bit fields, the composites with their fields in wire order, and what
 * is an enum.
 */
import { PropertyFlag, type TypeProperty } from './types.ts';

/** Aligned scalars: byte width, and how the bytes read. */
export type ScalarKind =
  'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'f32' | 'f64' | 'u64' | 'i64';

export const SCALARS: Readonly<Record<string, ScalarKind>> = {
  char: 'i8',
  'unsigned char': 'u8',
  short: 'i16',
  'unsigned short': 'u16',
  wchar_t: 'u16',
  int: 'i32',
  long: 'i32',
  'unsigned int': 'u32',
  'unsigned long': 'u32',
  float: 'f32',
  double: 'f64',
  'unsigned __int64': 'u64',
  gid: 'u64',
  'union gid': 'u64',
  __int64: 'i64',
};

export const SCALAR_BITS: Readonly<Record<ScalarKind, number>> = {
  i8: 8,
  u8: 8,
  i16: 16,
  u16: 16,
  i32: 32,
  u32: 32,
  f32: 32,
  f64: 64,
  u64: 64,
  i64: 64,
};

/** A bit field (unaligned): its width and whether it is sign-extended; null for other types. */
export function bitFieldOf(type: string): { width: number; isSigned: boolean } | null {
  if (type === 's24') return { width: 24, isSigned: true };
  if (type === 'u24') return { width: 24, isSigned: false };
  const match = /^b(u?)i([2-7])$/.exec(type);
  return match ? { width: Number(match[2]), isSigned: match[1] === '' } : null;
}

/** A composite: the name it has in JSON, and its fields in wire order, each with its scalar. */
export interface CompositeLayout {
  name: string;
  fields: readonly (readonly [name: string, kind: ScalarKind])[];
  /** JSON order of the fields, where it differs from the wire's (Color: B, G, R, A on the wire). */
  jsonOrder?: readonly string[];
}

const fields = (kind: ScalarKind, ...names: string[]) => names.map((name) => [name, kind] as const);

export const COMPOSITES: Readonly<Record<string, CompositeLayout>> = {
  'class Color': {
    name: 'Color',
    fields: fields('u8', 'b', 'g', 'r', 'a'),
    jsonOrder: ['r', 'g', 'b', 'a'],
  },
  'class Vector3D': { name: 'Vector3D', fields: fields('f32', 'x', 'y', 'z') },
  'class Euler': { name: 'Euler', fields: fields('f32', 'pitch', 'yaw', 'roll') },
  'class Quaternion': { name: 'Quaternion', fields: fields('f32', 'w', 'x', 'y', 'z') },
  'class Size<int>': { name: 'Size', fields: fields('i32', 'width', 'height') },
  'class Point<int>': { name: 'Point', fields: fields('i32', 'x', 'y') },
  'class Point<unsigned int>': { name: 'Point', fields: fields('u32', 'x', 'y') },
  'class Point<float>': { name: 'Point', fields: fields('f32', 'x', 'y') },
  'class Point<unsigned char>': { name: 'Point', fields: fields('u8', 'x', 'y') },
  'class Rect<int>': { name: 'Rect', fields: fields('i32', 'left', 'top', 'right', 'bottom') },
  'class Rect<float>': { name: 'Rect', fields: fields('f32', 'left', 'top', 'right', 'bottom') },
};

export const MATRIX_TYPE = 'class Matrix3x3';
export const STRING_TYPE = 'std::string';
export const WIDE_STRING_TYPE = 'std::wstring';

/** Whether a property holds an enum: flagged ENUM or BITS, or typed `enum …`. */
export function isEnumProperty(property: TypeProperty): boolean {
  return (
    (property.flags & (PropertyFlag.ENUM | PropertyFlag.BITS)) !== 0 ||
    property.type.startsWith('enum ')
  );
}

/** Whether an enum's value is a set of bits (`A|B`). */
export const isBitEnum = (property: TypeProperty) => (property.flags & PropertyFlag.BITS) !== 0;

/** The fewest bits one value of the property can take (counts are checked against it). */
export function minimumBits(property: TypeProperty): number {
  if (isEnumProperty(property)) return 1;
  const scalar = SCALARS[property.type];
  if (scalar) return SCALAR_BITS[scalar];
  const field = bitFieldOf(property.type);
  if (field) return field.width;
  if (property.type === 'bool') return 1;
  if (property.type === STRING_TYPE || property.type === WIDE_STRING_TYPE) return 8;
  return 32;
}

/** An enum's value as names: the option's (bit enums: the set bits' names joined by `|`). */
export function enumNames(property: TypeProperty, value: number): string | null {
  const options = property.enumOptions;
  if (!isBitEnum(property)) return options.find((option) => option.value === value)?.name ?? null;
  if (value === 0) return options.find((option) => option.value === 0)?.name ?? '';
  const names: string[] = [];
  let left = value;
  for (const option of options) {
    if (option.value !== 0 && (left & option.value) === option.value) {
      names.push(option.name);
      left = (left & ~option.value) >>> 0;
    }
  }
  return left === 0 ? names.join('|') : null;
}

/** An enum's text (`A|B`, or a number) as its value; null when a name is unknown. */
export function enumValueOf(property: TypeProperty, text: string): number | null {
  if (text === '') return 0;
  let value = 0;
  for (const part of text.split('|')) {
    const name = part.trim();
    const option = property.enumOptions.find((each) => each.name === name);
    if (option) value = (value | option.value) >>> 0;
    else if (/^-?\d+$/.test(name)) value = (value | Number(name)) >>> 0;
    else return null;
  }
  return value;
}
