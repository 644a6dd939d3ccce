/**
 * Fixed-size pages of some content's bytes, fetched on demand and kept in a small LRU, so the
 * hex view can show any size without holding it (content-pages.ts keeps one per content). The view says which pages it wants (the rows on
 * screen); the cache fetches at most a few at a time and drops queued pages that scrolled away,
 * so a fast fling across a big file does not queue hundreds of reads. No React, no DOM: tested
 * under Node with a fake loader.
 */
import type { ByteRange, ErrorInfo, Result } from '../worker/rpc/api.ts';
import { errorInfoOf, internalError } from './errors.ts';

export type PageLoader = (offset: number, length: number) => Promise<Result<ByteRange>>;

export interface PageCacheOptions {
  load: PageLoader;
  /** Bytes of the content; pages past it are never requested. */
  totalSize: number;
  /** Bytes per page. */
  pageSize?: number;
  /** Pages kept in memory; older ones are dropped (and fetched again if scrolled back to). */
  capacity?: number;
  /** Reads in flight at once. */
  maxInFlight?: number;
  /** Called after a page arrives or fails; the view re-renders. */
  onChange: () => void;
}

export const DEFAULT_PAGE_SIZE = 64 * 1024;
const DEFAULT_CAPACITY = 32;
const DEFAULT_MAX_IN_FLIGHT = 2;

export class ContentPageCache {
  readonly pageSize: number;
  readonly totalSize: number;
  private readonly load: PageLoader;
  private readonly capacity: number;
  private readonly maxInFlight: number;
  private readonly onChange: () => void;
  /** Map order is recency: the first key is the least recently used. */
  private readonly pages = new Map<number, Uint8Array>();
  private readonly inFlight = new Set<number>();
  /** Pages whose read failed; not retried, so a bad range does not loop. */
  private readonly failed = new Map<number, ErrorInfo>();
  private wanted: number[] = [];
  private isDisposed = false;
  /** First warning a read returned (e.g. "shown raw: not a zlib stream"). */
  warning: string | null = null;
  /** First error a read returned; its message names the byte offset. */
  error: ErrorInfo | null = null;

  constructor(options: PageCacheOptions) {
    this.load = options.load;
    this.totalSize = options.totalSize;
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.capacity = Math.max(1, options.capacity ?? DEFAULT_CAPACITY);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.onChange = options.onChange;
  }

  get pageCount(): number {
    return Math.ceil(this.totalSize / this.pageSize);
  }

  /** The byte at `offset` if its page is loaded; `undefined` while loading or past the end. */
  byteAt(offset: number): number | undefined {
    const page = this.pages.get(Math.floor(offset / this.pageSize));
    return page?.[offset % this.pageSize];
  }

  /** Whether the page holding `offset` failed to load. */
  hasFailedAt(offset: number): boolean {
    return this.failed.has(Math.floor(offset / this.pageSize));
  }

  /**
   * Declares the byte range on screen `[start, end)`: its pages are fetched (nearest first),
   * marked recently used, and queued pages outside it are forgotten.
   */
  want(start: number, end: number): void {
    if (this.isDisposed) return;
    const first = Math.max(0, Math.floor(start / this.pageSize));
    const last = Math.min(
      this.pageCount - 1,
      Math.floor((Math.max(start, end) - 1) / this.pageSize),
    );
    const wanted: number[] = [];
    for (let index = first; index <= last; index++) {
      const page = this.pages.get(index);
      if (page !== undefined) {
        this.pages.delete(index);
        this.pages.set(index, page);
      } else if (!this.inFlight.has(index) && !this.failed.has(index)) {
        wanted.push(index);
      }
    }
    this.wanted = wanted;
    this.pump();
  }

  /** Stops all work: results that arrive later are dropped (the selection changed). */
  dispose(): void {
    this.isDisposed = true;
    this.wanted = [];
    this.pages.clear();
  }

  private pump(): void {
    while (this.inFlight.size < this.maxInFlight && this.wanted.length > 0) {
      const index = this.wanted.shift();
      if (index === undefined || this.pages.has(index) || this.inFlight.has(index)) continue;
      this.fetchPage(index);
    }
  }

  private fetchPage(index: number): void {
    const offset = index * this.pageSize;
    const length = Math.min(this.pageSize, this.totalSize - offset);
    this.inFlight.add(index);
    this.load(offset, length).then(
      (result) => this.settle(index, result),
      (error: unknown) => this.settle(index, { ok: false, error: toInternalError(error, offset) }),
    );
  }

  private settle(index: number, result: Result<ByteRange>): void {
    this.inFlight.delete(index);
    if (this.isDisposed) return;
    if (result.ok) {
      this.pages.set(index, result.value.bytes);
      this.warning ??= result.value.warning;
      while (this.pages.size > this.capacity) {
        const oldest = this.pages.keys().next().value;
        if (oldest === undefined) break;
        this.pages.delete(oldest);
      }
    } else {
      this.failed.set(index, result.error);
      this.error ??= result.error;
    }
    this.pump();
    this.onChange();
  }
}

/** A rejected call (the worker died, comlink failed) as error data, so the view shows it like any other. */
function toInternalError(error: unknown, offset: number): ErrorInfo {
  const what = `reading bytes at 0x${offset.toString(16).toUpperCase()}`;
  return internalError(errorInfoOf(error, what).message, offset);
}
