/**
 * How the tree's width is shared between the name and the other columns. The name gets the
 * room first: at least a third of the pane. The other columns then get the widths the user
 * chose or their defaults; when those do not fit, the columns the user never resized give way,
 * down to their minimums (wide enough for their content: a size, an offset, a status is never
 * cut). What still does not fit scrolls sideways, header and rows together (Tree.tsx).
 */

/** Pixels between two columns and at the row's end (`column-gap`, `padding-right` in app.css). */
export const COLUMN_GAP = 8;
export const ROW_END_PADDING = 8;
/** The name never gets less, even in a pane of a phone's width. */
export const MIN_NAME_WIDTH = 180;
/** The name's share of the pane it gets at least. */
export const NAME_SHARE = 1 / 3;

export interface ColumnSpace {
  /** Narrowest the column may be: its content fits. */
  min: number;
  /** The width the user chose, or the column's default. */
  preferred: number;
  /** The user chose the width: the column keeps it while others give way. */
  isUserWidth: boolean;
}

export interface FittedColumns {
  /** Pixels of the name column. */
  name: number;
  /** Pixels of each column after the name, in order. */
  columns: number[];
  /** Pixels of a whole row: tracks, gaps and end padding (more than the pane: it scrolls). */
  total: number;
}

/**
 * Widths for a pane `paneWidth` pixels wide (the rows' width, without the scrollbar); the
 * last track (`actionsWidth`, a file's close button) is fixed.
 */
export function fitColumns(
  paneWidth: number,
  columns: readonly ColumnSpace[],
  actionsWidth: number,
): FittedColumns {
  const chrome = actionsWidth + COLUMN_GAP * (columns.length + 1) + ROW_END_PADDING;
  const inner = Math.max(0, paneWidth - chrome);
  const nameMin = Math.max(MIN_NAME_WIDTH, Math.floor(paneWidth * NAME_SHARE));
  const preferred = columns.map((column) => Math.max(column.min, Math.round(column.preferred)));
  const room = inner - nameMin;
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

  let widths: number[];
  if (sum(preferred) <= room) {
    widths = preferred;
  } else {
    // User-set widths stay; the others shrink towards their minimums, each by its share of
    // what they can give.
    const fixed = sum(preferred.filter((_, index) => columns[index]!.isUserWidth));
    const flexible = columns
      .map((column, index) => ({ column, index }))
      .filter(({ column }) => !column.isUserWidth);
    const flexibleMin = sum(flexible.map(({ column }) => column.min));
    const flexiblePreferred = sum(flexible.map(({ index }) => preferred[index]!));
    const spare = Math.max(0, room - fixed - flexibleMin);
    const canGive = flexiblePreferred - flexibleMin;
    const share = canGive > 0 ? Math.min(1, spare / canGive) : 0;
    widths = preferred.map((width, index) => {
      const column = columns[index]!;
      if (column.isUserWidth) return width;
      return Math.floor(column.min + (width - column.min) * share);
    });
  }
  const name = Math.max(nameMin, inner - sum(widths));
  return { name, columns: widths, total: name + sum(widths) + chrome };
}
