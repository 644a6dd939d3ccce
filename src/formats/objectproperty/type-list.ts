/**
 * Type lists (spec.md "Type lists"): wiztype JSON v1 (classes by name) and v2 (classes by
 * hash), and KingsIsle's XML ClassList (no hashes: class hashes are string IDs of the names,
 * property hashes the spec's formula). Several lists merge into one `TypeIndex`. Pure: it
 * runs in a worker (no DOM; XML through the project's small reader). A list that cannot be
 * read is a FormatError at the offset of the problem (the character, for text).
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { parseXml, type XmlElement } from '../../binary/xml.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { propertyHash, stringId } from './hashes.ts';
import { ImageClassMap, TypeImage, TypeImageWriter } from './type-image.ts';
import type { ClassesByHash, EnumOption, TypeClass, TypeIndex, TypeProperty } from './types.ts';

/** Options every enum dump carries that are no value of it. */
const SPECIAL_OPTIONS = new Set(['__DEFAULT', '__BASECLASS']);

const listError = (offset: number, detail: string) =>
  new FormatError({ code: ErrorCode.BAD_VALUE, offset, detail, format: OBJECT_PROPERTY_FORMAT });

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number a list gives as a number or as text (`"7"`, `"0x10"`, `"-1"`), as u32. */
function u32Of(value: unknown, what: string): number {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) {
    throw listError(0, `${what} is not an integer: ${JSON.stringify(value)}`);
  }
  return number >>> 0;
}

function enumOptionsOf(options: Iterable<[string, unknown]>, what: string): EnumOption[] {
  const list: EnumOption[] = [];
  for (const [name, value] of options) {
    if (SPECIAL_OPTIONS.has(name)) continue;
    list.push({ name, value: u32Of(value, `${what} option ${name}`) });
  }
  return list;
}

function jsonProperty(name: string, raw: unknown, className: string): TypeProperty {
  const what = `${className}.${name}`;
  if (!isObject(raw) || typeof raw.type !== 'string') {
    throw listError(0, `property ${what} has no type`);
  }
  const options = isObject(raw.enum_options) ? Object.entries(raw.enum_options) : [];
  return {
    name,
    type: raw.type,
    id: u32Of(raw.id ?? 0, `${what} id`),
    flags: u32Of(raw.flags ?? 0, `${what} flags`),
    container: typeof raw.container === 'string' ? raw.container : 'Static',
    isDynamic: raw.dynamic === true,
    isPointer: raw.pointer === true,
    hash: raw.hash === undefined ? propertyHash(raw.type, name) : u32Of(raw.hash, `${what} hash`),
    enumOptions: enumOptionsOf(options, what),
  };
}

function jsonClass(writer: TypeImageWriter, name: string, raw: unknown, hashKey?: string): void {
  if (!isObject(raw)) throw listError(0, `class ${name} is not an object`);
  const properties = isObject(raw.properties) ? Object.entries(raw.properties) : [];
  const bases = Array.isArray(raw.bases) ? raw.bases.filter((b) => typeof b === 'string') : [];
  // Always the dump's hash: Pirate101's class hashes are not string IDs.
  const given = raw.hash ?? hashKey;
  const hash = given === undefined ? stringId(name) : u32Of(given, `class ${name} hash`);
  writer.addClass(
    name,
    hash,
    bases,
    properties.map(([property, value]) => jsonProperty(property, value, name)),
  );
}

/** A wiztype dump, v1 (`{name: class}`) or v2 (`{version: 2, classes: {hash: class}}`). */
function jsonClasses(text: string, writer: TypeImageWriter): void {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec(String(error));
    throw listError(at ? Number(at[1]) : 0, 'not JSON');
  }
  if (!isObject(root)) throw listError(0, 'a type list is a JSON object');
  if (root.version === 2) {
    if (!isObject(root.classes)) throw listError(0, 'a v2 type list needs "classes"');
    for (const hash in root.classes) {
      const raw = root.classes[hash];
      const name = isObject(raw) && typeof raw.name === 'string' ? raw.name : null;
      if (name === null) throw listError(0, `class ${hash} has no name`);
      jsonClass(writer, name, raw, hash);
    }
    return;
  }
  for (const name in root) jsonClass(writer, name, root[name]);
}

/** Type names in KingsIsle's dump are escaped twice (`&amp;lt;`): the second layer. */
const unescapeType = (type: string) =>
  type.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

function attribute(element: XmlElement, name: string): string | null {
  return element.attributes.get(name) ?? null;
}

