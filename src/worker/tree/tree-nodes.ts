/**
 * The entry tree's input shapes and its node storage. Per-node facts live in typed arrays that share one capacity, so adding a
 * node is one capacity check and a few stores, and 100,000s of nodes cost no JS object
 * each. Children are a linked list in the same arrays (first child, last child, next
 * sibling): a small JS array per folder cost ~80 bytes of heap with its growth room, and
 * a 100,000-entry archive has ~20,000 folders. Grown by half (GROWTH), or once to a size
 * reserved.
 */
import type { NodeTable } from '../../formats/model.ts';

/** What the tree needs to know of one entry. */
export interface TreeEntryInput {
  entryIndex: number;
  path: string;
  size: number;
  storedSize: number;
}

/** Entries by entry index, for adding a range of them without an object per entry: a session's node table. */
export type TreeEntrySource = NodeTable;

/** The node can hold children: a folder, or a document node. */
export const FOLDERISH = 1;
/**
 * An archive entry whose tree name slot holds its whole path, plain (no leading `/`, no
 * empty segment), with its name starting at `nameStarts[node]`: no string of its own.
 */
export const PATH_NAME = 2;
/**
 * A document node added by index (EntryTree.addDocumentNodes) whose name is asked of its
 * source when first needed: '' in its name slot means "not asked yet". A million-node
 * document then opens with no string per node.
 */
export const TABLE_NAME = 4;

/**
 * How much a column grows when a node does not fit and no size was reserved: by half, not
 * double. The old and the new arrays are alive together while one is copied, so a
 * doubling holds three times the old size at once (and up to twice the nodes after).
 */
export const GROWTH = 1.5;
/** Node ids a new tree has room for. */
const INITIAL_CAPACITY = 1024;
const NO_FLOATS = new Float64Array(0);
const NO_INTS = new Int32Array(0);

// Module functions, not closures made in `ensure`: a new closure per call is a new call
// target each time, which throws the caller's optimised code away (warm-up.ts).
function grownInt32(
  old: Int32Array<ArrayBuffer>,
  capacity: number,
  fill = 0,
): Int32Array<ArrayBuffer> {
  const next = new Int32Array(capacity);
  if (fill !== 0) next.fill(fill, old.length);
  next.set(old);
  return next;
}

/**
 * The capacity a reserve of `size` gives columns of `length`: `size` exactly the first time,
 * at least `length × GROWTH` after an earlier reserve (a hint that grows as a file is read).
 */
function reservedCapacity(size: number, length: number, wasReserved: boolean): number {
  return wasReserved ? Math.max(size, Math.ceil(length * GROWTH)) : size;
}

function grownFloat64(old: Float64Array<ArrayBuffer>, capacity: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(capacity);
  next.set(old);
  return next;
}

/**
 * Per-node columns, all of one capacity. Three are made only when a node needs them (an
 * empty array until then): a document whose nodes come by index (addDocumentNodes) reads
 * sizes from its source and has no PATH_NAME node, and a million-node keyed archive saves
 * 20 bytes a node (~19 MiB) by never making them.
 */
export class TreeNodeColumns {
  parents = new Int32Array(INITIAL_CAPACITY);
  /** The entry of each node; -1 for folders (and the root). */
  entryIndexes = new Int32Array(INITIAL_CAPACITY);
  /** Entries in the subtree (a node id is an int32, so is any count of them). */
  entryCounts = new Int32Array(INITIAL_CAPACITY);
  /** FOLDERISH, PATH_NAME, TABLE_NAME. */
  flags = new Uint8Array(INITIAL_CAPACITY);
  /** Children in the order added; -1 for none. */
  firstChild = new Int32Array(INITIAL_CAPACITY).fill(-1);
  lastChild = new Int32Array(INITIAL_CAPACITY).fill(-1);
  nextSibling = new Int32Array(INITIAL_CAPACITY).fill(-1);
  childCounts = new Int32Array(INITIAL_CAPACITY);
  /**
   * Archives: sums over the subtree; documents added by path: each node's own span. Empty
   * until `useSizes` (TABLE_NAME nodes' sizes are their source's).
   */
  sizes: Float64Array<ArrayBuffer> = NO_FLOATS;
  storedSizes: Float64Array<ArrayBuffer> = NO_FLOATS;
  /** Where the name starts in the path, for PATH_NAME nodes; empty until `useNameStarts`. */
  nameStarts: Int32Array<ArrayBuffer> = NO_INTS;

