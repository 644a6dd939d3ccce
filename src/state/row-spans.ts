/**
 * Sets of rows as sorted spans of row indices. A multi-selection can hold every row of a file
 * with two million entries (Ctrl+A), so it is stored as a few `[first, last]` spans, never as
 * one object or id per row. Indices are file-local: -1 is the file's own row, 0.. its rows.
 *
 * Every function returns new arrays and keeps the invariant: spans sorted, disjoint and not
 * touching (`[1, 2], [3, 4]` is stored as `[1, 4]`).
 */

/** Inclusive range of row indices. */
export type RowSpan = readonly [first: number, last: number];

/** Sorts and merges spans that overlap or touch; drops empty ones (`first > last`). */
export function normalizeSpans(spans: readonly RowSpan[]): RowSpan[] {
  const sorted = spans.filter(([first, last]) => first <= last).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [first, last] of sorted) {
    const previous = out[out.length - 1];
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else out.push([first, last]);
  }
  return out;
}

/** Index of the span holding `index`, or -1 (binary search: spans can be many after Ctrl+clicks). */
function spanIndexOf(spans: readonly RowSpan[], index: number): number {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = spans[middle]!;
    if (index < span[0]) high = middle - 1;
    else if (index > span[1]) low = middle + 1;
    else return middle;
  }
  return -1;
}

export function spansContain(spans: readonly RowSpan[], index: number): boolean {
  return spanIndexOf(spans, index) >= 0;
}

/** Number of rows the spans hold. */
export function spanRowCount(spans: readonly RowSpan[]): number {
  let count = 0;
  for (const [first, last] of spans) count += last - first + 1;
  return count;
}

export function addSpan(spans: readonly RowSpan[], first: number, last: number): RowSpan[] {
  return normalizeSpans([...spans, [Math.min(first, last), Math.max(first, last)]]);
}

/** Removes rows `[first, last]` from the spans. */
export function removeSpan(spans: readonly RowSpan[], first: number, last: number): RowSpan[] {
  const out: RowSpan[] = [];
  for (const span of spans) {
    if (span[1] < first || span[0] > last) {
      out.push(span);
      continue;
    }
    if (span[0] < first) out.push([span[0], first - 1]);
    if (span[1] > last) out.push([last + 1, span[1]]);
  }
  return out;
}

/** Adds the row when it is not in the spans, removes it when it is (Ctrl+click). */
export function toggleRow(spans: readonly RowSpan[], index: number): RowSpan[] {
  return spansContain(spans, index)
    ? removeSpan(spans, index, index)
    : addSpan(spans, index, index);
}

/**
 * Follows a change of the rows below row `at`: expanding it inserts `delta` rows after it
 * (they are not selected); collapsing it (`delta` < 0) removes rows `at + 1 .. at - delta`.
 * Rows after those move by `delta`.
 */
export function shiftSpans(spans: readonly RowSpan[], at: number, delta: number): RowSpan[] {
  if (delta === 0) return [...spans];
  const kept = delta < 0 ? removeSpan(spans, at + 1, at - delta) : spans;
  const out: RowSpan[] = [];
  for (const [first, last] of kept) {
    if (last <= at) out.push([first, last]);
    else if (first > at) out.push([first + delta, last + delta]);
    else out.push([first, at], [at + 1 + Math.max(0, delta), last + delta]);
  }
  return normalizeSpans(out);
}

/** Index `index` after the same change as shiftSpans; removed rows map to `at`. */
export function shiftIndex(index: number, at: number, delta: number): number {
  if (index <= at) return index;
  if (delta < 0 && index <= at - delta) return at;
  return index + delta;
}
