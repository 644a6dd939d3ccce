/**
 * The session's nodes, one per key and per array element, kept in typed arrays rather
 * than an object per value: a Blitz scene holds millions of values, and a node needs only
 * where it is (its parent, its key, its span) to be listed. Its value is decoded again
 * from the file's bytes when it is shown (session.ts).
 *
 * It is the walk's sink (read.ts): nodes are numbered in the order they open, and each is
 * handed to the tree as it closes (a container's span is known only then), in batches of
 * indexes: the tree places each under its parent's node and asks for its name when it is
 * shown (`treeSource`), so no path is made while a file opens.
 *
 * Paths are made of keys: a `/` in a key is written `%2F` and a `%` `%25`, so no key
 * splits; an empty key is `%`; a v2 key missing from the table is `%0x` and its id; a
 * key repeated in one archive gets `%#` and its position; array elements are their index.
 */
import { decodeUtf8OrLatin1 } from '../../binary/byte-reader.ts';
import { hex32 } from '../../binary/hex.ts';
import type { Issue, NodeInput, NodeTable, OpenSink } from '../model.ts';
import type { KaSlot, KaWalkSink } from './read.ts';
import type { KaMode, KaStringTable } from './read-value.ts';
import { KaType, type KaArchiveKind, type KaTableString, type KaValue } from './types.ts';

/** Flag bits of a node. */
const KEY_IS_ID = 1;
const DUPLICATE_KEY = 2;
const REGISTRY_MODE = 4;
const WIDE_NARROW = 8;
const WIDE_AMBIGUOUS = 16;
const ARCHIVE_KIND_SHIFT = 5;
const ARCHIVE_KINDS: readonly KaArchiveKind[] = ['v1', 'top', 'sub', 'empty'];

/** Nodes handed to the tree at a time. */
const BATCH = 8192;
/**
 * The first batch: small, so the tree has its first rows (and the page asks for them)
 * after a few hundred nodes, not after a whole batch on a busy machine. The batches after
 * it double up to BATCH: the page's first request for rows is answered at the next pause,
 * and the first batches run in the engine's slower tiers.
 */
export const FIRST_BATCH = 512;
/** Nodes a new table has room for. */
const INITIAL_CAPACITY = 1024;
/** The least a table grows by when full (its predicted size is used when more). */
const LEAST_GROWTH = 1.25;
/**
 * The most it grows by at once: a prediction is made from the bytes read so far, and a
 * file can start with tiny values and end with one big one.
 */
const MOST_GROWTH = 64;

const GROWN = [
  'parents',
  'tables',
  'starts',
  'lengths',
  'valueStarts',
  'keyWords',
  'ordinals',
  'childCounts',
] as const;

export function escapeKey(text: string): string {
  return text === '' ? '%' : text.replaceAll('%', '%25').replaceAll('/', '%2F');
}

export class KaNodeTable implements KaWalkSink {
  count = 0;
  parents = new Int32Array(INITIAL_CAPACITY);
  /**
   * 1 + the index into `stringTables` of the nearest top archive's table; 0: none. 16 bits
   * (a file has a table or a few), widened once if it has more than 65,535.
   */
  tables: Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer> = new Uint16Array(INITIAL_CAPACITY);
  starts = new Uint32Array(INITIAL_CAPACITY);
  lengths = new Uint32Array(INITIAL_CAPACITY);
  /** Where the value's type byte is. */
  valueStarts = new Uint32Array(INITIAL_CAPACITY);
  /** A v1 key's offset (its bytes end where the value starts), or a v2 key's id. */
  keyWords = new Uint32Array(INITIAL_CAPACITY);
  ordinals = new Uint32Array(INITIAL_CAPACITY);
  /** Keys of an archive, elements of an array. */
  childCounts = new Uint32Array(INITIAL_CAPACITY);
  types = new Uint8Array(INITIAL_CAPACITY);
  flags = new Uint8Array(INITIAL_CAPACITY);

