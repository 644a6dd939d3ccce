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

export class FileDecoder {
  private readonly worker: Worker;
  private readonly remote: Remote<DecoderApi>;
  private isTerminated = false;

  constructor() {
    this.worker = new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module' });
    this.remote = wrap<DecoderApi>(this.worker);
  }

  /** Called with a message when the worker dies (uncaught error or failed load). */
  onCrash(listener: (message: string) => void): void {
    this.worker.addEventListener('error', (event) => {
      listener(event.message || 'the decoder worker stopped');
    });
  }

  open(file: Blob, name: string, onProgress: (progress: OpenProgress) => void): Promise<Result<FileSummary>> {
    return this.remote.open(file, name, proxy(onProgress));
  }

  getRows(start: number, count: number): Promise<TreeRow[]> {
    return this.remote.getRows(start, count);
  }
  rowCount(): Promise<number> {
    return this.remote.rowCount();
  }
  setExpanded(nodeId: number, isExpanded: boolean): Promise<number> {
    return this.remote.setExpanded(nodeId, isExpanded);
  }
  setAllExpanded(isExpanded: boolean): Promise<number> {
    return this.remote.setAllExpanded(isExpanded);
  }
  rowIndexOf(nodeId: number): Promise<number> {
    return this.remote.rowIndexOf(nodeId);
  }
  setFilter(pattern: string): Promise<FilterResult> {
    return this.remote.setFilter(pattern);
  }
  entryDetails(entryIndex: number): Promise<Result<EntryDetails>> {
    return this.remote.entryDetails(entryIndex);
  }
  readRange(entryIndex: number, offset: number, length: number): Promise<Result<ByteRange>> {
    return this.remote.readRange(entryIndex, offset, length);
  }
  readBlob(entryIndex: number): Promise<Result<Blob>> {
    return this.remote.readBlob(entryIndex);
  }
  digest(entryIndex: number, onProgress: (progress: JobProgress) => void): Promise<Result<Digests>> {
    return this.remote.digest(entryIndex, proxy(onProgress));
  }
  verifyAll(onProgress: (progress: VerifyProgress) => void): Promise<Result<VerifySummary>> {
    return this.remote.verifyAll(proxy(onProgress));
  }
  zip(nodeIds: number[], onProgress: (progress: JobProgress) => void): Promise<Result<Blob>> {
    return this.remote.zip(nodeIds, proxy(onProgress));
  }
  /** Cancels running jobs of one kind, or all of them. */
  cancel(kind?: JobKind): Promise<void> {
    return this.remote.cancel(kind);
  }

  terminate(): void {
    if (this.isTerminated) return;
    this.isTerminated = true;
    this.remote[releaseProxy]();
    this.worker.terminate();
  }
}
