/**
 * The folder tree of one archive, built incrementally as entries stream in, and the
 * flattened list of visible rows the UI pages through.
 *
 * Sized for millions of entries: per-node facts and the child lists live in growable
 * typed arrays (tree-nodes.ts), names in one string array; a folder's children are sorted
 * (folders first, then by name in code-unit order) only when its rows are flattened, and
 * that order is kept until the folder gets another child.
 *
 * An archive entry with a plain path keeps the path itself (the caller's string, shared,
 * not copied) in its name slot and where its name starts: no string per entry, and the
 * filter tests the path as is.
 *
 * Documents come either as paths (addEntries: each node under the folder of its path, a
 * map from every path to its node) or by index (addDocumentNodes, document-placement.ts:
 * each node under its parent's node, its name and sizes asked of the source): the second
 * keeps no path, no string and no size per node, which a million-node keyed archive needs.
 *
 * Node 0 is the hidden root; the UI draws the file itself in its place.
 */
import { DocumentPlacement } from './document-placement.ts';
import { compileEntryFilter, type EntryFilter } from './tree-filter.ts';
import { FolderIndex, isPlainPath, splitPath, type FolderHost } from './tree-folders.ts';
import {
  FOLDERISH,
  NodeOfEntry,
  PATH_NAME,
  TABLE_NAME,
  TreeNodeColumns,
  nodeName,
  type NodeTexts,
  type TreeEntryInput,
  type TreeEntrySource,
} from './tree-nodes.ts';
import { TreeRows } from './tree-rows.ts';

export { compileFilter } from './tree-filter.ts';
export type { TreeEntryInput, TreeEntrySource } from './tree-nodes.ts';

const ROOT = 0;
const SLASH = 0x2f;
/** `lastSlash` hint for "not known": the path is searched. */
const UNKNOWN_SLASH = -2;

export class EntryTree implements FolderHost, NodeTexts {
  /**
   * Folder and document-node names; for PATH_NAME entries, their whole path, or '' until
   * it is first needed when a run of entries came from `pathSource` (addRun): an archive
   * opens without a string per entry, and most are never looked at.
   */
  private readonly names: string[] = [''];
  /** The source of the entries added by range, which lazily named nodes' paths come from. */
  private pathSource: TreeEntrySource | null = null;
  private readonly nodes = new TreeNodeColumns();
  private readonly folders = new FolderIndex(this);
  private readonly nodeOfEntry = new NodeOfEntry();
  /** Document nodes added by index, and where TABLE_NAME nodes' names and sizes come from. */
  private readonly documents = new DocumentPlacement(this.nodes, this.nodeOfEntry, {
    addNode: (parent, name, entryIndex, flags) => this.addNode(parent, name, entryIndex, flags),
    entryPlaced: (node) => {
      this.addPending(this.nodes.parents[node]!, 0, 0, 1);
      if (this.filter && this.filterVisible) this.applyFilterTo(node);
    },
    reserveEntries: (count) => {
      // A document by index has a node per entry and the root: no folders of its own.
      this.nodes.reserve(count + 1);
      this.nodeOfEntry.reserve(count);
    },
  });
  /** The last entry placed by folderOfText (whose folder `folders.lastPlaced` is); -1 if none. */
  private lastEntryByText = -1;
  /** Totals of entries added to `folder` and not yet added to it and its ancestors (rollUp). */
  private readonly pending = { folder: -1, size: 0, storedSize: 0, count: 0 };

  private filter: EntryFilter | null = null;
  /** Nodes shown while a filter is active: matching entries and their ancestors. */
  private filterVisible: Uint8Array | null = null;
  private filterMatches = 0;

  /**
   * Document mode (levels, keyed archives and other non-archive formats): a node can be an entry and have
   * children (a plane has fields and holds its objects), children keep the order they were
   * added in (file order), and sizes are each node's own span, not sums.
   */
  private readonly isDocument: boolean;
  private readonly rows: TreeRows;

