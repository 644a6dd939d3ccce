/**
 * The typed decode: one walk over the stream that fills the node table (node-table.ts) and
 * makes nothing per value. Objects, properties and container items become rows of typed
 * arrays; values are skipped by their plans (read-values.ts), with every check a read of
 * them makes, and read again from the same bits when asked (table-values.ts).
 *
 * The walk keeps its own stack instead of recursing, so it can stop after any node and go
 * on later: `run(until)` walks until `until` nodes are complete (a session hands them over
 * and pauses between runs). Deep mode checks every size against the bits
 * consumed, shallow mode reads the list's properties in id order by the mask; objects
 * nested deeper than MAX_DEPTH are refused; counts are checked before anything loops.
 */
import type { BitReader } from './bit-reader.ts';
import { hasMoreProperties, readObjectSize, readPropertyHeaderInto } from './deep.ts';
import { ErrorCode, errorAtBit } from './errors.ts';
import { NodeTag, Siblings, type ObjectNodeTable } from './node-table.ts';
import { checkCount, planOf, readLength, type ValueContext } from './read-values.ts';
import {
  PropertyFlag,
  SerializerFlag,
  type SerializerConfig,
  type TypeClass,
  type TypeIndex,
  type TypeProperty,
} from './types.ts';

/** Objects nested deeper than this are refused (a hostile file cannot exhaust the stack). */
export const MAX_DEPTH = 128;

/** What a frame of the walk's stack is doing. */
const Frame = {
  /** A deep object: its properties until its declared end. */
  DEEP_OBJECT: 0,
  /** A shallow object: its class's properties by id. */
  SHALLOW_OBJECT: 1,
  /** A deep property whose value is being read: checked against its size once done. */
  DEEP_PROPERTY: 2,
  /** A node that ends where its value does (shallow properties, items holding objects). */
  CLOSE: 3,
  /** A container's items. */
  LIST: 4,
} as const;

/** Frames an object level takes at most (an object, its property, a list, an item). */
const FRAMES_PER_LEVEL = 4;
const STACK_SIZE = (MAX_DEPTH + 2) * FRAMES_PER_LEVEL;

/** Nodes whose end is not known yet, nested: the lowest is what the walk may hand over up to. */
const OPEN_CAPACITY = STACK_SIZE;

export class TableWalk {
  private readonly context: ValueContext;
  private readonly isShallow: boolean;
  private readonly mask: number;
  private readonly header = { start: 0, end: 0, sizeBits: 0, hash: 0 };
  /** The object frame hasMoreProperties reads (one, reused). */
  private readonly objectFrame = { sizeAt: 0, sizeBits: 0, end: 0 };

  // The stack: one slot per field, `top` frames in use.
  private top = 0;
  private readonly kinds = new Uint8Array(STACK_SIZE);
  private readonly nodes = new Int32Array(STACK_SIZE);
  private readonly depths = new Int32Array(STACK_SIZE);
  /** Deep objects and properties: their end; lists: their item count. */
  private readonly ends = new Float64Array(STACK_SIZE);
  /** Deep objects: their size field's position; deep properties: their start. */
  private readonly marks = new Float64Array(STACK_SIZE);
  /** Shallow objects: the next property; lists: the next item. */
  private readonly cursors = new Int32Array(STACK_SIZE);
  private readonly classes: (TypeClass | undefined)[] = new Array<TypeClass | undefined>(
    STACK_SIZE,
  );
  private readonly properties: (TypeProperty | null)[] = new Array<TypeProperty | null>(
    STACK_SIZE,
  ).fill(null);
  /** Property names (or hashes) seen below the object at each depth. */
  private readonly siblings: Siblings[] = Array.from(
    { length: MAX_DEPTH + 2 },
    () => new Siblings(),
  );

  private readonly open = new Int32Array(OPEN_CAPACITY);
  private openCount = 0;

  constructor(
    readonly table: ObjectNodeTable,
    readonly reader: BitReader,
    flags: number,
    config: SerializerConfig,
    readonly types: TypeIndex,
  ) {
    this.context = { reader, flags };
    this.isShallow = config.isShallow;
    this.mask = config.mask;
  }

