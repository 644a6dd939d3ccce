/**
 * A remote file read through HTTP Range requests, so listing an archive of a gigabyte fetches
 * its table and a preview fetches one entry, never the whole file.
 *
 * Reads are served from fixed blocks (64 KiB): the blocks a read needs that are neither
 * cached nor on their way are fetched as runs of consecutive blocks, one request per run (up
 * to a request size), so a table read in slices costs a few requests and a record cut by a
 * slice's end costs nothing more. Fetched blocks stay in an LRU with a byte cap, so a second
 * look at the same entry fetches nothing. At most `maxParallel` requests run at once; the
 * rest wait their turn. Reads too large for the cache (a big entry's content) go straight
 * through, in parallel parts, and are not kept.
 *
 * `fetch` is injected: the worker passes its own, tests pass a fake that counts requests.
 */
import { checkRange, type ByteSource } from './byte-source.ts';
import { ErrorCode, FormatError } from './format-error.ts';

/** What the source needs of `fetch`: a GET with headers that can be aborted. */
export type RangeFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

export interface HttpSourceOptions {
  fetch: RangeFetch;
  /** The file's first bytes, already fetched (the probe that found its size): kept as cached blocks. */
  head?: Uint8Array;
  /** Cache granularity in bytes; default 64 KiB. */
  blockSize?: number;
  /** Bytes of blocks kept at most; default 64 MiB. */
  cacheBytes?: number;
  /** Requests in flight at most; default 4 (browsers allow 6 per host over HTTP/1.1). */
  maxParallel?: number;
  /** Bytes one request asks for at most; default 8 MiB, so a big read runs as parallel parts. */
  maxRequestBytes?: number;
}

export const HTTP_BLOCK_SIZE = 64 * 1024;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_PARALLEL = 4;
const DEFAULT_MAX_REQUEST_BYTES = 8 * 1024 * 1024;
/** Statuses worth one more try: the server or a proxy was briefly unavailable. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/** `Content-Range: bytes 0-99/1234` → its numbers; total null for `*`; null when unreadable. */
export function parseContentRange(
  header: string | null,
): { start: number; end: number; total: number | null } | null {
  const match = /^\s*bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  const total = match[3] === '*' ? null : Number(match[3]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return null;
  if (total !== null && (!Number.isSafeInteger(total) || end >= total)) return null;
  return { start, end, total };
}

/** `HTTP 404 Not Found`, with what the status usually means. */
export function describeHttpStatus(status: number, statusText = ''): string {
  const line = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 404 || status === 410) return `${line}: there is no file at this address`;
  if (status === 401 || status === 403) return `${line}: the server refuses to hand the file out`;
  if (status === 416) return `${line}: the server refused the byte range asked for`;
  if (status >= 500) return `${line}: the server failed to answer`;
  return line;
}

/** A counting semaphore: `run` waits for one of `limit` slots. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** A run of consecutive blocks fetched by one request. */
interface FetchedRun {
  firstBlock: number;
  bytes: Uint8Array;
}

export class HttpByteSource implements ByteSource {
  /** Body bytes received, over every request. */
  bytesFetched = 0;
  requestCount = 0;
  private readonly blocks = new Map<number, Uint8Array>();
  private cachedBytes = 0;
  /** Blocks being fetched, to the run that brings them. */
  private readonly pending = new Map<number, Promise<FetchedRun>>();
  private readonly limiter: Limiter;
  private readonly fetchRange: RangeFetch;
  private readonly blockSize: number;
  private readonly cacheBytes: number;
  private readonly maxRequestBytes: number;

  constructor(
    readonly url: string,
    readonly size: number,
    readonly name: string,
    options: HttpSourceOptions,
  ) {
    this.fetchRange = options.fetch;
    this.blockSize = options.blockSize ?? HTTP_BLOCK_SIZE;
    this.cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
    this.maxRequestBytes = Math.max(
      this.blockSize,
      options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES,
    );
    this.limiter = new Limiter(Math.max(1, options.maxParallel ?? DEFAULT_MAX_PARALLEL));
    if (options.head) this.keepHead(options.head);
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    checkRange(this, offset, length);
    if (length === 0) return new Uint8Array(0);
    if (length * 4 > this.cacheBytes) return this.readDirect(offset, length);
    const first = Math.floor(offset / this.blockSize);
    const last = Math.floor((offset + length - 1) / this.blockSize);
    // Every block the read needs, as bytes now or as the run that brings them.
    const found = new Map<number, Uint8Array | Promise<FetchedRun>>();
    let runStart = -1;
    const maxRunBlocks = Math.floor(this.maxRequestBytes / this.blockSize);
    const startRun = (end: number) => {
      const run = this.fetchRun(runStart, end);
      for (let block = runStart; block < end; block++) found.set(block, run);
      runStart = -1;
    };
    for (let block = first; block <= last; block++) {
      const cached = this.blocks.get(block);
      const waiting = cached ? undefined : this.pending.get(block);
      if (cached || waiting) {
        if (runStart >= 0) startRun(block);
        if (cached) {
          // Most recently used goes last: Map keeps insertion order, eviction takes the first.
          this.blocks.delete(block);
          this.blocks.set(block, cached);
          found.set(block, cached);
        } else {
          found.set(block, waiting!);
        }
        continue;
      }
      if (runStart < 0) runStart = block;
      if (block - runStart + 1 === maxRunBlocks) startRun(block + 1);
    }
    if (runStart >= 0) startRun(last + 1);

    const out = new Uint8Array(length);
    for (let block = first; block <= last; block++) {
      const entry = found.get(block)!;
      let bytes: Uint8Array;
      if (entry instanceof Uint8Array) {
        bytes = entry;
      } else {
        const run = await entry;
        const at = (block - run.firstBlock) * this.blockSize;
        bytes = run.bytes.subarray(at, Math.min(at + this.blockSize, run.bytes.length));
      }
      const blockStart = block * this.blockSize;
      const from = Math.max(offset, blockStart);
      const to = Math.min(offset + length, blockStart + bytes.length);
      out.set(bytes.subarray(from - blockStart, to - blockStart), from - offset);
    }
    return out;
  }

