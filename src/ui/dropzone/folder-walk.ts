/**
 * Walking a folder the user opened into the files of one drop, each with its path inside what
 * was dropped (`game/data/a.wad`). Three ways in, one result:
 *   - a drag and drop: `DataTransferItem.webkitGetAsEntry()` entries, a callback API whose
 *     directory readers hand out at most ~100 entries per `readEntries` call (Chromium), so
 *     a reader is called until it returns an empty batch;
 *   - `showDirectoryPicker()`: directory handles, listed by their async `values()`;
 *   - `<input webkitdirectory>`: plain files that carry their `webkitRelativePath`.
 *
 * The interfaces below are the narrow parts of those APIs the walk uses, so it runs in vitest
 * under Node with fakes. A game install has thousands of files: the walk reads a few files at a
 * time, gives the event loop a turn every few milliseconds (the tab never freezes), reports
 * how many files it found, and stops when its signal aborts. A file or folder that cannot be
 * read becomes a failure naming its path; the rest of the folder still opens.
 */
import type { DroppedItem } from '../../state/types.ts';

/** A `FileSystemEntry` of a drop, as far as the walk needs it. */
export interface EntryLike {
  readonly name: string;
  /** `/game/data/a.wad`: from the root of the drop, with a leading `/`. */
  readonly fullPath: string;
  readonly isFile: boolean;
  readonly isDirectory: boolean;
}

/** A `FileSystemFileEntry`. */
export interface FileEntryLike extends EntryLike {
  file(onFile: (file: File) => void, onError?: (error: DOMException) => void): void;
}

/** A `FileSystemDirectoryReader`: each call gives the next batch; an empty batch ends it. */
export interface DirectoryReaderLike {
  readEntries(
    onEntries: (entries: EntryLike[]) => void,
    onError?: (error: DOMException) => void,
  ): void;
}

/** A `FileSystemDirectoryEntry`. */
export interface DirectoryEntryLike extends EntryLike {
  createReader(): DirectoryReaderLike;
}

/** A `FileSystemFileHandle` (File System Access API). */
export interface FileHandleLike {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
}

/** A `FileSystemDirectoryHandle`, as `showDirectoryPicker()` resolves to. */
export interface DirectoryHandleLike {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<FileHandleLike | DirectoryHandleLike>;
}

/** A file or folder that could not be read. */
export interface WalkFailure {
  /** Its path inside the drop, like the items' paths. */
  path: string;
  /** What the browser said. */
  message: string;
}

export interface WalkResult {
  /** The files read, folder by folder (each folder's children sorted by name). */
  items: DroppedItem[];
  failures: WalkFailure[];
}

export interface WalkProgress {
  /** Files listed so far. */
  found: number;
  /** Files read so far (their `File` objects in hand). */
  read: number;
}

export interface WalkOptions {
  /** Aborting rejects the walk with the signal's reason (an `AbortError`). */
  signal?: AbortSignal | undefined;
  /** Called often (after each file and folder); throttle it before rendering. */
  onProgress?: ((progress: WalkProgress) => void) | undefined;
}

/** Files read at once: enough to overlap the browser's round trips, few enough to stay light. */
export const READ_CONCURRENCY = 16;
/** Longest stretch of walking before the event loop gets a turn (the tab stays responsive). */
export const YIELD_MS = 8;

/**
 * A turn of the event loop: `scheduler.yield()` where there is one (Chromium: it resumes
 * ahead of other tasks and is not clamped like nested timeouts), else a timeout.
 */
function yieldToEventLoop(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A file listed but not read yet. */
interface PendingFile {
  path: string;
  read: () => Promise<File>;
}

/** What one walk shares: failures, counts, the signal and the pacing. */
class WalkContext {
  readonly failures: WalkFailure[] = [];
  private readonly progress: WalkProgress = { found: 0, read: 0 };
  private lastYield = performance.now();

  constructor(private readonly options: WalkOptions) {}

  fail(path: string, error: unknown): void {
    this.failures.push({ path, message: describeError(error) });
  }

  found(): void {
    this.progress.found += 1;
    this.options.onProgress?.({ ...this.progress });
  }

  read(): void {
    this.progress.read += 1;
    this.options.onProgress?.({ ...this.progress });
  }

  throwIfAborted(): void {
    this.options.signal?.throwIfAborted();
  }

  /** Throws once aborted; after `YIELD_MS` of work, waits for a turn of the event loop. */
  async pace(): Promise<void> {
    this.options.signal?.throwIfAborted();
    if (performance.now() - this.lastYield < YIELD_MS) return;
    await yieldToEventLoop();
    this.lastYield = performance.now();
    this.options.signal?.throwIfAborted();
  }
}

/** The browser's words for an error: DOMException and Error messages, else the value. */
export function describeError(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) {
    return error.message || error.name;
  }
  return String(error);
}

const byName = <T extends { name: string }>(a: T, b: T): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

const joinPath = (parent: string, name: string): string => (parent ? `${parent}/${name}` : name);

/** `/game/data/a.wad` → `game/data/a.wad`; an entry without a full path is placed by its parent. */
function entryPath(entry: EntryLike, parent: string): string {
  const path = entry.fullPath.replace(/^\/+/, '');
  return path || joinPath(parent, entry.name);
}

