/**
 * UI-side handle on one decoder worker. It hides comlink: callbacks are plain functions here
 * (wrapped with `proxy()`), and `terminate()` ends the worker.
 * The worker releases each callback proxy when its call ends. One FileDecoder per opened file.
 *
 * Start-up: loading and compiling the decoder bundle in a new worker takes 30–80 ms, all of it
 * before the first rows of a file can show. `FileDecoder.prewarm()` (called at page load)
 * starts one spare worker ahead of time; the next FileDecoder takes it, and a new spare is
 * started once that file's open has finished (not during it: the two would compete for the
 * CPU). A spare has never seen a file, so one worker per file still holds.
 */
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import type {
  ByteRange,
  DecoderApi,
  Digests,
  DocumentView,
  EntryDetails,
  FileSummary,
  FilterResult,
  JobKind,
  JobProgress,
  OpenProgress,
  Result,
  TreeRow,
  VerifyProgress,
  VerifySummary,
} from './api.ts';
import { SPARE_WORKER_NAME, WARM_UP_DONE } from './api.ts';

/** A worker that leaves a ping unanswered this long while calls are pending is stuck. */
export const WATCHDOG_MS = 10_000;
const HEARTBEAT_MS = 1_000;

/** A decoder worker; a spare is named so that it warms itself up (warm-up.ts). */
function startWorker(isSpare = false): Worker {
  const name = isSpare ? SPARE_WORKER_NAME : 'delve-decoder';
  return new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module', name });
}

/** The worker started ahead of time, and why it failed if it did before anyone listened. */
interface Spare {
  worker: Worker;
  failure: string | null;
  stopListening(): void;
}

let spare: Spare | null = null;

/** The spare worker, unless there is none or it failed to start (then it is ended). */
function takeSpare(): Worker | null {
  const taken = spare;
  spare = null;
  if (!taken) return null;
  taken.stopListening();
  if (taken.failure === null) return taken.worker;
  taken.worker.terminate();
  return null;
}

/** Starts the next spare when the page has a moment, so it does not delay what runs now. */
function prewarmWhenIdle(): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(() => FileDecoder.prewarm(), { timeout: 2_000 });
  } else {
    setTimeout(() => FileDecoder.prewarm(), 0);
  }
}

export class FileDecoder {
  private readonly worker: Worker;
  private readonly remote: Remote<DecoderApi>;
  private readonly crashListeners: ((message: string) => void)[] = [];
  private isTerminated = false;
  private pendingCalls = 0;
  /** When the unanswered ping was sent; 0 when none is out. */
  private pingSentAt = 0;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  /** Set when this decoder took the spare: starts the next one (once) when its open is done. */
  private replaceSpare: (() => void) | null = null;

