/**
 * The indexes of one build merged into one table. Node ids are global (CityHash64 of the
 * full path), so every index of a build repeats the folders it shares (`content`, ...) with
 * the same ids: one id map holds the nodes of all indexes, each node's path is made once
 * from its parent's, and every file record becomes one entry of the table the tree reads.
 *
 * Checks across the merged nodes (spec.md, "Paths and ids"): a parent id that is neither
 * the root sentinel nor a known node (a warning; the node is top-level), a parent chain
 * deeper than `MAX_DEPTH` or a cycle (an error; the chain is cut there), a record naming
 * no node or no volume, duplicate paths, a file that is also a folder, and each node id
 * against the CityHash64 of its path (ok / mismatch, never fatal).
 */
import type { Issue, NodeTable } from '../model.ts';
import { cityHash64Into } from './hashes.ts';
import { IdMap } from './id-map.ts';
import {
  WOWS_ROOT_PARENT_ID_HI,
  WOWS_ROOT_PARENT_ID_LO,
  fileRecordSpan,
  nodeName,
  nodeRecordSpan,
  type WowsIndex,
} from './read.ts';

/** Parent chains longer than this are cut (the real maximum is about 7; cycles end here). */
export const MAX_DEPTH = 32;
/** Issues of one kind listed one by one; past this they are counted in one more issue. */
const ISSUES_PER_KIND = 50;
const NO_NODE = -1;

/** Growable typed columns of the merged entries (one per file record). */
class EntryColumns {
  capacity = 0;
  indexes = new Uint16Array(0);
  records = new Uint32Array(0);
  nodes = new Int32Array(0);
  volumes = new Int32Array(0);

  ensure(count: number): void {
    if (count <= this.capacity) return;
    const capacity = Math.max(count, this.capacity * 2, 64);
    const grow = <T extends Uint16Array | Uint32Array | Int32Array>(
      old: T,
      make: (n: number) => T,
    ) => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.indexes = grow(this.indexes, (n) => new Uint16Array(n));
    this.records = grow(this.records, (n) => new Uint32Array(n));
    this.nodes = grow(this.nodes, (n) => new Int32Array(n));
    this.volumes = grow(this.volumes, (n) => new Int32Array(n));
    this.capacity = capacity;
  }
}

/** One index of the build as the table keeps it. */
export interface BuildIndex {
  /** Its source's name, e.g. `vehicles_level6_usa.idx`. */
  name: string;
  index: WowsIndex;
}

/**
 * The merged table. `add` takes the indexes one by one (rows stream to the tree after
 * each); the NodeTable methods read entries by their merged number. A class, so the tree's
 * hot loop calls monomorphic methods.
 */
export class WowsBuildTable implements NodeTable {
  readonly indexes: BuildIndex[] = [];
  /** Volume names, merged by name (lower case), in order of first mention. */
  readonly volumeNames: string[] = [];
  readonly issues: Issue[] = [];
  /** Entries in order: index by index, record by record. */
  entryCount = 0;
  /** Nodes of every index, merged by id. */
  nodeCount = 0;
  idMismatches = 0;
  readonly entries = new EntryColumns();

  private readonly ids = new IdMap(16);
  /** Per merged node: the index and node number it was first read from. */
  private ownerIndex = new Uint16Array(0);
  private ownerNode = new Uint32Array(0);
  /** Per merged node: its parent's merged number (NO_NODE: top level). */
  private parents = new Int32Array(0);
  /**
   * Per merged node: the first entry whose record names it, or NO_NODE (not a file). A
   * node is one path, so this also names the first entry of a duplicate path.
   */
  private firstEntry = new Int32Array(0);
  /** Per merged node: its depth (1: top level), once its chain is checked; 0 before. */
  private depths = new Uint8Array(0);
  /** Per merged node: its path once made (`pathOf`). */
  private readonly paths: (string | undefined)[] = [];
  private readonly volumeByName = new Map<string, number>();
  /** Sizes of the volumes open, by merged volume number. */
  private readonly volumeSizes: (number | undefined)[] = [];
  private readonly issueCounts = new Map<string, number>();
  private readonly hashOut = new Uint32Array(2);
  private pathBytes = new Uint8Array(1024);
  /** A parent chain being walked (merged node numbers), reused by every walk. */
  private readonly chain = new Int32Array(MAX_DEPTH + 1);

