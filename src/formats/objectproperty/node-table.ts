/**
 * A decode's tree nodes as a table: per node its parent, what it is and the decoded part it
 * shows (an object, a property, a container item), in stream order. Names, paths, summaries
 * and fields are made when asked, so a file of millions of values opens without a string
 * or an object per node (OpenSink.documentNodes streams it by index).
 *
 * A path is its parent's, `/` and its name: an object's class name (or `#hash`), a
 * property's name (or `#hash`), an item's `[index]`. Names never hold `/`; a name a
 * sibling already has (a hostile stream may repeat a hash) gets ` #node` appended.
 */
import { hex32 } from '../../binary/hex.ts';
import type { Span } from '../model.ts';
import {
  bitsToSpan,
  type BitRange,
  type DecodedItem,
  type DecodedObject,
  type DecodedProperty,
  type GenericObject,
  type GenericProperty,
  type ObjectDecode,
} from './types.ts';

/** What a node shows (the part its `parts` entry is). */
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

type NodePart =
  DecodedObject | DecodedProperty | DecodedItem | GenericObject | GenericProperty | HashOnlyRoot;

/** A name as one path segment: no `/`. */
export const segment = (name: string) => name.replaceAll('/', '\u2215');

/** Tag bit: the node's name repeats a sibling's, so the node index is appended. */
const DUPLICATE = 0x80;

/** Siblings seen so far below one object: a short list, a set once there are many. */
class Siblings {
  private readonly few: (string | number)[] = [];
  private many: Set<string | number> | null = null;

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

export class ObjectNodeTable {
  count = 0;
  private parents = new Int32Array(1024);
  private tags = new Uint8Array(1024);
  /** Item index for items; unused for the rest. */
  private ordinals = new Int32Array(1024);
  private readonly parts: NodePart[] = [];

  /** Where spans count from: the stream's offset in the file (0 when inflated). */
  constructor(
    decode: ObjectDecode,
    readonly base = decode.streamOffset ?? 0,
  ) {
    const { root } = decode;
    if (root.kind === 'typed') this.object(root.object, -1);
    else if (root.kind === 'generic') this.generic(root.object, -1);
    else this.add(-1, NodeTag.HASH_ONLY, { hash: root.hash, bits: root.bits }, 0);
    this.parents = this.parents.slice(0, this.count);
    this.tags = this.tags.slice(0, this.count);
    this.ordinals = this.ordinals.slice(0, this.count);
  }

  private add(parent: number, tag: NodeTag, part: NodePart, ordinal: number): number {
    const index = this.count++;
    if (index === this.parents.length) {
      const grown = index * 2;
      const parents = new Int32Array(grown);
      parents.set(this.parents);
      this.parents = parents;
      const tags = new Uint8Array(grown);
      tags.set(this.tags);
      this.tags = tags;
      const ordinals = new Int32Array(grown);
      ordinals.set(this.ordinals);
      this.ordinals = ordinals;
    }
    this.parents[index] = parent;
    this.tags[index] = tag;
    this.ordinals[index] = ordinal;
    this.parts.push(part);
    return index;
  }

  private object(object: DecodedObject, parent: number): void {
    const node = this.add(parent, NodeTag.OBJECT, object, 0);
    const { properties } = object;
    const keys = new Siblings();
    for (const property of properties) {
      const index = this.add(node, NodeTag.PROPERTY, property, 0);
      // By name where the list names it; by hash (the segment `#hash`) where it does not.
      if (keys.repeats(property.name ?? property.hash)) this.tags[index]! |= DUPLICATE;
      if (property.value) this.children(property.value, index);
    }
  }

  private children(item: DecodedItem, parent: number): void {
    const { value } = item;
    if (value.kind === 'object' && value.object) this.object(value.object, parent);
    if (value.kind !== 'list') return;
    const { items } = value;
    for (let index = 0; index < items.length; index++) {
      const each = items[index]!;
      const node = this.add(parent, NodeTag.ITEM, each, index);
      if (each.value.kind === 'object') this.children(each, node);
    }
  }

  private generic(object: GenericObject, parent: number): void {
    const node = this.add(parent, NodeTag.GENERIC_OBJECT, object, 0);
    const keys = new Siblings();
    for (const property of object.properties) {
      const index = this.add(node, NodeTag.GENERIC_PROPERTY, property, 0);
      if (keys.repeats(property.hash)) this.tags[index]! |= DUPLICATE;
      if (property.guess.kind === 'object') this.generic(property.guess.object, index);
    }
  }

  // Reading a node back.

  tag(index: number): NodeTag {
    return (this.tags[index]! & ~DUPLICATE) as NodeTag;
  }

  part(index: number): NodePart {
    return this.parts[index]!;
  }

  parentOf(index: number): number {
    return this.parents[index]!;
  }

  ordinal(index: number): number {
    return this.ordinals[index]!;
  }

  /** Objects are sections; properties and items are values. */
  kind(index: number): 'section' | 'value' {
    const tag = this.tag(index);
    return tag === NodeTag.OBJECT || tag === NodeTag.GENERIC_OBJECT || tag === NodeTag.HASH_ONLY
      ? 'section'
      : 'value';
  }

  bits(index: number): BitRange {
    return this.parts[index]!.bits;
  }

  /** The bytes its bits lie in, in the file or the inflated stream. */
  span(index: number): Span {
    const span = bitsToSpan(this.bits(index));
    return { offset: span.offset + this.base, length: span.length };
  }

  /** Whether the type list lacks it (an object's class or a property: shown by hash). */
  isUnnamed(index: number): boolean {
    const tag = this.tag(index);
    if (tag === NodeTag.OBJECT) return (this.parts[index] as DecodedObject).className === null;
    if (tag === NodeTag.PROPERTY) return (this.parts[index] as DecodedProperty).name === null;
    return tag === NodeTag.GENERIC_OBJECT || tag === NodeTag.GENERIC_PROPERTY;
  }

  /** The node's own name, the last segment of its path. */
  nameOf(index: number): string {
    const name = this.plainName(index);
    return this.tags[index]! & DUPLICATE ? `${name} #${index}` : name;
  }

  private plainName(index: number): string {
    const part = this.parts[index]!;
    switch (this.tag(index)) {
      case NodeTag.OBJECT: {
        const object = part as DecodedObject;
        return segment(object.className ?? `#${hex32(object.hash)}`);
      }
      case NodeTag.PROPERTY: {
        const property = part as DecodedProperty;
        return segment(property.name ?? `#${hex32(property.hash)}`);
      }
      case NodeTag.ITEM:
        return `[${this.ordinals[index]}]`;
      default:
        return `#${hex32((part as GenericObject | GenericProperty | HashOnlyRoot).hash)}`;
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
