/**
 * Moving through the gallery's grid from the keyboard: arrows by a cell or a row, Home and
 * End to the ends of a row (with Ctrl, of the grid), Page Up and Page Down by a screenful.
 * Pure, so it is tested without a browser.
 */

export interface GridShape {
  /** Cells in the grid. */
  count: number;
  columns: number;
  /** Whole rows that fit in view (a page). */
  rowsPerPage: number;
}

/** The cell a key moves to from `index`, or null when the key does not move. */
export function movedIndex(
  index: number,
  key: string,
  isCtrl: boolean,
  { count, columns, rowsPerPage }: GridShape,
): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const rowStart = index - (index % columns);
  let next: number;
  switch (key) {
    case 'ArrowRight':
      next = index + 1;
      break;
    case 'ArrowLeft':
      next = index - 1;
      break;
    case 'ArrowDown':
      next = index + columns <= last ? index + columns : index;
      break;
    case 'ArrowUp':
      next = index - columns;
      break;
    case 'Home':
      next = isCtrl ? 0 : rowStart;
      break;
    case 'End':
      next = isCtrl ? last : rowStart + columns - 1;
      break;
    case 'PageDown':
      next = index + columns * Math.max(1, rowsPerPage);
      if (next > last) next = last;
      break;
    case 'PageUp':
      next = index - columns * Math.max(1, rowsPerPage);
      if (next < 0) next = index % columns;
      break;
    default:
      return null;
  }
  return Math.min(last, Math.max(0, next));
}
