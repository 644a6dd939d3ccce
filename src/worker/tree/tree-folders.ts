/**
 * Folder lookup for the entry tree: the folder node of a path, made with its missing
 * ancestors. Keys are paths of non-empty segments joined by `/`; odd texts (a leading `/`,
 * `//`) are also kept as written, so the next entry of the same folder finds it at once.
 */

const ROOT = 0;

/** Splits an entry path into segments; empty segments (from `//` or a leading `/`) are dropped. */
export function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

/** A path with no empty segment: not empty, no leading or trailing `/`, no `//`. */
export function isPlainPath(text: string): boolean {
  return text !== '' && text[0] !== '/' && !text.endsWith('/') && !text.includes('//');
}

const SLASH = 0x2f;

/**
 * Compares two path segments (no `/` in either) as they order in whole paths: each as if
 * followed by `/`, so `b-c` (0x2D) sorts before `b` and `b0` after it. `segment` is
 * `path[start, end)`. Negative, 0 or positive.
 */
export function compareSegments(path: string, start: number, end: number, other: string): number {
  const length = end - start;
  const common = Math.min(length, other.length);
  for (let i = 0; i < common; i++) {
    const difference = path.charCodeAt(start + i) - other.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  if (length === other.length) return 0;
  return length < other.length
    ? SLASH - other.charCodeAt(length)
    : path.charCodeAt(start + other.length) - SLASH;
}

/** Whether `path[0, end)` is a plain path (as isPlainPath), without slicing it out. */
function isPlainPrefix(path: string, end: number): boolean {
  if (end === 0 || path.charCodeAt(0) === SLASH || path.charCodeAt(end - 1) === SLASH) return false;
  const double = path.indexOf('//');
  return double < 0 || double + 1 >= end;
}

/**
 * What FolderIndex needs of the tree it indexes. Methods of one class, not closures: the
 * engine optimises the index's hot paths for the functions they call, and a closure made
 * per tree would be another function for every tree (every open after the warm-up would
 * throw that optimised code away; warm-up.ts).
 */
export interface FolderHost {
  /** Adds a folder node under `parent` and returns its id. */
  makeFolder(parent: number, name: string): number;
  folderName(folder: number): string;
  /** The folder's path (used once, when sorted mode ends). */
  folderPath(folder: number): string;
}

export class FolderIndex {
  private readonly byPath = new Map<string, number>([['', ROOT]]);
  /**
   * Sorted mode. While archive entries arrive in path order, the entries under a folder
   * arrive together (every path starting with `F/` sorts between the first and the last of
   * them), so a folder left behind never gets another entry and no lookup by text is
   * needed: the folders of the last entry's path are kept as a stack, a new folder text
   * keeps the part of the stack it shares, and each further segment is either the last
   * folder made under its parent (an ancestor met again) or a new folder sorting after it.
   * The first folder out of that order ends this mode for good: every folder made so far
   * goes into `byPath` and lookups by text take over.
   */
  private isSorted = true;
  /** Folder nodes of the last folder text, by depth up to `stackDepth`; [0] is the root. */
  private stackNodes = new Int32Array(64);
  /** Where each depth's text ends in `lastPath` ([0]: 0). */
  private stackEnds = new Int32Array(64);
  private stackDepth = 0;
  /** The path whose first `lastEnd` characters are the last folder text; -1: none yet. */
  private lastPath = '';
  private lastEnd = -1;
  /** Per folder node: the folder made last under it (sorted mode); -1 for none. */
  private lastChildFolder = new Int32Array(1024).fill(-1);
  /** Folders made in sorted mode, not in `byPath` yet. */
  private readonly unindexed: number[] = [];
  private lastFolder = ROOT;
  /** Whether the last folder text + `/` + a name is a plain path (no leading `/`, no empty segment). */
  isLastPlain = true;

  /** `host` makes folder nodes and tells their names and paths. */
  constructor(private readonly host: FolderHost) {}

  /** The folder the last folderOfText call gave. */
  get lastPlaced(): number {
    return this.lastFolder;
  }

  get(path: string): number | undefined {
    this.leaveSortedMode();
    return this.byPath.get(path);
  }
  set(path: string, node: number): void {
    this.leaveSortedMode();
    this.byPath.set(path, node);
  }

  /** The folder of these segments (the root for none). */
  folderFor(segments: readonly string[]): number {
    this.leaveSortedMode();
    let parent = ROOT;
    let path = '';
    for (const segment of segments) {
      path = path === '' ? segment : path + '/' + segment;
      let folder = this.byPath.get(path);
      if (folder === undefined) {
        folder = this.host.makeFolder(parent, segment);
        this.byPath.set(path, folder);
      }
      parent = folder;
    }
    return parent;
  }

  /**
   * The folder of an archive entry whose path has its last `/` at `slash` (> 0, not the
   * last character). Entries of one folder share the text before their last `/`: the
   * previous entry's folder is reused when that text matches, else it is found in sorted
   * mode or looked up. Sets `isLastPlain` for it. `isKnownPlain`: the caller knows the
   * whole path is plain (a reader's hint), so the text is not checked again. `common`: how
   * many leading characters the path shares with the last one given here, when the caller
   * knows (a reader's hint), else -1; it saves comparing them.
   */
  folderOfText(path: string, slash: number, isKnownPlain = false, common = -1): number {
    if (this.lastEnd === slash && (common >= 0 ? common >= slash : this.isLastText(path, slash))) {
      return this.lastFolder;
    }
    const isPlain = isKnownPlain || isPlainPrefix(path, slash);
    let folder = -1;
    if (isPlain && this.isSorted) folder = this.sortedFolder(path, slash, common);
    if (folder < 0) {
      this.leaveSortedMode();
      const text = path.slice(0, slash);
      if (isPlain) {
        folder = this.plainFolder(text);
      } else {
        folder = this.byPath.get(text) ?? this.folderFor(splitPath(text));
        this.byPath.set(text, folder);
      }
    }
    this.lastPath = path;
    this.lastEnd = slash;
    this.lastFolder = folder;
    this.isLastPlain = isPlain;
    return folder;
  }

  private isLastText(path: string, end: number): boolean {
    const last = this.lastPath;
    if (path === last) return true;
    for (let i = end - 1; i >= 0; i--) {
      if (path.charCodeAt(i) !== last.charCodeAt(i)) return false;
    }
    return true;
  }

  /**
   * Sorted mode's step (see `isSorted`): the folder of the plain text `path[0, end)`, or
   * -1 when it is out of order (nothing is changed then but folders already made).
   */
  private sortedFolder(path: string, end: number, common: number): number {
    const stackEnds = this.stackEnds;
    let depth = this.stackDepth;
    if (this.lastEnd >= 0) {
      // Keep the deepest folder of the stack whose text starts the new one.
      const limit = Math.min(end, this.lastEnd);
      let same = 0;
      if (common >= 0) {
        same = Math.min(common, limit);
      } else {
        const last = this.lastPath;
        while (same < limit && path.charCodeAt(same) === last.charCodeAt(same)) same++;
      }
      while (
        depth > 0 &&
        !(
          stackEnds[depth]! <= same &&
          (stackEnds[depth] === end || path.charCodeAt(stackEnds[depth]!) === SLASH)
        )
      ) {
        depth--;
      }
    }
    let start = depth === 0 ? 0 : stackEnds[depth]! + 1;
    while (start < end) {
      let segmentEnd = path.indexOf('/', start);
      if (segmentEnd < 0 || segmentEnd > end) segmentEnd = end;
      const parent = this.stackNodes[depth]!;
      const previous = parent < this.lastChildFolder.length ? this.lastChildFolder[parent]! : -1;
      const order =
        previous < 0 ? 1 : compareSegments(path, start, segmentEnd, this.host.folderName(previous));
      let folder: number;
      if (order > 0) {
        folder = this.host.makeFolder(parent, path.slice(start, segmentEnd));
        this.unindexed.push(folder);
        this.setLastChild(parent, folder);
      } else if (order === 0) {
        folder = previous;
      } else {
        this.stackDepth = depth;
        return -1;
      }
      depth++;
      if (depth >= this.stackNodes.length) this.growStack();
      this.stackNodes[depth] = folder;
      this.stackEnds[depth] = segmentEnd;
      start = segmentEnd + 1;
    }
    this.stackDepth = depth;
    return this.stackNodes[depth]!;
  }

  private growStack(): void {
    const nodes = new Int32Array(this.stackNodes.length * 2);
    nodes.set(this.stackNodes);
    this.stackNodes = nodes;
    const ends = new Int32Array(this.stackEnds.length * 2);
    ends.set(this.stackEnds);
    this.stackEnds = ends;
  }

  private setLastChild(parent: number, child: number): void {
    if (parent >= this.lastChildFolder.length) {
      const grown = new Int32Array(Math.max(parent + 1, this.lastChildFolder.length * 2)).fill(-1);
      grown.set(this.lastChildFolder);
      this.lastChildFolder = grown;
    }
    this.lastChildFolder[parent] = child;
  }

  /** Ends sorted mode: the folders it made go into `byPath`, which every lookup then uses. */
  private leaveSortedMode(): void {
    if (!this.isSorted) return;
    this.isSorted = false;
    for (const folder of this.unindexed) this.byPath.set(this.host.folderPath(folder), folder);
    this.unindexed.length = 0;
    this.lastChildFolder = new Int32Array(0);
  }

  /**
   * The folder of a plain path (no empty segment): the same keys as folderFor's (the path
   * is its own segments joined), but a new folder costs one lookup per missing level,
   * with no split and no re-joined prefixes.
   */
  plainFolder(text: string): number {
    this.leaveSortedMode();
    const known = this.byPath.get(text);
    if (known !== undefined) return known;
    const slash = text.lastIndexOf('/');
    const parent = slash < 0 ? ROOT : this.plainFolder(text.slice(0, slash));
    const folder = this.host.makeFolder(parent, text.slice(slash + 1));
    this.byPath.set(text, folder);
    return folder;
  }
}
