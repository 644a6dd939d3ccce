/**
 * UI-side handle on one decoder worker. It hides comlink: callbacks are plain functions here
 * (wrapped with `proxy()`), and `terminate()` ends the worker.
 * The worker releases each callback proxy when its call ends. One FileDecoder per opened file.
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

/** A worker that leaves a ping unanswered this long while calls are pending is stuck. */
export const WATCHDOG_MS = 10_000;
const HEARTBEAT_MS = 1_000;

export class FileDecoder {
  private readonly worker: Worker;
  private readonly remote: Remote<DecoderApi>;
  private readonly crashListeners: ((message: string) => void)[] = [];
  private isTerminated = false;
  private pendingCalls = 0;
  /** When the unanswered ping was sent; 0 when none is out. */
  private pingSentAt = 0;
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(private readonly watchdogMs = WATCHDOG_MS) {
    this.worker = new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module' });
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
    return this.track<Result<FileSummary>>(this.remote.open(file, name, proxy(onProgress)));
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
  documentView(): Promise<Result<DocumentView>> {
    return this.track<Result<DocumentView>>(this.remote.documentView());
  }
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
    this.remote[releaseProxy]();
    this.worker.terminate();
  }
}
