/** A grid's state as link parameters and back, each value checked against the summary. */
import { describe, expect, it } from 'vitest';
import { gridLinkParams, readGridLink, withGridLink } from './grid-link.ts';
import type { GridSummary } from './grid-queries.ts';
import type { GridViewState } from './grid-state.ts';

const columns = [
  { label: 'Name', kind: 'text' as const, type: 'STR' },
  { label: 'Size', kind: 'number' as const, type: 'UINT' },
];
const summary: GridSummary = {
  tables: [
    { name: 'A', rowCount: 3, columns },
    { name: 'B', rowCount: 5, columns },
  ],
  rowCount: 8,
};
const state: GridViewState = {
  table: 1,
  views: { 1: { sort: { column: 1, descending: true }, filter: 'bin/' } },
  cursor: 4,
  column: 0,
  find: '',
  picked: -1,
  focusUntil: 0,
};

describe('grid link state', () => {
  it('writes the table, its sort and its filter, and reads them back', () => {
    const params = gridLinkParams(state);
    expect(params).toEqual({ table: '1', sort: '1', order: 'desc', filter: 'bin/' });
    const link = readGridLink(params, summary)!;
    expect(link).toEqual({
      table: 1,
      view: { sort: { column: 1, descending: true }, filter: 'bin/' },
    });
    const restored = withGridLink({ ...state, table: 0, views: {} }, link);
    expect(gridLinkParams(restored)).toEqual(params);
    expect(restored.cursor).toBe(0);
  });

  it('leaves out what is not set, and a filter too long for a link', () => {
    expect(gridLinkParams({ ...state, table: 0 })).toEqual({ table: '0' });
    const long = 'x'.repeat(201);
    expect(gridLinkParams({ ...state, views: { 1: { sort: null, filter: long } } })).toEqual({
      table: '1',
    });
  });

  it('drops what does not fit the file, and waits for a table not read yet', () => {
    expect(readGridLink({ table: 'x' }, summary)).toBeNull();
    expect(readGridLink({ table: '-1' }, summary)).toBeNull();
    expect(readGridLink({ table: '2' }, summary)).toBeNull();
    expect(readGridLink({ table: '0', sort: '9', order: 'desc' }, summary)).toEqual({
      table: 0,
      view: { sort: null, filter: '' },
    });
    const grown = { ...summary, tables: [...summary.tables, { name: 'C', rowCount: 1, columns }] };
    expect(readGridLink({ table: '2', sort: '0' }, grown)).toEqual({
      table: 2,
      view: { sort: { column: 0, descending: false }, filter: '' },
    });
  });
});