  path(entry: number): string {
    return this.pathOf(this.entries.nodes[entry]!);
  }

  /**
   * Writes an entry's path as stored (its names' bytes joined by `/`) into `target` at
   * `at`; returns where it ends, or -1 when it does not fit. ASCII bytes are `path` exactly.
   */
  writePath(entry: number, target: Uint8Array, at: number): number {
    return this.writeNodePath(this.entries.nodes[entry]!, target, at);
  }
  size(entry: number): number {
    return this.fileColumn(entry).sizes[this.entries.records[entry]!]!;
  }
  storedSize(entry: number): number {
    return this.fileColumn(entry).storedSizes[this.entries.records[entry]!]!;
  }
  isCompressed(entry: number): boolean {
    return (this.fileColumn(entry).compressionFlags[this.entries.records[entry]!]! & 1) !== 0;
  }
  checksum(entry: number): number {
    return this.fileColumn(entry).crcs[this.entries.records[entry]!]!;
  }
  /**
   * Where the entry's blob starts in its volume, as its details' span says: a blob that ends
   * past its volume (whose size is known once it is open) starts no later than its end.
   */
  offset(entry: number): number {
    const files = this.fileColumn(entry);
    const record = this.entries.records[entry]!;
    const offset = files.offsets[record]!;
    const volume = this.entries.volumes[entry]!;
    const volumeSize = volume >= 0 ? this.volumeSizes[volume] : undefined;
    if (volumeSize === undefined || offset + files.storedSizes[record]! <= volumeSize)
      return offset;
    return Math.min(offset, volumeSize);
  }

  /** The size of an open volume (`offset` clips blobs that end past it). */
  setVolumeSize(volume: number, size: number): void {
    this.volumeSizes[volume] = size;
  }

  /** The file table holding an entry's record (`entries.records[entry]` is its row). */
  filesOf(entry: number): WowsIndex['files'] {
    return this.fileColumn(entry);
  }

  /** The index and record of an entry. */
  recordOf(entry: number): { index: WowsIndex; indexName: string; record: number } {
    const { index, name } = this.indexes[this.entries.indexes[entry]!]!;
    return { index, indexName: name, record: this.entries.records[entry]! };
  }

  private fileColumn(entry: number) {
    return this.indexes[this.entries.indexes[entry]!]!.index.files;
  }

  /** Merges one parsed index; returns the range of entries it added. */
  add(name: string, index: WowsIndex): { start: number; end: number } {
    const indexNumber = this.indexes.length;
    this.indexes.push({ name, index });
    const merged = this.mergeNodes(indexNumber, index);
    this.linkParents(index, merged);
    const volumes = this.mergeVolumes(index);
    const start = this.entryCount;
    this.addEntries(indexNumber, index, volumes);
    this.checkNewNodes(merged.firstNew);
    return { start, end: this.entryCount };
  }

  /** Ends the merge: checks that need every index (files that are folders). */
  finish(): void {
    for (let node = 0; node < this.nodeCount; node++) {
      const parent = this.parents[node]!;
      if (parent !== NO_NODE && this.firstEntry[parent] !== NO_NODE) {
        this.issue(
          'error',
          'FILE_IS_FOLDER',
          `${this.pathOf(parent)} is a file and the folder of ${this.pathOf(node)}`,
        );
      }
    }
    for (const [code, count] of this.issueCounts) {
      if (count > ISSUES_PER_KIND) {
        this.issues.push({
          severity: 'warning',
          code,
          message: `${count - ISSUES_PER_KIND} more ${code} issues are not listed`,
        });
      }
    }
  }

