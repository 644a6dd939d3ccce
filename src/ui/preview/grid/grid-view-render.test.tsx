/**
 * First renders of the grid view under Node (no DOM, effects do not run, no answer has come
 * yet): the tables with their counts, the grid's roles, headers and sort state, the rows of
 * the first screen only (waiting for their page), the busy state of a sort, and file-derived
 * text escaped. The queries it asks and the summaries it takes. Behaviour in a browser is in
 * e2e (a format's view spec, and a11y.spec.ts).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { delve } from '../../../state/app.ts';
import type { DocumentView } from '../../../worker/rpc/api.ts';
import { plainColumns } from './cell-format.ts';
import {
  PAGE_SIZE,
  gridSummaryOf,
  locateQuery,
  rowsQuery,
  tableTitle,
  type GridSummary,
} from './grid-queries.ts';
import { GridView } from './GridView.tsx';
import { nextSort } from './GridHeader.tsx';
import { RecordGrid } from './RecordGrid.tsx';

const summary: GridSummary = {
  tables: [
    {
      name: 'Files',
      rowCount: 50_000,
      columns: [
        { label: 'Name', kind: 'text', type: 'STR' },
        { label: 'Size', kind: 'number', type: 'UINT' },
        { label: 'Id', kind: 'integer64', type: 'GID' },
      ],
    },
    { name: '<b>bold</b>', rowCount: 1, columns: [{ label: 'V', kind: 'number', type: 'UINT' }] },
    { name: '', rowCount: 0, columns: [] },
  ],
  rowCount: 50_001,
};

const noop = () => undefined;

function gridOf(sort: { column: number; descending: boolean } | null, filter = ''): string {
  return renderToStaticMarkup(
    <RecordGrid
      fileId="f-none"
      tableIndex={0}
      table={summary.tables[0]!}
      title="Files"
      rowNoun="record"
      sort={sort}
      filter={filter}
      cursor={0}
      column={-1}
      selectedNode={-1}
      displayOf={plainColumns}
      onCursor={noop}
      onSort={noop}
      onPick={noop}
    />,
  );
}

const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;

describe('the grid view', () => {
  it('asks for its first page of rows in its render, before the grid has mounted', async () => {
    const firstPage = rowsQuery(0, 0, null, '', summary.tables[0]!.rowCount);
    const { key } = delve.queries.viewAnswer('f-first-page', JSON.stringify(firstPage), firstPage);
    renderToStaticMarkup(
      <GridView
        fileId="f-first-page"
        summary={summary}
        displayOf={plainColumns}
        rowNoun="record"
      />,
    );
    // No effect runs here: only a request made while rendering has an answer (the file is
    // closed, so a failure) rather than nothing asked.
    await expect.poll(() => delve.queries.cache.read(key).status, { timeout: 2_000 }).toBe('error');
  });

  it('lists the tables with their row counts, the first chosen', () => {
    const html = renderToStaticMarkup(
      <GridView fileId="f-tables" summary={summary} displayOf={plainColumns} rowNoun="record" />,
    );
    expect(html).toContain('role="listbox"');
    expect(html).toContain('aria-label="Tables (3)"');
    expect(html).toMatch(/role="option" aria-selected="true"[^>]*>.*?Files<\/span>/);
    expect(html).toContain('title="50,000 records">50,000</span>');
    expect(html).toContain('title="1 record">1</span>');
    // File-derived names are text, never markup.
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('Table #2 (no name)');
    expect(html).toContain('data-testid="grid-find-input"');
    expect(html).toContain('data-testid="grid-export-all-csv"');
    expect(html).toContain('data-testid="grid-export-table-json"');
  });
});

describe('the grid', () => {
  it('is a grid of the table’s rows with sortable headers, file order first', () => {
    const html = gridOf(null);
    expect(html).toMatch(/role="grid"[^>]*aria-label="Records of Files"/);
    expect(html).toContain('aria-rowcount="50001"');
    expect(html).toContain('aria-colcount="4"');
    expect(html).toContain('data-state="ready"');
    expect(count(html, /role="columnheader"/g)).toBe(4);
    expect(html).toMatch(
      /aria-sort="ascending"[^>]*><button[^>]*data-testid="grid-sort-file-order"/,
    );
    expect(count(html, /aria-sort="none"/g)).toBe(3);
    expect(html).toContain('title="Size (UINT): sort ascending"');
  });

  it('renders the rows of the first screen only, each waiting for its page', () => {
    const html = gridOf(null);
    const rows = count(html, /data-testid="grid-row"/g);
    expect(rows).toBeGreaterThan(5);
    expect(rows).toBeLessThan(40);
    expect(html).toContain('aria-rowindex="2"');
    expect(html).toContain('aria-busy="true"');
  });

  it('says it is busy while the worker sorts, and which way it sorts', () => {
    const html = gridOf({ column: 1, descending: true });
    expect(html).toContain('data-state="busy"');
    expect(html).toMatch(/data-testid="grid-status">Sorting 50,000 records…</);
    expect(gridOf(null, 'x')).toMatch(/data-testid="grid-status">Filtering 50,000 records…</);
    expect(gridOf(null)).toMatch(/data-testid="grid-status"><\/p>/);
    expect(html).toMatch(/role="grid"[^>]*aria-busy="true"/);
    expect(html).toMatch(/aria-sort="descending"[^>]*><button[^>]*><span[^>]*>Size</);
    expect(html).toContain('title="Size (UINT): sort ascending"');
  });

  it('marks the row number and the first column to stay in sight sideways', () => {
    const html = gridOf(null);
    // Two pinned cells a row, the header's and the waiting rows' alike: `#` and `Name`.
    expect(html).toMatch(/role="columnheader" class="grid-cell grid-cell--index"/);
    expect(html).toMatch(/role="columnheader"[^>]*class="grid-cell\s+grid-cell--key[^"]*"/);
    expect(count(html, /grid-cell--key/g)).toBe(count(html, /grid-cell--index/g));
    expect(html).toContain('--grid-index-width:72px');
    expect(html).toContain('--grid-key-end:312px');
  });

  it('sorts ascending first, then the other way', () => {
    expect(nextSort(null, 2)).toEqual({ column: 2, descending: false });
    expect(nextSort({ column: 2, descending: false }, 2)).toEqual({
      column: 2,
      descending: true,
    });
    expect(nextSort({ column: 2, descending: true }, 2)).toEqual({
      column: 2,
      descending: false,
    });
    expect(nextSort({ column: 2, descending: true }, 0)).toEqual({
      column: 0,
      descending: false,
    });
  });
});

describe('queries and summaries', () => {
  it('asks for pages of PAGE_SIZE rows, with a sort and a filter only when there are', () => {
    expect(rowsQuery(1, 3, null, '')).toEqual({
      kind: 'rows',
      table: 1,
      offset: 3 * PAGE_SIZE,
      count: PAGE_SIZE,
    });
    expect(rowsQuery(0, 0, { column: 1, descending: true }, 'a')).toEqual({
      kind: 'rows',
      table: 0,
      offset: 0,
      count: PAGE_SIZE,
      sort: { column: 1, descending: true },
      filter: 'a',
    });
    expect(locateQuery(7, null, '')).toEqual({ kind: 'locate', node: 7 });
  });

  it('takes a view whose data is a grid summary, and nothing else', () => {
    const view = (data: unknown): DocumentView => ({ kind: 'any-grid', data });
    expect(gridSummaryOf(view(summary))).toBe(summary);
    expect(gridSummaryOf(view(null))).toBeNull();
    expect(gridSummaryOf(view({ tables: 'no', rowCount: 1 }))).toBeNull();
    expect(
      gridSummaryOf(view({ tables: [{ name: 'x', rowCount: -1, columns: [] }], rowCount: 0 })),
    ).toBeNull();
    expect(
      gridSummaryOf(
        view({
          tables: [{ name: 'x', rowCount: 1, columns: [{ label: 'a', kind: 'blob', type: 't' }] }],
          rowCount: 1,
        }),
      ),
    ).toBeNull();
    expect(tableTitle(summary.tables[0]!, 0)).toBe('Files');
  });
});