  constructor(options: { isDocument?: boolean } = {}) {
    this.isDocument = options.isDocument ?? false;
    this.rows = new TreeRows(
      this.nodes,
      this,
      { nodeCount: () => this.names.length, filterVisible: () => this.filterVisible },
      !this.isDocument,
    );
    this.nodes.parents[ROOT] = -1;
    this.nodes.entryIndexes[ROOT] = -1;
    this.nodes.flags[ROOT] = FOLDERISH;
  }

  get nodeCount(): number {
    return this.names.length;
  }

  /** Bytes of the tree's typed arrays (the node columns and the node of each entry). */
  columnBytes(): number {
    return this.nodes.byteSize() + this.nodeOfEntry.byteSize();
  }

  /** FolderHost: a folder node. */
  makeFolder(parent: number, name: string): number {
    return this.addNode(parent, name, -1, FOLDERISH);
  }

  /** FolderHost: a folder's name. */
  folderName(folder: number): string {
    return this.names[folder]!;
  }

  /**
   * NodeTexts: a node's name slot, a PATH_NAME entry's path or a TABLE_NAME node's name
   * made now if it was left for later (and kept: a filter asks for every one each time).
   */
  nodeText(node: number): string {
    const text = this.names[node]!;
    if (text !== '') return text;
    const flags = this.nodes.flags[node]!;
    if (flags === PATH_NAME) {
      // A plain path is never empty: '' in a PATH_NAME slot means "not made yet".
      const path = this.pathSource!.path(this.nodes.entryIndexes[node]!);
      this.names[node] = path;
      return path;
    }
    if ((flags & TABLE_NAME) === 0) return text;
    const name = this.documents.nameOf(node);
    this.names[node] = name;
    return name;
  }

  /** The node preparePaths goes on from. */
  private preparedUpTo = 1;

  /**
   * Cuts out up to `budget` of the paths addRun left for later, in node order; true once
   * none is left. Run between other requests after an open, so that the first filter, which
   * tests every path, does not have to cut them all (a million take ~70 ms).
   */
  preparePaths(budget: number): boolean {
    const end = this.names.length;
    let node = this.preparedUpTo;
    for (let made = 0; node < end && made < budget; node++) {
      if (this.names[node] === '' && this.nodes.flags[node] === PATH_NAME) {
        this.nodeText(node);
        made++;
      }
    }
    this.preparedUpTo = node;
    return node >= end;
  }

  /**
   * NodeTexts: whether entry node `b` sorts after `a` by what the source's reader knew:
   * both keep their paths, `b` is the entry right after `a`, and the reader compared them.
   * Expanding a folder of a sorted archive then cuts none of its names out.
   */
  isKnownAfter(a: number, b: number): boolean {
    const nodes = this.nodes;
    if (nodes.flags[a] !== PATH_NAME || nodes.flags[b] !== PATH_NAME) return false;
    const entry = nodes.entryIndexes[b]!;
    const source = this.pathSource;
    return (
      entry === nodes.entryIndexes[a]! + 1 &&
      source !== null &&
      source.sortsAfterPrevious !== undefined &&
      source.sortsAfterPrevious(entry)
    );
  }

  /** FolderHost: a folder's path. */
  folderPath(folder: number): string {
    return this.pathOf(folder);
  }

  private addNode(parent: number, name: string, entryIndex: number, flags: number): number {
    const id = this.names.length;
    const nodes = this.nodes;
    nodes.ensure(id + 1);
    this.names.push(name);
    nodes.parents[id] = parent;
    nodes.entryIndexes[id] = entryIndex;
    nodes.flags[id] = flags;
    nodes.link(parent, id);
    return id;
  }

  /** Adds a batch of entries; folders are created as needed and totals rolled up. */
  addEntries(entries: readonly TreeEntryInput[]): void {
    this.useEntryColumns();
    for (const entry of entries) {
      this.addEntry(entry.entryIndex, entry.path, entry.size, entry.storedSize);
    }
    this.rollUp();
    this.rows.invalidate();
  }

