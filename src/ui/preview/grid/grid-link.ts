/**
 * A grid view's part of a deep link: the table shown, its sort and its filter, as the view's
 * own link parameters (`view.table=2&view.sort=3&view.order=desc&view.filter=bin`). Any grid
 * has them, whatever its format. A link may come from anywhere, so reading checks every value
 * against the summary and drops what does not fit; a table the file has not been read up to
 * yet is waited for (`readGridLink` answers null until it is there or the file is read).
 */
import { useEffect, useRef } from 'react';
import type { ViewLinkStateHandle } from '../../../state/deep-link-hooks.ts';
import type { ViewLinkState } from '../../../state/deep-link.ts';
import type { GridSort, GridSummary } from './grid-queries.ts';
import { NO_VIEW, type GridViewState, type TableView, type UpdateGridView } from './grid-state.ts';

/** A link value is at most this long (state/deep-link.ts): a longer filter is left out. */
const MAX_VALUE = 200;
const INDEX = /^\d{1,9}$/;

/** What the grid shows now, as link parameters: its table, and that table's sort and filter. */
export function gridLinkParams(state: GridViewState): ViewLinkState {
  const { sort, filter } = state.views[state.table] ?? NO_VIEW;
  const params: Record<string, string> = { table: String(state.table) };
  if (sort) {
    params['sort'] = String(sort.column);
    params['order'] = sort.descending ? 'desc' : 'asc';
  }
  if (filter !== '' && filter.length <= MAX_VALUE) params['filter'] = filter;
  return params;
}

/** The table and its view a link asks for. */
export interface GridLink {
  table: number;
  view: TableView;
}

/**
 * A link's grid state, checked against `summary`: null when it names no table, or one not
 * read yet (while the file is still read); a sort column the table lacks is dropped.
 */
export function readGridLink(link: ViewLinkState, summary: GridSummary): GridLink | null {
  const tableText = link['table'] ?? '';
  if (!INDEX.test(tableText)) return null;
  const table = Number(tableText);
  const columns = summary.tables[table]?.columns;
  if (!columns) return null;
  const sortText = link['sort'] ?? '';
  let sort: GridSort | null = null;
  if (INDEX.test(sortText) && Number(sortText) < columns.length) {
    sort = { column: Number(sortText), descending: link['order'] === 'desc' };
  }
  return { table, view: { sort, filter: link['filter'] ?? '' } };
}

/** The state with a link's table and view in it; the cursor at its first row. */
export function withGridLink(state: GridViewState, link: GridLink): GridViewState {
  return {
    ...state,
    table: link.table,
    views: { ...state.views, [link.table]: link.view },
    cursor: 0,
    column: -1,
  };
}

/**
 * Keeps a grid's state and the link in step: a link restored (or one the grid mounts with)
 * sets the table and its sort and filter once that table is read; from then on each change
 * is reported. Nothing is reported while a link waits, so the URL keeps asking for it.
 */
export function useGridLink(
  link: ViewLinkStateHandle | undefined,
  summary: GridSummary,
  state: GridViewState,
  update: UpdateGridView,
): void {
  const wanted = link?.wanted ?? null;
  /** The last link taken (or dropped as not fitting the file). */
  const settled = useRef<ViewLinkState | null>(null);
  useEffect(() => {
    if (wanted === null || settled.current === wanted) return;
    const asked = readGridLink(wanted, summary);
    if (asked) update((current) => withGridLink(current, asked));
    // A table not read yet is waited for; once the file is read, a link that fits nothing is dropped.
    if (asked || summary.isReading !== true) settled.current = wanted;
  }, [wanted, summary, update]);
  const isWaiting = wanted !== null && settled.current !== wanted;
  const report = link?.report;
  const { sort, filter } = state.views[state.table] ?? NO_VIEW;
  useEffect(() => {
    if (!report || isWaiting) return;
    report(gridLinkParams(state));
    // Only what the link holds: a move of the cursor is no news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report, isWaiting, state.table, sort, filter]);
}
