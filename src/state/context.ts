/**
 * The stores and the helpers every action shares. Actions are split by concern (opening,
 * tree, jobs) and all take this context, so each file stays small and testable on its own.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ErrorInfo } from '../worker/rpc/api.ts';
import { createQueries, type Queries } from './queries.ts';
import { createRowCache, type RowCache } from './row-cache.ts';
import { shiftIndex, shiftSpans } from './row-spans.ts';
import { INITIAL_SIDE_INPUTS, type SideInputsState } from './side-inputs.ts';
import type {
  DelveDeps,
  FilesState,
  InstallChecksState,
  JobsState,
  OpenFile,
  Toast,
  ToastsState,
  ViewState,
} from './types.ts';

export interface DelveStores {
  files: StoreApi<FilesState>;
  view: StoreApi<ViewState>;
  jobs: StoreApi<JobsState>;
  toasts: StoreApi<ToastsState>;
  /** Install checks by file (install-actions.ts). */
  installChecks: StoreApi<InstallChecksState>;
  /** The user's side inputs (side-inputs.ts). */
  sideInputs: StoreApi<SideInputsState>;
}

export interface Context {
  deps: DelveDeps;
  stores: DelveStores;
  rowCache: RowCache;
  /** What views read from files, cached by file id. */
  queries: Queries;
  /** Cancel functions of running jobs (functions stay out of the stores' plain data). */
  jobCancels: Map<string, () => void>;
  nextId(prefix: string): string;
  getFile(fileId: string): OpenFile | undefined;
  /** The file, when its worker can still be asked something. */
  liveFile(fileId: string): OpenFile | undefined;
  /** Forgets what was read from a file (closed, or its worker died): rows and queries. */
  forgetFile(fileId: string): void;
  updateFile(fileId: string, change: (file: OpenFile) => Partial<OpenFile>): void;
  /** Records that the worker's rows changed: new count, new version, re-find the selection. */
  bumpRows(fileId: string, rowCount: number): void;
  /**
   * The rows of a file moved in a way indices cannot follow (filter, expand all, rows still
   * streaming in): its multi-selection falls back to the focused row.
   */
  resetMarks(fileId: string): void;
  /** Row `at` was expanded (`delta` rows inserted after it) or collapsed (`delta` < 0). */
  shiftMarks(fileId: string, at: number, delta: number): void;
  toast(kind: Toast['kind'], message: string): void;
  /** `demo.wad: zip failed: out of bounds at 0x1F4: …` */
  toastError(fileName: string, what: string, error: ErrorInfo | string): void;
}

export function createContext(deps: DelveDeps): Context {
  const stores: DelveStores = {
    files: createStore<FilesState>(() => ({ files: [] })),
    view: createStore<ViewState>(() => ({
      selection: null,
      multi: null,
      summary: null,
      filter: '',
    })),
    jobs: createStore<JobsState>(() => ({ jobs: [] })),
    toasts: createStore<ToastsState>(() => ({ toasts: [] })),
    installChecks: createStore<InstallChecksState>(() => ({ checks: {}, dialogFileId: null })),
    sideInputs: createStore<SideInputsState>(() => INITIAL_SIDE_INPUTS),
  };
  let lastId = 0;
  const getFile = (fileId: string) =>
    stores.files.getState().files.find((file) => file.id === fileId);
  const rowCache = createRowCache(getFile);
  const queries = createQueries(getFile);
  // Per file: a re-find of the selected row is running, and whether another is owed after it.
  const resolving = new Map<string, boolean>();

  const context: Context = {
    deps,
    stores,
    rowCache,
    queries,
    jobCancels: new Map(),
    nextId(prefix) {
      lastId += 1;
      return `${prefix}${lastId}`;
    },
    getFile,
    liveFile(fileId) {
      const file = getFile(fileId);
      return file && !file.hasCrashed ? file : undefined;
    },
    forgetFile(fileId) {
      rowCache.drop(fileId);
      queries.dropFile(fileId);
      const installs = stores.installChecks.getState();
      if (installs.checks[fileId] || installs.dialogFileId === fileId) {
        stores.installChecks.setState(({ checks, dialogFileId }) => {
          const { [fileId]: _dropped, ...rest } = checks;
          return { checks: rest, dialogFileId: dialogFileId === fileId ? null : dialogFileId };
        });
      }
    },
    updateFile(fileId, change) {
      stores.files.setState((state) => ({
        files: state.files.map((file) =>
          file.id === fileId ? { ...file, ...change(file) } : file,
        ),
      }));
    },
    bumpRows(fileId, rowCount) {
      context.updateFile(fileId, (file) => ({ rowCount, rowsVersion: file.rowsVersion + 1 }));
      void resolveSelection(fileId);
    },
    resetMarks(fileId) {
      if (stores.view.getState().multi?.fileId === fileId) {
        stores.view.setState({ multi: null, summary: null });
      }
    },
    shiftMarks(fileId, at, delta) {
      const { multi } = stores.view.getState();
      if (multi?.fileId !== fileId || delta === 0) return;
      stores.view.setState({
        multi: {
          ...multi,
          spans: shiftSpans(multi.spans, at, delta),
          anchor: shiftIndex(multi.anchor, at, delta),
        },
      });
    },
    toast(kind, message) {
      const toast: Toast = { id: context.nextId('t'), kind, message };
      // Keep the last few: a burst of failures must not bury the page.
      stores.toasts.setState((state) => ({ toasts: [...state.toasts.slice(-4), toast] }));
    },
    toastError(fileName, what, error) {
      const detail = typeof error === 'string' ? error : error.message;
      context.toast('error', `${fileName}: ${what}: ${detail}`);
    },
  };

  /** Rows moved (expand, filter, more entries parsed): find the selected node's new index. */
  async function resolveSelection(fileId: string): Promise<void> {
    if (resolving.has(fileId)) {
      resolving.set(fileId, true);
      return;
    }
    resolving.set(fileId, false);
    try {
      do {
        resolving.set(fileId, false);
        await resolveOnce(fileId);
      } while (resolving.get(fileId) === true);
    } finally {
      resolving.delete(fileId);
    }
  }

  async function resolveOnce(fileId: string): Promise<void> {
    const selection = stores.view.getState().selection;
    const file = getFile(fileId);
    if (selection?.kind !== 'row' || selection.fileId !== fileId || !file || file.hasCrashed) {
      return;
    }
    const nodeId = selection.row.nodeId;
    const rowIndex = await file.decoder.rowIndexOf(nodeId);
    let row = selection.row;
    if (rowIndex >= 0) {
      const [fresh] = await file.decoder.getRows(rowIndex, 1);
      if (fresh?.nodeId === nodeId) row = fresh;
    }
    const current = stores.view.getState().selection;
    // The user may have moved on while we asked.
    if (current?.kind === 'row' && current.fileId === fileId && current.row.nodeId === nodeId) {
      stores.view.setState({ selection: { ...current, row, rowIndex } });
    }
  }

  return context;
}