  /** Top archives' tables, the root's first when it is one. */
  readonly stringTables: KaStringTable[] = [];
  private readonly tableIndexes = new Map<KaStringTable, number>();
  readonly issues: Issue[] = [];
  archiveCount = 0;
  rootKind: KaArchiveKind | null = null;
  rootStrings: KaTableString[] = [];
  /** Where the root archive ends (bytes after it are trailing). */
  rootEnd = -1;

  /** Nodes closed and not yet handed over, `pendingCount` of them. */
  private pending = new Int32Array(BATCH);
  private pendingCount = 0;
  /** Archives and arrays opened and not closed yet (the walk's stack). */
  private readonly openContainers: number[] = [];
  private readonly seenKeys = new Map<number, Set<string | number>>();
  /** The leaf being read (-1: none), for a walk that stops inside it. */
  private openLeaf = -1;

  constructor(readonly bytes: Uint8Array) {}

  /**
   * Room for the nodes the rest of the file holds at the rate the bytes read so far held
   * them (and a sixteenth more), so a big file's table grows a few times, its last time
   * from a small size: the old and the new arrays are alive together while they are
   * copied, and doubling a full table was the open's peak of memory (with the tree's).
   * At least LEAST_GROWTH, at most MOST_GROWTH times the room it had.
   */
  private nextCapacity(): number {
    const capacity = this.parents.length;
    const least = Math.ceil(capacity * LEAST_GROWTH);
    if (this.count === 0) return least;
    const first = this.starts[0]!;
    const read = this.starts[this.count - 1]! - first;
    if (read <= 0) return least;
    const predicted = Math.ceil(((this.count * (this.bytes.length - first)) / read) * 1.0625);
    return Math.max(least, Math.min(predicted, capacity * MOST_GROWTH, this.bytes.length));
  }

  private grow(): void {
    const capacity = this.nextCapacity();
    for (const name of GROWN) {
      const old = this[name];
      const grown = new (old.constructor as Uint32ArrayConstructor)(capacity);
      grown.set(old);
      (this[name] as Uint32Array) = grown;
    }
    for (const name of ['types', 'flags'] as const) {
      const grown = new Uint8Array(capacity);
      grown.set(this[name]);
      this[name] = grown;
    }
  }

  /**
   * Drops the room left over once every node is in, when it is worth a copy: a copy of the
   * whole table at the end of an open is the open's peak of memory, so a little room left
   * (at most an eighth) stays, seen through views of the nodes' length.
   */
  trim(): void {
    const isWorthCopying = this.parents.length - this.count > this.count >> 3;
    for (const name of GROWN) {
      const array = this[name] as Uint32Array;
      (this[name] as Uint32Array) = isWorthCopying
        ? array.slice(0, this.count)
        : array.subarray(0, this.count);
    }
    this.types = isWorthCopying
      ? this.types.slice(0, this.count)
      : this.types.subarray(0, this.count);
    this.flags = isWorthCopying
      ? this.flags.slice(0, this.count)
      : this.flags.subarray(0, this.count);
  }

  archive(owner: number, kind: KaArchiveKind, strings: KaTableString[]): void {
    this.archiveCount++;
    if (owner < 0) {
      this.rootKind = kind;
      this.rootStrings = strings;
    } else {
      this.flags[owner] = this.flags[owner]! | (ARCHIVE_KINDS.indexOf(kind) << ARCHIVE_KIND_SHIFT);
    }
  }

  archiveEnd(owner: number, end: number): void {
    if (owner < 0) this.rootEnd = end;
  }

  private tableIndex(table: KaStringTable | null): number {
    if (!table) return -1;
    let index = this.tableIndexes.get(table);
    if (index === undefined) {
      index = this.stringTables.length;
      this.stringTables.push(table);
      this.tableIndexes.set(table, index);
    }
    return index;
  }

