/**
 * Long jobs: verify, zip and entry downloads. Each is listed in the jobs store with its
 * progress (the UI shows it once it has run 200 ms) and can be cancelled. A failure becomes a
 * toast naming the file, what failed and the offset (ErrorInfo.message carries `at 0x…`).
 */
import {
  nodeRef,
  type JobProgress,
  type Result,
  type ZipOptions,
  type ZipResult,
} from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import { cancelledError } from './errors.ts';
import { safeFileName } from '../binary/path-safety.ts';
import { selectionZipNameFor, zipNameFor } from './file-names.ts';
import { spanRowCount, type RowSpan } from './row-spans.ts';
import { isFocusTheSelection } from './selection-actions.ts';
import { createJobRunner } from './run-job.ts';
import { walkSelection } from './selection-walk.ts';
import type { JobKind, OpenFile, Selection } from './types.ts';
import { mergeZips } from './zip-merge.ts';
import {
  ALL_FILES_ZIP,
  EMPTY_ZIP,
  filesFor,
  leftOutText,
  uniqueFolderNames,
  zipReportOf,
} from './all-files.ts';

function cancelledResult<T>(): Result<T> {
  return { ok: false, error: cancelledError() };
}

export interface JobActions {
  /** Recomputes every entry's checksum; the file's rows then show ok / mismatch / unpatched. */
  verifyAll(fileId: string): Promise<void>;
  /** Verify all over every open file that keeps checksums, one after another. */
  verifyAllFiles(): Promise<void>;
  /**
   * One .zip of every entry of every open file with content: one file's entries as they are,
   * several files' each under a folder of the file's name. Says what each file gave.
   */
  downloadAllFiles(): Promise<void>;
  cancelJob(jobId: string): void;
  /**
   * Entry -> its content; folder or file row -> a .zip of the entries below it (with a filter,
   * of the matching ones); several rows -> a .zip of them all.
   */
  downloadSelection(): Promise<void>;
  /** A .zip of the entries under `nodeIds` (the whole archive when empty). */
  downloadZip(fileId: string, nodeIds: readonly number[], zipName?: string): Promise<void>;
  downloadEntry(fileId: string, entryIndex: number, name: string): Promise<void>;
  dismissToast(toastId: string): void;
}

/** Jobs that use the worker's single cancel switch: two at once would cancel each other. */
const EXCLUSIVE_KINDS: readonly JobKind[] = ['verify', 'zip'];

