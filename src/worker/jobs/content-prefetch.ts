/**
 * Reading many entries in order, a few ahead of the consumer: while the zip builder stores
 * entry i, entries i+1... are already being read and inflated (on helper workers when the
 * adapter has them, see content-pool.ts). Bounded by count and bytes, so memory stays flat.
 */

export interface ReadAheadLimits {
  /** Reads in flight ahead of the consumer, at most. */
  count: number;
  /** Declared bytes in flight ahead of the consumer, at most (one read always may run). */
  bytes: number;
}

const DEFAULT_LIMITS: ReadAheadLimits = { count: 8, bytes: 32 * 1024 * 1024 };

/**
 * Returns `get(position)`, the content of `keys[position]`, for positions asked in order
 * (0, 1, 2, ...). Each call also starts the reads after it, within `limits`.
 */
export function readInOrder<T>(
  keys: readonly number[],
  read: (key: number) => Promise<T>,
  sizeOf: (key: number) => number,
  limits: ReadAheadLimits = DEFAULT_LIMITS,
): (position: number) => Promise<T> {
  const started = new Map<number, { promise: Promise<T>; size: number }>();
  let next = 0;
  let aheadBytes = 0;
  const start = (position: number) => {
    const key = keys[position]!;
    const promise = read(key);
    // Rejections are seen by whoever asks for the position; never unhandled meanwhile.
    promise.catch(() => undefined);
    const size = sizeOf(key);
    started.set(position, { promise, size });
    aheadBytes += size;
  };
  return (position) => {
    if (!started.has(position)) start(position);
    const current = started.get(position)!;
    started.delete(position);
    aheadBytes -= current.size;
    next = Math.max(next, position + 1);
    while (
      next < keys.length &&
      started.size < limits.count &&
      (started.size === 0 || aheadBytes + sizeOf(keys[next]!) <= limits.bytes)
    ) {
      if (!started.has(next)) start(next);
      next++;
    }
    return current.promise;
  };
}
