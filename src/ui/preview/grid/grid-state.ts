/**
 * What a grid view shows of a file, kept while the file is open: the table, each table's
 * sort and filter, the row under the cursor, the text searched for in every table. The file's
 * row and its nodes have panes of their own, so a grid mounts anew when the selection moves
 * from one to the other; it starts from here, as it was left. A value read back is checked
 * against the summary (a table that is not there shows the first).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileMemory } from '../../../state/hooks.ts';
import type { GridSort, GridSummary } from './grid-queries.ts';

/** How one table's rows are shown. */
export interface TableView {
  /** null: file order. */
  sort: GridSort | null;
  /** Rows with a cell holding this text (any case); empty: every row. */
  filter: string;
}

export interface GridViewState {
  table: number;
  /** By table index; a table not listed shows as `NO_VIEW`. */
  views: Readonly<Record<number, TableView>>;
  /** The row under the cursor: its position in the table's sorted, filtered rows. */
  cursor: number;
  /** The chosen cell's column in that row (its bytes are highlighted); -1: the whole row. */
  column: number;
  /** The text searched for in every table. */
  find: string;
  /** The node the grid selected itself: the pane it brings shows it without asking where. */
  picked: number;
  /** Until this time (ms, `performance.now()`), a grid that mounts takes the keyboard. */
  focusUntil: number;
}

export const NO_VIEW: TableView = { sort: null, filter: '' };

const MEMORY_SLOT = 'grid-view';

const FIRST: GridViewState = {
  table: 0,
  views: {},
  cursor: 0,
  column: -1,
  find: '',
  picked: -1,
  focusUntil: 0,
};

/** The state remembered for a file, or the first state; a table past the last is the first. */
function recalled(fileId: string, summary: GridSummary): GridViewState {
  const state = fileMemory.recall<GridViewState>(fileId, MEMORY_SLOT) ?? FIRST;
  const column = state.column ?? -1;
  return state.table < summary.tables.length
    ? { ...state, column }
    : { ...state, table: 0, cursor: 0, column: -1 };
}

export type UpdateGridView = (change: (state: GridViewState) => GridViewState) => void;

/**
 * The grid's state for a file, kept in the file's memory on every change. `latest` reads the
 * state as it is now, for handlers that run after an answer comes.
 */
export function useGridViewState(
  fileId: string,
  summary: GridSummary,
): { state: GridViewState; update: UpdateGridView; latest: () => GridViewState } {
  const [state, setState] = useState(() => recalled(fileId, summary));
  const current = useRef(state);
  useEffect(() => {
    current.current = state;
    fileMemory.remember(fileId, MEMORY_SLOT, state);
  }, [fileId, state]);
  const update = useCallback<UpdateGridView>(
    (change) =>
      setState((before) => {
        const next = change(before);
        current.current = next;
        return next;
      }),
    [],
  );
  const latest = useCallback(() => current.current, []);
  return { state, update, latest };
}

/** The state with one table's view changed; the cursor goes back to the first row. */
export function withTableView(
  state: GridViewState,
  table: number,
  change: Partial<TableView>,
): GridViewState {
  const view = { ...(state.views[table] ?? NO_VIEW), ...change };
  return { ...state, views: { ...state.views, [table]: view }, cursor: 0 };
}
