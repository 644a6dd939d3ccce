import { ErrorCode, FormatError } from './format-error.ts';

/**
 * Random access to a file's bytes without holding the file in memory.
 * Decoders read the table first, then slices on demand.
 */
export interface ByteSource {
  readonly name: string;
  /** Total size in bytes. */
  readonly size: number;
  /** Reads `[offset, offset + length)`; throws FormatError OUT_OF_BOUNDS if that range leaves the source. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Throws OUT_OF_BOUNDS unless `[offset, offset + length)` lies inside the source. */
export function checkRange(source: ByteSource, offset: number, length: number): void {
  if (
    !Number.isSafeInteger(offset) ||
    !Number.isSafeInteger(length) ||
    offset < 0 ||
    length < 0 ||
    offset + length > source.size
  ) {
    throw new FormatError({
      code: ErrorCode.OUT_OF_BOUNDS,
      offset: Number.isSafeInteger(offset) && offset >= 0 ? offset : 0,
      detail: `read of ${length} bytes runs past the end of ${source.name} (${source.size} bytes)`,
    });
  }
}

/**
 * A File or Blob, read with `slice()` so only the requested range is loaded. Every read
 * returns a buffer of its own (callers may keep or transfer it).
 *
 * `headSize`: keep the first bytes once read. Opening a file reads a few small pieces of
 * its start one after the other (the format detection's 64 bytes, a header, the first
 * slice of a table), and each Blob read costs a slice and a round trip to the browser's
 * file reader (about a millisecond, more on a busy machine); with a head, the first read
 * inside it loads all of it and the others are copied from memory.
 */
export class BlobByteSource implements ByteSource {
  readonly name: string;
  readonly size: number;
  private head: Promise<Uint8Array> | null = null;
  private readonly headSize: number;
  constructor(
    /** The file itself, for readers that stream it (Verify all's checksum workers). */
    readonly blob: Blob,
    name?: string,
    options: { headSize?: number } = {},
  ) {
    this.name = name ?? (blob instanceof File ? blob.name : 'blob');
    this.size = blob.size;
    this.headSize = Math.min(options.headSize ?? 0, blob.size);
  }
  async read(offset: number, length: number): Promise<Uint8Array> {
    checkRange(this, offset, length);
    if (offset + length <= this.headSize) {
      if (!this.head) {
        this.head = this.readBlob(0, this.headSize);
        // A failed read is not kept: the next read of the head tries again.
        this.head.catch(() => (this.head = null));
      }
      return (await this.head).slice(offset, offset + length);
    }
    return this.readBlob(offset, length);
  }
  private async readBlob(offset: number, length: number): Promise<Uint8Array> {
    const buffer = await this.blob.slice(offset, offset + length).arrayBuffer();
    return new Uint8Array(buffer);
  }
}

/** Bytes already in memory (tests, writers, small downloads). Reads return views, not copies. */
export class MemoryByteSource implements ByteSource {
  readonly size: number;
  constructor(
    private readonly bytes: Uint8Array,
    readonly name = 'memory',
  ) {
    this.size = bytes.length;
  }
  read(offset: number, length: number): Promise<Uint8Array> {
    checkRange(this, offset, length);
    return Promise.resolve(this.bytes.subarray(offset, offset + length));
  }
}

/** Calls `onChunk` for consecutive chunks of a range, so large ranges never sit in memory whole. */
export async function forEachChunk(
  source: ByteSource,
  offset: number,
  length: number,
  chunkSize: number,
  onChunk: (chunk: Uint8Array, position: number) => void | Promise<void>,
): Promise<void> {
  let position = 0;
  while (position < length) {
    const take = Math.min(chunkSize, length - position);
    const chunk = await source.read(offset + position, take);
    await onChunk(chunk, position);
    position += take;
  }
}
