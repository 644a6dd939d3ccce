/**
 * Helper workers that inflate content in parallel with the decoder worker, for bulk
 * content reads (zips, extraction): inflating is CPU-bound, and one worker uses one core.
 * The decoder keeps serving one read itself; reads that arrive while it is busy go to the
 * least busy helper. The decoder still does all the reading (once, in windows) and
 * transfers each entry's stored bytes: helpers reading the file themselves would read
 * every window twice, and parallel Blob reads are slower than one. Helpers start on first
 * use; sized to the cores: `hardwareConcurrency - 1`, at most 4.
 */
import type { InflateOptions } from '../../binary/inflate.ts';
import { openHelperChannel, type HelperChannel, type HelperReply } from './helper-channel.ts';

export interface HelperRequest {
  id: number;
  /** The stored bytes (transferred). */
  stored: Uint8Array;
  inflate: InflateOptions;
}

/** A content helper's answer: the inflated bytes (transferred). */
export type ContentReply = HelperReply<Uint8Array>;

type Helper = HelperChannel<Uint8Array>;

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
      const helper: Helper = openHelperChannel(worker, 'content helper', () => {
        this.isBroken = true;
      });
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
