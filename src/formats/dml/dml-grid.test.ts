/**
 * The `dml-tables` grid: pages of rows, sorts (numbers as numbers, GIDs as 64-bit integers,
 * text ignoring case; made once and kept), filters, a search of every table, exports, and
 * the refusal of queries that name nothing.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type {
  GridExportAnswer,
  GridFindAnswer,
  GridLocateAnswer,
  GridQuery,
  GridRowsAnswer,
  ViewJob,
} from '../model.ts';
import { inlineViewJob } from '../services.ts';
import { everyTypeTables } from './fixtures/make-fixtures.ts';
import { generateLatestFileList } from './generate.ts';
import { DmlGrid } from './grid-view.ts';
import { DmlNodes } from './nodes.ts';
import { parseDmlTables } from './read.ts';
import type { DmlTableDraft } from './types.ts';
import { dmlTable, writeDmlTables } from './write.ts';

function gridOf(drafts: DmlTableDraft[], fileName = 'LatestFileList.bin') {
  const bytes = writeDmlTables(drafts);
  const { tables } = parseDmlTables(bytes).value;
  const nodes = new DmlNodes(tables);
  return { grid: new DmlGrid(tables, nodes, fileName, bytes), nodes };
}

const job = inlineViewJob();
const rows = (grid: DmlGrid, query: Omit<Extract<GridQuery, { kind: 'rows' }>, 'kind'>) =>
  grid.answer({ kind: 'rows', ...query }, job) as Promise<GridRowsAnswer>;
const exported = (grid: DmlGrid, query: Omit<Extract<GridQuery, { kind: 'export' }>, 'kind'>) =>
  grid.answer({ kind: 'export', ...query }, job) as Promise<GridExportAnswer>;

/** Table `Mixed`: a GID, a UINT, a STR and a FLT column, rows in no order. */
const mixed = dmlTable(
  'Mixed',
  [
    ['Id', 'GID'],
    ['Size', 'UINT'],
    ['Name', 'STR'],
    ['Scale', 'FLT'],
  ],
  [
    [2n ** 53n + 1n, 10, 'b', 1],
    [2n ** 64n - 1n, 9, 'A', NaN],
    [5n, 100, 'a', -2],
    [2n ** 53n, 9, 'C', 0.5],
  ],
);

describe('summary', () => {
  it('lists every table with its columns, their kinds and types, and its row count', () => {
    const { grid } = gridOf([mixed, dmlTable('Other', [['V', 'UBYT']], [[1], [2]])]);
    expect(grid.summary()).toEqual({
      tables: [
        {
          name: 'Mixed',
          rowCount: 4,
          columns: [
            { label: 'Id', kind: 'integer64', type: 'GID' },
            { label: 'Size', kind: 'number', type: 'UINT' },
            { label: 'Name', kind: 'text', type: 'STR' },
            { label: 'Scale', kind: 'number', type: 'FLT' },
          ],
        },
        { name: 'Other', rowCount: 2, columns: [{ label: 'V', kind: 'number', type: 'UBYT' }] },
      ],
      rowCount: 6,
    });
  });
});

