/**
 * A decode's tree nodes as a table, filled by the decode walk itself (table-walk.ts): per
 * node its parent, what it is, its bits in the stream, and its class or property hash with
 * the type list's property it was read as. No object and no string is made per node: values
 * are read from the stream when a row, the details or an export asks (table-values.ts), and
 * names and paths are made when asked, so a file of millions of values opens in typed arrays
 * (OpenSink.documentNodes streams it by index). A stream walked without a type list keeps
 * its generic walk's parts (generic.ts) beside the same columns.
 *
 * A path is its parent's, `/` and its name: an object's class name (or `#hash`), a
 * property's name (or `#hash`), an item's `[index]`. Names never hold `/`; a name a
 * sibling already has (a hostile stream may repeat a hash) gets ` #node` appended.
 */
import { hex32 } from '../../binary/hex.ts';
import type { Span } from '../model.ts';
import {
  PropertyFlag,
  bitsToSpan,
  type BitRange,
  type GenericObject,
  type GenericProperty,
  type TypeIndex,
  type TypeProperty,
} from './types.ts';

/** What a node is. */
export const NodeTag = {
  OBJECT: 0,
  PROPERTY: 1,
  ITEM: 2,
  GENERIC_OBJECT: 3,
  GENERIC_PROPERTY: 4,
  HASH_ONLY: 5,
} as const;
export type NodeTag = (typeof NodeTag)[keyof typeof NodeTag];

/** A shallow blob's root without a type list: its class hash alone. */
export interface HashOnlyRoot {
  hash: number;
  bits: BitRange;
}

/** What a node of a walk without a type list keeps (those walks are small, and guessed whole). */
export type GenericPart = GenericObject | GenericProperty | HashOnlyRoot;

/** A name as one path segment: no `/`. */
export const segment = (name: string) => name.replaceAll('/', '\u2215');

/** Tag bits besides the tag: the name repeats a sibling's (the index is appended); no value. */
const DUPLICATE = 0x80;
const NO_VALUE = 0x40;
const TAG_BITS = 0x3f;

/** Siblings seen so far below one object: a short list, a set once there are many. */
export class Siblings {
  private readonly few: (string | number)[] = [];
  private many: Set<string | number> | null = null;

  /** Forgets every key (the walk keeps one per depth and reuses it). */
  reset(): void {
    this.few.length = 0;
    this.many = null;
  }

  /** Whether `key` was seen already (it is remembered either way). */
  repeats(key: string | number): boolean {
    if (this.many) {
      if (this.many.has(key)) return true;
      this.many.add(key);
      return false;
    }
    if (this.few.includes(key)) return true;
    this.few.push(key);
    if (this.few.length > 16) this.many = new Set(this.few);
    return false;
  }
}

/** How the stream the table points into was read: what reading a value again needs. */
export interface TableStream {
  /** The bytes the bits count in (the file, or the inflated object). */
  stream: Uint8Array;
  /** Where `stream` starts in the file (0 when inflated): spans count from it. */
  base: number;
  /** The serializer flags in force. */
  flags: number;
  isShallow: boolean;
  types: TypeIndex | null;
}

const LEAST_CAPACITY = 1024;
/** Stream bytes per node the first columns are sized for (generated files: ~18; most nodes take more). */
const BYTES_PER_NODE_GUESS = 32;
/** The first columns' room at most (~120 MB of them): past it they double as they fill. */
const MOST_FIRST_CAPACITY = 1 << 22;

/** Room for the nodes a stream of `length` bytes likely holds, so the columns rarely grow. */
const firstCapacity = (length: number) =>
  Math.min(MOST_FIRST_CAPACITY, Math.max(LEAST_CAPACITY, Math.ceil(length / BYTES_PER_NODE_GUESS)));

type Column = Int32Array | Uint8Array | Uint32Array | Float64Array;

/** A column copied into one of `length` (the rest zero). */
function grown<T extends Column>(column: T, length: number): T {
  const copy = new (column.constructor as new (length: number) => T)(length);
  copy.set(column);
  return copy;
}

