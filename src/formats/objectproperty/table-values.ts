/**
 * Values of the node table read when asked, from the bits the walk recorded: one node's
 * value for a row or the details, and the typed tree (`DecodedObject`) where a whole tree
 * is wanted (exports, the CLI's JSON, round trips). Both read through the same value plans
 * the walk skipped with, so what a row shows and what an export holds cannot differ.
 */
import { BitReader } from './bit-reader.ts';
import { NodeTag, type ObjectNodeTable } from './node-table.ts';
import { planOf, readLength } from './read-values.ts';
import type {
  DecodedItem,
  DecodedObject,
  DecodedProperty,
  ObjectValue,
  TypeProperty,
} from './types.ts';

/** A reader of the table's stream, one per table (reads are short and synchronous). */
const readers = new WeakMap<ObjectNodeTable, BitReader>();

function readerAt(table: ObjectNodeTable, position: number): BitReader {
  let reader = readers.get(table);
  if (!reader) {
    reader = new BitReader(table.source.stream);
    readers.set(table, reader);
  }
  reader.position = position;
  return reader;
}

/** One value of `property` at bit `start` (not an object: those are nodes of their own). */
function readOne(table: ObjectNodeTable, property: TypeProperty, start: number): ObjectValue {
  const reader = readerAt(table, start);
  return planOf(property).read({ reader, flags: table.source.flags });
}

/** A value as a line shows it: objects by their class, lists by their length. */
export type ShallowValue =
  ObjectValue | { kind: 'objectRef'; node: number } | { kind: 'items'; count: number };

/**
 * The value of a property or item node without its nested parts: a nested object as its
 * node (-1 for a null pointer), a list as its length. Null for a node without a value (an
 * object, a property skipped or not written).
 */
export function shallowValueOf(table: ObjectNodeTable, index: number): ShallowValue | null {
  const tag = table.tag(index);
  if ((tag !== NodeTag.PROPERTY && tag !== NodeTag.ITEM) || !table.hasValue(index)) return null;
  const property = table.propertyOf(index);
  if (!property) return null;
  const start = table.valueStart(index);
  if (tag === NodeTag.PROPERTY && property.isDynamic) {
    const reader = readerAt(table, start);
    return { kind: 'items', count: readLength({ reader, flags: table.source.flags }, true) };
  }
  if (planOf(property).isObject) return { kind: 'objectRef', node: table.childObject(index) };
  return readOne(table, property, start);
}

/** The children of `parent` from `first` on, in order (a table is in walk order: depth first). */
function* childrenOf(table: ObjectNodeTable, parent: number, first = parent + 1) {
  let child = first;
  while (child < table.count && table.parentOf(child) === parent) {
    yield child;
    child = subtreeEnd(table, child);
  }
}

/** The index after `node` and everything below it. */
function subtreeEnd(table: ObjectNodeTable, node: number): number {
  let next = node + 1;
  while (next < table.count && isBelow(table, next, node)) next++;
  return next;
}

function isBelow(table: ObjectNodeTable, index: number, ancestor: number): boolean {
  for (let up = table.parentOf(index); up >= ancestor; up = table.parentOf(up)) {
    if (up === ancestor) return true;
  }
  return false;
}

/** The value an item or non-list property holds, with its nested object built whole. */
function itemValue(table: ObjectNodeTable, node: number, property: TypeProperty): ObjectValue {
  if (!planOf(property).isObject) return readOne(table, property, table.valueStart(node));
  const child = table.childObject(node);
  return { kind: 'object', object: child < 0 ? null : typedObjectAt(table, child) };
}

function propertyValue(table: ObjectNodeTable, node: number): DecodedItem | null {
  const property = table.propertyOf(node);
  if (!property || !table.hasValue(node)) return null;
  const bits = { start: table.valueStart(node), end: table.end(node) };
  if (!property.isDynamic) return { bits, value: itemValue(table, node, property) };
  const items: DecodedItem[] = [];
  for (const item of childrenOf(table, node)) {
    items.push({ bits: table.bits(item), value: itemValue(table, item, property) });
  }
  return { bits, value: { kind: 'list', items } };
}

/** The object node `index` as a typed tree, every value read. */
export function typedObjectAt(table: ObjectNodeTable, index: number): DecodedObject {
  const properties: DecodedProperty[] = [];
  for (const node of childrenOf(table, index)) {
    const property = table.propertyOf(node);
    properties.push({
      name: property?.name ?? null,
      hash: table.hashOf(node),
      type: property?.type ?? null,
      bits: table.bits(node),
      sizeBits: table.sizeBitsOf(node),
      value: propertyValue(table, node),
    });
  }
  return {
    hash: table.hashOf(index),
    className: table.classNameOf(index),
    bits: table.bits(index),
    sizeBits: table.sizeBitsOf(index),
    properties,
  };
}