  /** Reads the root's head; fails when it is null. */
  start(): void {
    const rootAt = this.reader.position;
    if (!this.beginObject(0, -1)) {
      throw errorAtBit(ErrorCode.BAD_VALUE, rootAt, 'the root object is null');
    }
  }

  /** Whether the walk is over. */
  get isDone(): boolean {
    return this.top === 0;
  }

  /** Nodes before this one have their ends: they may be handed over. */
  get closedCount(): number {
    return this.openCount > 0 ? this.open[0]! : this.table.count;
  }

  /** Walks until `until` nodes are complete (`closedCount`) or the walk is over. */
  run(until: number): void {
    while (this.top > 0 && this.closedCount < until) this.step();
  }

  private step(): void {
    const at = this.top - 1;
    switch (this.kinds[at]) {
      case Frame.DEEP_OBJECT:
        return this.deepProperty(at);
      case Frame.SHALLOW_OBJECT:
        return this.shallowProperty(at);
      case Frame.DEEP_PROPERTY:
        this.checkPropertyEnd(this.properties[at]!, this.marks[at]!, this.ends[at]!);
        this.top--;
        return;
      case Frame.CLOSE:
        this.closeOpen(this.nodes[at]!);
        this.top--;
        return;
      default:
        return this.nextItem(at);
    }
  }

  private push(kind: number, node: number, depth: number): number {
    const at = this.top++;
    this.kinds[at] = kind;
    this.nodes[at] = node;
    this.depths[at] = depth;
    return at;
  }

  /** Adds a node whose end comes later (`closeOpen`). */
  private addOpen(parent: number, tag: NodeTag, start: number, key: number, ref: number): number {
    const node = this.table.add(parent, tag, start, start, key, ref);
    this.open[this.openCount++] = node;
    return node;
  }

  private closeOpen(node: number): void {
    this.table.close(node, this.reader.position);
    this.openCount--;
  }

  /**
   * An object at the reader's (aligned) position below `parent`: its head read and its
   * frame pushed. False for a null pointer (hash 0): no node.
   */
  private beginObject(depth: number, parent: number): boolean {
    const { reader, table } = this;
    reader.align();
    const start = reader.position;
    const hash = reader.u32('a class hash');
    if (hash === 0) return false;
    if (depth > MAX_DEPTH) {
      throw errorAtBit(ErrorCode.TOO_LARGE, start, `objects nest deeper than ${MAX_DEPTH}`);
    }
    const type = this.types.classes.get(hash);
    this.siblings[depth]!.reset();
    if (this.isShallow) {
      if (!type) {
        throw errorAtBit(
          ErrorCode.BAD_VALUE,
          start,
          `class hash ${hash} is not in the type list (shallow objects cannot be skipped)`,
        );
      }
      const node = this.addOpen(parent, NodeTag.OBJECT, start, hash, -1);
      const at = this.push(Frame.SHALLOW_OBJECT, node, depth);
      this.classes[at] = type;
      this.cursors[at] = 0;
      return true;
    }
    const frame = readObjectSize(reader);
    const node = table.add(parent, NodeTag.OBJECT, start, frame.end, hash, -1);
    if (!type) table.unnamedCount++;
    const at = this.push(Frame.DEEP_OBJECT, node, depth);
    this.classes[at] = type;
    this.ends[at] = frame.end;
    this.marks[at] = frame.sizeAt;
    return true;
  }