  /**
   * Adds document nodes of `source` by index, in the order given (DocumentPlacement): each
   * under its parent's node (`source.parentOf`), with no path made and no string or size
   * kept. An index that came already is skipped; a source without parentOf or nameOf is
   * placed by path.
   */
  addDocumentNodes(source: TreeEntrySource, indexes: ArrayLike<number>): void {
    if (!DocumentPlacement.takes(source)) {
      this.addEntries(
        Array.from(indexes, (entryIndex) => ({
          entryIndex,
          path: source.path(entryIndex),
          size: source.size(entryIndex),
          storedSize: source.storedSize(entryIndex),
        })),
      );
      return;
    }
    this.documents.add(source, indexes);
    this.rollUp();
    this.rows.invalidate();
  }

  /**
   * The columns entries added by path or range write: sizes, and where a PATH_NAME entry's
   * name starts (archives only). Documents by index never make them.
   */
  private useEntryColumns(): void {
    this.nodes.useSizes();
    if (!this.isDocument) this.nodes.useNameStarts();
  }

  /** Adds entries `[start, end)` of `source`, with no object per entry. */
  addEntryRange(source: TreeEntrySource, start: number, end: number): void {
    const isHinted =
      source.lastSlash !== undefined && source.sharesFolderWithPrevious !== undefined;
    this.pathSource ??= source;
    this.useEntryColumns();
    if (source.expectedCount) this.reserveForEntries(source.expectedCount());
    let entryIndex = start;
    while (entryIndex < end) {
      if (isHinted && this.continuesRun(source, entryIndex)) {
        let runEnd = entryIndex + 1;
        while (runEnd < end && source.sharesFolderWithPrevious!(runEnd)) runEnd++;
        this.addRun(source, entryIndex, runEnd);
        entryIndex = runEnd;
        continue;
      }
      this.addEntry(
        entryIndex,
        source.path(entryIndex),
        source.size(entryIndex),
        source.storedSize(entryIndex),
        isHinted ? source.lastSlash!(entryIndex) : UNKNOWN_SLASH,
        isHinted && source.sharesFolderWithPrevious!(entryIndex),
        isHinted && source.commonWithPrevious ? source.commonWithPrevious(entryIndex) : -1,
      );
      entryIndex++;
    }
    this.rollUp();
    this.rows.invalidate();
  }

  /**
   * Room for `entryCount` entries and, at a guess, a folder for every four of them: the
   * node columns then grow once, not from 1,024 step by step, which copied every array
   * some seven times in a 100,000-entry open.
   */
  private reserveForEntries(entryCount: number): void {
    this.nodes.reserve(entryCount + (entryCount >> 2) + 1);
    this.nodeOfEntry.reserve(entryCount);
  }

  /**
   * Whether entry `entryIndex` goes, as addEntry would place it, into the folder of the
   * entry just before it, as a PATH_NAME node: the reader says it shares that entry's
   * folder text, that entry was placed by its text, and that text was plain. Most entries
   * of a sorted archive do, and addRun adds them together.
   */
  private continuesRun(source: TreeEntrySource, entryIndex: number): boolean {
    return (
      !this.isDocument &&
      this.filter === null &&
      this.lastEntryByText === entryIndex - 1 &&
      this.folders.isLastPlain &&
      source.sharesFolderWithPrevious!(entryIndex)
    );
  }

