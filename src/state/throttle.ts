/**
 * Coalesces a stream of reports (a file's open progress) into at most one applied report per
 * interval. Every applied report re-renders the tree and refetches its visible rows, so
 * applying each of the worker's reports (one every ~40 ms while a big table streams in) kept
 * the main thread busy for most of an open; the user sees no difference at a few per second.
 */
export interface Throttle<T> {
  /**
   * Applies `value` now when the interval since the last applied one has passed (or it is
   * `isUrgent`), else keeps it (replacing any kept one) and applies it when the interval ends.
   */
  push(value: T, isUrgent?: boolean): void;
  /** Drops the kept value and stops the timer: the caller applies the final state itself. */
  cancel(): void;
}

export function createThrottle<T>(
  apply: (value: T) => void,
  intervalMs: number,
  now: () => number,
): Throttle<T> {
  let lastAppliedAt = Number.NEGATIVE_INFINITY;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function applyNow(value: T): void {
    lastAppliedAt = now();
    apply(value);
  }

  function onTimer(): void {
    timer = null;
    const kept = pending;
    pending = null;
    if (kept) applyNow(kept.value);
  }

  return {
    push(value, isUrgent = false) {
      const wait = lastAppliedAt + intervalMs - now();
      if (isUrgent || wait <= 0) {
        pending = null;
        if (timer !== null) clearTimeout(timer);
        timer = null;
        applyNow(value);
        return;
      }
      pending = { value };
      timer ??= setTimeout(onTimer, wait);
    },
    cancel() {
      pending = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
