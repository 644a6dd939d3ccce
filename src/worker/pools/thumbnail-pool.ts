/**
 * Helper workers that make gallery thumbnails in parallel with the decoder worker: an
 * entry's content (a texture inside an archive) is opened as a file of its own, its nearest
 * mip level decoded and scaled down, on another core (thumbnail-helper.worker.ts). The
 * decoder still reads and inflates each entry (once, through its read-ahead) and transfers
 * a copy of the content; the thumbnail's pixels come back transferred. Helpers start on `start()`
 * (when a gallery lists its images, so their start-up overlaps the listing) or first use;
 * sized to the cores like the content helpers: `hardwareConcurrency - 1`, at most 4.
 */
import { ErrorCode, FormatError, type ErrorFields } from '../../binary/format-error.ts';
import type { Thumbnail } from '../rpc/api.ts';
import { helperCount } from './content-pool.ts';

export interface ThumbnailRequest {
  id: number;
  /** The content (transferred). */
  bytes: Uint8Array;
  /** Its name, which the registry reads with its bytes to know the format. */
  name: string;
  /** The square the thumbnail fits, in device pixels. */
  box: number;
}

export type ThumbnailReply =
  { id: number; ok: true; thumbnail: Thumbnail } | { id: number; ok: false; error: ErrorFields };

/** What the gallery needs of helpers (a test gives its own). */
export interface ThumbnailHelpers {
  /** False when nothing can be handed over (no Worker here, one core, a helper that broke). */
  readonly isAvailable: boolean;
  /** Thumbnails worth having in flight at once: two a helper, so none waits for the next read. */
  readonly capacity: number;
  /** Starts the helpers ahead of their first thumbnail. */
  start(): void;
  /**
   * The thumbnail of some content named `name`, fitted into a `box` square. The bytes are
   * transferred: their buffer is unusable after the call (give a copy of bytes kept elsewhere).
   */
  make(bytes: Uint8Array, name: string, box: number): Promise<Thumbnail>;
}

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve: (thumbnail: Thumbnail) => void; reject: (error: Error) => void }>;
}

export class ThumbnailPool implements ThumbnailHelpers {
  private readonly helpers: Helper[] = [];
  private nextId = 1;
  private isBroken = false;

  constructor(private readonly size = helperCount()) {}

  get isAvailable(): boolean {
    return this.size > 0 && !this.isBroken;
  }

  get capacity(): number {
    return this.isAvailable ? 2 * this.size : 0;
  }

  start(): void {
    for (let i = this.helpers.length; i < this.size; i++) {
      const worker = new Worker(new URL('./thumbnail-helper.worker.ts', import.meta.url), {
        type: 'module',
        name: 'delve-thumbnails',
      });
      const helper: Helper = { worker, pending: new Map() };
      worker.onmessage = (event: MessageEvent<ThumbnailReply>) => {
        const reply = event.data;
        const waiter = helper.pending.get(reply.id);
        if (!waiter) return;
        helper.pending.delete(reply.id);
        if (reply.ok) waiter.resolve(reply.thumbnail);
        else waiter.reject(new FormatError(reply.error));
      };
      worker.onerror = (event) => {
        // A helper that cannot run (load failure, crash): fail its thumbnails, stop using the pool.
        event.preventDefault();
        this.isBroken = true;
        for (const waiter of helper.pending.values()) {
          waiter.reject(
            new FormatError({
              code: ErrorCode.INTERNAL,
              offset: 0,
              detail: `thumbnail helper stopped: ${event.message}`,
            }),
          );
        }
        helper.pending.clear();
      };
      this.helpers.push(helper);
    }
  }

  make(bytes: Uint8Array, name: string, box: number): Promise<Thumbnail> {
    this.start();
    let helper = this.helpers[0]!;
    for (const candidate of this.helpers)
      if (candidate.pending.size < helper.pending.size) helper = candidate;
    const id = this.nextId++;
    return new Promise<Thumbnail>((resolve, reject) => {
      helper.pending.set(id, { resolve, reject });
      const own =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? bytes
          : bytes.slice();
      helper.worker.postMessage({ id, bytes: own, name, box } satisfies ThumbnailRequest, [
        own.buffer,
      ]);
    });
  }

  terminate(): void {
    for (const helper of this.helpers) helper.worker.terminate();
    this.helpers.length = 0;
  }
}
