/**
 * The folder tree of one archive, built incrementally as entries stream in, and the
 * flattened list of visible rows the UI pages through.
 *
 * Sized for millions of entries: per-node facts live in growable typed arrays, names in
 * one string array, children in per-folder id arrays sorted lazily (folders first, then
 * by name in code-unit order) only when a folder's rows are flattened.
 *
 * Node 0 is the hidden root; the UI draws the file itself in its place.
 */

const ROOT = 0;

class GrowableFloat64 {
  data = new Float64Array(1024);
  ensure(size: number): void {
    if (size <= this.data.length) return;
    const grown = new Float64Array(Math.max(size, this.data.length * 2));
    grown.set(this.data);
    this.data = grown;
  }
}

class GrowableInt32 {
  data = new Int32Array(1024);
  ensure(size: number): void {
    if (size <= this.data.length) return;
    const grown = new Int32Array(Math.max(size, this.data.length * 2));
    grown.set(this.data);
    this.data = grown;
  }
}

/** What the tree needs to know of one entry. */
export interface TreeEntryInput {
  entryIndex: number;
  path: string;
  size: number;
  storedSize: number;
}

/** Splits an entry path into segments; empty segments (from `//` or a leading `/`) are dropped. */
function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

/**
 * Turns a filter into a predicate over entry paths. A pattern with `*`, `?` or `[` is a
 * glob (`*` within a segment, `**` across segments); without a `/` it matches the entry's
 * name, with one the whole path. Anything else is a case-insensitive substring of the path.
 */
export function compileFilter(pattern: string): ((path: string, name: string) => boolean) | null {
  const trimmed = pattern.trim();
  if (trimmed === '') return null;
  if (!/[*?[]/.test(trimmed)) {
    // ASCII needles: a case-insensitive regex scans each path without a lower-cased copy
    // (a million copies per keystroke otherwise). Other needles keep toLowerCase semantics.
    if (/^[\x20-\x7e]*$/.test(trimmed)) {
      const literal = new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'i');
      return (path) => literal.test(path);
    }
    const needle = trimmed.toLowerCase();
    return (path) => path.toLowerCase().includes(needle);
  }
  let source = '';
  for (let i = 0; i < trimmed.length; i++) {
    const char = trimmed[i]!;
    if (char === '*') {
      if (trimmed[i + 1] === '*') {
        i++;
        if (trimmed[i + 1] === '/') {
          i++;
          source += '(?:.*/)?';
        } else {
          source += '.*';
        }
      } else {
        source += '[^/]*';
      }
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '[') {
      const close = trimmed.indexOf(']', i + 1);
      if (close === -1) {
        source += '\\[';
      } else {
        const body = trimmed.slice(i + 1, close).replace(/\\/g, '\\\\');
        source += '[' + (body.startsWith('!') ? '^' + body.slice(1) : body) + ']';
        i = close;
      }
    } else {
      source += char.replace(/[.+^${}()|\\\]]/g, '\\$&');
    }
  }
  const regex = new RegExp('^' + source + '$', 'i');
  const matchesName = !trimmed.includes('/');
  return (path, name) => regex.test(matchesName ? name : path);
}

export class EntryTree {
  private readonly names: string[] = [''];
  private readonly parents = new GrowableInt32();
  private readonly entryIndexes = new GrowableInt32();
  private readonly depths = new GrowableInt32();
  private readonly sizes = new GrowableFloat64();
  private readonly storedSizes = new GrowableFloat64();
  private readonly entryCounts = new GrowableFloat64();
  /** Children per folder node id; undefined for entries. */
  private readonly children: (number[] | undefined)[] = [[]];
  private readonly isSorted: boolean[] = [true];
  private readonly expanded = new Set<number>();
  /** Folder lookup by full path. */
  private readonly folderByPath = new Map<string, number>([['', ROOT]]);
  /** Node id of each entry, by entry index. */
  private readonly nodeOfEntry: number[] = [];
  /** Full path of each entry node as given (the caller's own string, not a copy); for the filter. */
  private readonly entryPaths: (string | undefined)[] = [undefined];

  private filter: ((path: string, name: string) => boolean) | null = null;
  /** Nodes shown while a filter is active: matching entries and their ancestors. */
  private filterVisible: Uint8Array | null = null;
  private filterMatches = 0;

  private rows = new Int32Array(0);
  /**
   * Document mode (WWD and other non-archive formats): a node can be an entry and have
   * children (a plane has fields and holds its objects), children keep the order they were
   * added in (file order), and sizes are each node's own span, not sums.
   */
  private readonly isDocument: boolean;
  private rowCountValue = 0;
  private rowsDirty = true;

  constructor(options: { isDocument?: boolean } = {}) {
    this.isDocument = options.isDocument ?? false;
    this.parents.data[ROOT] = -1;
    this.entryIndexes.data[ROOT] = -1;
  }

  get nodeCount(): number {
    return this.names.length;
  }

