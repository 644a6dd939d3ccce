/**
 * Helper workers that make gallery thumbnails in parallel with the decoder worker: an
 * entry's content (a texture inside an archive) is opened as a file of its own, its nearest
 * mip level decoded and scaled down, on another core (thumbnail-helper.worker.ts). The
 * decoder still reads and inflates each entry (once, through its read-ahead) and transfers
 * a copy of the content; the thumbnail's pixels come back transferred. Helpers start on `start()`
 * (when a gallery lists its images, so their start-up overlaps the listing) or first use;
 * sized to the cores like the content helpers: `hardwareConcurrency - 1`, at most 4.
 */
import type { Thumbnail } from '../rpc/api.ts';
import { helperCount } from './content-pool.ts';
import { openHelperChannel, type HelperChannel, type HelperReply } from './helper-channel.ts';

export interface ThumbnailRequest {
  id: number;
  /** The content (transferred). */
  bytes: Uint8Array;
  /** Its name, which the registry reads with its bytes to know the format. */
  name: string;
  /** The square the thumbnail fits, in device pixels. */
  box: number;
}

/** A thumbnail helper's answer: the thumbnail, its pixels transferred. */
export type ThumbnailReply = HelperReply<Thumbnail>;

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

type Helper = HelperChannel<Thumbnail>;

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
      const helper: Helper = openHelperChannel(worker, 'thumbnail helper', () => {
        this.isBroken = true;
      });
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
