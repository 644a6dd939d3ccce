/**
 * Helper workers that inflate KIWAD entries in parallel with the decoder worker, for bulk
 * content reads (zips, extraction): inflating is CPU-bound, and one worker uses one core.
 * The decoder keeps serving one read itself; reads that arrive while it is busy go to the
 * least busy helper. The decoder still does all the reading (once, in windows) and
 * transfers each entry's stored bytes: helpers reading the file themselves would read
 * every window twice, and parallel Blob reads are slower than one. Helpers start on first
 * use; sized to the cores: `hardwareConcurrency - 1`, at most 4.
 */
import { ErrorCode, FormatError, type ErrorCode as ErrorCodeType } from '../../binary/format-error.ts';
import type { KiwadEntry } from '../../formats/kiwad/types.ts';
import type { EntryContent } from '../adapters/adapter.ts';

export interface HelperRequest {
  id: number;
  entry: KiwadEntry;
  /** The entry's stored bytes (transferred). */
  stored: Uint8Array;
  fileSize: number;
}

export type HelperReply =
  | { id: number; ok: true; bytes: Uint8Array; warning: string | null }
  | {
      id: number;
      ok: false;
      error: { code: string; offset: number; detail: string; format: string; path: string };
    };

interface Helper {
  worker: Worker;
  pending: Map<
    number,
    { resolve: (content: EntryContent) => void; reject: (error: Error) => void }
  >;
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
        if (reply.ok) waiter.resolve({ bytes: reply.bytes, warning: reply.warning });
        else
          waiter.reject(
            new FormatError({ ...reply.error, code: reply.error.code as ErrorCodeType }),
          );
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

  /** Content of an entry from its stored bytes (which are transferred), on the least busy helper. */
  read(entry: KiwadEntry, stored: Uint8Array, fileSize: number): Promise<EntryContent> {
    this.start();
    let helper = this.helpers[0]!;
    for (const candidate of this.helpers)
      if (candidate.pending.size < helper.pending.size) helper = candidate;
    const id = this.nextId++;
    return new Promise<EntryContent>((resolve, reject) => {
      helper.pending.set(id, { resolve, reject });
      const own =
        stored.byteOffset === 0 && stored.byteLength === stored.buffer.byteLength
          ? stored
          : stored.slice();
      helper.worker.postMessage({ id, entry, stored: own, fileSize } satisfies HelperRequest, [
        own.buffer,
      ]);
    });
  }

  terminate(): void {
    for (const helper of this.helpers) helper.worker.terminate();
    this.helpers.length = 0;
  }
}