function xmlProperty(element: XmlElement, className: string): TypeProperty {
  const name = attribute(element, 'Name');
  const rawType = attribute(element, 'Type');
  if (name === null || rawType === null) {
    throw listError(element.offset, `a property of ${className} lacks Name or Type`);
  }
  const type = unescapeType(rawType);
  const options = element.children
    .filter((child) => child.name === 'Enum')
    .flatMap((child) => child.children.filter((option) => option.name === 'Option'))
    .map((option): [string, unknown] => [
      attribute(option, 'Name') ?? '',
      attribute(option, 'Value') ?? '0',
    ]);
  return {
    name,
    type,
    id: u32Of(attribute(element, 'PropertyId') ?? '0', `${className}.${name} id`),
    flags: u32Of(attribute(element, 'Flags') ?? '0', `${className}.${name} flags`),
    container: attribute(element, 'Container') ?? 'Static',
    isDynamic: attribute(element, 'Dynamic') === 'true',
    isPointer: attribute(element, 'Pointer') === 'true',
    hash: propertyHash(type, name),
    enumOptions: enumOptionsOf(options, `${className}.${name}`),
  };
}

/** KingsIsle's `<ClassList><Class Name Base><Property …><Enum><Option …/>…` dump. */
function xmlClasses(text: string, writer: TypeImageWriter): void {
  const root = parseXml(text, OBJECT_PROPERTY_FORMAT);
  if (root.name !== 'ClassList') throw listError(root.offset, 'an XML type list is a <ClassList>');
  for (const element of root.children) {
    if (element.name !== 'Class') continue;
    const name = attribute(element, 'Name');
    if (name === null) throw listError(element.offset, 'a <Class> without a Name');
    const base = attribute(element, 'Base');
    const properties = element.children
      .filter((child) => child.name === 'Property')
      .map((child) => xmlProperty(child, name));
    writer.addClass(name, stringId(name), base ? [base] : [], properties);
  }
}

/**
 * One type list, JSON or XML (told apart by the first character), as its image
 * (type-image.ts): what the app keeps beside the list so that it is not parsed again.
 */
export function compileTypeList(bytes: Uint8Array): Uint8Array {
  const text = new TextDecoder('utf-8').decode(bytes);
  const start = text.search(/\S/);
  if (start < 0) throw listError(0, 'an empty type list');
  const writer = new TypeImageWriter();
  // A browser-saved XML file has a note before its first `<`; the XML reader skips it.
  if (text[start] === '{') jsonClasses(text, writer);
  else xmlClasses(text, writer);
  return writer.finish();
}

/** The classes of one type list, JSON or XML. */
export function parseTypeList(bytes: Uint8Array): TypeClass[] {
  return [...new ImageClassMap([new TypeImage(compileTypeList(bytes))]).values()];
}

/** Property hash → the classes declaring it, made the first time `propertyOwners` is read. */
function indexOf(classes: ClassesByHash, sources: string[]): TypeIndex {
  let owners: Map<number, TypeClass[]> | null = null;
  return {
    classes,
    sources,
    get propertyOwners() {
      if (owners) return owners;
      owners = new Map();
      for (const type of classes.values()) {
        for (const property of type.properties) {
          const known = owners.get(property.hash);
          if (known) known.push(type);
          else owners.set(property.hash, [type]);
        }
      }
      return owners;
    },
  };
}

/** Lists merged into one index: classes by hash (later lists win), property owners by hash. */
export function mergeTypeLists(
  lists: readonly { name: string; classes: TypeClass[] }[],
): TypeIndex {
  const classes = new Map<number, TypeClass>();
  for (const list of lists) for (const type of list.classes) classes.set(type.hash, type);
  return indexOf(
    classes as ClassesByHash,
    lists.map((list) => list.name),
  );
}

/** A type list as a host hands it over: the file, or (`isPrepared`) its image. */
export interface TypeListFile {
  name: string;
  bytes: Uint8Array;
  isPrepared?: boolean;
}

/** The image of one list file: read back, or compiled from the list. */
export const imageOf = (file: TypeListFile) =>
  new TypeImage(file.isPrepared ? file.bytes : compileTypeList(file.bytes));

/**
 * Parses (or reads the images of) and merges files given as `{name, bytes}`; classes are
 * made when first read. A FormatError names the file's offset.
 */
export function typeIndexOf(files: readonly TypeListFile[]): TypeIndex {
  return indexOf(
    new ImageClassMap(files.map(imageOf)),
    files.map((file) => file.name),
  );
}

/** What a hash names in the index: classes with it, and properties (with their class). */
export function lookupHash(index: TypeIndex, hash: number) {
  const type = index.classes.get(hash >>> 0);
  const owners = index.propertyOwners.get(hash >>> 0) ?? [];
  return {
    classes: type ? [type.name] : [],
    properties: owners.map((owner) => {
      const property = owner.propertiesByHash.get(hash >>> 0)!;
      return { className: owner.name, name: property.name, type: property.type };
    }),
  };
}

/** What a name is in the index: the class of that name's hash, the properties of that name. */
export function lookupName(index: TypeIndex, name: string) {
  const classes = [...index.classes.values()].filter((type) => type.name === name);
  const properties = [...index.classes.values()].flatMap((type) =>
    type.properties
      .filter((property) => property.name === name)
      .map((property) => ({ className: type.name, type: property.type, hash: property.hash })),
  );
  return { classes: classes.map((type) => ({ name: type.name, hash: type.hash })), properties };
}