export class ObjectNodeTable {
  count = 0;
  /** Nodes that name no class or property of the lists (typed decodes: shown by hash). */
  unnamedCount = 0;
  private parents: Int32Array;
  /** Nodes whose parent each node is, counted as they are added: an object's properties. */
  private childCounts: Uint32Array;
  private tags: Uint8Array;
  private starts: Float64Array;
  private ends: Float64Array;
  /** Objects: the class hash; properties: the property hash; items: their index. */
  private keys: Uint32Array;
  /** Properties and items: the property read (`properties`), -1 where the list has none. */
  private refs: Int32Array;
  /** The type list's properties the nodes were read as, each once. */
  private readonly properties: TypeProperty[] = [];
  private readonly propertyRefs = new Map<TypeProperty, number>();
  /** Generic and hash-only nodes' parts, by node; a typed decode keeps none. */
  private readonly parts: GenericPart[] = [];

  constructor(readonly source: TableStream) {
    const capacity = firstCapacity(source.stream.length);
    this.parents = new Int32Array(capacity);
    this.childCounts = new Uint32Array(capacity);
    this.tags = new Uint8Array(capacity);
    this.starts = new Float64Array(capacity);
    this.ends = new Float64Array(capacity);
    this.keys = new Uint32Array(capacity);
    this.refs = new Int32Array(capacity);
  }

  get base(): number {
    return this.source.base;
  }

  /** Nodes the columns have room for: grows by doubling, so a tree sized by it grows as rarely. */
  get capacity(): number {
    return this.parents.length;
  }

  /** Whether the table holds an object per node (only a walk without a type list does). */
  get heldParts(): number {
    return this.parts.length;
  }

  private grow(): void {
    const length = this.parents.length * 2;
    this.parents = grown(this.parents, length);
    this.childCounts = grown(this.childCounts, length);
    this.tags = grown(this.tags, length);
    this.starts = grown(this.starts, length);
    this.ends = grown(this.ends, length);
    this.keys = grown(this.keys, length);
    this.refs = grown(this.refs, length);
  }

  /** Adds a node; `end` may be set later (`close`). */
  add(parent: number, tag: NodeTag, start: number, end: number, key: number, ref: number): number {
    const index = this.count++;
    if (index === this.parents.length) this.grow();
    this.parents[index] = parent;
    if (parent >= 0) this.childCounts[parent]!++;
    this.tags[index] = tag;
    this.starts[index] = start;
    this.ends[index] = end;
    this.keys[index] = key;
    this.refs[index] = ref;
    return index;
  }

  close(index: number, end: number): void {
    this.ends[index] = end;
  }

  markDuplicate(index: number): void {
    this.tags[index]! |= DUPLICATE;
  }

  /** A property skipped (not in the list) or not written (delta encoding): it has no value. */
  markNoValue(index: number): void {
    this.tags[index]! |= NO_VALUE;
  }

  /** Forgets the nodes from `count` on (a walk that failed keeps what it handed over). */
  truncate(count: number): void {
    this.count = Math.min(this.count, count);
  }

  /** The reference of a type list's property (kept once). */
  refOf(property: TypeProperty): number {
    let ref = this.propertyRefs.get(property);
    if (ref === undefined) {
      ref = this.properties.length;
      this.properties.push(property);
      this.propertyRefs.set(property, ref);
    }
    return ref;
  }

  /** A walk without a type list: the generic tree's nodes, each keeping its part. */
  addGeneric(object: GenericObject, parent: number): void {
    const node = this.addPart(parent, NodeTag.GENERIC_OBJECT, object);
    const keys = new Siblings();
    for (const property of object.properties) {
      const index = this.addPart(node, NodeTag.GENERIC_PROPERTY, property);
      if (keys.repeats(property.hash)) this.markDuplicate(index);
      if (property.guess.kind === 'object') this.addGeneric(property.guess.object, index);
    }
  }

  /** A shallow blob without a type list: its root's class hash alone. */
  addHashOnly(root: HashOnlyRoot): void {
    this.addPart(-1, NodeTag.HASH_ONLY, root);
  }

  private addPart(parent: number, tag: NodeTag, part: GenericPart): number {
    const index = this.add(parent, tag, part.bits.start, part.bits.end, part.hash, -1);
    this.parts[index] = part;
    return index;
  }

  // Reading a node back.

  tag(index: number): NodeTag {
    return (this.tags[index]! & TAG_BITS) as NodeTag;
  }

