/**
 * A grid view of any session whose view data is a `GridSummary` (formats/grid.ts): the
 * tables with their row counts, the chosen table's rows (sorted and filtered by the worker),
 * a find across every table, and exports of a table or of everything. Picking a row selects
 * its node in the tree, so the details and the hex view show its bytes (or, when a cell of it
 * is chosen, that cell's: `onColumn` says which); a node chosen in the
 * tree (`node`) brings its table, with its row under the cursor. What it shows is kept for the
 * file (grid-state.ts), so the pane of a node starts where the file's pane was left.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactElement } from 'react';
import type { ViewLinkStateHandle } from '../../../state/deep-link-hooks.ts';
import { askView, prefetchViewAnswer, useActions, useSelection } from '../../../state/hooks.ts';
import { formatCountOf } from '../../format.ts';
import { useDebounced } from '../../use-debounced.ts';
import type { ColumnDisplayOf } from './cell-format.ts';
import { GridExport } from './GridExport.tsx';
import { GridFind } from './GridFind.tsx';
import {
  PAGE_SIZE,
  locateQuery,
  rowsQuery,
  tableTitle,
  type GridLocateAnswer,
  type GridMatch,
  type GridRow,
  type GridSort,
  type GridSummary,
} from './grid-queries.ts';
import { useGridLink } from './grid-link.ts';
import { NO_VIEW, useGridViewState, withTableView } from './grid-state.ts';
import { RecordGrid } from './RecordGrid.tsx';
import { TableList } from './TableList.tsx';
import './grid.css';

/** Quiet time after the last key of a filter before the worker is asked. */
const FILTER_DEBOUNCE_MS = 250;
/** How long after a pick the grid of the pane it brings takes the keyboard. */
const FOCUS_HANDOVER_MS = 5_000;

export interface GridViewProps {
  fileId: string;
  summary: GridSummary;
  displayOf: ColumnDisplayOf;
  /** What a row is, singular: `record`. */
  rowNoun: string;
  /** The pane's node, chosen in the tree: its table shows, its row under the cursor. */
  node?: number;
  /** Hears the chosen cell's column (-1: the whole row), at first and on each change. */
  onColumn?(column: number): void;
  /** Its part in deep links: the table, sort and filter a link asks for, and what it shows. */
  link?: ViewLinkStateHandle;
}

