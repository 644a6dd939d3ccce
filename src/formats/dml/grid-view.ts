/**
 * The `dml-tables` view: the file's tables as a grid (grid.ts). Its data is the tables with
 * their columns; it answers pages of rows (sorted by a column, filtered by text), a search
 * of every table, exports of a table or of every record as CSV or JSON, and where a node
 * is (its table, its row, and the row's place in a sorted and filtered table).
 *
 * A sort is an index array made once per (table, column, direction) and kept: numbers
 * compare as numbers, GIDs as 64-bit integers, text by code unit ignoring case; equal cells
 * and rows with no value (last either way) keep file order. A filter keeps the rows one of
 * whose cells (as `cellText` writes them: decimal numbers) holds the text, any case; each
 * table keeps its last filtered order, so paging through it costs nothing more.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { gridFirstQueries } from '../grid.ts';
import type {
  GridCellSpansAnswer,
  GridColumn,
  GridTable,
  GridExportAnswer,
  GridExportFormat,
  GridFindAnswer,
  GridLocateAnswer,
  GridQuery,
  GridRowsAnswer,
  GridSort,
  GridSummary,
  ViewCapability,
  ViewJob,
} from '../model.ts';
import {
  CSV_LINE_END,
  cellText,
  columnKeys,
  csvLine,
  exportFileName,
  recordCells,
  recordValues,
} from './export.ts';
import { recordFieldSpans } from './field-spans.ts';
import { sortedRows } from './grid-order.ts';
import type { DmlNodes } from './nodes.ts';
import { DML_FORMAT } from './read.ts';
import { tagName, typeOfTag } from './tags.ts';
import { DML_TABLES_VIEW, type DmlColumn, type DmlTable } from './types.ts';

/** How often an answer waiting for the whole file checks for a cancel. */
const CANCEL_CHECK_MS = 100;
/** Rows looked at between two pauses (and cancel checks) of a long answer. */
const CHUNK = 8192;
/** The most rows a page may ask for. */
export const MOST_ROWS_PER_PAGE = 10_000;

const badQuery = (detail: string) =>
  new FormatError({ code: ErrorCode.BAD_VALUE, offset: 0, detail, format: DML_FORMAT });

/** A whole number in [low, high], or BAD_VALUE naming `what`. */
function wholeIn(value: unknown, low: number, high: number, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < low || value > high) {
    throw badQuery(`${what} ${String(value)} is not a whole number from ${low} to ${high}`);
  }
  return value;
}

/** Pauses now and then through `count` rows of a long answer: progress, and a cancel check. */
async function step(job: ViewJob, done: number, total: number, label: string): Promise<void> {
  if (done % CHUNK !== CHUNK - 1) return;
  job.signal.throwIfCancelled();
  job.progress(done, total, label);
  await job.pause();
}

