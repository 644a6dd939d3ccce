/**
 * The entry tree's input shapes and its node storage. Per-node facts live in typed arrays that share one capacity, so adding a
 * node is one capacity check and a few stores, and 100,000s of nodes cost no JS object
 * each. Children are a linked list in the same arrays (first child, last child, next
 * sibling): a small JS array per folder cost ~80 bytes of heap with its growth room, and
 * a 100,000-entry archive has ~20,000 folders. Grown by doubling.
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

function grownFloat64(old: Float64Array<ArrayBuffer>, capacity: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(capacity);
  next.set(old);
  return next;
}

export class TreeNodeColumns {
  parents = new Int32Array(1024);
  /** The entry of each node; -1 for folders (and the root). */
  entryIndexes = new Int32Array(1024);
  depths = new Int32Array(1024);
  /** Archives: sums over the subtree; documents: each node's own span. */
  sizes = new Float64Array(1024);
  storedSizes = new Float64Array(1024);
  entryCounts = new Float64Array(1024);
  /** FOLDERISH, PATH_NAME, TABLE_NAME. */
  flags = new Uint8Array(1024);
  /** Where the name starts in the path, for PATH_NAME nodes. */
  nameStarts = new Int32Array(1024);
  /** Children in the order added; -1 for none. */
  firstChild = new Int32Array(1024).fill(-1);
  lastChild = new Int32Array(1024).fill(-1);
  nextSibling = new Int32Array(1024).fill(-1);
  childCounts = new Int32Array(1024);

  /** Makes room for node ids below `size`. */
  ensure(size: number): void {
    if (size <= this.parents.length) return;
    const capacity = Math.max(size, this.parents.length * 2);
    this.parents = grownInt32(this.parents, capacity);
    this.entryIndexes = grownInt32(this.entryIndexes, capacity);
    this.depths = grownInt32(this.depths, capacity);
    this.sizes = grownFloat64(this.sizes, capacity);
    this.storedSizes = grownFloat64(this.storedSizes, capacity);
    this.entryCounts = grownFloat64(this.entryCounts, capacity);
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.flags = flags;
    this.nameStarts = grownInt32(this.nameStarts, capacity);
    this.firstChild = grownInt32(this.firstChild, capacity, -1);
    this.lastChild = grownInt32(this.lastChild, capacity, -1);
    this.nextSibling = grownInt32(this.nextSibling, capacity, -1);
    this.childCounts = grownInt32(this.childCounts, capacity);
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
  private ids = new Int32Array(1024).fill(-1);

  set(entryIndex: number, node: number): void {
    this.reserve(entryIndex + 1);
    this.ids[entryIndex] = node;
  }

  /** Makes room for entry indexes below `size`. */
  reserve(size: number): void {
    if (size <= this.ids.length) return;
    const grown = new Int32Array(Math.max(size, this.ids.length * 2)).fill(-1);
    grown.set(this.ids);
    this.ids = grown;
  }

  /** `set` for an index below a size given to `reserve`. */
  setReserved(entryIndex: number, node: number): void {
    this.ids[entryIndex] = node;
  }

  get(entryIndex: number): number {
    return this.ids[entryIndex] ?? -1;
  }
}
