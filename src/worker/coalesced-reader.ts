/**
 * Reads many byte ranges of a source with few reads: ranges sorted by offset are grouped
 * into windows of up to `windowSize` bytes (gaps up to `maxGap` are read and skipped), so
 * 100,000 small entries cost a few hundred slice reads instead of 100,000. A range larger
 * than the window is delivered in chunks.
 */
import type { ByteSource } from '../binary/byte-source.ts';

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
  const sorted = [...ranges].sort((a, b) => a.offset - b.offset || a.index - b.index);
  let i = 0;
  while (i < sorted.length) {
    await options.checkpoint?.();
    const first = sorted[i]!;
    if (first.length > windowSize) {
      let done = 0;
      do {
        const take = Math.min(windowSize, first.length - done);
        const chunk = await source.read(first.offset + done, take);
        onChunk(first, chunk, done === 0, done + take >= first.length);
        done += take;
        if (done < first.length) await options.checkpoint?.();
      } while (done < first.length);
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
    const window = await source.read(first.offset, end - first.offset);
    for (let k = i; k < j; k++) {
      const range = sorted[k]!;
      const start = range.offset - first.offset;
      onChunk(range, window.subarray(start, start + range.length), true, true);
    }
    i = j;
  }
}