  private issue(
    severity: Issue['severity'],
    code: string,
    message: string,
    span?: Issue['span'],
    entryIndex?: number,
  ): void {
    const count = (this.issueCounts.get(code) ?? 0) + 1;
    this.issueCounts.set(code, count);
    if (count > ISSUES_PER_KIND) return;
    this.issues.push({
      severity,
      code,
      message,
      ...(span ? { span } : {}),
      ...(entryIndex !== undefined ? { entryIndex } : {}),
    });
  }

  private ensureNodes(count: number): void {
    if (count <= this.parents.length) return;
    const capacity = Math.max(count, this.parents.length * 2);
    const grow = <T extends Uint8Array | Uint16Array | Uint32Array | Int32Array>(
      old: T,
      next: T,
    ) => {
      next.set(old);
      return next;
    };
    this.ownerIndex = grow(this.ownerIndex, new Uint16Array(capacity));
    this.ownerNode = grow(this.ownerNode, new Uint32Array(capacity));
    this.parents = grow(this.parents, new Int32Array(capacity));
    this.firstEntry = grow(this.firstEntry, new Int32Array(capacity).fill(NO_NODE));
    this.depths = grow(this.depths, new Uint8Array(capacity));
  }

  /** Gives each node of the index its merged number; new ids become new nodes. */
  private mergeNodes(indexNumber: number, index: WowsIndex) {
    const { nodes } = index;
    const local = new Int32Array(nodes.count);
    const firstNew = this.nodeCount;
    this.ensureNodes(this.nodeCount + nodes.count);
    this.ids.reserve(this.nodeCount + nodes.count);
    for (let node = 0; node < nodes.count; node++) {
      const next = this.nodeCount;
      const merged = this.ids.setIfAbsent(nodes.idLo[node]!, nodes.idHi[node]!, next);
      local[node] = merged;
      if (merged !== next) {
        // The same id twice in one index is corruption; across indexes it is the shared folders.
        if (merged >= firstNew) {
          this.issue(
            'error',
            'DUPLICATE_ID',
            `node ${node} repeats the id of an earlier node`,
            nodeRecordSpan(index, node),
          );
        }
        continue;
      }
      this.ownerIndex[next] = indexNumber;
      this.ownerNode[next] = node;
      this.parents[next] = NO_NODE;
      // Paths are made later, in any order: a slot now keeps the array dense, not a dictionary.
      this.paths.push(undefined);
      this.nodeCount++;
    }
    return { local, firstNew };
  }

  /** Links the new nodes to their parents and cuts parent chains that are too deep or loop. */
  private linkParents(
    index: WowsIndex,
    { local, firstNew }: { local: Int32Array; firstNew: number },
  ): void {
    const { nodes } = index;
    for (let node = 0; node < nodes.count; node++) {
      const merged = local[node]!;
      if (merged < firstNew || this.ownerNode[merged] !== node) continue;
      const lo = nodes.parentLo[node]!;
      const hi = nodes.parentHi[node]!;
      if (lo === WOWS_ROOT_PARENT_ID_LO && hi === WOWS_ROOT_PARENT_ID_HI) continue;
      const parent = this.ids.get(lo, hi);
      if (parent === NO_NODE) {
        this.issue(
          'warning',
          'UNKNOWN_PARENT',
          `node ${node} (${nodeName(index, node)}) names a parent id that is no node: shown at the top`,
          nodeRecordSpan(index, node),
        );
        continue;
      }
      this.parents[merged] = parent;
    }
    for (let merged = firstNew; merged < this.nodeCount; merged++) this.checkChain(merged);
  }

