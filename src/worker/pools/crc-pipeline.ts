/**
 * Verify all on several cores: a pool of checksum workers (crc-helper.worker.ts), each
 * reading its own runs of the file and hashing them (crc-share.ts). In a browser reading a
 * File costs more CPU than hashing it with the fold kernel (docs/PERFORMANCE.md, Verify),
 * so the reads spread over several streams and both over the cores; the decoder worker only
 * hands out tasks and passes results on, and stays free for other calls. A large archive's
 * pool is started soon after its open and kept while it is open (CrcPool).
 *
 * The ranges, sorted by offset, are cut into tasks of consecutive ranges; each worker
 * gets two to start with and one more per task done, so a worker slowed by the machine
 * takes fewer. Results come per range in any order.
 *
 * Install verification runs the same pool over whole files, each a Blob of its own
 * (`runFiles`): tasks of files, the largest first, each file read from start to end.
 *
 * Used only where it pays: a browser with Worker, a Blob-backed source and enough bytes.
 */
import { BlobByteSource, type ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { CoalesceOptions, IndexedRange } from '../../binary/coalesced-read.ts';
import {
  poolSize,
  sortedByOffset,
  splitFileTasks,
  splitTasks,
  taskBytesFor,
  type PoolFile,
} from './crc-tasks.ts';

export {
  poolSize,
  sortedByOffset,
  splitFileTasks,
  splitTasks,
  taskBytesFor,
  type PoolFile,
} from './crc-tasks.ts';

export type CrcPoolRequest =
  /**
   * `blob`: the file the `task`s read (null for a pool of whole files). `warmUp`: run over
   * made-up data first (crc-helper.worker.ts), when no task waits.
   */
  | { kind: 'start'; blob: Blob | null; windowSize: number; maxGap: number; warmUp: boolean }
  /** Per range: index, offset, length; sorted by offset. */
  | { kind: 'task'; id: number; ranges: Float64Array }
  /** Whole files, each hashed from start to end: the files and an index per file. */
  | { kind: 'files'; id: number; blobs: Blob[]; indexes: Float64Array };

export type CrcPoolReply =
  /** Per range (or whole file) that ended in a window: index, KI-CRC, 1 when all zero. */
  | { kind: 'results'; results: Float64Array }
  /** Bytes read and hashed since the last `read` (whole files). */
  | { kind: 'read'; bytes: number }
  /** A whole file that could not be read; the task goes on with the next. */
  | { kind: 'file-failed'; index: number; detail: string }
  | { kind: 'done'; id: number }
  | { kind: 'failed'; code: ErrorCode; offset: number; detail: string };

/** What a run over whole files reports (services.ts FileChecksumSink). */
export interface PoolFileSink {
  checksum(index: number, value: number): void;
  failure(index: number, message: string): void;
  bytes(count: number): void;
}

/** A task as the pool hands it out: its message, and where it starts (for a stall's message). */
interface PoolTask {
  request(id: number): CrcPoolRequest;
  transfer: Transferable[];
  offset: number;
}

/** What the pool does with its workers' answers. */
interface ReplyHandlers {
  onRange(index: number, crc: number, isAllZero: boolean): void;
  onRead?(bytes: number): void;
  onFileFailed?(index: number, detail: string): void;
}

/** Below this many bytes starting the pool costs more than it saves. */
const MIN_POOL_BYTES = 64 * 1024 * 1024;
/**
 * The window each checksum worker reads into (crc-share.ts). Small on purpose: a BYOB
 * stream of a File hands over 64–100 KB per read, and every read moves the window to a new
 * ArrayBuffer object. The engine counted each move as that much new memory, so with
 * 32 MiB windows every worker ran major garbage collections throughout (15 in one 300 MB
 * Verify all); with 1–2 MiB none, and Verify all took a quarter less time
 * (docs/PERFORMANCE.md). The caller's windowSize is for its own reads.
 */
const POOL_WINDOW_SIZE = 2 * 1024 * 1024;
/** Bytes between two ranges that a worker reads and drops rather than start a new read. */
const DEFAULT_MAX_GAP = 64 * 1024;
/**
 * A run in which no worker has answered for this long has stalled: it fails with an error
 * instead of waiting for ever (the browser stopped handing a stream's bytes over).
 */
const STALL_MS = 15_000;
/** How often the caller's checkpoint (cancel, pacing) runs while the pool works, ms. */
const CHECK_EVERY_MS = 25;

/** The Blob under a source, when it is one (the pool reads the file itself). */
export function blobOf(source: ByteSource): Blob | null {
  return source instanceof BlobByteSource ? source.blob : null;
}

/** Whether a pool pays for `totalBytes` of reading here (a browser with workers). */
export function canPool(totalBytes: number): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    totalBytes >= MIN_POOL_BYTES
  );
}

