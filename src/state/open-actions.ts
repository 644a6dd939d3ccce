/**
 * Opening and closing files. Each file gets its own decoder (its own worker), so a file that
 * hangs or kills its worker takes only itself down; the others keep working.
 */
import type { ErrorInfo, OpenProgress } from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import { ROW_PAGE_SIZE } from './row-cache.ts';
import { createThrottle } from './throttle.ts';
import type { OpenFile } from './types.ts';

/**
 * Open progress is applied at most this often (the first rows at once). Each applied report
 * re-renders the tree and refetches its rows; the worker reports every ~40 ms.
 */
export const OPEN_PROGRESS_INTERVAL_MS = 200;

export interface OpenActions {
  /** Opens every file at once; resolves when all have finished parsing (or failed). */
  openFiles(files: readonly File[]): Promise<void>;
  /**
   * Fetches a file (e.g. the sample) and opens it under `name`. Resolves once the file is in
   * the tree: its parse goes on, like any open.
   */
  openFromUrl(url: string, name: string): Promise<void>;
  closeFile(fileId: string): void;
  /** Opens a file again in a fresh worker (after its decoder died or was stopped). */
  reopenFile(fileId: string): Promise<void>;
  dismissFileError(fileId: string): void;
}

function internalError(message: string): ErrorInfo {
  return { code: 'INTERNAL', message, offset: null, format: '', path: '' };
}