  /**
   * Gives a new node and its unchecked parents their depth. A chain of MAX_DEPTH unchecked
   * nodes (a loop, or too deep) is cut at its top, and so is any node that would lie deeper
   * than MAX_DEPTH: afterwards every chain ends at the top within MAX_DEPTH steps, so paths
   * are made on demand (`pathOf`, `writeNodePath`) with no check of their own, and a
   * listing that writes path bytes (`writePath`) makes no string.
   */
  private checkChain(merged: number): void {
    const { chain, depths } = this;
    let length = 0;
    let at = merged;
    while (at !== NO_NODE && depths[at] === 0) {
      if (length === MAX_DEPTH) {
        this.cutChain(chain[length - 1]!);
        at = NO_NODE;
        break;
      }
      chain[length++] = at;
      at = this.parents[at]!;
    }
    let depth = at === NO_NODE ? 0 : depths[at]!;
    for (let step = length - 1; step >= 0; step--) {
      const node = chain[step]!;
      if (depth === MAX_DEPTH) {
        this.cutChain(node);
        depth = 0;
      }
      depths[node] = ++depth;
    }
  }

  /** Makes a node top-level: its parents go deeper than MAX_DEPTH or loop. */
  private cutChain(merged: number): void {
    const { index, node } = this.owner(merged);
    this.issue(
      'error',
      'PARENT_CHAIN',
      `the parents of ${nodeName(index, node)} go deeper than ${MAX_DEPTH} folders or loop: cut there`,
      nodeRecordSpan(index, node),
    );
    this.parents[merged] = NO_NODE;
  }

  /** The path of a merged node, made from its parent's on first use and kept. */
  private pathOf(merged: number): string {
    const known = this.paths[merged];
    if (known !== undefined) return known;
    // Parents come first in an index, so a parent's path is mostly known: one step, no walk.
    const parent = this.parents[merged]!;
    const parentPath = parent === NO_NODE ? '' : this.paths[parent];
    if (parentPath !== undefined) {
      const name = nodeName(this.indexes[this.ownerIndex[merged]!]!.index, this.ownerNode[merged]!);
      const path = parent === NO_NODE ? name : parentPath + '/' + name;
      this.paths[merged] = path;
      return path;
    }
    // Chains end at the top within MAX_DEPTH steps (checkChain cut every other).
    const chain: number[] = [];
    let at = merged;
    while (at !== NO_NODE && this.paths[at] === undefined) {
      chain.push(at);
      at = this.parents[at]!;
    }
    let prefix = at === NO_NODE ? '' : this.paths[at]! + '/';
    for (let step = chain.length - 1; step >= 0; step--) {
      const node = chain[step]!;
      const index = this.indexes[this.ownerIndex[node]!]!.index;
      const path = prefix + nodeName(index, this.ownerNode[node]!);
      this.paths[node] = path;
      prefix = path + '/';
    }
    return this.paths[merged]!;
  }

  private owner(merged: number): { index: WowsIndex; node: number } {
    return { index: this.indexes[this.ownerIndex[merged]!]!.index, node: this.ownerNode[merged]! };
  }

  /** The merged volume numbers of the index's volume table, by position. */
  private mergeVolumes(index: WowsIndex): number[] {
    return index.volumes.map((volume) => {
      const key = volume.name.toLowerCase();
      let merged = this.volumeByName.get(key);
      if (merged === undefined) {
        merged = this.volumeNames.length;
        this.volumeNames.push(volume.name);
        this.volumeByName.set(key, merged);
      }
      return merged;
    });
  }