export function GridView({
  fileId,
  summary,
  displayOf,
  rowNoun,
  node,
  onColumn,
  link,
}: GridViewProps): ReactElement {
  const idBase = useId();
  const { state, update, latest } = useGridViewState(fileId, summary);
  useGridLink(link, summary, state, update);
  const { revealEntry } = useActions();
  const selection = useSelection();
  const selectedNode =
    selection?.fileId === fileId && selection.kind === 'row' ? selection.row.entryIndex : -1;
  const [note, setNote] = useState('');
  const recordsRef = useRef<HTMLElement>(null);
  /** Gives the grid (the rows' tab stop) the keyboard, without scrolling the pane. */
  const focusGrid = useCallback(
    () =>
      recordsRef.current
        ?.querySelector<HTMLElement>('[role="grid"]')
        ?.focus({ preventScroll: true }),
    [],
  );

  const tableIndex = state.table;
  const table = summary.tables[tableIndex];
  const view = state.views[tableIndex] ?? NO_VIEW;
  // Typing settles before the worker filters; another table's filter applies at once.
  const typed = `${tableIndex}:${view.filter}`;
  const settled = useDebounced(typed, FILTER_DEBOUNCE_MS);
  const isSameTable = settled.startsWith(`${tableIndex}:`);
  const filter = (isSameTable ? settled.slice(settled.indexOf(':') + 1) : view.filter).trim();
  // The page of rows the grid shows first is asked for in this render: the grid's own
  // hooks ask once the whole pane has rendered and mounted (the table list of a long file,
  // the header, the find box), and the worker can answer meanwhile.
  const firstPage =
    table === undefined
      ? null
      : JSON.stringify(
          rowsQuery(
            tableIndex,
            Math.floor(state.cursor / PAGE_SIZE),
            view.sort,
            filter,
            table.rowCount,
          ),
        );
  useMemo(() => {
    if (firstPage !== null) prefetchViewAnswer(fileId, JSON.parse(firstPage));
  }, [fileId, firstPage]);
  /** Bumped to give the grid the keyboard once it has rendered (a found row's table). */
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusGrid();
  }, [focusRequest, focusGrid]);
  /** Until when the grid of the pane a pick brings takes the keyboard: only the file's pane gives way. */
  const handover = useCallback(
    () => (node === undefined ? performance.now() + FOCUS_HANDOVER_MS : 0),
    [node],
  );

  /** Selects a row's node in the tree; false (and a note) when the tree's filter hides it. */
  const select = useCallback(
    async (target: number, path: string) => {
      setNote('');
      const isShown = await revealEntry(fileId, target);
      if (!isShown) {
        update((current) => ({ ...current, picked: -1, focusUntil: 0 }));
        setNote(`${path} is not in the tree: the filter above the tree hides it.`);
      }
    },
    [fileId, revealEntry, update],
  );

  const pick = useCallback(
    (row: GridRow, column: number) => {
      update((current) => ({ ...current, column, picked: row.node, focusUntil: handover() }));
      // A row selected already keeps its pane: only the chosen cell changes.
      if (row.node !== selectedNode) void select(row.node, `Row ${row.row}`);
    },
    [handover, select, update, selectedNode],
  );

  useEffect(() => onColumn?.(state.column), [onColumn, state.column]);

  /** Each showing of a node bumps this: an older one's answers are dropped. */
  const showing = useRef(0);
  /** Shows a node's table with its row under the cursor (clearing a filter that hides it). */
  const show = useCallback(
    async (target: number, options: { select: boolean }) => {
      const mine = ++showing.current;
      const located = await askView<GridLocateAnswer>(fileId, locateQuery(target, null, ''));
      if (mine !== showing.current || !located.ok || located.value.table < 0) return;
      const { table: at, row } = located.value;
      let shown = latest().views[at] ?? NO_VIEW;
      let position = row;
      if (row >= 0 && (shown.sort !== null || shown.filter !== '')) {
        let placed = await askView<GridLocateAnswer>(
          fileId,
          locateQuery(target, shown.sort, shown.filter.trim()),
        );
        if (placed.ok && placed.value.position < 0) {
          shown = { ...shown, filter: '' };
          placed = await askView<GridLocateAnswer>(fileId, locateQuery(target, shown.sort, ''));
        }
        if (mine !== showing.current || !placed.ok) return;
        position = placed.value.position;
      }
      update((current) => ({
        ...current,
        table: at,
        views: { ...current.views, [at]: shown },
        cursor: Math.max(0, position),
        picked: options.select ? target : current.picked,
        focusUntil: options.select ? handover() : current.focusUntil,
      }));
      if (!options.select || row < 0) return;
      setFocusRequest((count) => count + 1);
      await select(target, `Row ${row}`);
    },
    [fileId, handover, latest, select, update],
  );

  // A node chosen in the tree: its table and row. One the grid picked itself is there already.
  useEffect(() => {
    if (node === undefined || node < 0) return;
    const wasPicked = latest().picked === node;
    update((current) => (current.picked === -1 ? current : { ...current, picked: -1 }));
    if (!wasPicked) void show(node, { select: false });
  }, [node, latest, update, show]);

  // The grid that takes over from the pane where a row was picked takes the keyboard too.
  useEffect(() => {
    if (latest().focusUntil > performance.now()) {
      focusGrid();
      update((current) => ({ ...current, focusUntil: 0 }));
    }
  }, [latest, update, focusGrid]);

  const onSort = useCallback(
    (sort: GridSort | null) => update((current) => withTableView(current, current.table, { sort })),
    [update],
  );
  const onCursor = useCallback(
    (cursor: number) => update((current) => ({ ...current, cursor })),
    [update],
  );
  const onTable = useCallback(
    (index: number) =>
      update((current) =>
        current.table === index ? current : { ...current, table: index, cursor: 0, column: -1 },
      ),
    [update],
  );

  if (!table) {
    return (
      <p className="muted grid-note" data-testid="grid-view">
        There are no tables.
      </p>
    );
  }
  const title = tableTitle(table, tableIndex);
  return (
    <div className="grid-view" data-testid="grid-view">
      <div className="grid-top">
        <GridFind
          fileId={fileId}
          summary={summary}
          text={state.find}
          onText={(find) => update((current) => ({ ...current, find }))}
          onTable={(index) => {
            onTable(index);
            setFocusRequest((count) => count + 1);
          }}
          onMatch={(match: GridMatch) => void show(match.node, { select: true })}
          rowNoun={rowNoun}
        />
        <GridExport
          fileId={fileId}
          table={null}
          what={`every ${rowNoun}`}
          verb={`All ${rowNoun}s as`}
          testId="grid-export-all"
        />
      </div>
      {summary.isReading === true && (
        <p className="muted grid-note" role="status" data-testid="grid-reading">
          Still reading the file ({formatCountOf(summary.tables.length, 'table')} so far): a find in
          every table and an export of every {rowNoun} wait for the rest.
        </p>
      )}
      <div className="grid-main">
        <TableList
          tables={summary.tables}
          selected={tableIndex}
          onSelect={onTable}
          rowNoun={rowNoun}
          idBase={idBase}
        />
        <section className="grid-records" aria-label={`Table ${title}`} ref={recordsRef}>
          <div className="grid-toolbar">
            <h3 className="grid-title" data-testid="grid-title">
              {title}
            </h3>
            <span className="muted grid-count" data-testid="grid-count">
              {formatCountOf(table.rowCount, rowNoun)}
            </span>
            <input
              type="search"
              className="grid-filter"
              aria-label={`Filter the ${rowNoun}s of ${title}`}
              placeholder={`Filter ${rowNoun}s: any field holding…`}
              data-testid="grid-filter"
              value={view.filter}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) =>
                update((current) =>
                  withTableView(current, current.table, { filter: event.target.value }),
                )
              }
            />
            <GridExport
              fileId={fileId}
              table={tableIndex}
              what={title}
              verb="Export"
              testId="grid-export-table"
            />
          </div>
          <RecordGrid
            key={`${fileId}:${tableIndex}`}
            fileId={fileId}
            tableIndex={tableIndex}
            table={table}
            title={title}
            rowNoun={rowNoun}
            sort={view.sort}
            filter={filter}
            cursor={state.cursor}
            column={state.column}
            selectedNode={selectedNode}
            displayOf={displayOf}
            onCursor={onCursor}
            onSort={onSort}
            onPick={pick}
          />
          {note !== '' && (
            <p className="error-text grid-note" role="alert">
              {note}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