describe('rows', () => {
  it('pages in file order, each row with its node and its cells (a GID as decimal text)', async () => {
    const { grid, nodes } = gridOf([mixed]);
    const page = await rows(grid, { table: 0, offset: 1, count: 2 });
    expect(page).toMatchObject({ kind: 'rows', table: 0, offset: 1, total: 4 });
    expect(page.rows).toEqual([
      { row: 1, node: nodes.firstRecordNode[0]! + 1, cells: ['18446744073709551615', 9, 'A', NaN] },
      { row: 2, node: nodes.firstRecordNode[0]! + 2, cells: ['5', 100, 'a', -2] },
    ]);
    expect(nodes.path(page.rows[0]!.node)).toBe('Mixed/1 A');
    expect((await rows(grid, { table: 0, offset: 10, count: 5 })).rows).toEqual([]);
  });

  it('sorts numbers as numbers and GIDs as 64-bit integers; equal cells keep file order', async () => {
    const { grid } = gridOf([mixed]);
    const order = async (column: number, descending: boolean) =>
      (await rows(grid, { table: 0, offset: 0, count: 10, sort: { column, descending } })).rows.map(
        (row) => row.row,
      );
    expect(await order(0, false)).toEqual([2, 3, 0, 1]);
    expect(await order(0, true)).toEqual([1, 0, 3, 2]);
    expect(await order(1, false)).toEqual([1, 3, 0, 2]);
    // 9 and 9 stay in file order, descending too.
    expect(await order(1, true)).toEqual([2, 0, 1, 3]);
    // Text ignores case, then orders by code unit: A before a.
    expect(await order(2, false)).toEqual([1, 2, 0, 3]);
    // A float that is not a number comes last either way.
    expect(await order(3, false)).toEqual([2, 3, 0, 1]);
    expect(await order(3, true)).toEqual([0, 3, 2, 1]);
  });

  it('makes a sort once per table, column and direction, and keeps it', () => {
    const { grid } = gridOf([mixed]);
    const first = grid.order(0, { column: 1, descending: false });
    expect(grid.order(0, { column: 1, descending: false })).toBe(first);
    expect(grid.order(0, { column: 1, descending: true })).not.toBe(first);
  });

  it('sorts a table of 50,000 records, and keeps the order', () => {
    const drafts = generateLatestFileList({ seed: 9, wadCount: 1, baseCount: 50_000 });
    const { grid } = gridOf(drafts);
    const sizes = drafts[2]!.records.map((record) => record.values[3] as number);
    const order = grid.order(2, { column: 3, descending: true });
    expect(order).toHaveLength(50_000);
    let outOfOrder = 0;
    for (let at = 1; at < order.length; at++) {
      if (sizes[order[at - 1]!]! < sizes[order[at]!]!) outOfOrder++;
    }
    expect(outOfOrder).toBe(0);
    expect(grid.order(2, { column: 3, descending: true })).toBe(order);
  });

  it('filters by text in any cell, any case (numbers in decimal), after sorting', async () => {
    const { grid } = gridOf([mixed]);
    const only = async (filter: string, sort?: { column: number; descending: boolean }) => {
      const page = await rows(grid, {
        table: 0,
        offset: 0,
        count: 10,
        filter,
        ...(sort ? { sort } : {}),
      });
      return { total: page.total, rows: page.rows.map((row) => row.row) };
    };
    expect(await only('a')).toEqual({ total: 2, rows: [1, 2] });
    expect(await only('9')).toEqual({ total: 3, rows: [0, 1, 3] });
    expect(await only('18446744073709551615')).toEqual({ total: 1, rows: [1] });
    expect(await only('9', { column: 1, descending: true })).toEqual({ total: 3, rows: [0, 1, 3] });
    expect(await only('nothing')).toEqual({ total: 0, rows: [] });
    expect(await only('')).toEqual({ total: 4, rows: [0, 1, 2, 3] });
  });
});

describe('find', () => {
  it('lists the rows of every table that hold the text, with the first column that does', async () => {
    const { grid, nodes } = gridOf([mixed, dmlTable('Names', [['Name', 'STR']], [['Cab'], ['x']])]);
    const answer = (await grid.answer(
      { kind: 'find', text: 'c', limit: 2 },
      job,
    )) as GridFindAnswer;
    expect(answer.total).toBe(2);
    expect(answer.matches).toEqual([
      { table: 0, row: 3, node: nodes.firstRecordNode[0]! + 3, column: 2 },
      { table: 1, row: 0, node: nodes.firstRecordNode[1]!, column: 0 },
    ]);
    const limited = (await grid.answer(
      { kind: 'find', text: 'a', limit: 1 },
      job,
    )) as GridFindAnswer;
    expect(limited).toMatchObject({ total: 3, matches: [{ table: 0, row: 1 }] });
  });
});

describe('locate', () => {
  const locate = (grid: DmlGrid, query: Omit<Extract<GridQuery, { kind: 'locate' }>, 'kind'>) =>
    grid.answer({ kind: 'locate', ...query }, job) as Promise<GridLocateAnswer>;

  it('gives a record node its table, row and place in a sorted, filtered table', async () => {
    const { grid, nodes } = gridOf([dmlTable('Names', [['Name', 'STR']], [['Cab']]), mixed]);
    const node = nodes.firstRecordNode[1]! + 3;
    expect(await locate(grid, { node })).toEqual({
      kind: 'locate',
      node,
      table: 1,
      row: 3,
      position: 3,
    });
    // Sizes 10, 9, 100, 9: row 3 comes second by size.
    const sort = { column: 1, descending: false };
    expect(await locate(grid, { node, sort })).toMatchObject({ row: 3, position: 1 });
    expect(await locate(grid, { node, sort, filter: 'c' })).toMatchObject({ position: 0 });
    expect(await locate(grid, { node, filter: 'zzz' })).toMatchObject({ row: 3, position: -1 });
  });

  it('gives a table, its template and its fields their table and no row', async () => {
    const { grid, nodes } = gridOf([mixed, dmlTable('Other', [['V', 'UBYT']], [[1]])]);
    for (const node of [nodes.tableNode[1]!, nodes.tableNode[1]! + 1, nodes.tableNode[1]! + 2]) {
      expect(await locate(grid, { node })).toEqual({
        kind: 'locate',
        node,
        table: 1,
        row: -1,
        position: -1,
      });
    }
    await expect(locate(grid, { node: nodes.count })).rejects.toMatchObject({
      code: ErrorCode.BAD_VALUE,
    });
  });
});

