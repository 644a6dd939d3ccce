/**
 * Shapes of the app state. Plain data except for the decoder handle each open file carries;
 * the tree's rows are not here (they live in the worker and in the page cache, row-cache.ts),
 * so a file with a million entries is still one small object in the store.
 */
import type {
  ErrorInfo,
  FileSummary,
  OpenProgress,
  TreeRow,
  VerifyProgress,
  VerifySummary,
} from '../worker/api.ts';
import type { FileDecoder } from '../worker/client.ts';

export type FileStatus = 'opening' | 'ready' | 'failed';

export interface OpenFile {
  /** App-wide id, `f1`, `f2`, ... (never reused, so late worker answers cannot hit a new file). */
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  decoder: FileDecoder;
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

export interface ViewState {
  selection: Selection | null;
  /** Substring, or glob when it contains `*`, `?` or `[`; applied to every open file. */
  filter: string;
}

export type JobKind = 'verify' | 'zip' | 'download';

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
  createDecoder(): FileDecoder;
  /** Hands a Blob to the user as a download named `fileName`. */
  saveBlob(blob: Blob, fileName: string): void;
  fetch(url: string): Promise<Response>;
  /** Milliseconds, monotonic. */
  now(): number;
}
