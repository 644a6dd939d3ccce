/**
 * Install checks: a folder picked for a file that lists an install's files
 * (`capabilities.installCheck`) is checked in its worker, as a job with progress (files and
 * bytes) and a cancel, and its last result is kept per file for the dialog that shows it,
 * with its report saved as CSV or JSON. Nothing here knows a format: the worker's session
 * lists the files.
 */
import type { FolderItem, InstallReportKind } from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import { createJobRunner } from './run-job.ts';
import { cancelledError } from './errors.ts';
import type { FolderPick, InstallCheckState, OpenFile } from './types.ts';

export interface InstallActions {
  /** Checks the picked folder against the file's install list (a job; one at a time per file). */
  checkInstall(fileId: string, pick: FolderPick): Promise<void>;
  /** Saves the report of the file's last install check. */
  saveInstallReport(fileId: string, kind: InstallReportKind): Promise<void>;
  /** Opens the install check's dialog for a file whose session lists an install. */
  openInstallCheck(fileId: string): void;
  /** Closes it (a running check goes on). */
  closeInstallCheck(): void;
}

/** Files handed over in one message at most. */
const HAND_OVER_MOST = 64;
/** What one message should cost the page, ms: the next chunk is sized by the last's cost. */
const HAND_OVER_MESSAGE_MS = 2;
/** The longest the page hands files over before it lets other work in, ms. */
const HAND_OVER_SLICE_MS = 4;

/**
 * Hands a folder's files to the worker a chunk at a time (api.ts `addFolderFiles`), letting
 * the page render between slices of a few milliseconds: the browser registers each File the
 * first time it crosses to a worker (from a tenth of a millisecond to several on a busy
 * machine), which for thousands of files took seconds in one message. Each chunk is sized
 * by what the one before cost. Answers false when cancelled before the last chunk.
 */
async function handOver(
  decoder: OpenFile['decoder'],
  items: readonly FolderItem[],
  isCancelled: () => boolean,
  now: () => number,
): Promise<boolean> {
  let sliceStart = now();
  let chunk = 1;
  const sent: Promise<unknown>[] = [];
  let at = 0;
  do {
    if (isCancelled()) return false;
    const files = items.slice(at, at + chunk);
    const started = now();
    sent.push(decoder.addFolderFiles(files, at === 0));
    const perFile = (now() - started) / Math.max(1, files.length);
    at += files.length;
    chunk = Math.max(1, Math.min(HAND_OVER_MOST, Math.floor(HAND_OVER_MESSAGE_MS / perFile)));
    if (now() - sliceStart > HAND_OVER_SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = now();
    }
  } while (at < items.length);
  await Promise.all(sent);
  return !isCancelled();
}

/** The report's file name: the list's name without its extension, then what it is. */
export function installReportName(fileName: string, kind: InstallReportKind): string {
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${stem}-install-check.${kind}`;
}

export function createInstallActions(context: Context): InstallActions {
  const { stores, deps } = context;
  const { runJob } = createJobRunner(context);

  const setCheck = (fileId: string, check: InstallCheckState) =>
    stores.installChecks.setState(({ checks }) => ({ checks: { ...checks, [fileId]: check } }));
  const changeCheck = (fileId: string, change: Partial<InstallCheckState>) => {
    const check = stores.installChecks.getState().checks[fileId];
    if (check) setCheck(fileId, { ...check, ...change });
  };

  return {
    async checkInstall(fileId, pick) {
      const file = context.liveFile(fileId);
      if (!file?.summary?.capabilities.installCheck) return;
      if (stores.installChecks.getState().checks[fileId]?.status === 'running') {
        context.toast('info', `${file.name}: an install check is running; cancel it first`);
        return;
      }
      setCheck(fileId, {
        status: 'running',
        folderName: pick.name,
        progress: null,
        result: null,
        error: null,
        unreadNote: pick.unreadNote,
      });
      const items: FolderItem[] = [
        ...pick.items.map(({ path, file: blob }) => ({ path, blob })),
        ...pick.failures.map(({ path, message }) => ({ path, blob: null, error: message })),
      ];
      // Progress has its own message port and may arrive after the result: ignored then.
      let isFinished = false;
      let isCancelled = false;
      const outcome = await runJob(
        { fileId, kind: 'install', label: `Checking ${pick.name} against ${file.name}`, total: 0 },
        () => {
          isCancelled = true;
          void file.decoder.cancel('install');
        },
        async (report) => {
          if (!(await handOver(file.decoder, items, () => isCancelled, deps.now))) {
            return { ok: false, error: cancelledError() };
          }
          return file.decoder.checkInstall((progress) => {
            if (isFinished) return;
            changeCheck(fileId, { progress });
            report(progress.bytesDone, progress.bytesTotal);
          });
        },
      );
      isFinished = true;
      if (!outcome || !context.liveFile(fileId)) return;
      const { result } = outcome;
      if (result.ok) {
        changeCheck(fileId, { status: 'done', result: result.value });
      } else {
        changeCheck(fileId, { status: 'failed', error: result.error });
        // Cancelled while the files were handed over: nothing was checked yet.
        if (result.error.code === 'CANCELLED') {
          context.toast('info', `${file.name}: checking ${pick.name} cancelled`);
        } else context.toastError(file.name, `checking ${pick.name} failed`, result.error);
      }
    },

    openInstallCheck(fileId) {
      if (!context.liveFile(fileId)?.summary?.capabilities.installCheck) return;
      stores.installChecks.setState({ dialogFileId: fileId });
    },

    closeInstallCheck() {
      stores.installChecks.setState({ dialogFileId: null });
    },

    async saveInstallReport(fileId, kind) {
      const file = context.liveFile(fileId);
      if (!file) return;
      const blob = await file.decoder.installReport(kind);
      if (blob.ok) deps.saveBlob(blob.value, installReportName(file.name, kind));
      else context.toastError(file.name, 'saving the install report failed', blob.error);
    },
  };
}
