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

export class FolderIndex {
  private readonly byPath = new Map<string, number>([['', ROOT]]);
  /**
   * The folder of the last archive entry placed, by the text before its last `/`: entries
   * arrive sorted, so most share their predecessor's folder and need no lookup at all.
   */
  private lastText: string | null = null;
  private lastFolder = ROOT;
  /** Whether `lastText` + `/` + a name is a plain path (no leading `/`, no empty segment). */
  isLastPlain = true;

  /** `makeFolder(parent, name)` adds a folder node and returns its id. */
  constructor(private readonly makeFolder: (parent: number, name: string) => number) {}

  /** The folder the last folderOfText call gave. */
  get lastPlaced(): number {
    return this.lastFolder;
  }

  get(path: string): number | undefined {
    return this.byPath.get(path);
  }
  set(path: string, node: number): void {
    this.byPath.set(path, node);
  }

  /** The folder of these segments (the root for none). */
  folderFor(segments: readonly string[]): number {
    let parent = ROOT;
    let path = '';
    for (const segment of segments) {
      path = path === '' ? segment : path + '/' + segment;
      let folder = this.byPath.get(path);
      if (folder === undefined) {
        folder = this.makeFolder(parent, segment);
        this.byPath.set(path, folder);
      }
      parent = folder;
    }
    return parent;
  }

  /**
   * The folder of an archive entry whose path has its last `/` at `slash` (> 0, not the
   * last character). Entries of one folder share the text before their last `/`: the
   * previous entry's folder is reused when that text matches, else the text is looked up.
   * Sets `isLastPlain` for it.
   */
  folderOfText(path: string, slash: number): number {
    const last = this.lastText;
    if (last !== null && last.length === slash && path.startsWith(last)) return this.lastFolder;
    const text = path.slice(0, slash);
    const isPlain = isPlainPath(text);
    let folder: number;
    if (isPlain) {
      folder = this.plainFolder(text);
    } else {
      folder = this.byPath.get(text) ?? this.folderFor(splitPath(text));
      this.byPath.set(text, folder);
    }
    this.lastText = text;
    this.lastFolder = folder;
    this.isLastPlain = isPlain;
    return folder;
  }

  /**
   * The folder of a plain path (no empty segment): the same keys as folderFor's (the path
   * is its own segments joined), but a new folder costs one lookup per missing level,
   * with no split and no re-joined prefixes.
   */
  plainFolder(text: string): number {
    const known = this.byPath.get(text);
    if (known !== undefined) return known;
    const slash = text.lastIndexOf('/');
    const parent = slash < 0 ? ROOT : this.plainFolder(text.slice(0, slash));
    const folder = this.makeFolder(parent, text.slice(slash + 1));
    this.byPath.set(text, folder);
    return folder;
  }
}