  get capacity(): number {
    return this.parents.length;
  }

  /** Makes room for node ids below `size`, with room to grow (GROWTH) when it grows. */
  ensure(size: number): void {
    if (size <= this.parents.length) return;
    this.resize(Math.max(size, Math.ceil(this.parents.length * GROWTH)));
  }

  /** Whether a reserve has sized the columns: a later, larger one is a hint that grows. */
  private isReserved = false;

  /**
   * Makes room for node ids below `size`: for a size the caller knows (or a source's hint),
   * so the columns grow once, to it. A hint can grow as a file is read (a document's node
   * count so far): a reserve past an earlier one grows by GROWTH at least, as `ensure`
   * does, or every batch of a streamed open would copy every column again.
   */
  reserve(size: number): void {
    if (size <= this.parents.length) return;
    this.resize(reservedCapacity(size, this.parents.length, this.isReserved));
    this.isReserved = true;
  }

  /** Makes the size columns (sizes, storedSizes) if they are not made yet. */
  useSizes(): void {
    if (this.sizes.length > 0) return;
    this.sizes = new Float64Array(this.parents.length);
    this.storedSizes = new Float64Array(this.parents.length);
  }

  /** Makes the nameStarts column if it is not made yet. */
  useNameStarts(): void {
    if (this.nameStarts.length === 0) this.nameStarts = new Int32Array(this.parents.length);
  }

  /** Bytes the columns take (what a tree costs, for tests and measurements). */
  byteSize(): number {
    return (
      [
        this.parents,
        this.entryIndexes,
        this.entryCounts,
        this.flags,
        this.firstChild,
        this.lastChild,
        this.nextSibling,
        this.childCounts,
        this.sizes,
        this.storedSizes,
        this.nameStarts,
      ] as const
    ).reduce((sum, column) => sum + column.byteLength, 0);
  }

  private resize(capacity: number): void {
    this.parents = grownInt32(this.parents, capacity);
    this.entryIndexes = grownInt32(this.entryIndexes, capacity);
    this.entryCounts = grownInt32(this.entryCounts, capacity);
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.flags = flags;
    this.firstChild = grownInt32(this.firstChild, capacity, -1);
    this.lastChild = grownInt32(this.lastChild, capacity, -1);
    this.nextSibling = grownInt32(this.nextSibling, capacity, -1);
    this.childCounts = grownInt32(this.childCounts, capacity);
    if (this.sizes.length > 0) {
      this.sizes = grownFloat64(this.sizes, capacity);
      this.storedSizes = grownFloat64(this.storedSizes, capacity);
    }
    if (this.nameStarts.length > 0) this.nameStarts = grownInt32(this.nameStarts, capacity);
  }

  /** Appends `child` to `parent`'s children. */
  link(parent: number, child: number): void {
    const last = this.lastChild[parent]!;
    if (last < 0) this.firstChild[parent] = child;
    else this.nextSibling[last] = child;
    this.lastChild[parent] = child;
    this.childCounts[parent]!++;
  }

  /**
   * Appends the nodes `first..last` (`count` of them, already chained by `nextSibling`) to
   * `parent`'s children.
   */
  linkChain(parent: number, first: number, last: number, count: number): void {
    const previous = this.lastChild[parent]!;
    if (previous < 0) this.firstChild[parent] = first;
    else this.nextSibling[previous] = first;
    this.lastChild[parent] = last;
    this.childCounts[parent]! += count;
  }

