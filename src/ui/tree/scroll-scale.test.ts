import { describe, expect, it } from 'vitest';
import {
  clampWindowStart,
  isNearWindowEdge,
  isScaled,
  maxVirtualTop,
  SCROLLBAR_MAX_HEIGHT,
  scrollbarContentHeight,
  scrollbarTopFor,
  virtualTopForRow,
  virtualTopForScrollbar,
  WINDOW_MARGIN_ROWS,
  WINDOW_ROWS,
  windowRowCount,
  windowStartAround,
} from './scroll-scale.ts';

const TWO_MILLION = { totalRows: 2_000_000, rowHeight: 26, viewportHeight: 650 };

describe('the window of rows', () => {
  it('is the whole list up to WINDOW_ROWS, and stays under every browser cap', () => {
    expect(isScaled(WINDOW_ROWS)).toBe(false);
    expect(isScaled(WINDOW_ROWS + 1)).toBe(true);
    expect(windowRowCount(1234)).toBe(1234);
    expect(windowRowCount(2_000_000)).toBe(WINDOW_ROWS);
    expect(WINDOW_ROWS * 26).toBeLessThan(17_000_000);
  });

  it('centres on a row and stays inside the rows', () => {
    expect(windowStartAround(1_000_000, 2_000_000)).toBe(1_000_000 - WINDOW_ROWS / 2);
    expect(windowStartAround(5, 2_000_000)).toBe(0);
    expect(windowStartAround(1_999_999, 2_000_000)).toBe(2_000_000 - WINDOW_ROWS);
    expect(clampWindowStart(500_000, 1_000)).toBe(0);
  });

  it('moves only near an inner edge', () => {
    const start = 500_000;
    const middle = start + WINDOW_ROWS / 2;
    expect(isNearWindowEdge(start, 2_000_000, middle, middle + 25)).toBe(false);
    expect(isNearWindowEdge(start, 2_000_000, start + 10, start + 35)).toBe(true);
    const nearEnd = start + WINDOW_ROWS - WINDOW_MARGIN_ROWS + 1;
    expect(isNearWindowEdge(start, 2_000_000, nearEnd - 25, nearEnd)).toBe(true);
    // The real ends of the list are not inner edges.
    expect(isNearWindowEdge(0, 2_000_000, 0, 25)).toBe(false);
    expect(isNearWindowEdge(2_000_000 - WINDOW_ROWS, 2_000_000, 1_999_970, 1_999_999)).toBe(false);
  });
});

describe('the scaled scrollbar', () => {
  it('maps both ends onto both ends', () => {
    const maxVirtual = maxVirtualTop(TWO_MILLION);
    expect(maxVirtual).toBe(2_000_000 * 26 - 650);
    expect(scrollbarContentHeight(TWO_MILLION)).toBe(SCROLLBAR_MAX_HEIGHT);
    expect(scrollbarTopFor(0, TWO_MILLION)).toBe(0);
    expect(scrollbarTopFor(maxVirtual, TWO_MILLION)).toBe(SCROLLBAR_MAX_HEIGHT - 650);
    expect(virtualTopForScrollbar(SCROLLBAR_MAX_HEIGHT - 650, TWO_MILLION)).toBe(maxVirtual);
    expect(virtualTopForScrollbar(SCROLLBAR_MAX_HEIGHT * 2, TWO_MILLION)).toBe(maxVirtual);
  });

  it('round-trips positions within a fraction of a row per scrollbar pixel', () => {
    for (const virtual of [1, 26_000, 13_000_000, 51_999_000]) {
      const back = virtualTopForScrollbar(scrollbarTopFor(virtual, TWO_MILLION), TWO_MILLION);
      expect(back).toBeCloseTo(virtual, 3);
    }
  });
});

describe('scrolling a row into view', () => {
  const geometry = { totalRows: 100, rowHeight: 26, viewportHeight: 260 };

  it('moves as little as it can with auto', () => {
    expect(virtualTopForRow(5, 'auto', 0, geometry)).toBe(0);
    expect(virtualTopForRow(12, 'auto', 0, geometry)).toBe(13 * 26 - 260);
    expect(virtualTopForRow(2, 'auto', 520, geometry)).toBe(52);
  });

  it('puts a row at the top or in the middle, within the list', () => {
    expect(virtualTopForRow(50, 'start', 0, geometry)).toBe(1300);
    expect(virtualTopForRow(50, 'center', 0, geometry)).toBe(1300 + 13 - 130);
    expect(virtualTopForRow(99, 'start', 0, geometry)).toBe(100 * 26 - 260);
    expect(virtualTopForRow(0, 'center', 500, geometry)).toBe(0);
  });
});