  private addNode(
    parent: number,
    name: string,
    entryIndex: number,
    canHaveChildren = entryIndex < 0,
  ): number {
    const id = this.names.length;
    const size = id + 1;
    this.parents.ensure(size);
    this.entryIndexes.ensure(size);
    this.depths.ensure(size);
    this.sizes.ensure(size);
    this.storedSizes.ensure(size);
    this.entryCounts.ensure(size);
    this.names.push(name);
    this.parents.data[id] = parent;
    this.entryIndexes.data[id] = entryIndex;
    this.depths.data[id] = parent === ROOT ? 1 : this.depths.data[parent]! + 1;
    this.children.push(canHaveChildren ? [] : undefined);
    this.entryPaths.push(undefined);
    this.isSorted.push(true);
    this.children[parent]!.push(id);
    this.isSorted[parent] = false;
    return id;
  }

  private folderFor(segments: string[]): number {
    let parent = ROOT;
    let path = '';
    for (const segment of segments) {
      path = path === '' ? segment : path + '/' + segment;
      let folder = this.folderByPath.get(path);
      if (folder === undefined) {
        folder = this.addNode(parent, segment, -1);
        this.folderByPath.set(path, folder);
      }
      parent = folder;
    }
    return parent;
  }

  /**
   * Archive entries: the folder and name of a path. Hot path (100,000s of entries per open):
   * entries of one folder share the text before their last `/`, so that text is looked up
   * whole and split only the first time it is seen.
   */
  private placeOf(path: string): { folder: number; name: string } {
    const slash = path.lastIndexOf('/');
    if (slash < 0) return { folder: ROOT, name: path };
    const name = path.slice(slash + 1);
    if (name === '') {
      const segments = splitPath(path);
      const last = segments.pop() ?? path;
      return { folder: this.folderFor(segments), name: last };
    }
    const folderPath = path.slice(0, slash);
    let folder = this.folderByPath.get(folderPath);
    if (folder === undefined) {
      folder = this.folderFor(splitPath(folderPath));
      // Also under the text as written, which may have `//` or a leading `/`.
      this.folderByPath.set(folderPath, folder);
    }
    return { folder, name };
  }

  /** Adds a batch of entries; folders are created as needed and totals rolled up. */
  addEntries(entries: readonly TreeEntryInput[]): void {
    for (const entry of entries) {
      let folder: number;
      let node: number;
      if (this.isDocument) {
        const segments = splitPath(entry.path);
        const name = segments.pop() ?? entry.path;
        folder = this.folderFor(segments);
        node = this.documentNode(folder, [...segments, name].join('/'), name, entry.entryIndex);
      } else {
        const place = this.placeOf(entry.path);
        folder = place.folder;
        node = this.addNode(folder, place.name === '' ? '(unnamed)' : place.name, entry.entryIndex);
        // pathOf() gives the same text for a well-formed path; keep only those.
        const path = entry.path;
        if (path[0] !== '/' && !path.endsWith('/') && !path.includes('//')) this.entryPaths[node] = path;
      }
      this.nodeOfEntry[entry.entryIndex] = node;
      this.sizes.data[node] = entry.size;
      this.storedSizes.data[node] = entry.storedSize;
      for (let up = folder; up !== -1; up = this.parents.data[up]!) {
        if (!this.isDocument) {
          this.sizes.data[up] = this.sizes.data[up]! + entry.size;
          this.storedSizes.data[up] = this.storedSizes.data[up]! + entry.storedSize;
        }
        this.entryCounts.data[up] = this.entryCounts.data[up]! + 1;
      }
      if (this.filter && this.filterVisible) this.applyFilterTo(node);
    }
    this.rowsDirty = true;
  }

  /** A document node: reuses a folder made earlier for its path, or becomes one for its children. */
  private documentNode(parent: number, path: string, name: string, entryIndex: number): number {
    const existing = this.folderByPath.get(path);
    if (existing !== undefined && this.entryIndexes.data[existing]! < 0) {
      this.entryIndexes.data[existing] = entryIndex;
      return existing;
    }
    const node = this.addNode(parent, name === '' ? '(unnamed)' : name, entryIndex, true);
    if (existing === undefined) this.folderByPath.set(path, node);
    return node;
  }

  /** Folders, and document nodes that have children. */
  private isFolderNode(node: number): boolean {
    const list = this.children[node];
    return list !== undefined && (list.length > 0 || this.entryIndexes.data[node]! < 0);
  }

  private sortedChildren(folder: number): number[] {
    const list = this.children[folder]!;
    if (!this.isSorted[folder] && this.isDocument) {
      this.isSorted[folder] = true;
    } else if (!this.isSorted[folder]) {
      const names = this.names;
      const children = this.children;
      list.sort((a, b) => {
        const aIsFolder = children[a] !== undefined;
        const bIsFolder = children[b] !== undefined;
        if (aIsFolder !== bIsFolder) return aIsFolder ? -1 : 1;
        const aName = names[a]!;
        const bName = names[b]!;
        return aName < bName ? -1 : aName > bName ? 1 : a - b;
      });
      this.isSorted[folder] = true;
    }
    return list;
  }