function isDirectoryEntry(entry: EntryLike): entry is DirectoryEntryLike {
  return entry.isDirectory && 'createReader' in entry;
}

function isFileEntry(entry: EntryLike): entry is FileEntryLike {
  return entry.isFile && 'file' in entry;
}

/**
 * Every entry of a directory: `readEntries` until it returns an empty batch. A failing batch
 * keeps the entries read before it and records the failure.
 */
async function readDirectory(
  directory: DirectoryEntryLike,
  path: string,
  context: WalkContext,
): Promise<EntryLike[]> {
  const reader = directory.createReader();
  const entries: EntryLike[] = [];
  for (;;) {
    let batch: EntryLike[];
    try {
      batch = await new Promise<EntryLike[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
    } catch (error) {
      context.fail(path, error);
      break;
    }
    if (batch.length === 0) break;
    for (const entry of batch) entries.push(entry);
    await context.pace();
  }
  return entries.sort(byName);
}

async function listEntries(
  entries: readonly EntryLike[],
  parent: string,
  pending: PendingFile[],
  context: WalkContext,
): Promise<void> {
  for (const entry of entries) {
    await context.pace();
    const path = entryPath(entry, parent);
    if (isDirectoryEntry(entry)) {
      await listEntries(await readDirectory(entry, path, context), path, pending, context);
    } else if (isFileEntry(entry)) {
      pending.push({
        path,
        read: () => new Promise<File>((resolve, reject) => entry.file(resolve, reject)),
      });
      context.found();
    }
  }
}

async function listHandle(
  directory: DirectoryHandleLike,
  path: string,
  pending: PendingFile[],
  context: WalkContext,
): Promise<void> {
  const children: (FileHandleLike | DirectoryHandleLike)[] = [];
  try {
    for await (const child of directory.values()) {
      children.push(child);
      await context.pace();
    }
  } catch (error) {
    context.throwIfAborted();
    // Keeps what was listed before the failure.
    context.fail(path || directory.name, error);
  }
  for (const child of children.sort(byName)) {
    const childPath = joinPath(path, child.name);
    if (child.kind === 'directory') {
      await listHandle(child, childPath, pending, context);
    } else {
      pending.push({ path: childPath, read: () => child.getFile() });
      context.found();
    }
  }
}

/** Reads the listed files a few at a time, keeping their listed order. */
async function readFiles(pending: readonly PendingFile[], context: WalkContext) {
  const files: (DroppedItem | undefined)[] = new Array<DroppedItem | undefined>(pending.length);
  let next = 0;
  const readNext = async (): Promise<void> => {
    while (next < pending.length) {
      const at = next++;
      const { path, read } = pending[at]!;
      await context.pace();
      try {
        files[at] = { file: await read(), path };
        context.read();
      } catch (error) {
        context.fail(path, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, pending.length) }, readNext));
  return files.filter((item): item is DroppedItem => item !== undefined);
}

/**
 * The files of dropped entries (folders walked to the bottom), with paths from the root of
 * the drop: a dropped folder `game` gives `game/data/a.wad`, a loose file its name.
 */
export async function walkEntries(
  entries: readonly EntryLike[],
  options: WalkOptions = {},
): Promise<WalkResult> {
  const context = new WalkContext(options);
  const pending: PendingFile[] = [];
  await listEntries(entries, '', pending, context);
  const items = await readFiles(pending, context);
  options.signal?.throwIfAborted();
  return { items, failures: context.failures };
}

/**
 * The files below a directory handle, with paths under `prefix` (by default the folder's
 * name, as `webkitRelativePath` has it): picking `game` gives `game/data/a.wad`.
 */
export async function walkDirectoryHandle(
  handle: DirectoryHandleLike,
  prefix: string = handle.name,
  options: WalkOptions = {},
): Promise<WalkResult> {
  const context = new WalkContext(options);
  const pending: PendingFile[] = [];
  await listHandle(handle, prefix, pending, context);
  const items = await readFiles(pending, context);
  options.signal?.throwIfAborted();
  return { items, failures: context.failures };
}

/** Files of an `<input webkitdirectory>` (or any file list): the path is the relative path. */
export function itemsOfInputFiles(files: ArrayLike<File>): DroppedItem[] {
  return Array.from(files, (file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** Failures listed in one message at most; the rest are counted. */
const NAMED_FAILURES = 3;

/**
 * One message for the failures of a walk, naming the files: `game/a.wad: could not be read:
 * …` for one, and for several the first with its reason and the next few by path.
 */
export function describeFailures(failures: readonly WalkFailure[]): string | null {
  const [first, ...others] = failures;
  if (!first) return null;
  const message = `${first.path}: could not be read: ${first.message}`;
  if (others.length === 0) return message;
  const named = others.slice(0, NAMED_FAILURES).map((failure) => failure.path);
  const more = others.length - named.length;
  const list =
    more > 0 ? `${named.join(', ')} and ${more.toLocaleString('en-US')} more` : named.join(', ');
  return `${message}; also not read: ${list}`;
}