  private deepProperty(at: number): void {
    const { reader, table } = this;
    const object = this.objectFrame;
    object.end = this.ends[at]!;
    object.sizeAt = this.marks[at]!;
    object.sizeBits = object.end - object.sizeAt;
    if (!hasMoreProperties(reader, object)) {
      this.top--;
      return;
    }
    const { start, end, hash } = readPropertyHeaderInto(reader, object.end, this.header);
    const property = this.classes[at]?.propertiesByHash.get(hash);
    const depth = this.depths[at]!;
    const plan = property ? planOf(property) : null;
    // A single plain value is read before its node is added: a node handed over before a
    // failure is one whose value reads back.
    if (property && !property.isDynamic && !plan!.isObject) {
      plan!.skip(this.context);
      this.checkPropertyEnd(property, start, end);
    }
    const node = table.add(
      this.nodes[at]!,
      NodeTag.PROPERTY,
      start,
      end,
      hash,
      property ? table.refOf(property) : -1,
    );
    // By name where the list names it; by hash (the segment `#hash`) where it does not.
    if (this.siblings[depth]!.repeats(property?.name ?? hash)) table.markDuplicate(node);
    if (!property) {
      // A property the list lacks is skipped by its size.
      table.markNoValue(node);
      table.unnamedCount++;
      reader.position = end;
      return;
    }
    if (!property.isDynamic && !plan!.isObject) return;
    const frame = this.push(Frame.DEEP_PROPERTY, node, depth);
    this.ends[frame] = end;
    this.marks[frame] = start;
    this.properties[frame] = property;
    this.beginValue(property, node, depth);
  }

  /** A deep property's value took exactly the bits its size declares. */
  private checkPropertyEnd(property: TypeProperty, start: number, end: number): void {
    if (this.reader.position !== end) {
      throw errorAtBit(
        ErrorCode.SIZE_MISMATCH,
        start,
        `property ${property.name} declares ${end - start} bits, it took ${this.reader.position - start}`,
      );
    }
  }

  private shallowProperty(at: number): void {
    const { reader, table } = this;
    const { properties } = this.classes[at]!;
    const { mask } = this;
    let next = this.cursors[at]!;
    while (next < properties.length && (properties[next]!.flags & mask) !== mask) next++;
    if (next === properties.length) {
      this.closeOpen(this.nodes[at]!);
      this.top--;
      return;
    }
    this.cursors[at] = next + 1;
    const property = properties[next]!;
    const depth = this.depths[at]!;
    const start = reader.position;
    const node = this.addOpen(
      this.nodes[at]!,
      NodeTag.PROPERTY,
      start,
      property.hash,
      table.refOf(property),
    );
    if (this.siblings[depth]!.repeats(property.name)) table.markDuplicate(node);
    if (property.flags & PropertyFlag.DELTA_ENCODE) {
      const isPresent = reader.bits(1, 'a presence bit') === 1;
      if (!isPresent && this.context.flags & SerializerFlag.FORBID_DELTA_ENCODE) {
        throw errorAtBit(
          ErrorCode.BAD_VALUE,
          start,
          `${property.name} is left out, but delta encoding is forbidden`,
        );
      }
      if (!isPresent) {
        table.markNoValue(node);
        this.closeOpen(node);
        return;
      }
    }
    this.push(Frame.CLOSE, node, depth);
    this.beginValue(property, node, depth);
  }

  /** A property's value below its node: a container's items (dynamic), or one value. */
  private beginValue(property: TypeProperty, node: number, depth: number): void {
    const { reader } = this;
    if (!property.isDynamic) {
      this.beginOne(property, node, depth);
      return;
    }
    const start = reader.position;
    const count = readLength(this.context, true);
    const { minimumBits } = planOf(property);
    if (count * minimumBits > reader.remainingBits) {
      checkCount(reader, count, minimumBits, start, `${property.name}'s list`);
    }
    const at = this.push(Frame.LIST, node, depth);
    this.ends[at] = count;
    this.cursors[at] = 0;
    this.properties[at] = property;
  }

  private nextItem(at: number): void {
    const index = this.cursors[at]!;
    if (index === this.ends[at]) {
      this.top--;
      return;
    }
    this.cursors[at] = index + 1;
    const property = this.properties[at]!;
    const node = this.addOpen(
      this.nodes[at]!,
      NodeTag.ITEM,
      this.reader.position,
      index,
      this.table.refOf(property),
    );
    const depth = this.depths[at]!;
    if (planOf(property).isObject) {
      this.push(Frame.CLOSE, node, depth);
      this.beginOne(property, node, depth);
    } else {
      this.beginOne(property, node, depth);
      this.closeOpen(node);
    }
  }

  /** One value below `node`: skipped by its plan, or a nested object begun. */
  private beginOne(property: TypeProperty, node: number, depth: number): void {
    const plan = planOf(property);
    if (plan.isObject) this.beginObject(depth + 1, node);
    else plan.skip(this.context);
  }
}