describe('export', () => {
  it('a table as CSV: a header of field names, quotes where needed, CRLF', async () => {
    const { grid } = gridOf(everyTypeTables());
    const answer = await exported(grid, { format: 'csv', table: 0 });
    expect(answer).toMatchObject({ fileName: 'EveryType.csv', mediaType: 'text/csv' });
    expect(answer.text.split('\r\n')).toEqual([
      'Id,Delta,Count,Scale,Signed,Unsigned,Short,Ratio,Name,Title',
      '0,0,0,0,0,0,0,0,,',
      '18446744073709551615,-2147483648,4294967295,0.5,-128,255,65535,-1e+300,Zoë,Ωmega',
      `9007199254740993,2147483647,1,-1.25,127,1,1,${Math.PI},"a,""b""","line\nbreak"`,
      '',
    ]);
  });

  it('a table as JSON: its records’ values, a GID as exact decimal text', async () => {
    const { grid } = gridOf(everyTypeTables());
    const answer = await exported(grid, { format: 'json', table: 0 });
    expect(answer.fileName).toBe('EveryType.json');
    const values = JSON.parse(answer.text) as Record<string, unknown>[];
    expect(values).toHaveLength(3);
    expect(values[2]).toMatchObject({
      Id: '9007199254740993',
      Name: 'a,"b"',
      Title: 'line\nbreak',
    });
  });

  it('every record: JSON as {table, values}, CSV with a table column and every field', async () => {
    const { grid } = gridOf([
      mixed,
      dmlTable(
        'Other',
        [
          ['Name', 'STR'],
          ['V', 'UBYT'],
        ],
        [['z', 7]],
      ),
    ]);
    const json = await exported(grid, { format: 'json' });
    expect(json.fileName).toBe('LatestFileList.json');
    const records = JSON.parse(json.text) as { table: string; values: Record<string, unknown> }[];
    expect(records.map((record) => record.table)).toEqual([
      'Mixed',
      'Mixed',
      'Mixed',
      'Mixed',
      'Other',
    ]);
    expect(records[1]!.values).toEqual({
      Id: '18446744073709551615',
      Size: 9,
      Name: 'A',
      Scale: 'NaN',
    });
    const csv = (await exported(grid, { format: 'csv' })).text.split('\r\n');
    expect(csv[0]).toBe('table,Id,Size,Name,Scale,V');
    expect(csv[5]).toBe('Other,,,z,,7');
  });

  it('names a file after its table safely', async () => {
    const { grid } = gridOf([dmlTable('a/b:c', [['V', 'UINT']], [[1]])]);
    expect((await exported(grid, { format: 'csv', table: 0 })).fileName).toBe('a_b_c.csv');
  });
});

describe('queries that name nothing', () => {
  it.each<[string, unknown]>([
    ['a table past the last', { kind: 'rows', table: 2, offset: 0, count: 1 }],
    ['a negative offset', { kind: 'rows', table: 0, offset: -1, count: 1 }],
    ['too many rows', { kind: 'rows', table: 0, offset: 0, count: 1e9 }],
    [
      'a sort column past the last',
      { kind: 'rows', table: 0, offset: 0, count: 1, sort: { column: 4, descending: false } },
    ],
    ['an export format', { kind: 'export', format: 'xml' }],
    ['a kind', { kind: 'chart' }],
    ['nothing', null],
  ])('%s: BAD_VALUE', async (_what, query) => {
    const { grid } = gridOf([mixed]);
    await expect(grid.answer(query as GridQuery, job)).rejects.toMatchObject({
      code: ErrorCode.BAD_VALUE,
    });
  });

  it('a long answer stops when cancelled', async () => {
    const { grid } = gridOf(generateLatestFileList({ seed: 2, wadCount: 1, baseCount: 30_000 }));
    let pauses = 0;
    const cancelling: ViewJob = {
      signal: {
        get isCancelled() {
          return pauses > 1;
        },
        throwIfCancelled() {
          if (pauses > 1) {
            throw new FormatError({ code: ErrorCode.CANCELLED, offset: 0, detail: 'cancelled' });
          }
        },
      },
      pause: () => {
        pauses++;
        return Promise.resolve();
      },
      progress: () => undefined,
    };
    for (const query of [
      { kind: 'find', text: 'zzz', limit: 1 },
      { kind: 'export', format: 'csv' },
      { kind: 'rows', table: 2, offset: 0, count: 1, filter: 'zzz' },
    ] satisfies GridQuery[]) {
      pauses = 0;
      await expect(grid.answer(query, cancelling)).rejects.toMatchObject({ code: 'CANCELLED' });
    }
  });
});