  hasValue(index: number): boolean {
    return (this.tags[index]! & NO_VALUE) === 0;
  }

  part(index: number): GenericPart {
    return this.parts[index]!;
  }

  parentOf(index: number): number {
    return this.parents[index]!;
  }

  /** An item's index in its list. */
  ordinal(index: number): number {
    return this.keys[index]!;
  }

  /** An object's class hash, a property's hash. */
  hashOf(index: number): number {
    return this.keys[index]!;
  }

  start(index: number): number {
    return this.starts[index]!;
  }

  end(index: number): number {
    return this.ends[index]!;
  }

  /** The type list's property a property or item was read as; null where the list lacks it. */
  propertyOf(index: number): TypeProperty | null {
    const ref = this.refs[index]!;
    return ref < 0 ? null : this.properties[ref]!;
  }

  /** An object's class name in the lists; null where they lack it. */
  classNameOf(index: number): string | null {
    return this.source.types?.classes.get(this.keys[index]!)?.name ?? null;
  }

  /** Deep mode: an object's or property's declared size in bits; null in shallow mode. */
  sizeBitsOf(index: number): number | null {
    if (this.source.isShallow) return null;
    const bits = this.ends[index]! - this.starts[index]!;
    // An object's size counts from its size field, after its class hash.
    return this.tag(index) === NodeTag.OBJECT ? bits - 32 : bits;
  }

  /** Where a property's or item's value starts: after a deep header, a presence bit. */
  valueStart(index: number): number {
    const start = this.starts[index]!;
    if (this.tag(index) !== NodeTag.PROPERTY) return start;
    if (!this.source.isShallow) return Math.ceil(start / 8) * 8 + 64;
    return this.propertyOf(index)!.flags & PropertyFlag.DELTA_ENCODE ? start + 1 : start;
  }

  /**
   * Nodes whose parent is `index` (an object's properties), so far: counted as nodes are
   * added, not by a walk of the subtree, which for the root is the whole file.
   */
  childCount(index: number): number {
    return this.childCounts[index]!;
  }

  /** The object a property or item holds: its first child, if that is an object. */
  childObject(index: number): number {
    const child = index + 1;
    return child < this.count && this.parents[child] === index && this.tag(child) === NodeTag.OBJECT
      ? child
      : -1;
  }

  /** Objects are sections; properties and items are values. */
  kind(index: number): 'section' | 'value' {
    const tag = this.tag(index);
    return tag === NodeTag.OBJECT || tag === NodeTag.GENERIC_OBJECT || tag === NodeTag.HASH_ONLY
      ? 'section'
      : 'value';
  }

  bits(index: number): BitRange {
    return { start: this.starts[index]!, end: this.ends[index]! };
  }

  /** The bytes its bits lie in, in the file or the inflated stream. */
  span(index: number): Span {
    const span = bitsToSpan(this.bits(index));
    return { offset: span.offset + this.base, length: span.length };
  }

  /** Whether the type list lacks it (an object's class or a property: shown by hash). */
  isUnnamed(index: number): boolean {
    const tag = this.tag(index);
    if (tag === NodeTag.OBJECT) return this.classNameOf(index) === null;
    if (tag === NodeTag.PROPERTY) return this.refs[index]! < 0;
    return tag === NodeTag.GENERIC_OBJECT || tag === NodeTag.GENERIC_PROPERTY;
  }

  /** The node's own name, the last segment of its path. */
  nameOf(index: number): string {
    const name = this.plainName(index);
    return this.tags[index]! & DUPLICATE ? `${name} #${index}` : name;
  }

  private plainName(index: number): string {
    switch (this.tag(index)) {
      case NodeTag.OBJECT:
        return segment(this.classNameOf(index) ?? `#${hex32(this.keys[index]!)}`);
      case NodeTag.PROPERTY:
        return segment(this.propertyOf(index)?.name ?? `#${hex32(this.keys[index]!)}`);
      case NodeTag.ITEM:
        return `[${this.keys[index]}]`;
      default:
        return `#${hex32(this.keys[index]!)}`;
    }
  }

  path(index: number): string {
    let path = this.nameOf(index);
    for (let up = this.parents[index]!; up >= 0; up = this.parents[up]!) {
      path = `${this.nameOf(up)}/${path}`;
    }
    return path;
  }
}
