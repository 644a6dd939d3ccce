/**
 * A decoded tree as JSON (what `info --json` prints as `root`) and as KingsIsle's
 * human-readable XML (`<Objects><Class Name="…"><m_name>value</m_name>…`). JSON: integers as
 * numbers, 64-bit ones as decimal text, strings as text, binary strings as lower-case hex,
 * enums by option name (the integer where the list names none), composites as named numbers,
 * lists as arrays, null pointers as null; properties the list lacks under `$unknown`.
 */
import { lowerHex } from './generic.ts';
import type {
  DecodedObject,
  GenericGuess,
  GenericObject,
  ObjectDecode,
  ObjectValue,
} from './types.ts';

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A float as JSON: a number, or its text where JSON has none (NaN, ±Infinity). */
const floatJson = (value: number): JsonValue => (Number.isFinite(value) ? value : String(value));

export function valueJson(value: ObjectValue): JsonValue {
  switch (value.kind) {
    case 'bool':
    case 'int':
      return value.value;
    case 'float':
      return floatJson(value.value);
    case 'int64':
      return value.value.toString();
    case 'string':
    case 'wstring':
      return value.value;
    case 'bytes':
      return lowerHex(value.value);
    case 'enum':
      return value.names ?? value.value;
    case 'composite':
      return Object.fromEntries(value.fields.map(([name, number]) => [name, floatJson(number)]));
    case 'matrix':
      return value.values.map(floatJson);
    case 'object':
      return value.object ? objectJson(value.object) : null;
    case 'list':
      return value.items.map((item) => valueJson(item.value));
  }
}

/** A typed object: `{$class, $hash, <property>: value, …}`. */
export function objectJson(object: DecodedObject): { [key: string]: JsonValue } {
  const json: { [key: string]: JsonValue } = { $class: object.className, $hash: object.hash };
  const unknown: JsonValue[] = [];
  for (const property of object.properties) {
    if (property.name === null) {
      unknown.push({ hash: property.hash, sizeBits: property.sizeBits });
    } else if (property.value) {
      json[property.name] = valueJson(property.value.value);
    }
  }
  if (unknown.length > 0) json.$unknown = unknown;
  return json;
}

function guessJson(guess: GenericGuess): JsonValue {
  switch (guess.kind) {
    case 'object':
      return { object: genericJson(guess.object) };
    case 'string':
      return { string: guess.value };
    case 'number':
      return {
        bits: guess.bits,
        unsigned: guess.unsigned,
        signed: guess.signed,
        float: guess.float === null ? null : floatJson(guess.float),
      };
    case 'bits':
      return { hex: guess.hex };
  }
}

/** An object walked without a type list: `{$hash, sizeBits, properties: [{hash, offsetBits, sizeBits, guess}]}`. */
export function genericJson(object: GenericObject): { [key: string]: JsonValue } {
  return {
    $hash: object.hash,
    sizeBits: object.sizeBits,
    properties: object.properties.map((property) => ({
      hash: property.hash,
      offsetBits: property.bits.start,
      sizeBits: property.sizeBits,
      guess: guessJson(property.guess),
    })),
  };
}

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** A value's XML text, or its children for an object. */
function valueXml(name: string, value: ObjectValue, indent: string): string[] {
  if (value.kind === 'list')
    return value.items.flatMap((item) => valueXml(name, item.value, indent));
  if (value.kind === 'object') {
    if (!value.object) return [`${indent}<${name}></${name}>`];
    return [`${indent}<${name}>`, ...classXml(value.object, `${indent}  `), `${indent}</${name}>`];
  }
  let text: string;
  if (value.kind === 'composite') text = value.fields.map(([, number]) => String(number)).join(',');
  else if (value.kind === 'matrix') text = value.values.join(',');
  else {
    const json = valueJson(value);
    text = typeof json === 'boolean' ? (json ? 'true' : 'false') : String(json);
  }
  return [`${indent}<${name}>${escapeXml(text)}</${name}>`];
}

function classXml(object: DecodedObject, indent: string): string[] {
  const name = object.className ?? String(object.hash);
  const lines = [`${indent}<Class Name="${escapeXml(name)}">`];
  for (const property of object.properties) {
    if (property.name !== null && property.value) {
      lines.push(...valueXml(property.name, property.value.value, `${indent}  `));
    }
  }
  lines.push(`${indent}</Class>`);
  return lines;
}

/** KingsIsle's human-readable form of a typed root. */
export function objectXml(root: DecodedObject): string {
  return ['<Objects>', ...classXml(root, '  '), '</Objects>', ''].join('\n');
}

/** A decode's root as JSON, as `info --json` gives it: typed, generic, or its class hash alone. */
export function rootJson(decode: Pick<ObjectDecode, 'root'>): { [key: string]: JsonValue } {
  const { root } = decode;
  if (root.kind === 'typed') return objectJson(root.object);
  if (root.kind === 'generic') return genericJson(root.object);
  return { $hash: root.hash };
}
