/**
 * Opening one session in a worker of its own: the file (and the sources that go with it) is
 * handed to a new decoder, rows show while the table is still being read, and the summary
 * lands when the open is done. A worker that dies takes only its own file down.
 */
import type {
  NamedSource,
  OpenOptions,
  OpenProgress,
  Result,
  FileSummary,
  SideInputBlob,
  ViewOffer,
} from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import { errorInfoOf, internalError } from './errors.ts';
import { remoteUrlsOf } from './remote-urls.ts';
import { ROW_PAGE_SIZE } from './row-cache.ts';
import { createThrottle } from './throttle.ts';
import { readySideInputBlobs, sideInputBlobsNow } from './side-inputs.ts';
import type { FileSetChoice, OpenAs, OpenFile } from './types.ts';

/**
 * Open progress is applied at most this often (the first rows at once). Each applied report
 * re-renders the tree and refetches its rows; the worker reports every ~40 ms.
 */
export const OPEN_PROGRESS_INTERVAL_MS = 200;

export interface Placement {
  isExpanded: boolean;
  /** A nested open: the file and entry path it came from. */
  parentId: string | null;
  parentPath: string | null;
  /** Where in the list of files it goes (a file opened again keeps its place); else as below. */
  at?: number;
}

export const TOP_LEVEL: Placement = { isExpanded: true, parentId: null, parentPath: null };

/**
 * Where a new file goes in `files`: at the end, or for a nested one right after its parent
 * and the files nested in it before (children stay right after their parent).
 */
function insertionIndex(files: readonly OpenFile[], parentId: string | null): number {
  if (parentId === null) return files.length;
  const at = files.findIndex((file) => file.id === parentId);
  if (at < 0) return files.length;
  const below = new Set([parentId]);
  let end = at + 1;
  while (end < files.length && below.has(files[end]?.parentId ?? '')) {
    below.add(files[end]!.id);
    end++;
  }
  return end;
}

export interface SessionOpenerHooks {
  /** A wrapper opened: the file it wraps (its node `node`) is to open below it. */
  openWrapped(fileId: string, node: number): void;
}

