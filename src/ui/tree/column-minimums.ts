/**
 * The narrowest each column may be: wide enough for the widest text its kind shows (a size
 * such as `1023 MiB`, an offset such as `0xDDDDDDDD`, a status such as `unsupported`) and for
 * the heading of a column of numbers. Measured once per column in the page's own fonts:
 * numbers are never cut.
 */
import type { ColumnDef } from '../../worker/rpc/api.ts';
import { STATUS_TEXT } from './columns.ts';

/** Where a text is shown: a row's cell, or a column heading (smaller, bold). */
export type TextPlace = 'cell' | 'heading';
export type MeasureText = (text: string, place: TextPlace) => number;

const SIZE_SAMPLES = ['1,023 B', '1023 MiB', '9.99 GiB'];

/** The widest texts a column of each kind shows (digits as 8 and 0: the widest in most fonts). */
const SAMPLES: Record<ColumnDef['kind'], readonly string[]> = {
  size: SIZE_SAMPLES,
  stored: SIZE_SAMPLES,
  ratio: ['1000%', '8.8%'],
  number: ['8,888,888'],
  hex: ['0xDDDDDDDD'],
  status: Object.values(STATUS_TEXT),
  // Free text is cut with an ellipsis (its title shows it all): a few characters at least.
  text: ['Abcdefg'],
};

/** Pixels around a heading's text (its resize handle's room) and a little slack. */
const HEADING_PADDING = 6;
const SLACK = 4;

/** Pixels: the narrowest `column` may be made. */
export function minColumnWidth(column: ColumnDef, measure: MeasureText): number {
  const cell = Math.max(...SAMPLES[column.kind].map((text) => measure(text, 'cell')));
  // A text column's heading may be cut like its cells (its title shows it whole).
  const heading = column.kind === 'text' ? 0 : measure(column.label, 'heading') + HEADING_PADDING;
  return Math.ceil(Math.max(cell, heading) + SLACK);
}

/** Without a DOM (Node tests): an average character width. */
const roughMeasure: MeasureText = (text, place) => text.length * (place === 'cell' ? 8 : 7);

let context: CanvasRenderingContext2D | null | undefined;

/** Measures in the fonts of the tree's cells and headings (app.css: 14px, headings 600 12px). */
const canvasMeasure: MeasureText = (text, place) => {
  if (context === undefined) {
    context =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  if (!context) return roughMeasure(text, place);
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  context.font = place === 'cell' ? `14px ${family}` : `600 12px ${family}`;
  return context.measureText(text).width;
};

const measured = new Map<string, number>();

/** The narrowest `column` may be, measured once per kind and label. */
export function columnMinimum(column: ColumnDef): number {
  const key = `${column.kind}\u0000${column.label}`;
  let width = measured.get(key);
  if (width === undefined) {
    width = minColumnWidth(column, canvasMeasure);
    measured.set(key, width);
  }
  return width;
}