export function canPipeline(source: ByteSource, totalBytes: number): boolean {
  return canPool(totalBytes) && blobOf(source) !== null;
}

const delay = (ms: number) =>
  new Promise<'tick'>((resolve) => setTimeout(() => resolve('tick'), ms));

const createCrcWorker = () =>
  new Worker(new URL('./crc-helper.worker.ts', import.meta.url), { type: 'module' });

/** What a pool is made with; the defaults are the browser's (tests pass their own). */
export interface CrcPoolOptions {
  createWorker?: () => Worker;
  /** Logical cores (navigator.hardwareConcurrency). */
  cores?: number;
  stallMs?: number;
}

/**
 * The checksum workers of one file. They can be started ahead of a Verify all (`start`):
 * a new worker takes 20–30 ms to load, and runs its first reads and hashing in the engine's
 * slower tiers with a young heap, so the first run on new workers was ~100 ms slower than
 * the next on the same ones (docs/PERFORMANCE.md). Workers started ahead therefore warm
 * up on made-up data while they wait. After a run that ends well the pool is replaced by
 * a new one, started and warmed for the next run: workers kept from run to run stalled
 * after a few runs, one of their streams never handing over its next bytes. A run that
 * fails, stalls or is stopped ends the pool (that is what stops its reads at once); the
 * next run starts a new one. Closing the file ends its decoder worker, and this pool.
 */
export class CrcPool {
  #workers: Worker[] = [];
  /** A waiting worker reported an error (its script did not load, say). */
  #isBroken = false;
  readonly #blob: Blob | null;
  readonly #name: string;
  readonly #createWorker: () => Worker;
  readonly #cores: number;
  readonly #stallMs: number;

  /**
   * A pool over `source` (its ranges: `run`), or with no source one for whole files of
   * their own (`runFiles`).
   */
  constructor(source: ByteSource | null, options: CrcPoolOptions = {}) {
    const blob = source ? blobOf(source) : null;
    if (source && !blob)
      throw new FormatError({
        code: ErrorCode.INTERNAL,
        offset: 0,
        detail: 'checksum pool needs a file',
      });
    this.#blob = blob;
    this.#name = source?.name ?? 'files';
    this.#createWorker = options.createWorker ?? createCrcWorker;
    this.#cores = options.cores ?? (globalThis.navigator?.hardwareConcurrency || 1);
    this.#stallMs = options.stallMs ?? STALL_MS;
  }