export function createSessionOpener(context: Context, hooks: SessionOpenerHooks) {
  const { stores, deps } = context;

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
    // Calls to a dead worker never answer: end its jobs and forget what was read.
    dropJobsOf(fileId);
    context.forgetFile(fileId);
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

  /**
   * Adds the file to the store (and selects it when nothing is). A gathered group goes by the
   * name its format gave it, with the other ways it can be opened.
   */
  function addFile(
    sources: readonly NamedSource[],
    placement: Placement,
    gathered: { name: string; fileSet: FileSetChoice | null } | null = null,
    openAs: OpenAs | null = null,
  ): OpenFile {
    const first = sources[0];
    const remoteUrls = remoteUrlsOf(sources);
    const openFile: OpenFile = {
      id: context.nextId('f'),
      name: gathered?.name ?? first?.name ?? '',
      size: (first && ('blob' in first ? first.blob.size : first.size)) ?? 0,
      sources,
      ...(remoteUrls.length > 0 ? { remoteUrls } : {}),
      fileSet: gathered?.fileSet ?? null,
      decoder: deps.createDecoder(),
      ...(openAs ? { openAs } : {}),
      parentId: placement.parentId,
      parentPath: placement.parentPath,
      status: 'opening',
      openProgress: null,
      summary: null,
      error: null,
      isErrorDismissed: false,
      hasCrashed: false,
      rowCount: 0,
      rowsVersion: 0,
      isExpanded: placement.isExpanded,
      matchCount: null,
      verifyProgress: null,
      verifySummary: null,
    };
    stores.files.setState((state) => {
      const files = [...state.files];
      const at =
        placement.at === undefined
          ? insertionIndex(files, placement.parentId)
          : Math.min(placement.at, files.length);
      files.splice(at, 0, openFile);
      return { files };
    });
    if (stores.view.getState().selection === null) {
      stores.view.setState({ selection: { kind: 'file', fileId: openFile.id } });
    }
    return openFile;
  }

  /** What a view answered ahead (OpenProgress.viewOffer), kept as the answers to its queries. */
  function keepViewOffer(id: string, offer: ViewOffer): void {
    const { queries } = context;
    queries.cache.seed(queries.documentView(id), offer.view);
    for (const { query, answer } of offer.answers) {
      queries.cache.seed(queries.viewAnswer(id, JSON.stringify(query), query), answer);
    }
  }

  /** Progress reports, throttled; none once the open has answered. */
  function progressOf(id: string) {
    // Progress comes through its own message port, so a report can arrive after the result:
    // ignore it then, or its row count would undo the final one (or the filter's).
    let isOpened = false;
    let latest: OpenProgress | null = null;
    const apply = (progress: OpenProgress) => {
      const before = context.getFile(id);
      if (!before) return;
      context.updateFile(id, () => ({ openProgress: progress }));
      // A view offered while the file is read is asked for at once, before the pane that
      // shows it has mounted (its first rows wait on it); once held, it has grown with each
      // report, and what it shows is asked again.
      if (progress.view !== undefined) {
        const query = context.queries.documentView(id);
        if (before.openProgress?.view === undefined) void context.queries.cache.fetch(query);
        else context.queries.cache.refresh(query);
      }
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
    const throttle = createThrottle(apply, OPEN_PROGRESS_INTERVAL_MS, deps.now);
    return {
      report(progress: OpenProgress) {
        if (isOpened || !context.getFile(id)) return;
        // A view's first answers are kept at once, whichever report the throttle applies:
        // the pane that shows the view finds them when it first renders.
        if (progress.viewOffer) keepViewOffer(id, progress.viewOffer);
        latest = progress;
        // The first rows are shown at once; later reports wait for the interval.
        throttle.push(progress, progress.rowCount > 0 && context.getFile(id)?.rowCount === 0);
      },
      /** The open answered: only the last report's numbers are still owed. */
      finish() {
        isOpened = true;
        throttle.cancel();
        const progress = latest;
        if (progress && context.getFile(id)?.openProgress !== progress) {
          context.updateFile(id, () => ({ openProgress: progress }));
        }
      },
    };
  }

  /** Applies the answer of an open; rows are counted in a task of their own. */
  async function applyOpened(id: string, result: Result<FileSummary>): Promise<void> {
    const file = context.getFile(id);
    if (!file) return;
    const { decoder } = file;
    if (!result.ok) {
      context.updateFile(id, () => ({ status: 'failed', error: result.error }));
    } else {
      const summary = result.value;
      // What a view answered while the file was read covered part of it: asked again. A
      // view may have been offered and asked for between two progress reports, so any
      // file with a view asks again, not only one whose progress said so.
      if (file.openProgress?.view !== undefined || summary.capabilities.view !== null) {
        context.queries.cache.invalidate(id, ['view']);
      }
      // A document's view (a level) is asked for now, while the page renders the
      // summary, rather than once the view has mounted.
      if (summary.capabilities.view !== null && !summary.fatal) {
        void context.queries.cache.fetch(context.queries.documentView(id));
      }
      context.updateFile(id, () => ({
        summary,
        status: summary.fatal ? 'failed' : 'ready',
        error: summary.fatal,
      }));
      // A wrapper shows what it wraps: its file opens below it, as "Open as file" would.
      const wrapped = summary.capabilities.wrappedNode;
      if (wrapped !== null && !summary.fatal) hooks.openWrapped(id, wrapped);
    }
    const filter = stores.view.getState().filter;
    if (filter !== '') {
      const filtered = await decoder.setFilter(filter);
      if (!context.liveFile(id)) return;
      context.resetMarks(id);
      context.updateFile(id, () => ({ matchCount: filtered.matchCount }));
      context.bumpRows(id, filtered.rowCount);
      return;
    }
    // The summary counts the rows (a failed open has none), so no second round trip is
    // needed. They are applied in a task of their own, after the one that rendered the
    // summary: each store update renders every component that reads it at once, and
    // together the two made one task of up to 40 ms. If the last rows came in, indices of
    // selected rows hold no longer.
    const rowCount = result.ok ? result.value.rowCount : await decoder.rowCount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!context.liveFile(id)) return;
    if (rowCount !== context.getFile(id)?.rowCount) context.resetMarks(id);
    context.bumpRows(id, rowCount);
  }

  /**
   * Opens a session from `sources` (the first is the file; the rest are offered to it) in a
   * new worker. Resolves with the new file's id once it is open (or failed).
   */
  async function openSession(
    sources: readonly NamedSource[],
    placement: Placement,
  ): Promise<string> {
    return runOpen(addFile(sources, placement));
  }

  /**
   * What the worker is told besides the files: the side inputs kept (once their bytes are
   * read, a step after a reload lists them), and a format forced.
   */
  function openOptionsWith(
    file: OpenFile,
    sideInputs: Record<string, SideInputBlob[]>,
  ): OpenOptions {
    return file.openAs
      ? { sideInputs, format: file.openAs.format, settings: file.openAs.settings }
      : { sideInputs };
  }

  /**
   * Asks the worker to open the file. At once when the side inputs are at hand (nearly
   * always): the request then leaves in the task that listed the file, before the page
   * renders the new row and pane, and the worker reads while the page draws. Otherwise once
   * the kept side inputs have their bytes (the first moments after a reload).
   */
  function startOpen(file: OpenFile, report: (progress: OpenProgress) => void) {
    const open = (options: OpenOptions) => file.decoder.open([...file.sources], report, options);
    const ready = sideInputBlobsNow(stores.sideInputs);
    if (ready) return open(openOptionsWith(file, ready));
    return readySideInputBlobs(stores.sideInputs).then((blobs) =>
      open(openOptionsWith(file, blobs)),
    );
  }

  /** Opens a file `addFile` listed; resolves with its id once it is open (or failed). */
  async function runOpen(file: OpenFile): Promise<string> {
    const { id, decoder, sources } = file;
    // A dead worker never answers `open`: the crash ends the wait instead.
    const crashed = new Promise<null>((resolve) => {
      decoder.onCrash((message) => {
        markCrashed(id, message);
        resolve(null);
      });
    });
    // A file closed while it opens has its worker ended, which never answers either.
    let stopWatching = () => undefined as void;
    const closed = new Promise<null>((resolve) => {
      stopWatching = stores.files.subscribe((state) => {
        if (!state.files.some((file) => file.id === id)) resolve(null);
      });
    });
    const progress = progressOf(id);
    let result: Result<FileSummary> | null;
    try {
      result = await Promise.race([startOpen(file, progress.report), crashed, closed]);
    } catch (error) {
      // A rejected call (not a Result) means the worker could not run the request at all.
      if (context.getFile(id)) {
        const info = errorInfoOf(error, `opening ${sources[0]?.name ?? 'the file'}`);
        context.updateFile(id, () => ({ status: 'failed', error: info }));
      }
      return id;
    } finally {
      stopWatching();
      progress.finish();
    }
    if (result && context.liveFile(id)) await applyOpened(id, result);
    return id;
  }

  return { addFile, runOpen, openSession, dropJobsOf };
}
