/**
 * A wiztype JSON list read through `JSON.parse`: the reading type-list-json.ts replaces
 * (its object tree, and the whole-file decode before it, cost more than the rest of adding
 * a 60 MB list). Kept as the reference the byte scanner is tested against, image for image,
 * and timed against (docs/PERFORMANCE.md).
 */
import { enumOptionsOf, listError, u32Of } from './type-list-values.ts';
import { stringId, propertyHash } from './hashes.ts';
import type { TypeImageWriter } from './type-image.ts';
import type { TypeProperty } from './types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
  const given = raw.hash ?? hashKey;
  const hash = given === undefined ? stringId(name) : u32Of(given, `class ${name} hash`);
  writer.addClass(
    name,
    hash,
    bases,
    properties.map(([property, value]) => jsonProperty(property, value, name)),
  );
}

/** A wiztype dump, v1 (`{name: class}`) or v2 (`{version: 2, classes: {hash: class}}`), from its text. */
export function parsedJsonClasses(text: string, writer: TypeImageWriter): void {
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