  /** Starts the workers, if they are not yet; they warm up (`warmUp`) and wait for tasks. */
  start(warmUp = true): void {
    if (this.#workers.length > 0) return;
    for (let k = 0; k < poolSize(this.#cores, Infinity); k++) {
      const worker = this.#createWorker();
      const start: CrcPoolRequest = {
        kind: 'start',
        blob: this.#blob,
        windowSize: POOL_WINDOW_SIZE,
        maxGap: DEFAULT_MAX_GAP,
        warmUp,
      };
      worker.postMessage(start);
      this.#setIdle(worker);
      this.#workers.push(worker);
    }
  }

  /** A waiting worker has nothing to answer; an error then condemns the pool. */
  #setIdle(worker: Worker): void {
    worker.onmessage = null;
    worker.onmessageerror = null;
    worker.onerror = (event) => {
      event.preventDefault();
      this.#isBroken = true;
    };
  }

  terminate(): void {
    for (const worker of this.#workers) worker.terminate();
    this.#workers = [];
    this.#isBroken = false;
  }

  /**
   * Reads and hashes `ranges` on the pool and calls `onRange(index, crc, isAllZero)` for
   * each, in no particular order. `options.checkpoint` runs every few ms while the pool
   * works (throw to stop: the workers are ended). A failed read or a worker that stops
   * rejects with a FormatError.
   */
  async run(
    ranges: readonly IndexedRange[],
    onRange: (index: number, crc: number, isAllZero: boolean) => void,
    options: CoalesceOptions,
  ): Promise<void> {
    // The workers start first (unless started ahead): they take tens of milliseconds to
    // load, which the sorting and cutting below then overlaps. Tasks wait: no warm-up.
    if (this.#isBroken) this.terminate();
    this.start(false);
    const workers = this.#workers;
    let endedWell = false;
    try {
      const sorted = sortedByOffset(ranges);
      const totalBytes = sorted.reduce((sum, range) => sum + range.length, 0);
      const tasks = splitTasks(sorted, taskBytesFor(totalBytes, workers.length, POOL_WINDOW_SIZE));
      const poolTasks = tasks.map((packed): PoolTask => ({
        request: (id) => ({ kind: 'task', id, ranges: packed }),
        transfer: [packed.buffer],
        offset: packed[1] ?? 0,
      }));
      if (tasks.length > 0) await this.#runTasks(workers, poolTasks, { onRange }, options);
      endedWell = true;
    } finally {
      // Ended or failed, these workers go; after a run that ended well, new ones wait for
      // the next (see the class comment).
      this.terminate();
      if (endedWell) this.start();
    }
  }

  /**
   * Reads and hashes whole files (each its own Blob) on the pool, the largest first:
   * `sink.checksum` for each, or `sink.failure` for one that could not be read (the rest go
   * on), and `sink.bytes` as they are read. A cancel (the checkpoint's throw), a stall or a
   * worker that stops ends the run and the pool; after a run the workers go (an install is
   * checked now and then, not again and again: no pool waits for the next).
   */
  async runFiles(
    files: readonly PoolFile[],
    sink: PoolFileSink,
    options: Pick<CoalesceOptions, 'checkpoint'>,
  ): Promise<void> {
    if (this.#isBroken) this.terminate();
    this.start(false);
    try {
      const tasks = splitFileTasks(files).map((task): PoolTask => ({
        request: (id) => ({
          kind: 'files',
          id,
          blobs: task.map((file) => file.blob),
          indexes: Float64Array.from(task, (file) => file.index),
        }),
        transfer: [],
        offset: 0,
      }));
      const handlers: ReplyHandlers = {
        onRange: (index, crc) => sink.checksum(index, crc),
        onRead: (bytes) => sink.bytes(bytes),
        onFileFailed: (index, detail) => sink.failure(index, detail),
      };
      if (tasks.length > 0) {
        await this.#runTasks(this.#workers, tasks, handlers, {
          windowSize: POOL_WINDOW_SIZE,
          ...options,
        });
      }
    } finally {
      this.terminate();
    }
  }

  async #runTasks(
    workers: readonly Worker[],
    tasks: readonly PoolTask[],
    handlers: ReplyHandlers,
    options: CoalesceOptions,
  ): Promise<void> {
    const { onRange } = handlers;
    let nextTask = 0;
    let tasksDone = 0;
    const pending = new Set<number>();
    let lastAnswerAt = performance.now();
    let finish!: () => void;
    let fail!: (error: FormatError) => void;
    const finished = new Promise<'done'>((resolve, reject) => {
      finish = () => resolve('done');
      fail = reject;
    });
    finished.catch(() => undefined);
    const sendTask = (worker: Worker) => {
      if (nextTask >= tasks.length) return;
      const task = tasks[nextTask]!;
      pending.add(nextTask);
      worker.postMessage(task.request(nextTask++), task.transfer);
    };
    for (const worker of workers) {
      worker.onmessage = (event: MessageEvent<CrcPoolReply>) => {
        const reply = event.data;
        lastAnswerAt = performance.now();
        if (reply.kind === 'results') {
          const { results } = reply;
          try {
            for (let at = 0; at < results.length; at += 3) {
              onRange(results[at]!, results[at + 1]!, results[at + 2] === 1);
            }
          } catch (error) {
            const detail = error instanceof Error ? error.message : String(error);
            fail(
              error instanceof FormatError
                ? error
                : new FormatError({ code: ErrorCode.INTERNAL, offset: 0, detail }),
            );
          }
        } else if (reply.kind === 'read') {
          handlers.onRead?.(reply.bytes);
        } else if (reply.kind === 'file-failed') {
          handlers.onFileFailed?.(reply.index, reply.detail);
        } else if (reply.kind === 'done') {
          pending.delete(reply.id);
          tasksDone++;
          if (tasksDone === tasks.length) finish();
          else sendTask(worker);
        } else {
          const detail = `${reply.detail} (${this.#name})`;
          fail(new FormatError({ code: reply.code, offset: reply.offset, detail }));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        fail(
          new FormatError({
            code: ErrorCode.INTERNAL,
            offset: 0,
            detail: `checksum worker stopped: ${event.message}`,
          }),
        );
      };
      worker.onmessageerror = () => {
        fail(
          new FormatError({
            code: ErrorCode.INTERNAL,
            offset: 0,
            detail: 'checksum worker sent an unreadable message',
          }),
        );
      };
      // Two tasks queued, so a worker never waits for the next one.
      sendTask(worker);
      sendTask(worker);
    }
    for (;;) {
      const state = await Promise.race([finished, delay(CHECK_EVERY_MS)]);
      await options.checkpoint?.();
      if (state === 'done') return;
      if (performance.now() - lastAnswerAt > this.#stallMs) {
        const oldest = Math.min(...pending);
        throw new FormatError({
          code: ErrorCode.INTERNAL,
          offset: tasks[oldest]?.offset ?? 0,
          detail: `reading for checksums stalled: no answer for ${this.#stallMs / 1000} s (${this.#name})`,
        });
      }
    }
  }
}
