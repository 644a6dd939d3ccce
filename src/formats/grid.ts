/**
 * Grids: tables of rows and columns that a view pages through, sorts, filters, searches and
 * exports without holding them. A session whose view shows tables of records answers these
 * queries through `ViewCapability.request` (model.ts); its `data()` is a `GridSummary`. A
 * grid view needs nothing of the format beyond these types (re-exported by model.ts, which
 * the UI may import). Everything here is plain, structured-cloneable data.
 *
 * Rows are addressed by table (its index in `GridSummary.tables`) and row (its index in the
 * table, in file order); `node` is the session node a row is, so a view can select it in the
 * tree and its bytes in the hex view.
 *
 * The page of rows a grid view asks for (`gridRowsQuery`) is made here, on the format's side
 * of the seam, so a session can answer a view's first questions before it asks them
 * (`gridFirstQueries`, `ViewCapability.firstQueries`) under the very same query.
 */

/**
 * How a column's cells compare and show: `text` (by code unit, ignoring case), `number`
 * (numerically), `integer64` (64-bit integers, sent as exact decimal text, compared as
 * integers).
 */
export type GridCellKind = 'text' | 'number' | 'integer64';

export interface GridColumn {
  /** Its header: a field's name (two columns of a table may share one). */
  label: string;
  kind: GridCellKind;
  /** The format's name of its type (`UINT`, `STR`), for the header's title. */
  type: string;
}

/**
 * A cell: text, a number, an `integer64` column's decimal text, or null when the row holds
 * no value there (a record cut short, a type the format does not know).
 */
export type GridCell = string | number | null;

export interface GridTable {
  name: string;
  rowCount: number;
  columns: GridColumn[];
}

/**
 * What a grid view is given first (`ViewCapability.data()`): its tables and their columns.
 * While the file is still being read (`isReading`), the tables read so far: the last may gain
 * rows and more tables may follow; a later summary has them. The rows of a table listed are
 * its rows as they will stay (a sort or filter of the last covers the rows it has so far);
 * `find` and `export` wait for the whole file, reporting progress while they do.
 */
export interface GridSummary {
  tables: GridTable[];
  /** Rows of every table together. */
  rowCount: number;
  /** Set while the file is still being read. */
  isReading?: boolean;
}

/** An order of rows: by one column (its index in the table's columns), ascending or not. */
export interface GridSort {
  column: number;
  descending: boolean;
}

/**
 * What a grid view asks.
 *
 * - `rows`: a page (`offset`, `count`) of one table's rows, in the order `sort` gives (file
 *   order without it; equal cells keep file order), keeping only the rows one of whose cells
 *   holds `filter` (any case) when it is given and not empty.
 * - `find`: the rows of every table one of whose cells holds `text` (any case): the first
 *   `limit` in file order, and how many there are.
 * - `export`: one table (`table`) or every row of every table, as CSV or JSON text.
 * - `locate`: where a node is: its table and row, and the row's position in the order
 *   `sort` and `filter` give that table's rows (as `rows` would page them).
 * - `cellSpans`: where each cell of a row's node lies in the bytes its span points into, so
 *   a view can highlight one cell's bytes.
 */
export type GridQuery =
  | {
      kind: 'rows';
      table: number;
      offset: number;
      count: number;
      sort?: GridSort;
      filter?: string;
      /**
       * The table's row count in the summary the view asked from. It changes no answer; a
       * view that caches answers by query asks again for a table that grew while its file
       * was read.
       */
      known?: number;
    }
  | { kind: 'find'; text: string; limit: number }
  | { kind: 'export'; format: GridExportFormat; table?: number }
  | { kind: 'locate'; node: number; sort?: GridSort; filter?: string }
  | { kind: 'cellSpans'; node: number };

export type GridExportFormat = 'csv' | 'json';

/** One row: its index in its table, the node it is, and its cells in column order. */
export interface GridRow {
  row: number;
  node: number;
  cells: GridCell[];
}

export interface GridRowsAnswer {
  kind: 'rows';
  table: number;
  offset: number;
  /** Rows of the table that pass the filter (all of them without one). */
  total: number;
  rows: GridRow[];
}

/** A row that holds the text searched for, and the first of its columns that does. */
export interface GridMatch {
  table: number;
  row: number;
  node: number;
  column: number;
}

export interface GridFindAnswer {
  kind: 'find';
  matches: GridMatch[];
  /** Every matching row, listed or not. */
  total: number;
}

export interface GridExportAnswer {
  kind: 'export';
  format: GridExportFormat;
  /** A name to save it under, e.g. `Base.csv`. */
  fileName: string;
  /** `text/csv` or `application/json`. */
  mediaType: string;
  text: string;
}

/**
 * Where a node is. `table` -1: in no table. `row` -1: the node is a table, or a part of one
 * that is no row (a header). `position` -1: no row, or the filter hides it.
 */
export interface GridLocateAnswer {
  kind: 'locate';
  node: number;
  table: number;
  row: number;
  position: number;
}

/** A byte range: `length` bytes from `offset`, in the same bytes as the node spans. */
export interface GridCellSpan {
  offset: number;
  length: number;
}

/**
 * Where a row's cells lie, in column order: null for a cell whose bytes are not known (past
 * a value the format cannot read). No spans when the node is no row.
 */
export interface GridCellSpansAnswer {
  kind: 'cellSpans';
  node: number;
  spans: (GridCellSpan | null)[];
}

export type GridAnswer =
  GridRowsAnswer | GridFindAnswer | GridExportAnswer | GridLocateAnswer | GridCellSpansAnswer;

/** Rows a grid view asks for at a time: a page fills a tall screen twice over. */
export const GRID_PAGE_ROWS = 100;

/**
 * The page `page` of a table's rows in the order `sort` and `filter` give; `known`, the
 * table's row count the view holds, asks again once a table read so far has grown.
 */
export function gridRowsQuery(
  table: number,
  page: number,
  sort: GridSort | null,
  filter: string,
  known?: number,
): GridQuery {
  return {
    kind: 'rows',
    table,
    offset: page * GRID_PAGE_ROWS,
    count: GRID_PAGE_ROWS,
    ...(sort ? { sort } : {}),
    ...(filter === '' ? {} : { filter }),
    ...(known === undefined ? {} : { known }),
  };
}

/**
 * What a grid view first shown for `summary` asks before anything is chosen: the first
 * page of its first table, in file order.
 */
export function gridFirstQueries(summary: GridSummary): GridQuery[] {
  const first = summary.tables[0];
  return first ? [gridRowsQuery(0, 0, null, '', first.rowCount)] : [];
}
