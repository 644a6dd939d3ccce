/**
 * One task of Verify all as a checksum worker (crc-helper.worker.ts) runs it: a run of
 * ranges sorted by offset, read from the file and hashed, with each range's KI-CRC and
 * all-zero flag reported per window.
 *
 * Reading is the expensive part in a browser (docs/PERFORMANCE.md, Verify): every
 * `slice().arrayBuffer()` returns a new buffer, so each 32 MiB window costs fresh memory as
 * well as the copy. Here the file is read as a stream with a BYOB reader into one window
 * that is used again and again; consecutive reads share one stream. Where the stream is not
 * a byte stream, each window is read with `slice().arrayBuffer()` instead.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { KiCrcKernel } from '../../binary/ki-crc-wasm.ts';
import { planReads, type IndexedRange, type PlannedRead } from '../../binary/coalesced-read.ts';

/** Planned reads that one stream serves, over the file's bytes `[start, end)`. */
export interface StreamRun {
  start: number;
  end: number;
  reads: PlannedRead[];
}

/**
 * Groups planned reads (in order) into runs for one stream each: a read joins the run when
 * it starts at or after the previous read's end and at most `maxGap` bytes later (the gap
 * is read and dropped). Overlapping ranges can make reads go back; they start a new run.
 */
export function planStreams(reads: readonly PlannedRead[], maxGap: number): StreamRun[] {
  const runs: StreamRun[] = [];
  let run: StreamRun | null = null;
  for (const read of reads) {
    const end = read.offset + read.length;
    if (run && read.offset >= run.end && read.offset - run.end <= maxGap) {
      run.reads.push(read);
      run.end = end;
    } else {
      run = { start: read.offset, end, reads: [read] };
      runs.push(run);
    }
  }
  return runs;
}

export interface ShareOptions {
  windowSize: number;
  maxGap: number;
  /** The KI-CRC and all-zero test (ki-crc-wasm.ts). */
  kernel: KiCrcKernel;
  /** Per window: index, KI-CRC, 1 when all zero, for each range that ended in it. */
  onResults: (results: Float64Array) => void;
  /** After each window is hashed: its bytes (progress within a large range). */
  onWindow?: (bytes: number) => void;
  /** Read with `slice().arrayBuffer()` even where BYOB streams work (tests). */
  noStreams?: boolean;
}

/** Reads `length` bytes of the stream into the start of `buffer`; answers the buffer (BYOB moves it). */
async function fill(
  reader: ReadableStreamBYOBReader,
  buffer: ArrayBuffer,
  length: number,
  offset: number,
): Promise<ArrayBuffer> {
  let filled = 0;
  while (filled < length) {
    const { done, value } = await reader.read(new Uint8Array(buffer, filled, length - filled));
    if (value) {
      buffer = value.buffer as ArrayBuffer;
      filled += value.length;
    }
    if (done && filled < length) {
      throw new FormatError({
        code: ErrorCode.UNEXPECTED_EOF,
        offset: offset + filled,
        detail: `the file ended ${length - filled} bytes early while reading for checksums`,
      });
    }
  }
  return buffer;
}

/** A BYOB reader over `[start, end)` of the blob, or null where its stream is not a byte stream. */
function byobReader(blob: Blob, start: number, end: number): ReadableStreamBYOBReader | null {
  const stream = blob.slice(start, end).stream();
  try {
    return stream.getReader({ mode: 'byob' });
  } catch {
    void stream.cancel().catch(() => undefined);
    return null;
  }
}

/**
 * Reads and hashes `ranges` (sorted by offset, from one task), calling `onResults` once
 * per window with the ranges that ended in it. Failures reject with a FormatError at the
 * offset being read (INTERNAL for the browser's own read errors).
 */