  private isShown(node: number): boolean {
    return this.filterVisible === null || this.filterVisible[node] === 1;
  }

  private isOpen(node: number): boolean {
    return this.filterVisible !== null || this.expanded.has(node);
  }

  private rebuildRows(): void {
    // Each node is a row at most once: an array of the node count never needs to grow.
    const out = new Int32Array(this.names.length);
    let count = 0;
    const stack: number[] = [];
    const pushChildren = (folder: number): void => {
      const list = this.sortedChildren(folder);
      for (let i = list.length - 1; i >= 0; i--) {
        const child = list[i]!;
        if (this.isShown(child)) stack.push(child);
      }
    };
    pushChildren(ROOT);
    while (stack.length > 0) {
      const node = stack.pop()!;
      out[count++] = node;
      if (this.isFolderNode(node) && this.isOpen(node)) pushChildren(node);
    }
    this.rows = out.subarray(0, count);
    this.rowCountValue = count;
    this.rowsDirty = false;
  }

  private ensureRows(): void {
    if (this.rowsDirty) this.rebuildRows();
  }

  rowCount(): number {
    this.ensureRows();
    return this.rowCountValue;
  }

  /** Node ids of visible rows `[start, start + count)`. */
  rowNodes(start: number, count: number): Int32Array {
    this.ensureRows();
    const from = Math.max(0, Math.min(start, this.rowCountValue));
    const to = Math.max(from, Math.min(from + Math.max(0, count), this.rowCountValue));
    return this.rows.subarray(from, to);
  }

  rowIndexOf(node: number): number {
    this.ensureRows();
    return this.rows.indexOf(node);
  }

  setExpanded(node: number, isExpanded: boolean): void {
    if (!this.isFolderNode(node) || node === ROOT) return;
    if (isExpanded) this.expanded.add(node);
    else this.expanded.delete(node);
    this.rowsDirty = true;
  }

  setAllExpanded(isExpanded: boolean): void {
    this.expanded.clear();
    if (isExpanded) {
      for (let node = 1; node < this.names.length; node++) {
        if (this.isFolderNode(node)) this.expanded.add(node);
      }
    }
    this.rowsDirty = true;
  }

  private applyFilterTo(node: number): void {
    if (this.filterVisible!.length < this.names.length) {
      const grown = new Uint8Array(this.names.length * 2);
      grown.set(this.filterVisible!);
      this.filterVisible = grown;
    }
    const visible = this.filterVisible!;
    if (!this.filter!(this.entryPaths[node] ?? this.pathOf(node), this.names[node]!)) return;
    this.filterMatches++;
    for (let up = node; up > ROOT && visible[up] !== 1; up = this.parents.data[up]!)
      visible[up] = 1;
  }

  /** Applies a filter (see compileFilter); returns the number of matching entries. */
  setFilter(pattern: string): number {
    this.filter = compileFilter(pattern);
    this.filterMatches = 0;
    if (this.filter === null) {
      this.filterVisible = null;
    } else {
      // Sized for growth: entries still streaming in are filtered as they arrive.
      this.filterVisible = new Uint8Array(Math.max(this.names.length * 2, 1024));
      for (let node = 1; node < this.names.length; node++) {
        if (this.entryIndexes.data[node]! >= 0) this.applyFilterTo(node);
      }
    }
    this.rowsDirty = true;
    return this.filterMatches;
  }

  get matchCount(): number {
    return this.filterMatches;
  }

  pathOf(node: number): string {
    let path = this.names[node]!;
    for (let up = this.parents.data[node]!; up > ROOT; up = this.parents.data[up]!) {
      path = this.names[up] + '/' + path;
    }
    return path;
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
    const isFolder = this.isFolderNode(node);
    const parent = this.parents.data[node]!;
    return {
      name: this.names[node]!,
      parentId: parent === ROOT ? -1 : parent,
      depth: this.depths.data[node]!,
      isFolder,
      isExpanded: isFolder && this.isOpen(node),
      entryIndex: this.entryIndexes.data[node]!,
      size: this.sizes.data[node]!,
      storedSize: this.storedSizes.data[node]!,
      entryCount: this.entryCounts.data[node]!,
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
      const list = this.children[node];
      const entry = this.entryIndexes.data[node]!;
      if (entry >= 0 && !seen.has(entry)) {
        seen.add(entry);
        out.push(entry);
      }
      if (list !== undefined) {
        const sorted = this.sortedChildren(node);
        for (let i = sorted.length - 1; i >= 0; i--) stack.push(sorted[i]!);
      }
    }
    return out;
  }

  nodeOf(entryIndex: number): number {
    return this.nodeOfEntry[entryIndex] ?? -1;
  }
}