  open(parent: number, slot: Readonly<KaSlot>, mode: KaMode): number {
    if (this.count === this.parents.length) this.grow();
    const node = this.count++;
    this.parents[node] = parent;
    const table = this.tableIndex(mode.table) + 1;
    if (table > 0xffff && this.tables instanceof Uint16Array) {
      this.tables = Uint32Array.from(this.tables);
    }
    this.tables[node] = table;
    this.starts[node] = slot.start;
    this.valueStarts[node] = slot.valueStart;
    this.ordinals[node] = slot.ordinal;
    this.types[node] = slot.type;
    let flags = mode.isRegistry ? REGISTRY_MODE : 0;
    if (slot.keyKind === 2) {
      flags |= KEY_IS_ID;
      this.keyWords[node] = slot.keyId;
    } else if (slot.keyKind === 1) {
      // Its length is where its value starts, less this.
      this.keyWords[node] = slot.keyOffset;
    }
    if (parent >= 0) this.childCounts[parent] = this.childCounts[parent]! + 1;
    if (slot.keyKind !== 0) {
      const key = slot.keyKind === 2 ? slot.keyId : (this.keyText(node) ?? '');
      let seen = this.seenKeys.get(parent);
      if (!seen) this.seenKeys.set(parent, (seen = new Set()));
      if (seen.has(key)) flags |= DUPLICATE_KEY;
      else seen.add(key);
    }
    this.flags[node] = flags;
    if (slot.type === KaType.KEYED_ARCHIVE || slot.type === KaType.ARRAY)
      this.openContainers.push(node);
    else this.openLeaf = node;
    return node;
  }

  array(): void {}

  leaf(node: number, value: KaValue): void {
    if (value.kind === 'wideString') {
      let flags = this.flags[node]!;
      if (value.width === 2) flags |= WIDE_NARROW;
      if (value.isAmbiguous) flags |= WIDE_AMBIGUOUS;
      this.flags[node] = flags;
    }
  }

  close(node: number, end: number): void {
    this.lengths[node] = end - this.starts[node]!;
    if (node === this.openLeaf) {
      this.openLeaf = -1;
    } else {
      // Containers close in the reverse of their opening: the last open one is this.
      this.openContainers.pop();
      this.seenKeys.delete(node);
    }
    if (this.pendingCount === this.pending.length) {
      const grown = new Int32Array(this.pending.length * 2);
      grown.set(this.pending);
      this.pending = grown;
    }
    this.pending[this.pendingCount++] = node;
  }

  /** After a walk that stopped: the nodes still open end at `end` and are handed over too. */
  closeOpen(end: number): void {
    const open = [...this.openContainers];
    if (this.openLeaf >= 0) open.push(this.openLeaf);
    for (const node of open.sort((a, b) => b - a)) {
      this.close(node, Math.max(this.starts[node]!, Math.min(end, this.bytes.length)));
    }
    this.openContainers.length = 0;
    this.seenKeys.clear();
  }

  issue(issue: Issue): void {
    this.issues.push(issue);
  }

  wantsPause(): boolean {
    return this.pendingCount >= this.batchSize;
  }

  /** Nodes the walk gathers before it pauses: FIRST_BATCH, doubled by each batch taken. */
  private batchSize = FIRST_BATCH;

  /** Nodes handed over so far (handOver). */
  private handedOver = 0;
  private streamed: NodeTable | null = null;

  /**
   * Hands the nodes closed since the last call to `sink`: by index when it takes them so
   * (no path is made), else as objects with their paths.
   */
  handOver(sink: OpenSink): void {
    const batch = this.takePending();
    if (batch.length === 0) return;
    this.handedOver += batch.length;
    if (sink.documentNodes) {
      this.streamed ??= this.treeSource();
      sink.documentNodes(this.streamed, batch, this.handedOver, 0);
    } else {
      sink.nodes(this.nodeInputs(batch), this.handedOver, 0);
    }
  }

  /** The indexes of the nodes closed since the last call, in the order they closed. */
  takePending(): Int32Array {
    const batch = this.pending.slice(0, this.pendingCount);
    this.pendingCount = 0;
    if (batch.length > 0) this.batchSize = Math.min(BATCH, this.batchSize * 2);
    return batch;
  }

