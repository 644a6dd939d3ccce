/**
 * A wiztype JSON list (spec.md "Type lists": v1 `{name: class}`, v2 `{version: 2, classes:
 * {hash: class}}`) read from its UTF-8 bytes into a type image, without `JSON.parse`: the
 * grammar is checked first (binary/json-bytes.ts), then the classes are walked by offsets
 * and only the strings kept (names, types, containers, bases, option names) are decoded,
 * each distinct one once. The result is the image `JSON.parse` reading gives
 * (type-list-json-parse.ts, the reference the tests compare it with): same classes in the
 * same order, a repeated key's last value, array-index keys first as objects enumerate them.
 * A problem is a FormatError at the byte of the value at fault.
 */
import { JsonBytes, validateJson } from '../../binary/json-bytes.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { propertyHash, stringId } from './hashes.ts';
import type { PropertyDraft, TypeImageWriter } from './type-image.ts';
import { listError, SPECIAL_OPTIONS, u32Of } from './type-list-values.ts';
import type { EnumOption } from './types.ts';

const ABSENT = -1;

/** A u32 given as a number or as text at `at`. */
function u32At(json: JsonBytes, at: number, what: string): number {
  const kind = json.kindAt(at);
  if (kind === 'string') return u32Of(json.string(at), what, at);
  if (kind === 'number') return u32Of(json.number(at), what, at);
  throw listError(at, `${what} is not an integer: ${json.sourceOf(at)}`);
}

/** A value that may be absent or null (`raw.x ?? fallback`). */
const isGiven = (json: JsonBytes, at: number) => at !== ABSENT && json.kindAt(at) !== 'null';

function enumOptions(json: JsonBytes, at: number, what: string): EnumOption[] {
  const options: EnumOption[] = [];
  if (at === ABSENT || json.kindAt(at) !== 'object') return options;
  for (const [name, valueAt] of json.members(at)) {
    if (SPECIAL_OPTIONS.has(name)) continue;
    options.push({ name, value: u32At(json, valueAt, `${what} option ${name}`) });
  }
  return options;
}

function propertyDraft(
  json: JsonBytes,
  name: string,
  at: number,
  className: string,
): PropertyDraft {
  const what = `${className}.${name}`;
  let typeAt = ABSENT;
  let idAt = ABSENT;
  let flagsAt = ABSENT;
  let containerAt = ABSENT;
  let dynamicAt = ABSENT;
  let pointerAt = ABSENT;
  let hashAt = ABSENT;
  let optionsAt = ABSENT;
  if (json.kindAt(at) === 'object') {
    json.forEachMember(at, (key, valueAt) => {
      switch (key) {
        case 'type':
          typeAt = valueAt;
          break;
        case 'id':
          idAt = valueAt;
          break;
        case 'flags':
          flagsAt = valueAt;
          break;
        case 'container':
          containerAt = valueAt;
          break;
        case 'dynamic':
          dynamicAt = valueAt;
          break;
        case 'pointer':
          pointerAt = valueAt;
          break;
        case 'hash':
          hashAt = valueAt;
          break;
        case 'enum_options':
          optionsAt = valueAt;
          break;
      }
    });
  }
  if (typeAt === ABSENT || json.kindAt(typeAt) !== 'string') {
    throw listError(typeAt === ABSENT ? at : typeAt, `property ${what} has no type`);
  }
  const type = json.string(typeAt);
  return {
    name,
    type,
    id: isGiven(json, idAt) ? u32At(json, idAt, `${what} id`) : 0,
    flags: isGiven(json, flagsAt) ? u32At(json, flagsAt, `${what} flags`) : 0,
    container:
      containerAt !== ABSENT && json.kindAt(containerAt) === 'string'
        ? json.string(containerAt)
        : 'Static',
    isDynamic: dynamicAt !== ABSENT && json.kindAt(dynamicAt) === 'true',
    isPointer: pointerAt !== ABSENT && json.kindAt(pointerAt) === 'true',
    hash: hashAt === ABSENT ? propertyHash(type, name) : u32At(json, hashAt, `${what} hash`),
    enumOptions: enumOptions(json, optionsAt, what),
  };
}

/** The members of a class object a list reads: offsets of their values, or ABSENT. */
interface ClassFields {
  nameAt: number;
  basesAt: number;
  hashAt: number;
  propertiesAt: number;
}

function classFields(json: JsonBytes, at: number): ClassFields {
  const fields = { nameAt: ABSENT, basesAt: ABSENT, hashAt: ABSENT, propertiesAt: ABSENT };
  json.forEachMember(at, (key, valueAt) => {
    if (key === 'name') fields.nameAt = valueAt;
    else if (key === 'bases') fields.basesAt = valueAt;
    else if (key === 'hash') fields.hashAt = valueAt;
    else if (key === 'properties') fields.propertiesAt = valueAt;
  });
  return fields;
}

function addClass(
  json: JsonBytes,
  writer: TypeImageWriter,
  name: string,
  fields: ClassFields,
  hashKey: string | undefined,
  hashKeyAt: number,
): void {
  const { basesAt, hashAt, propertiesAt } = fields;
  const bases: string[] = [];
  if (basesAt !== ABSENT && json.kindAt(basesAt) === 'array') {
    json.forEachElement(basesAt, (at) => {
      if (json.kindAt(at) === 'string') bases.push(json.string(at));
    });
  }
  // Always the dump's hash: Pirate101's class hashes are not string IDs.
  const what = `class ${name} hash`;
  const hash = isGiven(json, hashAt)
    ? u32At(json, hashAt, what)
    : hashKey === undefined
      ? stringId(name)
      : u32Of(hashKey, what, hashKeyAt);
  const properties: PropertyDraft[] = [];
  if (propertiesAt !== ABSENT && json.kindAt(propertiesAt) === 'object') {
    for (const [property, at] of json.members(propertiesAt)) {
      properties.push(propertyDraft(json, property, at, name));
    }
  }
  writer.addClass(name, hash, bases, properties);
}

/**
 * A wiztype dump whose root object starts at `start`, written into `writer`. Malformed JSON
 * is a FormatError at the byte that breaks it; a value of the wrong shape, at that value.
 */
export function scannedJsonClasses(
  bytes: Uint8Array,
  start: number,
  writer: TypeImageWriter,
): void {
  const json = new JsonBytes(bytes, validateJson(bytes, start, OBJECT_PROPERTY_FORMAT));
  const root = json.members(start);
  const versionAt = root.get('version');
  const isV2 =
    versionAt !== undefined && json.kindAt(versionAt) === 'number' && json.number(versionAt) === 2;
  if (isV2) {
    const classesAt = root.get('classes');
    if (classesAt === undefined || json.kindAt(classesAt) !== 'object') {
      throw listError(classesAt ?? start, 'a v2 type list needs "classes"');
    }
    for (const [hashKey, at] of json.members(classesAt)) {
      const fields = json.kindAt(at) === 'object' ? classFields(json, at) : null;
      if (!fields || fields.nameAt === ABSENT || json.kindAt(fields.nameAt) !== 'string') {
        throw listError(
          fields && fields.nameAt !== ABSENT ? fields.nameAt : at,
          `class ${hashKey} has no name`,
        );
      }
      addClass(json, writer, json.string(fields.nameAt), fields, hashKey, at);
    }
    return;
  }
  for (const [name, at] of root) {
    if (json.kindAt(at) !== 'object') throw listError(at, `class ${name} is not an object`);
    addClass(json, writer, name, classFields(json, at), undefined, at);
  }
}
