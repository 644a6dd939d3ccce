/**
 * Type lists (spec.md "Type lists"): wiztype JSON v1 (classes by name) and v2 (classes by
 * hash), and KingsIsle's XML ClassList (no hashes: class hashes are string IDs of the names,
 * property hashes the spec's formula). Several lists merge into one `TypeIndex`. Pure: it
 * runs in a worker (no DOM; XML through the project's small reader; JSON scanned from its
 * bytes, type-list-json.ts). A list that cannot be read is a FormatError at the offset of
 * the problem (the byte, for JSON; the character, for XML).
 */
import { skipWhitespace } from '../../binary/json-bytes.ts';
import { parseXml, type XmlElement } from '../../binary/xml.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { propertyHash, stringId } from './hashes.ts';
import { ImageClassMap, TypeImage, TypeImageWriter } from './type-image.ts';
import { scannedJsonClasses } from './type-list-json.ts';
import { enumOptionsOf, listError, u32Of } from './type-list-values.ts';
import type { ClassesByHash, TypeClass, TypeIndex, TypeProperty } from './types.ts';

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

/** Where a UTF-8 text starts: past a byte order mark, which a decoder drops. */
const textStart = (bytes: Uint8Array) =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;

/**
 * One type list, JSON or XML (told apart by the first character), as its image
 * (type-image.ts): what the app keeps beside the list so that it is not parsed again.
 */
export function compileTypeList(bytes: Uint8Array): Uint8Array {
  const writer = new TypeImageWriter();
  const jsonStart = skipWhitespace(bytes, textStart(bytes));
  if (bytes[jsonStart] === 0x7b) {
    scannedJsonClasses(bytes, jsonStart, writer);
    return writer.finish();
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  const start = text.search(/\S/);
  if (start < 0) throw listError(0, 'an empty type list');
  // Text whitespace before a `{` that JSON does not allow (a no-break space): not JSON.
  if (text[start] === '{') throw listError(jsonStart, 'not JSON: expected a value');
  // A browser-saved XML file has a note before its first `<`; the XML reader skips it.
  xmlClasses(text, writer);
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