  /**
   * Entries `[from, to)`, each continuing the run of the one before (continuesRun): what
   * addEntry does for each, done for all of them at once. They become consecutive nodes,
   * appended as one chain to the folder's children, with one total for the roll-up. Their
   * paths are not asked for: nodeText gets each when it is first needed (the lastSlash
   * hint is then required, which continuesRun's sharesFolderWithPrevious implies).
   */
  private addRun(source: TreeEntrySource, from: number, to: number): void {
    const count = to - from;
    const folder = this.folders.lastPlaced;
    const nodes = this.nodes;
    const first = this.names.length;
    nodes.ensure(first + count);
    this.nodeOfEntry.ensure(to);
    const names = this.names;
    const { parents, entryIndexes, flags, nameStarts, sizes, storedSizes, nextSibling } = nodes;
    const isLazy = source === this.pathSource;
    let sizeSum = 0;
    let storedSum = 0;
    for (let k = 0; k < count; k++) {
      const entryIndex = from + k;
      const node = first + k;
      parents[node] = folder;
      entryIndexes[node] = entryIndex;
      flags[node] = PATH_NAME;
      const slash = source.lastSlash!(entryIndex);
      if (isLazy && slash !== UNKNOWN_SLASH) {
        names.push('');
        nameStarts[node] = slash + 1;
      } else {
        const path = source.path(entryIndex);
        names.push(path);
        nameStarts[node] = (slash === UNKNOWN_SLASH ? path.lastIndexOf('/') : slash) + 1;
      }
      const size = source.size(entryIndex);
      const storedSize = source.storedSize(entryIndex);
      sizes[node] = size;
      storedSizes[node] = storedSize;
      sizeSum += size;
      storedSum += storedSize;
      nextSibling[node] = node + 1;
      this.nodeOfEntry.setReserved(entryIndex, node);
    }
    nextSibling[first + count - 1] = -1;
    nodes.linkChain(folder, first, first + count - 1, count);
    this.lastEntryByText = to - 1;
    this.addPending(folder, sizeSum, storedSum, count);
  }

  /** Adds entries' totals to what is owed to `folder` and its ancestors (rollUp). */
  private addPending(folder: number, size: number, storedSize: number, count: number): void {
    const pending = this.pending;
    if (pending.folder !== folder) {
      this.rollUp();
      pending.folder = folder;
    }
    pending.size += size;
    pending.storedSize += storedSize;
    pending.count += count;
  }

  /**
   * Adds the totals gathered for the pending folder to it and its ancestors. Entries of one
   * folder mostly arrive together, so this walks up once per run of them, not per entry.
   */
  private rollUp(): void {
    const nodes = this.nodes;
    const pending = this.pending;
    if (pending.folder < 0) return;
    for (let up = pending.folder; up !== -1; up = nodes.parents[up]!) {
      if (!this.isDocument) {
        nodes.sizes[up] = nodes.sizes[up]! + pending.size;
        nodes.storedSizes[up] = nodes.storedSizes[up]! + pending.storedSize;
      }
      nodes.entryCounts[up] = nodes.entryCounts[up]! + pending.count;
    }
    pending.folder = -1;
    pending.size = 0;
    pending.storedSize = 0;
    pending.count = 0;
  }

  /** Hot path: 100,000s of entries per open. */
  private addEntry(
    entryIndex: number,
    path: string,
    size: number,
    storedSize: number,
    slashHint = UNKNOWN_SLASH,
    sharesFolder = false,
    commonWithPrevious = -1,
  ): void {
    const nodes = this.nodes;
    let folder: number;
    let node: number;
    if (this.isDocument) {
      if (isPlainPath(path)) {
        // Its own text is the normalized path: no split and no join.
        const slash = path.lastIndexOf('/');
        folder = slash < 0 ? ROOT : this.folders.plainFolder(path.slice(0, slash));
        node = this.documentNode(folder, path, path.slice(slash + 1), entryIndex);
      } else {
        const segments = splitPath(path);
        const name = segments.pop() ?? path;
        folder = this.folders.folderFor(segments);
        node = this.documentNode(folder, [...segments, name].join('/'), name, entryIndex);
      }
    } else {
      const slash = slashHint === UNKNOWN_SLASH ? path.lastIndexOf('/') : slashHint;
      if (slash > 0 && slash < path.length - 1) {
        const isSameFolder = sharesFolder && this.lastEntryByText === entryIndex - 1;
        // A hinted slash comes only with a plain path (TreeEntrySource.lastSlash).
        // What the path shares with the previous entry's is what it shares with the last
        // folder text, when that entry was placed by its text too.
        folder = isSameFolder
          ? this.folders.lastPlaced
          : this.folders.folderOfText(
              path,
              slash,
              slashHint !== UNKNOWN_SLASH,
              this.lastEntryByText === entryIndex - 1 ? commonWithPrevious : -1,
            );
        this.lastEntryByText = entryIndex;
        if (this.folders.isLastPlain) {
          node = this.addNode(folder, path, entryIndex, PATH_NAME);
          nodes.nameStarts[node] = slash + 1;
        } else {
          node = this.addNode(folder, path.slice(slash + 1), entryIndex, 0);
        }
      } else if (slash < 0) {
        this.lastEntryByText = -1;
        folder = ROOT;
        node = this.addNode(ROOT, path === '' ? '(unnamed)' : path, entryIndex, 0);
        // Its path is its name (0 is where it starts), except for the label of an empty one.
        if (path !== '') nodes.flags[node] = PATH_NAME;
      } else {
        // A leading or trailing `/`: rare and odd; placed by its non-empty segments.
        this.lastEntryByText = -1;
        const segments = splitPath(path);
        const name = segments.pop() ?? path;
        folder = this.folders.folderFor(segments);
        node = this.addNode(folder, name === '' ? '(unnamed)' : name, entryIndex, 0);
      }
    }
    this.nodeOfEntry.set(entryIndex, node);
    nodes.sizes[node] = size;
    nodes.storedSizes[node] = storedSize;
    this.addPending(folder, size, storedSize, 1);
    if (this.filter && this.filterVisible) this.applyFilterTo(node);
  }