export function createOpenActions(context: Context): OpenActions {
  const { stores, deps } = context;

  async function openOne(file: File, isExpanded: boolean): Promise<void> {
    const decoder = deps.createDecoder();
    const id = context.nextId('f');
    const openFile: OpenFile = {
      id,
      name: file.name,
      size: file.size,
      source: file,
      decoder,
      status: 'opening',
      openProgress: null,
      summary: null,
      error: null,
      isErrorDismissed: false,
      hasCrashed: false,
      rowCount: 0,
      rowsVersion: 0,
      isExpanded,
      matchCount: null,
      verifyProgress: null,
      verifySummary: null,
    };
    stores.files.setState((state) => ({ files: [...state.files, openFile] }));
    if (stores.view.getState().selection === null) {
      stores.view.setState({ selection: { kind: 'file', fileId: id } });
    }

    // A dead worker never answers `open`: the crash ends the wait instead.
    const crashed = new Promise<null>((resolve) => {
      decoder.onCrash((message) => {
        markCrashed(id, message);
        resolve(null);
      });
    });

    // Progress comes through its own message port, so a report can arrive after the result:
    // ignore it then, or its row count would undo the final one (or the filter's).
    let isOpened = false;
    let latestProgress: OpenProgress | null = null;
    const applyProgress = (progress: OpenProgress) => {
      const before = context.getFile(id);
      if (!before) return;
      context.updateFile(id, () => ({ openProgress: progress }));
      // New rows while the table is still being read: let the tree show the first ones now.
      // They land anywhere (folders are sorted), so selected row indices no longer hold.
      if (progress.rowCount !== before.rowCount) context.resetMarks(id);
      context.bumpRows(id, progress.rowCount);
      // The first rows of an expanded file are what the tree asks for next: ask now, not
      // after it has rendered (the tree then finds the page on its way).
      if (before.rowCount === 0 && progress.rowCount > 0 && before.isExpanded) {
        context.rowCache.request(id, 0, ROW_PAGE_SIZE - 1);
      }
    };
    const progressThrottle = createThrottle(applyProgress, OPEN_PROGRESS_INTERVAL_MS, deps.now);
    const onProgress = (progress: OpenProgress) => {
      if (isOpened || !context.getFile(id)) return;
      latestProgress = progress;
      // The first rows are shown at once; later reports wait for the interval.
      progressThrottle.push(progress, progress.rowCount > 0 && context.getFile(id)?.rowCount === 0);
    };

    let result;
    try {
      result = await Promise.race([decoder.open(file, file.name, onProgress), crashed]);
    } catch (error) {
      // A rejected call (not a Result) means the worker could not run the request at all.
      if (context.getFile(id)) {
        const message = error instanceof Error ? error.message : String(error);
        context.updateFile(id, () => ({ status: 'failed', error: internalError(message) }));
      }
      return;
    } finally {
      isOpened = true;
      // The rows are counted again below; only the last report's numbers are still owed.
      progressThrottle.cancel();
      const progress = latestProgress;
      if (progress && context.getFile(id)?.openProgress !== progress) {
        context.updateFile(id, () => ({ openProgress: progress }));
      }
    }
    const current = context.getFile(id);
    if (!result || !current || current.hasCrashed) return;
    if (!result.ok) {
      context.updateFile(id, () => ({ status: 'failed', error: result.error }));
    } else {
      const summary = result.value;
      // A document's view (a WWD level) is asked for now, while the page renders the
      // summary, rather than once the view has mounted.
      if (summary.kind === 'document' && !summary.fatal)
        void decoder.documentView().catch(() => undefined);
      context.updateFile(id, () => ({
        summary,
        status: summary.fatal ? 'failed' : 'ready',
        error: summary.fatal,
      }));
    }
    const filter = stores.view.getState().filter;
    if (filter !== '') {
      const filtered = await decoder.setFilter(filter);
      if (!context.getFile(id)) return;
      context.resetMarks(id);
      context.updateFile(id, () => ({ matchCount: filtered.matchCount }));
      context.bumpRows(id, filtered.rowCount);
    } else {
      // The summary counts the rows (a failed open has none), so no second round trip is
      // needed. They are applied in a task of their own, after the one that rendered the
      // summary: each store update renders every component that reads it at once, and
      // together the two made one task of up to 40 ms. If the last rows came in, indices
      // of selected rows hold no longer.
      const rowCount = result.ok ? result.value.rowCount : await decoder.rowCount();
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!context.getFile(id)) return;
      if (rowCount !== context.getFile(id)?.rowCount) context.resetMarks(id);
      context.bumpRows(id, rowCount);
    }
  }

  function markCrashed(fileId: string, message: string): void {
    const file = context.getFile(fileId);
    if (!file) return;
    context.updateFile(fileId, () => ({
      status: 'failed',
      hasCrashed: true,
      error: internalError(`the decoder stopped: ${message}`),
      isErrorDismissed: false,
      rowCount: 0,
      rowsVersion: file.rowsVersion + 1,
      verifyProgress: null,
    }));
    // Calls to a dead worker never answer: end its jobs and forget its rows.
    dropJobsOf(fileId);
    context.rowCache.drop(fileId);
    context.resetMarks(fileId);
    const selection = stores.view.getState().selection;
    if (selection?.fileId === fileId) {
      stores.view.setState({ selection: { kind: 'file', fileId } });
    }
  }

  function dropJobsOf(fileId: string): void {
    const { jobs } = stores.jobs.getState();
    for (const job of jobs) {
      if (job.fileId === fileId) context.jobCancels.delete(job.id);
    }
    stores.jobs.setState({ jobs: jobs.filter((job) => job.fileId !== fileId) });
  }

  function closeFile(fileId: string): void {
    const files = stores.files.getState().files;
    const position = files.findIndex((file) => file.id === fileId);
    const file = files[position];
    if (!file) return;
    dropJobsOf(fileId);
    file.decoder.terminate();
    context.rowCache.drop(fileId);
    context.resetMarks(fileId);
    const remaining = files.filter((candidate) => candidate.id !== fileId);
    stores.files.setState({ files: remaining });
    if (stores.view.getState().selection?.fileId === fileId) {
      // Select a neighbour so keyboard users keep their place in the tree.
      const neighbour = remaining[Math.min(position, remaining.length - 1)];
      stores.view.setState({
        selection: neighbour ? { kind: 'file', fileId: neighbour.id } : null,
      });
    }
  }

  async function openFiles(files: readonly File[]): Promise<void> {
    // One file: show its contents at once. Many: a list of files is the better overview.
    const isExpanded = files.length === 1;
    await Promise.all(files.map((file) => openOne(file, isExpanded)));
  }

  return {
    openFiles,

    async openFromUrl(url, name) {
      let file: File;
      try {
        const response = await deps.fetch(url);
        if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
        file = new File([await response.blob()], name);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        context.toastError(name, 'could not be loaded', message);
        return;
      }
      void openFiles([file]);
    },

    async reopenFile(fileId) {
      const file = context.getFile(fileId);
      if (!file) return;
      closeFile(fileId);
      await openOne(file.source, true);
    },

    closeFile,

    dismissFileError(fileId) {
      context.updateFile(fileId, () => ({ isErrorDismissed: true }));
    },
  };
}
