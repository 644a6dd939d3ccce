import { describe, expect, it } from 'vitest';
import { ARCHIVE_COLUMNS } from '../../formats/model.ts';
import { COLUMN_GAP, fitColumns, MIN_NAME_WIDTH, ROW_END_PADDING } from './column-fit.ts';
import { minColumnWidth, type MeasureText } from './column-minimums.ts';

const ACTIONS = 22;
const column = (min: number, preferred: number, isUserWidth = false) => ({
  min,
  preferred,
  isUserWidth,
});
const chrome = (count: number) => ACTIONS + COLUMN_GAP * (count + 1) + ROW_END_PADDING;

describe('fitting the columns to the pane', () => {
  it('gives the columns their widths and the name the rest when all fit', () => {
    const fitted = fitColumns(900, [column(60, 80), column(40, 56)], ACTIONS);
    expect(fitted.columns).toEqual([80, 56]);
    expect(fitted.name).toBe(900 - chrome(2) - 136);
    expect(fitted.total).toBe(900);
  });

  it('keeps at least a third of the pane for the name: default widths give way first', () => {
    // Seven columns of a World of Warships index at a 742 px pane.
    const columns = [80, 80, 56, 104, 128, 128, 96].map((width) => column(48, width));
    const fitted = fitColumns(742, columns, ACTIONS);
    expect(fitted.name).toBeGreaterThanOrEqual(Math.floor(742 / 3));
    expect(fitted.total).toBe(742);
    for (const width of fitted.columns) expect(width).toBeGreaterThanOrEqual(48);
  });

  it('never makes a column narrower than its minimum: the rest scrolls', () => {
    const columns = [column(90, 80), column(90, 200), column(90, 120)];
    const fitted = fitColumns(300, columns, ACTIONS);
    expect(fitted.columns).toEqual([90, 90, 90]);
    expect(fitted.name).toBe(MIN_NAME_WIDTH);
    expect(fitted.total).toBe(MIN_NAME_WIDTH + 270 + chrome(3));
    expect(fitted.total).toBeGreaterThan(300);
  });

  it('keeps a width the user chose while the others shrink', () => {
    const columns = [column(60, 300, true), column(60, 200), column(60, 200)];
    const fitted = fitColumns(900, columns, ACTIONS);
    expect(fitted.columns[0]).toBe(300);
    expect(fitted.columns[1]).toBeLessThan(200);
    expect(fitted.columns[1]).toBeGreaterThanOrEqual(60);
    expect(fitted.name).toBe(300);
  });

  it('raises a remembered width below the content to the minimum', () => {
    expect(fitColumns(1000, [column(72, 40, true)], ACTIONS).columns).toEqual([72]);
  });
});

describe('column minimums', () => {
  // One pixel per character: the minimum is the longest sample or heading, plus slack.
  const measure: MeasureText = (text) => text.length;

  it('fit the widest text of their kind', () => {
    const [size, , ratio, status] = ARCHIVE_COLUMNS;
    expect(minColumnWidth(size!, measure)).toBeGreaterThanOrEqual('1023 MiB'.length);
    expect(minColumnWidth(ratio!, measure)).toBeGreaterThanOrEqual('1000%'.length);
    expect(minColumnWidth(status!, measure)).toBeGreaterThanOrEqual('unsupported'.length);
  });

  it('fit the heading of a column of numbers; text may be cut like its cells', () => {
    const long = { id: 'x', label: 'A very long heading', kind: 'number' } as const;
    expect(minColumnWidth(long, measure)).toBeGreaterThanOrEqual(long.label.length + 6);
    expect(minColumnWidth({ ...long, kind: 'text' }, measure)).toBeLessThan(long.label.length);
  });
});