  /**
   * The nodes of `indexes` as objects with their paths, for a sink that takes no indexes
   * (OpenSink.documentNodes). A container's path and `/` is made once, kept while its
   * children come and dropped when it comes itself (after them).
   */
  nodeInputs(indexes: Int32Array): NodeInput[] {
    return Array.from(indexes, (index) => {
      const path = this.prefixOf(this.parents[index]!) + this.segment(index);
      this.prefixes.delete(index);
      const length = this.lengths[index]!;
      return { index, path, size: length, storedSize: length };
    });
  }

  /** Paths and `/` of containers whose children are being handed over as objects. */
  private readonly prefixes = new Map<number, string>();

  private prefixOf(parent: number): string {
    if (parent < 0) return '';
    let prefix = this.prefixes.get(parent);
    if (prefix === undefined) {
      // At most KA_MAX_DEPTH calls deep: the walk nests no deeper.
      prefix = `${this.prefixOf(this.parents[parent]!)}${this.segment(parent)}/`;
      this.prefixes.set(parent, prefix);
    }
    return prefix;
  }

  /**
   * The nodes as the tree reads them while they stream in (OpenSink.documentNodes), read
   * through this table's current arrays (they grow, and are trimmed at the end).
   */
  treeSource(): NodeTable {
    return {
      path: (index) => this.path(index),
      size: (index) => this.lengths[index]!,
      storedSize: (index) => this.lengths[index]!,
      parentOf: (index) => this.parents[index]!,
      nameOf: (index) => this.segment(index),
      kind: (index) => (this.isContainer(index) ? 'record' : 'value'),
      // The room the table has: the tree sizes its columns to it, growing when it does.
      expectedCount: () => this.parents.length,
    };
  }

  isContainer(node: number): boolean {
    return this.types[node] === KaType.KEYED_ARCHIVE || this.types[node] === KaType.ARRAY;
  }

  // Reading a node back.

  isRegistry(node: number): boolean {
    return (this.flags[node]! & REGISTRY_MODE) !== 0;
  }

  table(node: number): KaStringTable | null {
    return this.stringTables[this.tables[node]! - 1] ?? null;
  }

  /** The width read for a plain wide string, and whether it was a guess between two. */
  wideWidth(node: number): { width: 2 | 4; isAmbiguous: boolean } {
    const flags = this.flags[node]!;
    return { width: flags & WIDE_NARROW ? 2 : 4, isAmbiguous: (flags & WIDE_AMBIGUOUS) !== 0 };
  }

  archiveKind(node: number): KaArchiveKind {
    return ARCHIVE_KINDS[(this.flags[node]! >> ARCHIVE_KIND_SHIFT) & 3]!;
  }

  hasKey(node: number): boolean {
    return this.parents[node]! < 0 || this.types[this.parents[node]!] !== KaType.ARRAY;
  }

  isKeyId(node: number): boolean {
    return (this.flags[node]! & KEY_IS_ID) !== 0;
  }

  /** The key as text: a v1 key's bytes, a v2 key's string (null when not in the table). */
  keyText(node: number): string | null {
    if (this.isKeyId(node)) return this.table(node)?.byId.get(this.keyWords[node]!) ?? null;
    const start = this.keyWords[node]!;
    return decodeUtf8OrLatin1(this.bytes.subarray(start, this.valueStarts[node]!)).text;
  }

  /** The node's path segment (see the file's comment). */
  segment(node: number): string {
    if (!this.hasKey(node)) return String(this.ordinals[node]);
    const text = this.keyText(node);
    const segment = text === null ? `%${hex32(this.keyWords[node]!)}` : escapeKey(text);
    return this.flags[node]! & DUPLICATE_KEY ? `${segment}%#${this.ordinals[node]}` : segment;
  }

  path(node: number): string {
    let path = this.segment(node);
    for (let up = this.parents[node]!; up >= 0; up = this.parents[up]!)
      path = `${this.segment(up)}/${path}`;
    return path;
  }

  /** Bytes the table's arrays take. */
  byteSize(): number {
    return GROWN.reduce((sum, name) => sum + this[name].byteLength, 0) + this.types.byteLength * 2;
  }
}
