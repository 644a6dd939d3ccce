/**
 * The tree's columns laid out in its pane (column-fit.ts), and the header kept over the rows.
 * The pane's width comes from a ResizeObserver, so measuring adds no layout of its own; until
 * the first report the name takes what is left. When the columns are wider than the pane, the
 * rows scroll sideways, and the header follows whichever of the two moved: a column heading
 * brought into view by the keyboard moves the rows too, and the rows' scrollbar the header.
 */
import { useEffect, useState } from 'react';
import type { ColumnDef } from '../../worker/rpc/api.ts';
import { fitColumns } from './column-fit.ts';
import { columnMinimum } from './column-minimums.ts';
import { userWidthOf, widthOf, type ColumnWidths } from './column-widths.ts';
import { ACTIONS_WIDTH, gridTemplate } from './columns.ts';

export interface ColumnLayout {
  /** `grid-template-columns` of the header and the rows. */
  template: string;
  /** Pixels of a whole row, once the pane is measured: rows are at least as wide. */
  contentWidth: number | null;
  /** Pixels each column is shown at (its handle's value), and the least it may be. */
  widths: readonly number[];
  minimums: readonly number[];
}

/** Width of the element's content box without its scrollbar, followed as it changes. */
function usePaneWidth(element: HTMLElement | null): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      // A hidden workspace measures 0: keep the last width.
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export function useColumnLayout(
  columns: readonly ColumnDef[],
  widths: ColumnWidths,
  scroller: HTMLElement | null,
): ColumnLayout {
  const paneWidth = usePaneWidth(scroller);
  const minimums = columns.map(columnMinimum);
  if (paneWidth === null) {
    const shown = columns.map((column, index) =>
      Math.max(minimums[index]!, widthOf(widths, column)),
    );
    return { template: gridTemplate(null, shown), contentWidth: null, widths: shown, minimums };
  }
  const fitted = fitColumns(
    paneWidth,
    columns.map((column, index) => {
      const userWidth = userWidthOf(widths, column);
      return {
        min: minimums[index]!,
        preferred: userWidth ?? widthOf(widths, column),
        isUserWidth: userWidth !== null,
      };
    }),
    ACTIONS_WIDTH,
  );
  return {
    template: gridTemplate(fitted.name, fitted.columns),
    contentWidth: fitted.total,
    widths: fitted.columns,
    minimums,
  };
}

/** Keeps the header's horizontal offset and the rows' the same, whichever moved. */
export function useSyncedHeader(header: HTMLElement | null, rows: HTMLElement | null): void {
  useEffect(() => {
    if (!header || !rows) return;
    const follow = (from: HTMLElement, to: HTMLElement) => () => {
      if (to.scrollLeft !== from.scrollLeft) to.scrollLeft = from.scrollLeft;
    };
    const headerMoved = follow(header, rows);
    const rowsMoved = follow(rows, header);
    header.addEventListener('scroll', headerMoved, { passive: true });
    rows.addEventListener('scroll', rowsMoved, { passive: true });
    return () => {
      header.removeEventListener('scroll', headerMoved);
      rows.removeEventListener('scroll', rowsMoved);
    };
  }, [header, rows]);
}
