/**
 * The grid view's side of the grid queries (formats/grid.ts): the questions it asks a
 * session's view, and a check that a document view's data is a grid summary. Nothing here
 * names a format: any view whose data is a `GridSummary` and that answers `GridQuery` shows
 * in the grid.
 */
import {
  GRID_PAGE_ROWS,
  gridRowsQuery,
  type GridColumn,
  type GridExportFormat,
  type GridQuery,
  type GridSort,
  type GridSummary,
  type GridTable,
} from '../../../formats/model.ts';
import type { DocumentView } from '../../../worker/rpc/api.ts';

export type {
  GridCell,
  GridCellSpan,
  GridCellSpansAnswer,
  GridColumn,
  GridExportAnswer,
  GridExportFormat,
  GridFindAnswer,
  GridLocateAnswer,
  GridMatch,
  GridQuery,
  GridRow,
  GridRowsAnswer,
  GridSort,
  GridSummary,
  GridTable,
} from '../../../formats/model.ts';

/** Rows asked for at a time: a page fills a tall screen twice over (formats/grid.ts). */
export const PAGE_SIZE = GRID_PAGE_ROWS;
/** Matches a search of every table lists at most; the rest are counted. */
export const FIND_LIMIT = 100;

/**
 * A page of a table's rows in the order `sort` and `filter` give; `known`, the table's row
 * count the view holds, asks again once a table read so far has grown. Made on the format's
 * side of the seam, so the first page a session answers ahead is this very query.
 */
export const rowsQuery = gridRowsQuery;

export const findQuery = (text: string): GridQuery => ({ kind: 'find', text, limit: FIND_LIMIT });

export const exportQuery = (format: GridExportFormat, table: number | null): GridQuery =>
  table === null ? { kind: 'export', format } : { kind: 'export', format, table };

export function locateQuery(node: number, sort: GridSort | null, filter: string): GridQuery {
  return {
    kind: 'locate',
    node,
    ...(sort ? { sort } : {}),
    ...(filter === '' ? {} : { filter }),
  };
}

/** Where each cell of a row's node lies in the bytes. */
export const cellSpansQuery = (node: number): GridQuery => ({ kind: 'cellSpans', node });

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function isColumn(value: unknown): value is GridColumn {
  const column = value as Partial<GridColumn> | null;
  return (
    typeof column === 'object' &&
    column !== null &&
    typeof column.label === 'string' &&
    typeof column.type === 'string' &&
    (column.kind === 'text' || column.kind === 'number' || column.kind === 'integer64')
  );
}

/** Columns arrays checked already: tables of the same fields share one (thousands of tables). */
const checkedColumns = new WeakSet<object>();

function areColumns(columns: unknown): columns is GridColumn[] {
  if (!Array.isArray(columns)) return false;
  if (checkedColumns.has(columns)) return true;
  if (!columns.every(isColumn)) return false;
  checkedColumns.add(columns);
  return true;
}

function isTable(value: unknown): value is GridTable {
  const table = value as Partial<GridTable> | null;
  return (
    typeof table === 'object' &&
    table !== null &&
    typeof table.name === 'string' &&
    isCount(table.rowCount) &&
    areColumns(table.columns)
  );
}

/** The grid summary a document view holds, or null when its data is none. */
export function gridSummaryOf(view: DocumentView): GridSummary | null {
  const data = view.data as Partial<GridSummary> | null;
  if (typeof data !== 'object' || data === null) return null;
  if (!Array.isArray(data.tables) || !data.tables.every(isTable)) return null;
  return isCount(data.rowCount) ? (data as GridSummary) : null;
}

/** A table's name as people read it: an empty one is said so. */
export function tableTitle(table: GridTable, index: number): string {
  return table.name === '' ? `Table #${index} (no name)` : table.name;
}