  /** A document node: reuses a folder made earlier for its path, or becomes one for its children. */
  private documentNode(parent: number, path: string, name: string, entryIndex: number): number {
    const existing = this.folders.get(path);
    if (existing !== undefined && this.nodes.entryIndexes[existing]! < 0) {
      this.nodes.entryIndexes[existing] = entryIndex;
      return existing;
    }
    const node = this.addNode(parent, name === '' ? '(unnamed)' : name, entryIndex, FOLDERISH);
    if (existing === undefined) this.folders.set(path, node);
    return node;
  }

  private nameOf(node: number): string {
    return nodeName(node, this, this.nodes);
  }

  rowCount(): number {
    return this.rows.rowCount();
  }

  /** Node ids of visible rows `[start, start + count)`. */
  rowNodes(start: number, count: number): Int32Array {
    return this.rows.nodesOf(start, count);
  }

  rowIndexOf(node: number): number {
    return this.rows.indexOf(node);
  }

  setExpanded(node: number, isExpanded: boolean): void {
    this.rows.setExpanded(node, isExpanded);
  }

  setAllExpanded(isExpanded: boolean): void {
    this.rows.setAllExpanded(isExpanded);
  }

  private applyFilterTo(node: number): void {
    if (this.filterVisible!.length < this.names.length) {
      const grown = new Uint8Array(this.names.length * 2);
      grown.set(this.filterVisible!);
      this.filterVisible = grown;
    }
    const visible = this.filterVisible!;
    const isMatch =
      this.nodes.flags[node] === PATH_NAME
        ? this.filter!.matchesAt(this.nodeText(node), this.nodes.nameStarts[node]!)
        : this.filter!.matches(this.pathOf(node), this.nodeText(node));
    if (!isMatch) return;
    this.filterMatches++;
    for (let up = node; up > ROOT && visible[up] !== 1; up = this.nodes.parents[up]!)
      visible[up] = 1;
  }

  /** Applies a filter (see compileFilter); returns the number of matching entries. */
  setFilter(pattern: string): number {
    this.filter = compileEntryFilter(pattern);
    this.filterMatches = 0;
    if (this.filter === null) {
      this.filterVisible = null;
    } else {
      // Sized for growth: entries still streaming in are filtered as they arrive.
      this.filterVisible = new Uint8Array(Math.max(this.names.length * 2, 1024));
      for (let node = 1; node < this.names.length; node++) {
        if (this.nodes.entryIndexes[node]! >= 0) this.applyFilterTo(node);
      }
    }
    this.rows.invalidate();
    return this.filterMatches;
  }