export function createJobActions(context: Context): JobActions {
  const { stores, deps } = context;

  const { runJob, updateJob, findJob } = createJobRunner(context);

  /** The file, when it can take a job now; otherwise says why not. */
  function fileForJob(fileId: string, kind: JobKind) {
    const file = context.getFile(fileId);
    if (!file || file.hasCrashed) return undefined;
    if (EXCLUSIVE_KINDS.includes(kind)) {
      const busy = stores.jobs
        .getState()
        .jobs.find((job) => job.fileId === fileId && EXCLUSIVE_KINDS.includes(job.kind));
      if (busy) {
        context.toast('info', `${file.name}: wait for "${busy.label}" to finish, or cancel it`);
        return undefined;
      }
    }
    return file;
  }

  /**
   * A .zip of the node ids `collect` gives, as a job. Collecting is part of the job, so
   * reading the rows of a huge selection shows as running and can be cancelled. Answers the
   * zip, `empty` when there was nothing to zip, or null when it was cancelled or failed (and
   * said so) or the file went away.
   */
  async function zipOfFile(
    file: OpenFile,
    name: string,
    collect: (isCancelled: () => boolean) => Promise<number[] | 'cancelled' | 'empty'>,
    options: ZipOptions = {},
  ): Promise<ZipResult | 'empty' | null> {
    let isCancelled = false;
    const outcome = await runJob<ZipResult | null>(
      { fileId: file.id, kind: 'zip', label: `Zipping ${name}`, total: 0 },
      () => {
        isCancelled = true;
        void file.decoder.cancel('zip');
      },
      async (report) => {
        const nodeIds = await collect(() => isCancelled);
        if (nodeIds === 'cancelled') return cancelledResult<ZipResult>();
        if (nodeIds === 'empty') return { ok: true, value: null };
        const onProgress = (progress: JobProgress) => report(progress.done, progress.total);
        return options.folder === undefined
          ? file.decoder.zip(nodeIds, onProgress)
          : file.decoder.zip(nodeIds, onProgress, options);
      },
    );
    if (!outcome) return null;
    const { result, wasCancelled } = outcome;
    if (result.ok && !wasCancelled) return result.value ?? 'empty';
    if (wasCancelled || (!result.ok && result.error.code === 'CANCELLED')) {
      context.toast('info', `${file.name}: ${name} cancelled`);
    } else if (!result.ok) {
      context.toastError(file.name, `making ${name} failed`, result.error);
    }
    return null;
  }

  async function zipJob(
    file: OpenFile,
    name: string,
    collect: (isCancelled: () => boolean) => Promise<number[] | 'cancelled' | 'empty'>,
  ) {
    const zip = await zipOfFile(file, name, collect);
    if (zip === null) return;
    if (zip === 'empty' || zip.entryCount === 0) {
      const why = zip === 'empty' || zip.leftOut === 0 ? null : leftOutText(zip);
      context.toast(
        'info',
        `${file.name}: nothing to zip, ${why ?? 'the selection holds no entries'}`,
      );
      return;
    }
    deps.saveBlob(zip.blob, name);
    if (zip.leftOut > 0) context.toast('info', `${file.name}: ${name}: ${leftOutText(zip)}`);
  }

  async function downloadZip(fileId: string, nodeIds: readonly number[], zipName?: string) {
    const file = fileForJob(fileId, 'zip');
    if (!file) return;
    await zipJob(file, zipName ?? zipNameFor(file.name), async () => [...nodeIds]);
  }

  /** A .zip of selected rows of a file, by the rules of selection-walk.ts. */
  async function downloadRows(fileId: string, spans: readonly RowSpan[], zipName: string) {
    const file = fileForJob(fileId, 'zip');
    if (!file) return;
    await zipJob(file, zipName, async (isCancelled) => {
      const walk = await walkSelection(file.decoder, spans, {
        rowCount: file.rowCount,
        isFiltered: file.matchCount !== null,
        fileEntryCount: file.summary?.entryCount ?? 0,
        fileSize: file.summary?.totalSize ?? 0,
        isCancelled,
      });
      if (walk.isCancelled) return 'cancelled';
      if (walk.isWholeFile) return [];
      // No node ids would mean "every entry" to the worker.
      return walk.nodeIds.length > 0 ? walk.nodeIds : 'empty';
    });
  }

  /** The Selection for the one row of a single-row span, when its row is at hand. */
  async function selectionOfOneRow(
    file: OpenFile,
    spans: readonly RowSpan[],
  ): Promise<Selection | null> {
    const index = spans[0]?.[0] ?? -1;
    if (index < 0) return { kind: 'file', fileId: file.id };
    const row =
      context.rowCache.getCurrentRow(file.id, index) ??
      (file.hasCrashed ? undefined : (await file.decoder.getRows(index, 1))[0]);
    return row ? { kind: 'row', fileId: file.id, row, rowIndex: index } : null;
  }

  /** One row: an entry as itself, a folder or the file as a .zip (with a filter, of its matches). */
  async function downloadOne(file: OpenFile, selection: Selection) {
    if (selection.kind === 'file') {
      await downloadRows(file.id, [[-1, -1]], zipNameFor(file.name));
      return;
    }
    const { row, rowIndex } = selection;
    if (!row.isFolder) {
      await downloadEntry(file.id, row.entryIndex, row.name);
    } else if (rowIndex < 0) {
      // A hidden row has no index to walk from: zip the folder by its node id.
      await downloadZip(file.id, [row.nodeId], zipNameFor(row.name));
    } else {
      await downloadRows(file.id, [[rowIndex, rowIndex]], zipNameFor(row.name));
    }
  }

  async function downloadEntry(fileId: string, entryIndex: number, name: string) {
    const file = fileForJob(fileId, 'download');
    if (!file) return;
    const ref = nodeRef(entryIndex);
    // readBlob has no cancel in the worker: cancelling only drops the result.
    const outcome = await runJob(
      { fileId, kind: 'download', label: `Reading ${safeFileName(name)}`, total: 0 },
      () => undefined,
      async () => {
        const blob = await file.decoder.readBlob(ref);
        if (!blob.ok) return blob;
        // A document's node is named by its key: the name gets what it holds as extension.
        const named = await file.decoder.fileNameOf(ref, name);
        return named.ok
          ? { ok: true as const, value: { blob: blob.value, name: named.value } }
          : named;
      },
    );
    if (!outcome || outcome.wasCancelled) return;
    const { result } = outcome;
    if (result.ok) deps.saveBlob(result.value.blob, safeFileName(result.value.name));
    else context.toastError(file.name, `reading ${name} failed`, result.error);
  }

  /** Verify all of one file; answers whether it was cancelled (a run of several then stops). */
  async function verifyFile(fileId: string): Promise<'cancelled' | 'done'> {
    const file = fileForJob(fileId, 'verify');
    if (!file || file.status === 'opening') return 'done';
    context.updateFile(fileId, () => ({ verifyProgress: null, verifySummary: null }));
    let lastRefresh = deps.now();
    // Progress has its own message port and may arrive after the result: ignore it then.
    let isFinished = false;
    const outcome = await runJob(
      { fileId, kind: 'verify', label: `Verifying ${file.name}`, total: file.size },
      () => void file.decoder.cancel('verify'),
      (report) =>
        file.decoder.verifyAll((progress) => {
          if (isFinished || !context.getFile(fileId)) return;
          context.updateFile(fileId, () => ({ verifyProgress: progress }));
          report(progress.bytesDone, progress.bytesTotal);
          // Let statuses appear as they are computed, without refetching on every tick.
          if (deps.now() - lastRefresh > 250) {
            lastRefresh = deps.now();
            context.bumpRows(fileId, context.getFile(fileId)?.rowCount ?? 0);
            context.queries.statusesChanged(fileId);
          }
        }),
    );
    isFinished = true;
    const current = context.getFile(fileId);
    if (!outcome || !current || current.hasCrashed) return 'done';
    const { result } = outcome;
    context.updateFile(fileId, () => ({
      verifyProgress: null,
      verifySummary: result.ok ? result.value : null,
    }));
    if (!result.ok) {
      if (result.error.code === 'CANCELLED')
        context.toast('info', `${file.name}: verify cancelled`);
      else context.toastError(file.name, 'verify failed', result.error);
    }
    context.bumpRows(fileId, current.rowCount);
    context.queries.statusesChanged(fileId);
    const wasCancelled =
      outcome.wasCancelled ||
      (result.ok ? result.value.cancelled : result.error.code === 'CANCELLED');
    return wasCancelled ? 'cancelled' : 'done';
  }

  async function downloadAllFiles() {
    const files = filesFor('zip', stores.files.getState().files);
    const [only] = files;
    if (!only) return;
    if (files.length === 1) {
      await downloadZip(only.id, []);
      return;
    }
    if (files.some((file) => !fileForJob(file.id, 'zip'))) return;
    const folders = uniqueFolderNames(files.map((file) => file.name));
    const zips: ZipResult[] = [];
    for (const [at, file] of files.entries()) {
      const zip = await zipOfFile(file, `${folders[at]!}/`, async () => [], {
        folder: folders[at]!,
      });
      if (zip === null) return;
      zips.push(zip === 'empty' ? { ...EMPTY_ZIP } : zip);
    }
    const report = files.map((file, at) => `${file.name}: ${zipReportOf(zips[at]!)}`).join('; ');
    if (zips.every((zip) => zip.entryCount === 0)) {
      context.toast('info', `Nothing to zip: ${report}`);
      return;
    }
    let merged: Blob;
    try {
      merged = await mergeZips(zips.map((zip) => zip.blob));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      context.toastError(ALL_FILES_ZIP, 'could not be made', message);
      return;
    }
    deps.saveBlob(merged, ALL_FILES_ZIP);
    context.toast('info', `${ALL_FILES_ZIP}: ${report}`);
  }

  return {
    async verifyAllFiles() {
      for (const file of filesFor('verify', stores.files.getState().files)) {
        // A file closed meanwhile is skipped; a cancel stops the rest.
        if (context.liveFile(file.id) && (await verifyFile(file.id)) === 'cancelled') return;
      }
    },

    downloadAllFiles,

    async verifyAll(fileId) {
      await verifyFile(fileId);
    },

    cancelJob(jobId) {
      const job = findJob(jobId);
      if (!job || job.isCancelling) return;
      updateJob(jobId, { isCancelling: true });
      context.jobCancels.get(jobId)?.();
    },

    async downloadSelection() {
      const view = stores.view.getState();
      const { selection, multi } = view;
      if (multi && !isFocusTheSelection(view)) {
        const file = context.getFile(multi.fileId);
        const count = spanRowCount(multi.spans);
        if (!file || count === 0) return;
        const only = count === 1 ? await selectionOfOneRow(file, multi.spans) : null;
        if (only) await downloadOne(file, only);
        else await downloadRows(file.id, multi.spans, selectionZipNameFor(file.name));
        return;
      }
      const file = selection && context.getFile(selection.fileId);
      if (file && selection) await downloadOne(file, selection);
    },

    downloadZip,
    downloadEntry,

    dismissToast(toastId) {
      stores.toasts.setState((state) => ({
        toasts: state.toasts.filter((toast) => toast.id !== toastId),
      }));
    },
  };
}
