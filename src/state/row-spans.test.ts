import { describe, expect, it } from 'vitest';
import {
  addSpan,
  normalizeSpans,
  removeSpan,
  shiftIndex,
  shiftSpans,
  spanRowCount,
  spansContain,
  toggleRow,
  type RowSpan,
} from './row-spans.ts';

/** Expands spans to the row indices they hold, for readable expectations. */
function rows(spans: readonly RowSpan[]): number[] {
  return spans.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, at) => first + at),
  );
}

describe('row spans', () => {
  it('sorts, merges touching spans and drops empty ones', () => {
    expect(
      normalizeSpans([
        [5, 6],
        [1, 2],
        [3, 3],
        [9, 8],
        [6, 7],
      ]),
    ).toEqual([
      [1, 3],
      [5, 7],
    ]);
    expect(
      normalizeSpans([
        [1, 3],
        [4, 4],
        [5, 7],
      ]),
    ).toEqual([[1, 7]]);
    expect(
      normalizeSpans([
        [4, 4],
        [-1, 0],
        [2, 2],
      ]),
    ).toEqual([
      [-1, 0],
      [2, 2],
      [4, 4],
    ]);
  });

  it('toggles rows in and out', () => {
    let spans: RowSpan[] = [];
    spans = toggleRow(spans, 3);
    spans = toggleRow(spans, 5);
    spans = toggleRow(spans, 4);
    expect(spans).toEqual([[3, 5]]);
    spans = toggleRow(spans, 4);
    expect(spans).toEqual([
      [3, 3],
      [5, 5],
    ]);
    expect(spansContain(spans, 4)).toBe(false);
    expect(spansContain(spans, 5)).toBe(true);
  });

  it('adds ranges in either direction and removes from the middle', () => {
    expect(addSpan([[0, 0]], 10, 4)).toEqual([
      [0, 0],
      [4, 10],
    ]);
    expect(removeSpan([[0, 10]], 3, 5)).toEqual([
      [0, 2],
      [6, 10],
    ]);
    expect(spanRowCount([[-1, 1_999_999]])).toBe(2_000_001);
  });

  it('follows an expand: rows after the folder move down, its new rows are not selected', () => {
    // Folder at 2 gets 3 rows; 1..4 were selected.
    const spans = shiftSpans([[1, 4]], 2, 3);
    expect(rows(spans)).toEqual([1, 2, 6, 7]);
    expect(shiftIndex(4, 2, 3)).toBe(7);
    expect(shiftIndex(2, 2, 3)).toBe(2);
  });

  it('follows a collapse: hidden rows leave, rows after them move up', () => {
    // Folder at 2 loses rows 3..5.
    const spans = shiftSpans(
      [
        [1, 3],
        [5, 8],
      ],
      2,
      -3,
    );
    expect(rows(spans)).toEqual([1, 2, 3, 4, 5]); // 6, 7, 8 moved to 3, 4, 5
    expect(shiftIndex(4, 2, -3)).toBe(2);
    expect(shiftIndex(8, 2, -3)).toBe(5);
  });

  it('keeps every invariant under random edits', () => {
    let seed = 7;
    const next = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % limit;
    };
    const model = new Set<number>();
    let spans: RowSpan[] = [];
    for (let step = 0; step < 500; step++) {
      const index = next(40) - 1;
      if (next(2) === 0) {
        spans = toggleRow(spans, index);
        if (model.has(index)) model.delete(index);
        else model.add(index);
      } else {
        const last = index + next(5);
        spans = addSpan(spans, index, last);
        for (let at = index; at <= last; at++) model.add(at);
      }
      expect(rows(spans)).toEqual([...model].sort((a, b) => a - b));
      spans.forEach((span, at) => {
        const following = spans[at + 1];
        if (following) expect(following[0]).toBeGreaterThan(span[1] + 1);
      });
    }
  });
});