export async function hashShare(
  blob: Blob,
  ranges: readonly IndexedRange[],
  options: ShareOptions,
): Promise<void> {
  const { windowSize, kernel, onResults } = options;
  // The range being hashed; a range larger than a window continues into the next one.
  let crc = 0;
  let isZero = true;
  // (start, length) in, (KI-CRC, 0 when all zero) out, per piece of a window.
  let pairs = new Uint32Array(256);
  const hashWindow = (read: PlannedRead, window: Uint8Array) => {
    const { pieces } = read;
    const count = pieces.length;
    if (pairs.length < 2 * count) pairs = new Uint32Array(2 * count);
    for (let k = 0; k < count; k++) {
      pairs[2 * k] = pieces[k]!.start;
      pairs[2 * k + 1] = pieces[k]!.length;
    }
    // Only a window's first piece can go on from the window before (a range larger than a
    // window is read alone); every other piece is a whole range and starts from 0.
    kernel.kiCrcPieces(window, pairs, count, pieces[0]?.isFirst === false ? crc : 0);
    const ended = new Float64Array(3 * count);
    let endedCount = 0;
    for (let k = 0; k < count; k++) {
      const piece = pieces[k]!;
      if (piece.isFirst) isZero = true;
      crc = pairs[2 * k]!;
      // A continued piece started from the crc so far: while all was zero that was 0, and
      // the kernel's answer is exact (ki-crc-wasm.ts).
      isZero &&= pairs[2 * k + 1] === 0;
      if (piece.isLast) {
        ended[endedCount++] = piece.range.index;
        ended[endedCount++] = crc;
        ended[endedCount++] = isZero ? 1 : 0;
      }
    }
    if (endedCount > 0) onResults(endedCount === ended.length ? ended : ended.slice(0, endedCount));
    options.onWindow?.(read.length);
  };
  const reads = planReads(ranges, windowSize, options.maxGap);
  let buffer: ArrayBuffer | null = null;
  let useStreams = !options.noStreams;
  let at = reads[0]?.offset ?? 0;
  try {
    for (const run of planStreams(reads, options.maxGap)) {
      const reader = useStreams ? byobReader(blob, run.start, run.end) : null;
      if (!reader) {
        useStreams = false;
        for (const read of run.reads) {
          at = read.offset;
          const window = await blob.slice(read.offset, read.offset + read.length).arrayBuffer();
          if (window.byteLength < read.length) {
            throw new FormatError({
              code: ErrorCode.UNEXPECTED_EOF,
              offset: read.offset + window.byteLength,
              detail: `the file ended ${read.length - window.byteLength} bytes early while reading for checksums`,
            });
          }
          hashWindow(read, new Uint8Array(window));
        }
        continue;
      }
      buffer ??= new ArrayBuffer(windowSize);
      try {
        at = run.start;
        for (const read of run.reads) {
          while (at < read.offset) {
            const skip = Math.min(read.offset - at, buffer.byteLength);
            buffer = await fill(reader, buffer, skip, at);
            at += skip;
          }
          buffer = await fill(reader, buffer, read.length, at);
          hashWindow(read, new Uint8Array(buffer, 0, read.length));
          at += read.length;
        }
      } finally {
        // Nothing is left to read when the run went well; after a failure this frees the stream.
        void reader.cancel().catch(() => undefined);
      }
    }
  } catch (error) {
    if (error instanceof FormatError) throw error;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new FormatError({
      code: ErrorCode.INTERNAL,
      offset: at,
      detail: `reading for checksums failed: ${message}`,
    });
  }
}

/** What a failed read of a file was, in a line: a FormatError's message, or the browser's words. */
function readFailure(error: unknown): string {
  if (error instanceof FormatError) return error.message;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** Bytes read between two `onRead` calls at least (progress, not chatter). */
const READ_REPORT_BYTES = 8 * 1024 * 1024;

export interface FilesOptions extends Omit<ShareOptions, 'onWindow'> {
  /** Bytes read and hashed since the last call. */
  onRead: (bytes: number) => void;
  /** A file that could not be read: its index and why; the next file goes on. */
  onFailure: (index: number, detail: string) => void;
}

/**
 * Small files read at once, ahead of the one being hashed: each read of a file waits for the
 * browser to open it, so a few in flight keep the worker busy (three workers reading one
 * file each took a third longer for a folder of mostly small files).
 */
const FILES_AHEAD = 4;

/**
 * Whole files (install verification), each read and hashed from start to end: one that
 * fits a window in one read (a few read ahead), a larger one as a stream through the
 * window (hashShare). Results (index, KI-CRC, 0) and bytes read are sent in batches; a
 * failure sends what came before it first, so the caller sees every file in the order it
 * ended.
 */
export async function hashFiles(
  blobs: readonly Blob[],
  indexes: Float64Array,
  options: FilesOptions,
): Promise<void> {
  const { windowSize, kernel } = options;
  let results: number[] = [];
  let bytesRead = 0;
  const flush = () => {
    if (results.length > 0) options.onResults(Float64Array.from(results));
    if (bytesRead > 0) options.onRead(bytesRead);
    results = [];
    bytesRead = 0;
  };
  const onWindow = (bytes: number) => {
    bytesRead += bytes;
    if (bytesRead >= READ_REPORT_BYTES) flush();
  };
  const isSmall = (at: number) => blobs[at]!.size <= windowSize;
  const reads = new Map<number, Promise<ArrayBuffer>>();
  const readAhead = (at: number) => {
    if (at >= blobs.length || !isSmall(at) || reads.has(at)) return;
    const read = blobs[at]!.arrayBuffer();
    // Awaited in its turn; a failure is that file's, reported then.
    read.catch(() => undefined);
    reads.set(at, read);
  };
  for (let at = 0; at < FILES_AHEAD; at++) readAhead(at);
  for (const [at, file] of blobs.entries()) {
    readAhead(at + FILES_AHEAD);
    const index = indexes[at]!;
    try {
      let crc = 0;
      if (isSmall(at)) {
        readAhead(at);
        const bytes = await reads.get(at)!;
        reads.delete(at);
        crc = kernel.kiCrc(new Uint8Array(bytes));
        onWindow(file.size);
      } else {
        const range = { index, offset: 0, length: file.size };
        const onResults = (ended: Float64Array) => (crc = ended[1]!);
        await hashShare(file, [range], { ...options, onResults, onWindow });
      }
      results.push(index, crc >>> 0, 0);
    } catch (error) {
      reads.delete(at);
      flush();
      options.onFailure(index, readFailure(error));
    }
  }
  flush();
}