  get matchCount(): number {
    return this.filterMatches;
  }

  pathOf(node: number): string {
    if (this.nodes.flags[node] === PATH_NAME) return this.nodeText(node);
    let path = this.nodeText(node);
    for (let up = this.nodes.parents[node]!; up > ROOT; up = this.nodes.parents[up]!) {
      path = this.nodeText(up) + '/' + path;
    }
    return path;
  }

  /**
   * The node at `path` (a row's stable path, as `pathOf` gives it), or -1. Walks down from
   * the root, at each level to the child whose path is `path` or a folder above it: the
   * siblings on the way are looked at, not the whole tree. A child that is not a PATH_NAME
   * entry has its parent's path, `/` and its name as its path, so only its name is compared
   * (a document's array of 100,000 elements makes no path per element).
   */
  nodeOfPath(path: string): number {
    let node = ROOT;
    // Where the rest of `path` starts below `node`: its path and a `/` are before it.
    let start = 0;
    for (;;) {
      let next = -1;
      for (let child = this.nodes.firstChild[node]!; child >= 0;) {
        const isPathName = this.nodes.flags[child] === PATH_NAME;
        const text = this.nodeText(child);
        const end = isPathName ? text.length : start + text.length;
        if (isPathName ? path.startsWith(text) : path.startsWith(text, start)) {
          if (end === path.length) return child;
          if (path.charCodeAt(end) === SLASH) {
            next = child;
            start = end + 1;
            break;
          }
        }
        child = this.nodes.nextSibling[child]!;
      }
      if (next < 0) return -1;
      node = next;
    }
  }

  /**
   * 1 for a top-level node. Walked up, not kept: a column of depths cost 4 bytes a node,
   * and only the rows shown ask.
   */
  private depthOf(node: number): number {
    let depth = 0;
    for (let up = node; up > ROOT; up = this.nodes.parents[up]!) depth++;
    return depth;
  }

  /** Facts about a node for building a row. */
  node(node: number): {
    name: string;
    parentId: number;
    depth: number;
    isFolder: boolean;
    isExpanded: boolean;
    entryIndex: number;
    size: number;
    storedSize: number;
    entryCount: number;
  } {
    const isFolder = this.rows.isFolder(node);
    const parent = this.nodes.parents[node]!;
    const isByIndex = (this.nodes.flags[node]! & TABLE_NAME) !== 0;
    return {
      name: this.nameOf(node),
      parentId: parent === ROOT ? -1 : parent,
      depth: this.depthOf(node),
      isFolder,
      isExpanded: isFolder && this.rows.isOpen(node),
      entryIndex: this.nodes.entryIndexes[node]!,
      size: isByIndex ? this.documents.sizeOf(node) : (this.nodes.sizes[node] ?? 0),
      storedSize: isByIndex
        ? this.documents.storedSizeOf(node)
        : (this.nodes.storedSizes[node] ?? 0),
      entryCount: this.nodes.entryCounts[node]!,
    };
  }

  /** Entry indexes under the given nodes (each entry once), in tree order; all when empty. */
  entriesUnder(nodes: readonly number[]): number[] {
    const roots = nodes.length === 0 ? [ROOT] : nodes;
    const seen = new Set<number>();
    const out: number[] = [];
    const stack = [...roots].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node < 0 || node >= this.names.length) continue;
      const entry = this.nodes.entryIndexes[node]!;
      if (entry >= 0 && !seen.has(entry)) {
        seen.add(entry);
        out.push(entry);
      }
      if (this.nodes.childCounts[node]! > 0) {
        const sorted = this.rows.sortedChildren(node);
        for (let i = sorted.length - 1; i >= 0; i--) stack.push(sorted[i]!);
      }
    }
    return out;
  }

  /** The node of an entry, or -1 (also for a document parent made before its entry came). */
  nodeOf(entryIndex: number): number {
    const node = this.nodeOfEntry.get(entryIndex);
    return node >= 0 && this.nodes.entryIndexes[node] === entryIndex ? node : -1;
  }
}
