/**
 * The order to read many entries in: by where their stored bytes lie (each source in turn,
 * by offset), so reads go through a file front to back and adjacent blobs share a window
 * read. Entries whose bytes the session cannot place (a missing volume, content made, not
 * stored) come last, in node order. Generic: it asks only the content capability.
 */
import type { ByteSource } from '../binary/byte-source.ts';
import type { ContentCapability } from '../formats/model.ts';

function placeOf(
  content: ContentCapability,
  index: number,
): { source: ByteSource; offset: number } | null {
  try {
    const stored = content.storedBytes?.(index) ?? content.storedSpan(index);
    return stored ? { source: stored.source, offset: stored.span.offset } : null;
  } catch {
    // Placing is a hint: the entry's own read reports what is wrong with it.
    return null;
  }
}

/** Node indexes 0 … count − 1 in reading order. */
export function readingOrder(content: ContentCapability, count: number): Int32Array {
  const sourceRank = new Map<ByteSource, number>();
  const rank = new Float64Array(count);
  const offset = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    const place = placeOf(content, index);
    if (place === null) {
      rank[index] = Number.MAX_SAFE_INTEGER;
      offset[index] = index;
      continue;
    }
    let sourceAt = sourceRank.get(place.source);
    if (sourceAt === undefined) {
      sourceAt = sourceRank.size;
      sourceRank.set(place.source, sourceAt);
    }
    rank[index] = sourceAt;
    offset[index] = place.offset;
  }
  const order = Int32Array.from({ length: count }, (_, index) => index);
  order.sort((a, b) => rank[a]! - rank[b]! || offset[a]! - offset[b]! || a - b);
  return order;
}
