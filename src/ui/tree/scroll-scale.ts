/**
 * Scroll math for trees taller than a browser allows. Chromium caps an element near 33.5M px
 * and Firefox near 17.9M px; two million 26 px rows need 52M px.
 *
 * The tree never asks for that height. Its List holds a window of at most WINDOW_ROWS rows
 * (5.2M px) and scrolls natively inside it, so wheel, touch and keys move pixel by pixel as
 * everywhere else. When the view nears an inner edge of the window, the window moves and the
 * scroll offset moves back by the same amount: nothing on screen changes. The whole range is
 * shown by a separate scrollbar whose track is scaled: dragging it maps its position onto all
 * rows. Rows are addressed by "virtual" offsets, `row * rowHeight` over the whole list.
 */

/** Rows in the List's window: 5.2M px at 26 px, under every browser's cap. */
export const WINDOW_ROWS = 200_000;
/** The window moves once the view comes this many rows from one of its inner edges. */
export const WINDOW_MARGIN_ROWS = 50_000;
/** Height of the scaled scrollbar's track content at most. */
export const SCROLLBAR_MAX_HEIGHT = 10_000_000;

export interface ScrollGeometry {
  totalRows: number;
  rowHeight: number;
  /** Visible height of the list, px. */
  viewportHeight: number;
}

/** Whether the list needs the window and the scaled scrollbar. */
export function isScaled(totalRows: number): boolean {
  return totalRows > WINDOW_ROWS;
}

export function windowRowCount(totalRows: number): number {
  return Math.min(Math.max(0, totalRows), WINDOW_ROWS);
}

/** Keeps a window start inside the rows (0 when everything fits in one window). */
export function clampWindowStart(start: number, totalRows: number): number {
  return Math.max(0, Math.min(Math.floor(start), totalRows - windowRowCount(totalRows)));
}

/** The window start that puts `row` in the middle of the window. */
export function windowStartAround(row: number, totalRows: number): number {
  return clampWindowStart(row - WINDOW_ROWS / 2, totalRows);
}

/** True when rows `[first, last]` are within the margin of an inner edge of the window. */
export function isNearWindowEdge(
  windowStart: number,
  totalRows: number,
  first: number,
  last: number,
): boolean {
  const windowEnd = windowStart + windowRowCount(totalRows);
  const nearStart = windowStart > 0 && first - windowStart < WINDOW_MARGIN_ROWS;
  const nearEnd = windowEnd < totalRows && windowEnd - 1 - last < WINDOW_MARGIN_ROWS;
  return nearStart || nearEnd;
}

/** Largest virtual scroll offset: the last row at the bottom of the view. */
export function maxVirtualTop(geometry: ScrollGeometry): number {
  return Math.max(0, geometry.totalRows * geometry.rowHeight - geometry.viewportHeight);
}

export function scrollbarContentHeight(geometry: ScrollGeometry): number {
  return Math.min(geometry.totalRows * geometry.rowHeight, SCROLLBAR_MAX_HEIGHT);
}

/** Scrollbar offset that shows a virtual offset (both ends map onto both ends). */
export function scrollbarTopFor(virtualTop: number, geometry: ScrollGeometry): number {
  const maxVirtual = maxVirtualTop(geometry);
  const maxScrollbar = scrollbarContentHeight(geometry) - geometry.viewportHeight;
  if (maxVirtual <= 0 || maxScrollbar <= 0) return 0;
  return (Math.max(0, Math.min(virtualTop, maxVirtual)) / maxVirtual) * maxScrollbar;
}

/** Virtual offset a scrollbar offset stands for. */
export function virtualTopForScrollbar(scrollbarTop: number, geometry: ScrollGeometry): number {
  const maxVirtual = maxVirtualTop(geometry);
  const maxScrollbar = scrollbarContentHeight(geometry) - geometry.viewportHeight;
  if (maxVirtual <= 0 || maxScrollbar <= 0) return 0;
  return (Math.max(0, Math.min(scrollbarTop, maxScrollbar)) / maxScrollbar) * maxVirtual;
}

export type RowAlign = 'auto' | 'start' | 'center';

/**
 * Virtual offset that shows `row`: `auto` scrolls as little as possible (nothing when it is
 * fully visible), `start` puts it at the top, `center` in the middle.
 */
export function virtualTopForRow(
  row: number,
  align: RowAlign,
  currentTop: number,
  geometry: ScrollGeometry,
): number {
  const { rowHeight, viewportHeight } = geometry;
  const rowTop = row * rowHeight;
  let top: number;
  if (align === 'start') top = rowTop;
  else if (align === 'center') top = rowTop + rowHeight / 2 - viewportHeight / 2;
  else if (rowTop < currentTop) top = rowTop;
  else if (rowTop + rowHeight > currentTop + viewportHeight)
    top = rowTop + rowHeight - viewportHeight;
  else top = currentTop;
  return Math.max(0, Math.min(top, maxVirtualTop(geometry)));
}
