/**
 * Shapes of the app state. Plain data except for the decoder handle each open file carries
 * (components never see it: they name a file by id and ask the state layer, queries.ts);
 * the tree's rows are not here (they live in the worker and in the page cache, row-cache.ts),
 * so a file with a million entries is still one small object in the store.
 */
import type {
  ErrorInfo,
  FileSummary,
  InstallCheckResult,
  InstallProgress,
  NamedSource,
  NamedUrl,
  OpenProgress,
  TreeRow,
  VerifyProgress,
  VerifySummary,
} from '../worker/rpc/api.ts';
import type { FormatModule } from '../formats/model.ts';
import type { FileDecoder } from '../worker/rpc/client.ts';
import type { RowSpan } from './row-spans.ts';
import type { SideInputStorage } from './side-inputs.ts';

export type FileStatus = 'opening' | 'ready' | 'failed';

/** Bytes opened as a format whatever they look like, with what their bytes do not say. */
export interface OpenAs {
  format: string;
  settings: Record<string, string>;
}

/** A file of a drop with its path inside what was dropped (`/`-separated, no leading `/`; a loose file's path is its name). */
export interface DroppedItem {
  file: File;
  path: string;
}

/**
 * A file of a drop of web addresses (state/remote-open.ts): one read by Range requests, or
 * one downloaded whole (a server without Range support) from `url`.
 */
export interface RemoteItem {
  file: File | NamedUrl;
  path: string;
  url: string;
}

/** What a drop is made of: dropped files and remote ones. */
export type OpenItem = DroppedItem | RemoteItem;

/** The ways a gathered group of files can be opened (builds of a game folder), and which one is. */
export interface FileSetChoice {
  /** Why the chosen set was chosen. */
  note: string;
  /** The sets, each a label and its sources (the opened file first). */
  sets: readonly { label: string; name: string; sources: readonly NamedSource[] }[];
  chosen: number;
}

export interface OpenFile {
  /** App-wide id, `f1`, `f2`, ... (never reused, so late worker answers cannot hit a new file). */
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  /**
   * What the session was opened from (the file, then the sources that go with it, as
   * added), kept so a file whose worker died can be opened again.
   */
  sources: readonly NamedSource[];
  /**
   * The addresses of its sources that were opened from the web (`?url=`, Open URL), in
   * source order; absent when none was. Links to the file name these.
   */
  remoteUrls?: readonly string[];
  decoder: FileDecoder;
  /** Set when a format gathered the file with others of its drop and there were other ways to. */
  fileSet: FileSetChoice | null;
  /** Set on bytes opened as a given format with settings (a pasted blob): kept for a reopen. */
  openAs?: OpenAs;
  /** Set on a file opened from an entry of another (a nested open): that file's id. */
  parentId: string | null;
  /** The entry's path within the parent file, when `parentId` is set. */
  parentPath: string | null;
  /** `failed` when the file has a fatal error; rows read before it stay browsable unless the worker died. */
  status: FileStatus;
  openProgress: OpenProgress | null;
  summary: FileSummary | null;
  /** Fatal parse error, failed open or crashed worker. */
  error: ErrorInfo | null;
  /** The user closed the error banner (the badge on the file's row stays). */
  isErrorDismissed: boolean;
  /** The worker is gone: calls to it would never answer, so nothing more is asked of it. */
  hasCrashed: boolean;
  /** Visible rows of the file's tree in the worker (without the file's own row). */
  rowCount: number;
  /** Bumped whenever the worker's rows change, so cached pages are refetched. */
  rowsVersion: number;
  /** Whether the file's own (level 0) row is expanded. */
  isExpanded: boolean;
  /** Entries matching the filter; null when no filter is set. */
  matchCount: number | null;
  verifyProgress: VerifyProgress | null;
  verifySummary: VerifySummary | null;
}

export interface FilesState {
  /** In the order they were opened: the order of the tree. */
  files: OpenFile[];
}