export class DmlGrid {
  private readonly orders = new Map<string, Uint32Array>();
  private readonly rowTexts: (string[] | undefined)[] = [];
  private readonly filtered: ({ key: string; rows: Uint32Array } | undefined)[] = [];
  /** Column keys made once per columns array: tables of one template shape share theirs. */
  private readonly keysByColumns = new Map<readonly DmlColumn[], string[]>();
  /** The summary's tables so far (row counts refreshed until their table is whole). */
  private readonly summaryTables: GridTable[] = [];
  /** Summary tables before this index were whole when listed: their counts are final. */
  private wholeTables = 0;
  /** Columns by their fields, and by the columns array they were made for. */
  private readonly sharedColumns = new Map<string, GridColumn[]>();
  private readonly columnsByArray = new Map<readonly DmlColumn[], GridColumn[]>();
  /** Whether every table has been read (`read`); until then the last may grow. */
  private isRead: boolean;
  /** Why the read stopped without an end (the source failed): waiting answers get it. */
  private failure: unknown = null;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly tables: readonly DmlTable[],
    private readonly nodes: DmlNodes,
    /** The opened file's name, for export file names. */
    private readonly fileName: string,
    /** The whole file, where the records' values are found. */
    private readonly bytes: Uint8Array,
    /** False for a file still being read: `grew` and `read` say how it goes on. */
    isRead = true,
  ) {
    this.isRead = isRead;
  }

  /** More tables or records were read: answers waiting for the whole file look again. */
  grew(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /** Every table has been read. */
  read(): void {
    this.isRead = true;
    this.grew();
  }

  /** The read stopped on `error` (not a table's own): answers waiting for the file fail with it. */
  failed(error: unknown): void {
    this.failure = error;
    this.grew();
  }

  /** Whether a table's rows are all read: its sorts and filters can be kept. */
  private isWhole(table: number): boolean {
    return this.isRead || table < this.tables.length - 1;
  }

  /**
   * Waits until every table is read, reporting how many are so far; a cancel ends the wait.
   * Find and export cover the whole file, as their names say.
   */
  private async whenRead(job: ViewJob): Promise<void> {
    while (!this.isRead) {
      if (this.failure !== null) throw this.failure;
      job.signal.throwIfCancelled();
      job.progress(this.tables.length, 0, 'reading the file');
      await Promise.race([
        new Promise<void>((wake) => this.waiters.push(wake)),
        new Promise((wake) => setTimeout(wake, CANCEL_CHECK_MS)),
      ]);
    }
  }

  private keysOf(table: number): string[] {
    const { columns } = this.tables[table]!;
    let keys = this.keysByColumns.get(columns);
    if (!keys) this.keysByColumns.set(columns, (keys = columnKeys(this.tables[table]!)));
    return keys;
  }

  /**
   * Tables with the same fields share one columns array: a list has thousands of tables of
   * the same eight fields, and a structured clone sends an object it meets again as a
   * reference, so the summary crosses to the page (and is read there) once per kind of table.
   * Made as tables come: each summary adds the tables read since the last.
   */
  summary(): GridSummary {
    const made = this.summaryTables;
    // Tables listed while they were still read may have more rows since: every one after
    // the last known whole is counted again.
    for (let index = this.wholeTables; index < made.length; index++) {
      made[index]!.rowCount = this.tables[index]!.records.length;
    }
    for (let index = made.length; index < this.tables.length; index++) {
      const table = this.tables[index]!;
      made.push({
        name: table.name,
        rowCount: table.records.length,
        columns: this.columnsOf(table),
      });
    }
    // All but the last table read are whole (all of them once the file is read).
    this.wholeTables = this.isRead ? made.length : Math.max(0, this.tables.length - 1);
    const rowCount = made.reduce((sum, table) => sum + table.rowCount, 0);
    return { tables: made.slice(), rowCount, ...(this.isRead ? {} : { isReading: true }) };
  }

  private columnsOf(table: DmlTable): GridColumn[] {
    let columns = this.columnsByArray.get(table.columns);
    if (columns) return columns;
    const key = table.columns.map((field) => `${field.tag}:${field.name}`).join('\u0000');
    columns = this.sharedColumns.get(key);
    if (!columns) {
      columns = table.columns.map((field): GridColumn => ({
        label: field.name,
        kind: typeOfTag(field.tag)?.kind ?? 'text',
        type: tagName(field.tag),
      }));
      this.sharedColumns.set(key, columns);
    }
    this.columnsByArray.set(table.columns, columns);
    return columns;
  }

  async answer(query: GridQuery, job: ViewJob): Promise<unknown> {
    switch (query?.kind) {
      case 'rows':
        return this.rows(query, job);
      case 'find':
        return this.find(String(query.text), wholeIn(query.limit, 0, 1_000_000, 'limit'), job);
      case 'export':
        return this.export(query.format, query.table, job);
      case 'locate':
        return this.locate(query, job);
      case 'cellSpans':
        return this.cellSpans(query.node);
      default:
        throw badQuery('unknown view query');
    }
  }

  private table(index: unknown): number {
    return wholeIn(index, 0, this.tables.length - 1, 'table');
  }

  async rows(query: Extract<GridQuery, { kind: 'rows' }>, job: ViewJob): Promise<GridRowsAnswer> {
    const table = this.table(query.table);
    const records = this.tables[table]!.records;
    const offset = wholeIn(query.offset, 0, Number.MAX_SAFE_INTEGER, 'offset');
    const count = wholeIn(query.count, 0, MOST_ROWS_PER_PAGE, 'count');
    const chosen = await this.chosen(table, query.sort, query.filter, job);
    const total = chosen ? chosen.length : records.length;
    const rows = [];
    for (let at = offset; at < Math.min(total, offset + count); at++) {
      const row = chosen ? chosen[at]! : at;
      rows.push({
        row,
        node: this.node(table, row),
        cells: recordCells(this.tables[table]!, records[row]!),
      });
    }
    return { kind: 'rows', table, offset, total, rows };
  }

  /** The rows `sort` and `filter` keep, in their order; null: every row, in file order. */
  private async chosen(
    table: number,
    sort: GridSort | undefined,
    filter: string | undefined,
    job: ViewJob,
  ): Promise<Uint32Array | null> {
    const order = sort ? this.order(table, sort) : null;
    const needle = (filter ?? '').toLowerCase();
    return needle === '' ? order : this.filter(table, order, sort, needle, job);
  }

  /** A node (checked) and its table and row: -1 for no table, or for a node that is no record. */
  private where(value: unknown): { node: number; table: number; row: number } {
    const node = wholeIn(value, 0, Math.max(0, this.nodes.count - 1), 'node');
    const { tableNode, firstRecordNode } = this.nodes;
    let table = -1;
    while (table + 1 < tableNode.length && tableNode[table + 1]! <= node) table++;
    const row = table < 0 ? -1 : node - firstRecordNode[table]!;
    return { node, table, row: row < 0 ? -1 : row };
  }

  /** A node's table and row, and the row's position in the rows `sort` and `filter` keep. */
  async locate(
    query: Extract<GridQuery, { kind: 'locate' }>,
    job: ViewJob,
  ): Promise<GridLocateAnswer> {
    const { node, table, row } = this.where(query.node);
    if (row < 0) return { kind: 'locate', node, table, row: -1, position: -1 };
    const chosen = await this.chosen(table, query.sort, query.filter, job);
    return { kind: 'locate', node, table, row, position: chosen ? chosen.indexOf(row) : row };
  }

  /** Where each value of a record's node lies in the file; none for another node. */
  cellSpans(value: unknown): GridCellSpansAnswer {
    const { node, table, row } = this.where(value);
    const data = this.tables[table];
    const record = data?.records[row];
    const spans = data && record ? recordFieldSpans(this.bytes, data, record) : [];
    return { kind: 'cellSpans', node, spans };
  }

  private node(table: number, row: number): number {
    return this.nodes.firstRecordNode[table]! + row;
  }

  /** The rows of a table in the order `sort` gives, made once and kept. */
  order(table: number, sort: GridSort): Uint32Array {
    const { columns, records } = this.tables[table]!;
    const column = wholeIn(sort.column, 0, columns.length - 1, 'sort column');
    const isDescending = sort.descending === true;
    const key = `${table}:${column}:${isDescending ? 'desc' : 'asc'}`;
    const cached = this.orders.get(key);
    if (cached) return cached;
    const kind = typeOfTag(columns[column]!.tag)?.kind ?? 'text';
    const values = records.map((record) => record.values[column] ?? null);
    const rows = sortedRows(kind, values, isDescending);
    if (this.isWhole(table)) this.orders.set(key, rows);
    return rows;
  }

  /** Each row's cells as one lower-case text (cells apart), made once per table. */
  private texts(table: number): string[] {
    const made = this.rowTexts[table];
    if (made) return made;
    const data = this.tables[table]!;
    const texts = data.records.map((record) =>
      recordCells(data, record).map(cellText).join('\u0000').toLowerCase(),
    );
    if (this.isWhole(table)) this.rowTexts[table] = texts;
    return texts;
  }

  private async filter(
    table: number,
    order: Uint32Array | null,
    sort: GridSort | undefined,
    needle: string,
    job: ViewJob,
  ): Promise<Uint32Array> {
    const key = `${sort ? `${sort.column}:${sort.descending === true}` : 'file'}|${needle}`;
    const kept = this.filtered[table];
    if (kept?.key === key) return kept.rows;
    const texts = this.texts(table);
    const matching: number[] = [];
    for (let at = 0; at < texts.length; at++) {
      await step(job, at, texts.length, 'filtering');
      const row = order ? order[at]! : at;
      if (texts[row]!.includes(needle)) matching.push(row);
    }
    const rows = Uint32Array.from(matching);
    if (this.isWhole(table)) this.filtered[table] = { key, rows };
    return rows;
  }

  /** Rows of every table holding `text`, in file order: the first `limit`, and how many. */
  async find(text: string, limit: number, job: ViewJob): Promise<GridFindAnswer> {
    await this.whenRead(job);
    const needle = text.toLowerCase();
    const total = this.tables.reduce((sum, table) => sum + table.records.length, 0);
    const matches = [];
    let found = 0;
    let done = 0;
    for (let table = 0; table < this.tables.length; table++) {
      const texts = this.texts(table);
      for (let row = 0; row < texts.length; row++) {
        await step(job, done++, total, 'searching');
        if (!texts[row]!.includes(needle)) continue;
        found++;
        if (matches.length >= limit) continue;
        const cells = recordCells(this.tables[table]!, this.tables[table]!.records[row]!);
        const column = cells.findIndex((cell) => cellText(cell).toLowerCase().includes(needle));
        matches.push({ table, row, node: this.node(table, row), column });
      }
    }
    return { kind: 'find', matches, total: found };
  }

  /** A table, or every record, as CSV or JSON text. */
  async export(
    format: GridExportFormat,
    tableIndex: number | undefined,
    job: ViewJob,
  ): Promise<GridExportAnswer> {
    if (format !== 'csv' && format !== 'json') throw badQuery(`no export as ${String(format)}`);
    const only = tableIndex === undefined ? null : this.table(tableIndex);
    // Every record, or a table still growing: the whole of it, once it is read.
    if (only === null || !this.isWhole(only)) await this.whenRead(job);
    const tables = only === null ? this.tables.map((_, at) => at) : [only];
    const total = tables.reduce((sum, at) => sum + this.tables[at]!.records.length, 0);
    const lines: string[] = [];
    // Every record has its table with it, unless one table is exported.
    const header = only === null ? this.unionOfKeys() : this.keysOf(only);
    if (format === 'csv') lines.push(csvLine(only === null ? ['table', ...header] : header));
    else lines.push('[');
    let done = 0;
    for (const table of tables) {
      const data = this.tables[table]!;
      const keys = this.keysOf(table);
      for (const record of data.records) {
        await step(job, done++, total, 'exporting');
        if (format === 'json') {
          const values = recordValues(data, keys, record);
          const item = only === null ? { table: data.name, values } : values;
          lines.push(`  ${JSON.stringify(item)}${done < total ? ',' : ''}`);
          continue;
        }
        const cells = recordCells(data, record).map(cellText);
        if (only !== null) {
          lines.push(csvLine(cells));
          continue;
        }
        const byKey = new Map(keys.map((key, at) => [key, cells[at]!]));
        lines.push(csvLine([data.name, ...header.map((key) => byKey.get(key) ?? '')]));
      }
    }
    if (format === 'json') lines.push(']');
    const base = only === null ? this.fileName.replace(/\.[^.]*$/, '') : this.tables[only]!.name;
    return {
      kind: 'export',
      format,
      fileName: exportFileName(base, format),
      mediaType: format === 'csv' ? 'text/csv' : 'application/json',
      text:
        lines.join(format === 'csv' ? CSV_LINE_END : '\n') +
        (format === 'csv' ? CSV_LINE_END : '\n'),
    };
  }

  /** Every table's column keys, each once, in the order first met. */
  private unionOfKeys(): string[] {
    const keys = new Set<string>();
    for (let table = 0; table < this.tables.length; table++) {
      for (const key of this.keysOf(table)) keys.add(key);
    }
    return [...keys];
  }
}

/** The `dml-tables` view of a file's tables. */
export function dmlGridView(grid: DmlGrid): ViewCapability {
  return {
    kind: DML_TABLES_VIEW,
    data: () => grid.summary(),
    request: (query, job) => grid.answer(query as GridQuery, job),
    firstQueries: (data) => gridFirstQueries(data as GridSummary),
  };
}