  private addEntries(indexNumber: number, index: WowsIndex, volumes: number[]): void {
    const { files } = index;
    this.entries.ensure(this.entryCount + files.count);
    const { entries } = this;
    for (let record = 0; record < files.count; record++) {
      const node = this.ids.get(files.resourceLo[record]!, files.resourceHi[record]!);
      if (node === NO_NODE) {
        this.issue(
          'error',
          'UNKNOWN_RESOURCE',
          `file record ${record} names no node: not listed`,
          fileRecordSpan(index, record),
        );
        continue;
      }
      const entry = this.entryCount++;
      entries.indexes[entry] = indexNumber;
      entries.records[entry] = record;
      entries.nodes[entry] = node;
      entries.volumes[entry] = this.volumeOf(index, record, volumes);
      if (entries.volumes[entry] === NO_NODE) {
        this.issue(
          'error',
          'UNKNOWN_VOLUME',
          `file record ${record} names no volume of its index`,
          fileRecordSpan(index, record),
          entry,
        );
      }
      const first = this.firstEntry[node]!;
      if (first !== NO_NODE) {
        this.issue(
          'warning',
          'DUPLICATE_PATH',
          `${this.pathOf(node)} is listed again (first as entry ${first})`,
          fileRecordSpan(index, record),
          entry,
        );
      } else {
        this.firstEntry[node] = entry;
      }
    }
  }

  /** The merged volume of a record, or NO_NODE when its index has no volume of that id. */
  private volumeOf(index: WowsIndex, record: number, volumes: number[]): number {
    const lo = index.files.volumeLo[record]!;
    const hi = index.files.volumeHi[record]!;
    // An index has one volume in practice: a scan is the fastest lookup.
    for (let at = 0; at < index.volumes.length; at++) {
      const volume = index.volumes[at]!;
      if (volume.idLo === lo && volume.idHi === hi) return volumes[at]!;
    }
    return NO_NODE;
  }

  /** Checks the ids of the nodes merged from `firstNew` on against CityHash64 of their paths. */
  private checkNewNodes(firstNew: number): void {
    for (let merged = firstNew; merged < this.nodeCount; merged++) {
      const length = this.writePathBytes(merged);
      cityHash64Into(this.pathBytes, 0, length, this.hashOut);
      const { nodes } = this.indexes[this.ownerIndex[merged]!]!.index;
      const node = this.ownerNode[merged]!;
      if (this.hashOut[0] === nodes.idLo[node] && this.hashOut[1] === nodes.idHi[node]) continue;
      const { index } = this.owner(merged);
      this.idMismatches++;
      this.issue(
        'warning',
        'ID_MISMATCH',
        `the id of ${this.pathOf(merged)} is not the CityHash64 of its path`,
        nodeRecordSpan(index, node),
      );
    }
  }

  /** Writes a node's path as stored to pathBytes (grown as needed); returns its length. */
  private writePathBytes(merged: number): number {
    for (;;) {
      const end = this.writeNodePath(merged, this.pathBytes, 0);
      if (end >= 0) return end;
      this.pathBytes = new Uint8Array(this.pathBytes.length * 2);
    }
  }

  /** Writes a node's path as stored (its names' bytes joined by `/`); -1: it does not fit. */
  private writeNodePath(merged: number, target: Uint8Array, start: number): number {
    const { chain } = this;
    let depth = 0;
    for (let at = merged; at !== NO_NODE; at = this.parents[at]!) chain[depth++] = at;
    let length = start;
    for (let step = depth - 1; step >= 0; step--) {
      const node = chain[step]!;
      const { bytes, nodes } = this.indexes[this.ownerIndex[node]!]!.index;
      const local = this.ownerNode[node]!;
      const from = nodes.nameOffsets[local]!;
      const nameLength = nodes.nameLengths[local]!;
      if (length + nameLength + 1 > target.length) return -1;
      if (step !== depth - 1) target[length++] = 0x2f;
      // Names are short: a loop beats set() on a fresh subarray view.
      for (let at = 0; at < nameLength; at++) target[length + at] = bytes[from + at]!;
      length += nameLength;
    }
    return length;
  }

  /** Whether the id of a merged node's path checked out (for an entry's details). */
  idMatches(entry: number): boolean {
    const merged = this.entries.nodes[entry]!;
    const length = this.writePathBytes(merged);
    cityHash64Into(this.pathBytes, 0, length, this.hashOut);
    const { index, node } = this.owner(merged);
    return this.hashOut[0] === index.nodes.idLo[node] && this.hashOut[1] === index.nodes.idHi[node];
  }
}
