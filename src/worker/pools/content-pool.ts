/**
 * Helper workers that inflate content in parallel with the decoder worker, for bulk
 * content reads (zips, extraction): inflating is CPU-bound, and one worker uses one core.
 * The decoder keeps serving one read itself; reads that arrive while it is busy go to the
 * least busy helper. The decoder still does all the reading (once, in windows) and
 * transfers each entry's stored bytes: helpers reading the file themselves would read
 * every window twice, and parallel Blob reads are slower than one. Helpers start on first
 * use; sized to the cores: `hardwareConcurrency - 1`, at most 4.
 */
import { ErrorCode, FormatError, type ErrorFields } from '../../binary/format-error.ts';
import type { InflateOptions } from '../../binary/inflate.ts';

export interface HelperRequest {
  id: number;
  /** The stored bytes (transferred). */
  stored: Uint8Array;
  inflate: InflateOptions;
}

export type HelperReply =
  | { id: number; ok: true; bytes: Uint8Array }
  | {
      id: number;
      ok: false;
      error: ErrorFields;
    };

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>;
}

/** Helpers worth starting here: none without Worker (Node, tests) or with a single core. */
export function helperCount(): number {
  if (typeof Worker === 'undefined' || typeof navigator === 'undefined') return 0;
  const cores = navigator.hardwareConcurrency || 1;
  return Math.max(0, Math.min(4, cores - 1));
}

export class ContentPool {
  private readonly helpers: Helper[] = [];
  private nextId = 1;
  private isBroken = false;

  constructor(private readonly size = helperCount()) {}

  /** True when reads can be handed to helpers. */
  get isAvailable(): boolean {
    return this.size > 0 && !this.isBroken;
  }

  /** Reads waiting on the least busy helper (0 before any started). */
  get leastPending(): number {
    if (this.helpers.length < this.size) return 0;
    return Math.min(...this.helpers.map((helper) => helper.pending.size));
  }

  private start(): void {
    for (let i = this.helpers.length; i < this.size; i++) {
      const worker = new Worker(new URL('./content-helper.worker.ts', import.meta.url), {
        type: 'module',
      });
      const helper: Helper = { worker, pending: new Map() };
      worker.onmessage = (event: MessageEvent<HelperReply>) => {
        const reply = event.data;
        const waiter = helper.pending.get(reply.id);
        if (!waiter) return;
        helper.pending.delete(reply.id);
        if (reply.ok) waiter.resolve(reply.bytes);
        else waiter.reject(new FormatError(reply.error));
      };
      worker.onerror = (event) => {
        // A helper that cannot run (load failure, crash): fail its reads, stop using the pool.
        event.preventDefault();
        this.isBroken = true;
        for (const waiter of helper.pending.values()) {
          waiter.reject(
            new FormatError({
              code: ErrorCode.INTERNAL,
              offset: 0,
              detail: `content helper stopped: ${event.message}`,
            }),
          );
        }
        helper.pending.clear();
      };
      this.helpers.push(helper);
    }
  }

  /** Inflates stored bytes (which are transferred) on the least busy helper. */
  inflate(stored: Uint8Array, inflate: InflateOptions): Promise<Uint8Array> {
    this.start();
    let helper = this.helpers[0]!;
    for (const candidate of this.helpers)
      if (candidate.pending.size < helper.pending.size) helper = candidate;
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      helper.pending.set(id, { resolve, reject });
      const own =
        stored.byteOffset === 0 && stored.byteLength === stored.buffer.byteLength
          ? stored
          : stored.slice();
      helper.worker.postMessage({ id, stored: own, inflate } satisfies HelperRequest, [own.buffer]);
    });
  }

  terminate(): void {
    for (const helper of this.helpers) helper.worker.terminate();
    this.helpers.length = 0;
  }
}