  /** `parent`'s children in the order added. */
  childrenOf(parent: number): Int32Array<ArrayBuffer> {
    const out = new Int32Array(this.childCounts[parent]!);
    let at = 0;
    for (let child = this.firstChild[parent]!; child >= 0; child = this.nextSibling[child]!) {
      out[at++] = child;
    }
    return out;
  }
}

/** A tree's name slots: a folder's or node's name, or a PATH_NAME entry's whole path. */
export interface NodeTexts {
  nodeText(node: number): string;
  /** True when node `b` is known to sort after node `a` without comparing their texts. */
  isKnownAfter(a: number, b: number): boolean;
}

/** A node's own name: its name slot, or the end of the path a PATH_NAME entry keeps there. */
export function nodeName(node: number, texts: NodeTexts, nodes: TreeNodeColumns): string {
  const text = texts.nodeText(node);
  return nodes.flags[node] === PATH_NAME ? text.slice(nodes.nameStarts[node]) : text;
}

/**
 * Sorts sibling nodes for display: folders first, then by name in code-unit order, then
 * in the order added.
 */
export function sortForDisplay(list: Int32Array, texts: NodeTexts, nodes: TreeNodeColumns): void {
  const flags = nodes.flags;
  const compare = (a: number, b: number): number => {
    const aFlags = flags[a]!;
    const bFlags = flags[b]!;
    const aIsFolder = (aFlags & FOLDERISH) !== 0;
    if (aIsFolder !== ((bFlags & FOLDERISH) !== 0)) return aIsFolder ? -1 : 1;
    // Two paths under one folder share the same prefix, so they sort as their names.
    const bothPaths = aFlags === bFlags;
    const aName = bothPaths ? texts.nodeText(a) : nodeName(a, texts, nodes);
    const bName = bothPaths ? texts.nodeText(b) : nodeName(b, texts, nodes);
    return aName < bName ? -1 : aName > bName ? 1 : a - b;
  };
  // Archives list their entries sorted, so children mostly arrive in display order: one
  // pass says so. Otherwise a JS array's sort (TimSort, fast on sorted runs) rather than
  // the typed array's, which compares n·log n times whatever the order.
  let isInOrder = true;
  for (let i = 1; i < list.length && isInOrder; i++) {
    const a = list[i - 1]!;
    const b = list[i]!;
    isInOrder = texts.isKnownAfter(a, b) || compare(a, b) < 0;
  }
  if (!isInOrder) list.set(Array.from(list).sort(compare));
}

/** Node id of each entry, by entry index; -1 where there is none. */
export class NodeOfEntry {
  private ids = new Int32Array(INITIAL_CAPACITY).fill(-1);

  set(entryIndex: number, node: number): void {
    this.ensure(entryIndex + 1);
    this.ids[entryIndex] = node;
  }

  /** Makes room for entry indexes below `size`, with room to grow (GROWTH) when it grows. */
  ensure(size: number): void {
    if (size > this.ids.length) this.resize(Math.max(size, Math.ceil(this.ids.length * GROWTH)));
  }

  private isReserved = false;

  /**
   * Makes room for entry indexes below `size` (a count known or hinted): to it exactly the
   * first time, by GROWTH at least when a hint has grown past an earlier one.
   */
  reserve(size: number): void {
    if (size <= this.ids.length) return;
    this.resize(reservedCapacity(size, this.ids.length, this.isReserved));
    this.isReserved = true;
  }

  private resize(capacity: number): void {
    const grown = new Int32Array(capacity).fill(-1, this.ids.length);
    grown.set(this.ids);
    this.ids = grown;
  }

  /** `set` for an index below a size given to `ensure` or `reserve`. */
  setReserved(entryIndex: number, node: number): void {
    this.ids[entryIndex] = node;
  }

  get(entryIndex: number): number {
    return this.ids[entryIndex] ?? -1;
  }

  byteSize(): number {
    return this.ids.byteLength;
  }
}