/** What the details pane shows: a file's own row, or one of its tree rows. */
export type Selection =
  | { kind: 'file'; fileId: string }
  | {
      kind: 'row';
      fileId: string;
      row: TreeRow;
      /** Row index within the file's rows; -1 while hidden (collapsed parent, filtered out). */
      rowIndex: number;
    };

/**
 * Rows selected together (Ctrl/Shift+click, Shift+arrows, Ctrl+A), all in one file. While it
 * is null the selection is just the focused row (`ViewState.selection`).
 */
export interface MultiSelection {
  fileId: string;
  /** File-local row indices (-1 is the file's own row), as sorted spans (row-spans.ts). */
  spans: readonly RowSpan[];
  /** Where Shift+click and Shift+arrows extend from. */
  anchor: number;
}

/** What a multi-selection amounts to, worked out in the background for the status bar. */
export interface SelectionSummary {
  /** The multi-selection this describes (compared by identity). */
  of: MultiSelection;
  /** Entries covered (a folder row covers the entries below it). */
  entryCount: number;
  /** Their uncompressed bytes. */
  size: number;
}

export interface ViewState {
  /** The focused row: what the details pane shows and where the keyboard acts. */
  selection: Selection | null;
  multi: MultiSelection | null;
  /** Null until worked out, or when there is no multi-selection. */
  summary: SelectionSummary | null;
  /** Substring, or glob when it contains `*`, `?` or `[`; applied to every open file. */
  filter: string;
}

export type JobKind = 'verify' | 'zip' | 'download' | 'install' | 'compare';

export interface Job {
  id: string;
  fileId: string;
  kind: JobKind;
  /** What the progress bar says, e.g. `Verifying demo.wad`. */
  label: string;
  done: number;
  /** 0 when unknown (indeterminate progress). */
  total: number;
  /** `now()` at start; the UI shows a job once it has run 200 ms. */
  startedAt: number;
  isCancelling: boolean;
}

export interface JobsState {
  jobs: Job[];
}

/** A folder picked to check against an install list: its files, and what could not be read. */
export interface FolderPick {
  /** What was picked, for messages: the folder's name. */
  name: string;
  items: readonly DroppedItem[];
  /** Files and folders of it that could not be read, by path, with why. */
  failures: readonly { path: string; message: string }[];
  /** The failures in a line, as the page says them; null when there were none. */
  unreadNote: string | null;
}

/** An install check of a file that lists an install (the last one run). */
export interface InstallCheckState {
  status: 'running' | 'done' | 'failed';
  /** The folder checked, as picked. */
  folderName: string;
  progress: InstallProgress | null;
  /** Once done (a cancelled check's too: `result.cancelled`). */
  result: InstallCheckResult | null;
  /** Why the check could not run (the list's own error, with its offset). */
  error: ErrorInfo | null;
  /** What of the folder could not be read, in a line; null when all of it was. */
  unreadNote: string | null;
}

export interface InstallChecksState {
  /** By file id. */
  checks: Readonly<Record<string, InstallCheckState>>;
  /** The file whose install check dialog is open; null when none is. */
  dialogFileId: string | null;
}

export interface Toast {
  id: string;
  kind: 'error' | 'info';
  /** Names the file, what failed and the byte offset when there is one. */
  message: string;
}

export interface ToastsState {
  toasts: Toast[];
}

/** What the stores need from outside; injected so tests run under Node with fakes. */
export interface DelveDeps {
  /**
   * A decoder in a worker of its own. `watchdogMs`: how long it may go without answering
   * before it is taken for stuck (a side input's preparation parses a large file in one go).
   */
  createDecoder(watchdogMs?: number): FileDecoder;
  /** Hands a Blob to the user as a download named `fileName`. */
  saveBlob(blob: Blob, fileName: string): void;
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Milliseconds, monotonic. */
  now(): number;
  /** The formats whose `gather` hooks sort drops (default: the registry's). */
  formats?: readonly FormatModule[];
  /** Where side inputs are kept between visits (default: memory, for this visit only). */
  sideInputStorage?: SideInputStorage;
}