  /** Drops every cached block (a test, or memory wanted back). */
  clearCache(): void {
    this.blocks.clear();
    this.cachedBytes = 0;
  }

  private keepHead(head: Uint8Array): void {
    const whole = Math.floor(Math.min(head.length, this.size) / this.blockSize);
    for (let block = 0; block < whole; block++) {
      this.keep(block, head.slice(block * this.blockSize, (block + 1) * this.blockSize));
    }
    // A file smaller than one block: its head is all of it.
    if (whole === 0 && head.length >= this.size && this.size > 0) {
      this.keep(0, head.slice(0, this.size));
    }
  }

  private keep(block: number, bytes: Uint8Array): void {
    this.blocks.set(block, bytes);
    this.cachedBytes += bytes.length;
    for (const [oldest, old] of this.blocks) {
      if (this.cachedBytes <= this.cacheBytes) break;
      this.blocks.delete(oldest);
      this.cachedBytes -= old.length;
    }
  }

  /** Fetches blocks `[firstBlock, endBlock)` as one request and keeps them. */
  private fetchRun(firstBlock: number, endBlock: number): Promise<FetchedRun> {
    const start = firstBlock * this.blockSize;
    const end = Math.min(endBlock * this.blockSize, this.size);
    const run = this.limiter.run(async (): Promise<FetchedRun> => {
      const bytes = await this.fetchBytes(start, end);
      for (let block = firstBlock; block < endBlock; block++) {
        const at = (block - firstBlock) * this.blockSize;
        // A view would pin the whole run while one block of it stays cached.
        this.keep(block, bytes.slice(at, Math.min(at + this.blockSize, bytes.length)));
      }
      return { firstBlock, bytes };
    });
    for (let block = firstBlock; block < endBlock; block++) this.pending.set(block, run);
    const settled = () => {
      for (let block = firstBlock; block < endBlock; block++) {
        if (this.pending.get(block) === run) this.pending.delete(block);
      }
    };
    run.then(settled, settled);
    return run;
  }

  /** A read too large to cache: parts of at most `maxRequestBytes`, fetched in parallel. */
  private async readDirect(offset: number, length: number): Promise<Uint8Array> {
    const out = new Uint8Array(length);
    const parts: Promise<void>[] = [];
    for (let done = 0; done < length; done += this.maxRequestBytes) {
      const start = offset + done;
      const end = Math.min(start + this.maxRequestBytes, offset + length);
      parts.push(
        this.limiter
          .run(() => this.fetchBytes(start, end))
          .then((bytes) => out.set(bytes, start - offset)),
      );
    }
    // All parts settle before an error is reported, so none is left unhandled.
    const results = await Promise.allSettled(parts);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return out;
  }

  /** Bytes `[start, end)` by one Range request (one more try on a network blip or a 502-504). */
  private async fetchBytes(start: number, end: number): Promise<Uint8Array> {
    try {
      return await this.requestOnce(start, end);
    } catch (error) {
      if (!(error instanceof RetryableError)) throw error;
      return this.requestOnce(start, end).catch((again: unknown) => {
        throw again instanceof RetryableError ? again.failure : again;
      });
    }
  }

  private async requestOnce(start: number, end: number): Promise<Uint8Array> {
    const controller = new AbortController();
    const fail = (detail: string) =>
      new FormatError({
        code: ErrorCode.READ_FAILED,
        offset: start,
        detail: `${this.name}: bytes ${start}-${end - 1} of ${this.url}: ${detail}`,
      });
    let response: Response;
    this.requestCount++;
    try {
      response = await this.fetchRange(this.url, {
        headers: { Range: `bytes=${start}-${end - 1}` },
        signal: controller.signal,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RetryableError(
        fail(
          `the request failed (${reason}): the server is unreachable or no longer allows this page (CORS)`,
        ),
      );
    }
    if (response.status !== 206) {
      // Whatever the body is (a whole gigabyte, for a server that ignores Range), it is not read.
      controller.abort();
      if (response.ok) {
        throw fail(
          `the server ignored the Range request (HTTP ${response.status}); it answered byte ranges before`,
        );
      }
      const failure = fail(describeHttpStatus(response.status, response.statusText));
      throw TRANSIENT_STATUSES.has(response.status) ? new RetryableError(failure) : failure;
    }
    const range = parseContentRange(response.headers.get('Content-Range'));
    if (range && (range.start !== start || (range.total !== null && range.total !== this.size))) {
      controller.abort();
      throw fail(
        range.total !== null && range.total !== this.size
          ? `the file changed on the server (${range.total} bytes now, ${this.size} when opened)`
          : `the server answered bytes ${range.start}-${range.end} instead`,
      );
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RetryableError(fail(`the transfer broke off (${reason})`));
    }
    this.bytesFetched += bytes.length;
    if (bytes.length !== end - start) {
      throw fail(`the server sent ${bytes.length} bytes for ${end - start} asked for`);
    }
    return bytes;
  }
}

/** A failure worth one more try; `failure` is what is reported if the try fails too. */
class RetryableError extends Error {
  constructor(readonly failure: FormatError) {
    super(failure.message);
  }
}