  /**
   * Starts a spare decoder worker for the next FileDecoder, if there is none yet. Without
   * Worker support (tests under Node) it does nothing.
   */
  static prewarm(): void {
    if (spare !== null || typeof Worker === 'undefined') return;
    const worker = startWorker(true);
    const started: Spare = { worker, failure: null, stopListening: () => undefined };
    // An error event is not kept for listeners added later: remember it, so a spare that
    // failed to load is not handed to a file (whose open would then wait for the watchdog).
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      started.failure = event.message || 'the decoder worker failed';
    };
    // Marked on the page's timeline, for anyone measuring: the spare has compiled the open.
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Record<string, unknown> | null;
      const elapsed = data?.[WARM_UP_DONE];
      if (typeof elapsed === 'number') {
        performance.mark('delve:decoder-warm', { detail: { warmUpMs: elapsed } });
      }
    };
    worker.addEventListener('error', onError);
    worker.addEventListener('message', onMessage);
    started.stopListening = () => {
      worker.removeEventListener('error', onError);
      worker.removeEventListener('message', onMessage);
    };
    spare = started;
  }

  constructor(private readonly watchdogMs = WATCHDOG_MS) {
    const warm = takeSpare();
    this.worker = warm ?? startWorker();
    if (warm) {
      this.replaceSpare = () => {
        this.replaceSpare = null;
        prewarmWhenIdle();
      };
    }
    this.remote = wrap<DecoderApi>(this.worker);
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.crash(event.message || 'the decoder worker failed');
    });
    this.worker.addEventListener('messageerror', () =>
      this.crash('a message from the decoder could not be read'),
    );
    // Watchdog: while calls are pending, the worker must keep answering pings. A decoder
    // stuck in a loop (or a worker that closed itself) does not, and is stopped.
    this.heartbeat = setInterval(() => this.checkHeartbeat(), HEARTBEAT_MS);
  }

  private checkHeartbeat(): void {
    if (this.isTerminated) return;
    const now = Date.now();
    if (this.pingSentAt !== 0) {
      if (now - this.pingSentAt > this.watchdogMs) {
        this.crash(
          `no answer for ${Math.round(this.watchdogMs / 1000)} s; the decoder was stopped`,
        );
      }
      return;
    }
    if (this.pendingCalls === 0) return;
    this.pingSentAt = now;
    this.remote.ping().then(
      () => {
        this.pingSentAt = 0;
      },
      () => undefined,
    );
  }

  private crash(message: string): void {
    if (this.isTerminated) return;
    this.terminate();
    for (const listener of this.crashListeners) listener(message);
  }

  /** Counts a call as pending until it settles, for the watchdog. */
  private track<T>(call: Promise<T>): Promise<T> {
    this.pendingCalls++;
    return call.finally(() => {
      this.pendingCalls--;
    });
  }

  /**
   * Called once with a message when the worker dies: a failed load, an uncaught error, or
   * the watchdog finding it stuck. The worker is terminated by then; open it anew to retry.
   */
  onCrash(listener: (message: string) => void): void {
    this.crashListeners.push(listener);
  }

  open(
    file: Blob,
    name: string,
    onProgress: (progress: OpenProgress) => void,
  ): Promise<Result<FileSummary>> {
    const call = this.track<Result<FileSummary>>(this.remote.open(file, name, proxy(onProgress)));
    const replace = () => this.replaceSpare?.();
    call.then(replace, replace);
    return call;
  }

  getRows(start: number, count: number): Promise<TreeRow[]> {
    return this.track<TreeRow[]>(this.remote.getRows(start, count));
  }
  rowCount(): Promise<number> {
    return this.track<number>(this.remote.rowCount());
  }
  setExpanded(nodeId: number, isExpanded: boolean): Promise<number> {
    return this.track<number>(this.remote.setExpanded(nodeId, isExpanded));
  }
  setAllExpanded(isExpanded: boolean): Promise<number> {
    return this.track<number>(this.remote.setAllExpanded(isExpanded));
  }
  rowIndexOf(nodeId: number): Promise<number> {
    return this.track<number>(this.remote.rowIndexOf(nodeId));
  }
  setFilter(pattern: string): Promise<FilterResult> {
    return this.track<FilterResult>(this.remote.setFilter(pattern));
  }
  entryDetails(entryIndex: number): Promise<Result<EntryDetails>> {
    return this.track<Result<EntryDetails>>(this.remote.entryDetails(entryIndex));
  }
  readRange(entryIndex: number, offset: number, length: number): Promise<Result<ByteRange>> {
    return this.track<Result<ByteRange>>(this.remote.readRange(entryIndex, offset, length));
  }
  readBlob(entryIndex: number): Promise<Result<Blob>> {
    return this.track<Result<Blob>>(this.remote.readBlob(entryIndex));
  }
  /**
   * The decoded document, asked for once per file: the open asks as soon as a document is
   * read (state/open-actions.ts), before the view that shows it has mounted, and the view
   * then finds the answer on its way. A failed call (a dead worker) is not kept.
   */
  documentView(): Promise<Result<DocumentView>> {
    if (!this.documentViewCall) {
      const call = this.track<Result<DocumentView>>(this.remote.documentView());
      this.documentViewCall = call;
      call.catch(() => {
        if (this.documentViewCall === call) this.documentViewCall = null;
      });
    }
    return this.documentViewCall;
  }
  private documentViewCall: Promise<Result<DocumentView>> | null = null;
  digest(
    entryIndex: number,
    onProgress: (progress: JobProgress) => void,
  ): Promise<Result<Digests>> {
    return this.track<Result<Digests>>(this.remote.digest(entryIndex, proxy(onProgress)));
  }
  verifyAll(onProgress: (progress: VerifyProgress) => void): Promise<Result<VerifySummary>> {
    return this.track<Result<VerifySummary>>(this.remote.verifyAll(proxy(onProgress)));
  }
  zip(nodeIds: number[], onProgress: (progress: JobProgress) => void): Promise<Result<Blob>> {
    return this.track<Result<Blob>>(this.remote.zip(nodeIds, proxy(onProgress)));
  }
  /** Cancels running jobs of one kind, or all of them. */
  cancel(kind?: JobKind): Promise<void> {
    return this.remote.cancel(kind);
  }

  terminate(): void {
    if (this.isTerminated) return;
    this.isTerminated = true;
    clearInterval(this.heartbeat);
    // A file closed (or stopped) before its open finished still leaves a spare behind.
    this.replaceSpare?.();
    this.remote[releaseProxy]();
    this.worker.terminate();
  }
}
