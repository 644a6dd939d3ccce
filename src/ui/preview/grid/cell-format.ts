/**
 * How a grid shows its cells: text as it is; numbers right-aligned, whole ones with
 * thousands separators (others exactly as they are: a rounded float would mislead); 64-bit
 * integers as their exact decimal with the hex on hover. A view may show some columns as
 * sizes (human units, the exact bytes on hover) or checksums (hex and decimal): it says
 * which with a `ColumnDisplayOf`, from what the summary gives of the column.
 */
import type { GridCell, GridColumn } from '../../../formats/model.ts';
import { formatCount, formatExactBytes, formatHex32, formatSize } from '../../format.ts';

/** How a column's cells show: as the cell kind says, or as sizes or checksums. */
export type ColumnDisplay = 'plain' | 'size' | 'checksum';

/** A view's choice of display for each column of a table (`plain` when it has none). */
export type ColumnDisplayOf = (column: GridColumn) => ColumnDisplay;

export const plainColumns: ColumnDisplayOf = () => 'plain';

export interface CellText {
  text: string;
  /** More than the text says (exact bytes, another base), for the cell's title. */
  title?: string;
  /** Right-aligned, tabular digits. */
  isNumeric: boolean;
  /** A second part shown muted after the text (a checksum's decimal). */
  aside?: string;
}

const EMPTY: CellText = { text: '', title: 'no value', isNumeric: false };

/** A number as a grid shows it: whole ones grouped, others exactly. */
export function numberText(value: number): string {
  return Number.isInteger(value) ? formatCount(value) : String(value);
}

/** The hex of a 64-bit integer's decimal text, or null when it is none. */
function hex64(decimal: string): string | null {
  if (!/^-?\d+$/.test(decimal)) return null;
  const value = BigInt(decimal);
  const unsigned = value < 0n ? value + 2n ** 64n : value;
  return `0x${unsigned.toString(16).toUpperCase()}`;
}

export function cellText(cell: GridCell, column: GridColumn, display: ColumnDisplay): CellText {
  if (cell === null) return EMPTY;
  if (typeof cell === 'string') {
    if (column.kind !== 'integer64') return { text: cell, title: cell, isNumeric: false };
    const hex = hex64(cell);
    return { text: cell, ...(hex ? { title: hex } : {}), isNumeric: true };
  }
  const isWhole = Number.isSafeInteger(cell) && cell >= 0;
  if (display === 'size' && isWhole) {
    return { text: formatSize(cell), title: formatExactBytes(cell), isNumeric: true };
  }
  if (display === 'checksum' && isWhole && cell <= 0xffff_ffff) {
    const hex = formatHex32(cell);
    return { text: hex, aside: String(cell), title: `${hex} = ${cell}`, isNumeric: true };
  }
  const text = numberText(cell);
  return { text, title: String(cell), isNumeric: true };
}

/** A header's room per character of its label (13 px, bold), its padding and sort mark. */
const HEADER_CHAR_WIDTH = 9;
const HEADER_EXTRA_WIDTH = 28;
/** A long label gets no wider column than this: past it, the header is cut at its end. */
const HEADER_MAX_WIDTH = 220;

/** A column's width in pixels: by what its cells hold, and room for its header's label. */
export function columnWidth(column: GridColumn, display: ColumnDisplay): number {
  const label = Math.min(
    HEADER_MAX_WIDTH,
    column.label.length * HEADER_CHAR_WIDTH + HEADER_EXTRA_WIDTH,
  );
  return Math.max(valuesWidth(column, display), label);
}

/** The width the cells' values need. */
function valuesWidth(column: GridColumn, display: ColumnDisplay): number {
  if (display === 'size') return 104;
  if (display === 'checksum') return 190;
  if (column.kind === 'integer64') return 180;
  if (column.kind === 'number') return 110;
  return 240;
}
