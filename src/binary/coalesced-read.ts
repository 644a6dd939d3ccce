/**
 * Reads many byte ranges of a source with few reads: ranges sorted by offset are grouped
 * into windows of up to `windowSize` bytes (gaps up to `maxGap` are read and skipped), so
 * 100,000 small entries cost a few hundred slice reads instead of 100,000. A range larger
 * than the window is delivered in chunks.
 */
import type { ByteSource } from './byte-source.ts';

export interface IndexedRange {
  index: number;
  offset: number;
  length: number;
}

export interface CoalesceOptions {
  windowSize?: number;
  maxGap?: number;
  /** Called between reads; throw to stop. */
  checkpoint?: () => void | Promise<void>;
  /**
   * Reads that may be in flight ahead of the one being handed out (default 1): the next
   * window loads while `onChunk` works on this one, so reading and hashing overlap. 0 reads
   * strictly one window at a time.
   */
  readAhead?: number;
}

/** One read and the range pieces it serves. */
export interface PlannedRead {
  offset: number;
  length: number;
  pieces: {
    range: IndexedRange;
    start: number;
    length: number;
    isFirst: boolean;
    isLast: boolean;
  }[];
}

/** Groups sorted ranges into reads: windows of nearby ranges, or chunks of one big range. */
export function planReads(
  sorted: readonly IndexedRange[],
  windowSize: number,
  maxGap: number,
): PlannedRead[] {
  const reads: PlannedRead[] = [];
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i]!;
    if (first.length > windowSize) {
      for (let done = 0; done < first.length; done += windowSize) {
        const take = Math.min(windowSize, first.length - done);
        reads.push({
          offset: first.offset + done,
          length: take,
          pieces: [
            {
              range: first,
              start: 0,
              length: take,
              isFirst: done === 0,
              isLast: done + take >= first.length,
            },
          ],
        });
      }
      i++;
      continue;
    }
    let end = first.offset + first.length;
    let j = i + 1;
    while (j < sorted.length) {
      const next = sorted[j]!;
      const nextEnd = Math.max(end, next.offset + next.length);
      if (next.offset - end > maxGap || nextEnd - first.offset > windowSize) break;
      end = nextEnd;
      j++;
    }
    const read: PlannedRead = { offset: first.offset, length: end - first.offset, pieces: [] };
    for (let k = i; k < j; k++) {
      const range = sorted[k]!;
      read.pieces.push({
        range,
        start: range.offset - first.offset,
        length: range.length,
        isFirst: true,
        isLast: true,
      });
    }
    reads.push(read);
    i = j;
  }
  return reads;
}

/**
 * Calls `onChunk(range, chunk, isFirst, isLast)` for every range in offset order, with the
 * range's bytes in one or more consecutive chunks.
 */
export async function readCoalesced(
  source: ByteSource,
  ranges: readonly IndexedRange[],
  onChunk: (range: IndexedRange, chunk: Uint8Array, isFirst: boolean, isLast: boolean) => void,
  options: CoalesceOptions = {},
): Promise<void> {
  const windowSize = options.windowSize ?? 8 * 1024 * 1024;
  const maxGap = options.maxGap ?? 64 * 1024;
  const readAhead = Math.max(0, options.readAhead ?? 1);
  const sorted = [...ranges].sort((a, b) => a.offset - b.offset || a.index - b.index);
  const reads = planReads(sorted, windowSize, maxGap);
  const inFlight: Promise<Uint8Array>[] = [];
  let next = 0;
  try {
    for (let r = 0; r < reads.length; r++) {
      await options.checkpoint?.();
      while (next < reads.length && next <= r + readAhead) {
        const read = reads[next]!;
        inFlight.push(source.read(read.offset, read.length));
        next++;
      }
      const window = await inFlight.shift()!;
      for (const piece of reads[r]!.pieces) {
        onChunk(
          piece.range,
          window.subarray(piece.start, piece.start + piece.length),
          piece.isFirst,
          piece.isLast,
        );
      }
    }
  } finally {
    // Reads started ahead and never awaited (a checkpoint or onChunk threw) must not reject unhandled.
    for (const pending of inFlight) pending.catch(() => undefined);
  }
}
