/**
 * One table's rows as a grid: a row of column headers that sort on click or from the
 * keyboard (`aria-sort` says how), then a virtual list of rows. Only the rows on screen (and
 * a margin) are rendered, each reading its page of rows from the worker's answers (pages
 * are shared and cached); the worker sorts and filters, so a table of any size scrolls and
 * sorts without holding the page up, and the grid says it is busy meanwhile.
 *
 * Keyboard: the grid is one tab stop whose active row (`aria-activedescendant`) moves with
 * the up and down arrows, PageUp, PageDown, Home and End; Enter or Space selects the row's
 * node. The left and right arrows choose a cell of the row (left of the first, the whole row
 * again) and select the row's node: the chosen cell's bytes are what the hex view shows. A
 * click on a cell chooses it too; one on the row number, the whole row. The headers are
 * GridHeader.tsx.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { prefetchViewAnswer, useViewAnswer } from '../../../state/hooks.ts';
import { keyTarget } from '../../focus-keys.ts';
import { formatCount, formatCountOf } from '../../format.ts';
import { cellText, columnWidth, type ColumnDisplay, type ColumnDisplayOf } from './cell-format.ts';
import {
  PAGE_SIZE,
  rowsQuery,
  type GridRow,
  type GridRowsAnswer,
  type GridSort,
  type GridTable,
} from './grid-queries.ts';
import { GridHeader } from './GridHeader.tsx';

/** Must match `.grid-row` height in grid.css; the header row is as high. */
const ROW_HEIGHT = 24;
/** The row-number column, before the table's own. */
const INDEX_WIDTH = 72;

export interface RecordGridProps {
  fileId: string;
  tableIndex: number;
  table: GridTable;
  /** The table's name, for the grid's accessible name. */
  title: string;
  /** What a row is, singular: `record`. */
  rowNoun: string;
  sort: GridSort | null;
  filter: string;
  cursor: number;
  /** The chosen cell's column in the cursor's row; -1: the whole row. */
  column: number;
  /** The node selected in the tree: its row, if shown, is marked selected. */
  selectedNode: number;
  displayOf: ColumnDisplayOf;
  onCursor(position: number): void;
  onSort(sort: GridSort | null): void;
  /** A row picked, with the column of the cell chosen in it (-1: the whole row). */
  onPick(row: GridRow, column: number): void;
}

/** The rows a page of the table's order holds, as a hook each visible row calls. */
function usePage(
  fileId: string,
  tableIndex: number,
  table: GridTable,
  page: number,
  sort: GridSort | null,
  filter: string,
) {
  // Its row count too: a table still being read is asked again as it grows.
  const query = rowsQuery(tableIndex, page, sort, filter, table.rowCount);
  return useViewAnswer<GridRowsAnswer>(fileId, query);
}

/** The id of a cell of the grid `idBase`: the row at `position`, its `column`. */
const cellId = (idBase: string, position: number, column: number) =>
  `${idBase}-row-${position}-cell-${column}`;

/** The column of the cell an event happened in; -1 outside the table's own cells (the row number). */
function clickedColumn(target: EventTarget): number {
  const cell = target instanceof Element ? target.closest<HTMLElement>('[data-column]') : null;
  return cell ? Number(cell.dataset['column']) : -1;
}

/** The chosen column after a step left (-1) or right (+1): -1 (the whole row) to the last. */
export function nextColumn(column: number, step: -1 | 1, columns: number): number {
  return Math.max(-1, Math.min(columns - 1, column + step));
}

export function RecordGrid(props: RecordGridProps): ReactElement {
  const { fileId, tableIndex, table, sort, filter, cursor, column, onCursor, onPick, displayOf } =
    props;
  const idBase = `grid-${fileId}-${tableIndex}`;
  const listRef = useListRef(null);
  const [visible, setVisible] = useState({ start: 0, stop: 0 });
  const displays = useMemo(
    () => table.columns.map((column) => displayOf(column)),
    [table, displayOf],
  );

  // The page at the top of the screen says how many rows pass the filter, and whether the
  // worker is still sorting or filtering; the cursor's page gives the row Enter selects.
  const top = usePage(
    fileId,
    tableIndex,
    table,
    Math.floor(visible.start / PAGE_SIZE),
    sort,
    filter,
  );
  const atCursor = usePage(fileId, tableIndex, table, Math.floor(cursor / PAGE_SIZE), sort, filter);
  const key = JSON.stringify([tableIndex, filter]);
  const [known, setKnown] = useState({ key: '', total: 0 });
  const answered = top.status === 'ok' ? top.value.total : null;
  useEffect(() => {
    if (answered !== null) setKnown({ key, total: answered });
  }, [key, answered]);
  const total =
    filter === '' ? table.rowCount : (answered ?? (known.key === key ? known.total : 0));
  const isBusy = top.status === 'loading' && (sort !== null || filter !== '');
  const cursorRow =
    atCursor.status === 'ok' ? atCursor.value.rows[cursor - atCursor.value.offset] : undefined;

  const moveTo = useCallback(
    (position: number) => {
      const clamped = Math.max(0, Math.min(total - 1, position));
      if (total === 0) return;
      onCursor(clamped);
      listRef.current?.scrollToRow({ index: clamped, align: 'smart', behavior: 'instant' });
    },
    [total, onCursor, listRef],
  );

  // The cursor in sight whenever it is moved from outside (a found row, a row chosen in the tree).
  useEffect(() => {
    if (cursor < total) {
      listRef.current?.scrollToRow({ index: cursor, align: 'smart', behavior: 'instant' });
    }
  }, [cursor, total, tableIndex, sort, filter, listRef]);

  // The chosen cell in sight sideways (the row is brought in sight above).
  useEffect(() => {
    if (column < 0) return;
    document
      .getElementById(cellId(idBase, cursor, column))
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [idBase, cursor, column]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // A screen of rows, less one: the same size both ways, whatever row the screen starts at.
    const height = listRef.current?.element?.clientHeight ?? 0;
    const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
    const target = keyTarget(event.key, cursor, total, page);
    if (target !== null) {
      event.preventDefault();
      moveTo(target);
      return;
    }
    if ((event.key === 'Enter' || event.key === ' ') && cursorRow) {
      event.preventDefault();
      onPick(cursorRow, column);
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const next = nextColumn(column, event.key === 'ArrowLeft' ? -1 : 1, table.columns.length);
      if (cursorRow && next !== column) onPick(cursorRow, next);
    }
  };

  const widths = [
    INDEX_WIDTH,
    ...table.columns.map((column, at) => columnWidth(column, displays[at]!)),
  ];
  const layout = {
    '--grid-columns': widths.map((width) => `${width}px`).join(' '),
    '--grid-width': `${widths.reduce((sum, width) => sum + width, 0)}px`,
    // Where the pinned columns end (grid.css): the row number, then the table's first column.
    '--grid-index-width': `${INDEX_WIDTH}px`,
    '--grid-key-end': `${INDEX_WIDTH + (widths[1] ?? 0)}px`,
  } as CSSProperties;

  const onRowClick = useCallback(
    (position: number, row: GridRow | undefined, at: number) => {
      onCursor(position);
      if (row) onPick(row, at);
    },
    [onCursor, onPick],
  );
  // The list keeps the same props object while its values are the same (a shallow compare).
  const rowProps: RowData = {
    fileId,
    tableIndex,
    table,
    displays,
    sort,
    filter,
    cursor,
    column,
    selectedNode: props.selectedNode,
    idBase,
    onClick: onRowClick,
  };

  const { onSort } = props;
  /** A new sort: its pages on screen are asked for before the grid renders (the worker sorts meanwhile). */
  const sortBy = useCallback(
    (next: GridSort | null) => {
      const pages = new Set(
        [visible.start, visible.stop, cursor].map((at) => Math.floor(at / PAGE_SIZE)),
      );
      for (const page of pages) {
        prefetchViewAnswer(fileId, rowsQuery(tableIndex, page, next, filter, table.rowCount));
      }
      onSort(next);
    },
    [visible, cursor, fileId, tableIndex, filter, table.rowCount, onSort],
  );

  const isCursorShown = total > 0 && cursor >= visible.start && cursor <= visible.stop;
  // The grid is the list's own element: what scrolls is the tab stop, and the header scrolls
  // sideways with the rows (it sticks to the top; the rows start below it). Below it, what
  // the worker is doing, or how many rows the filter keeps.
  return (
    <>
      <List
        className="grid"
        style={layout}
        role="grid"
        tabIndex={0}
        aria-label={`Records of ${props.title}`}
        aria-rowcount={total + 1}
        aria-colcount={widths.length}
        aria-busy={isBusy}
        aria-activedescendant={
          !isCursorShown
            ? undefined
            : column >= 0
              ? cellId(idBase, cursor, column)
              : `${idBase}-row-${cursor}`
        }
        data-testid="grid"
        data-state={isBusy ? 'busy' : 'ready'}
        onKeyDown={onKeyDown}
        listRef={listRef}
        rowComponent={RecordRow}
        rowProps={rowProps}
        rowCount={total}
        rowHeight={ROW_HEIGHT}
        defaultHeight={320}
        // A grid that mounts at a row (a node's pane, a found row) starts there.
        defaultScrollOffset={Math.max(0, cursor - 2) * ROW_HEIGHT}
        overscanCount={10}
        onRowsRendered={(shown) =>
          setVisible((before) =>
            before.start === shown.startIndex && before.stop === shown.stopIndex
              ? before
              : { start: shown.startIndex, stop: shown.stopIndex },
          )
        }
      >
        <GridHeader table={table} sort={sort} onSort={sortBy} />
        {total === 0 && !isBusy && (
          <div className="grid-row grid-empty" role="row">
            <span role="gridcell" className="muted">
              {filter === ''
                ? `This table has no ${props.rowNoun}s.`
                : `No ${props.rowNoun} holds “${filter}”.`}
            </span>
          </div>
        )}
      </List>
      <p className="grid-status muted" role="status" data-testid="grid-status">
        {isBusy
          ? `${filter === '' ? 'Sorting' : 'Filtering'} ${formatCountOf(table.rowCount, props.rowNoun)}…`
          : filter === ''
            ? ''
            : `${formatCount(total)} of ${formatCountOf(table.rowCount, props.rowNoun)} hold “${filter}”`}
      </p>
    </>
  );
}

interface RowData {
  fileId: string;
  tableIndex: number;
  table: GridTable;
  displays: readonly ColumnDisplay[];
  sort: GridSort | null;
  filter: string;
  cursor: number;
  column: number;
  selectedNode: number;
  idBase: string;
  /** A click on a row: its position, its row once loaded, the column clicked (-1: the row number). */
  onClick(position: number, row: GridRow | undefined, column: number): void;
}

function RecordRow({
  index,
  style,
  fileId,
  tableIndex,
  table,
  displays,
  sort,
  filter,
  cursor,
  column,
  selectedNode,
  idBase,
  onClick,
}: RowComponentProps<RowData>): ReactElement {
  const page = usePage(fileId, tableIndex, table, Math.floor(index / PAGE_SIZE), sort, filter);
  const row = page.status === 'ok' ? page.value.rows[index - page.value.offset] : undefined;
  const isSelected = row !== undefined && row.node === selectedNode;
  const className = [
    'grid-row grid-body-row',
    index === cursor ? 'is-active' : '',
    isSelected ? 'is-selected' : '',
  ].join(' ');
  return (
    <div
      id={`${idBase}-row-${index}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={isSelected}
      // As wide as its columns, not the list: the pinned cells stick within their row.
      style={{ ...style, top: ROW_HEIGHT, width: 'var(--grid-width)' }}
      className={className}
      data-testid="grid-row"
      data-position={index}
      data-row={row?.row}
      onClick={(event) => onClick(index, row, clickedColumn(event.target))}
    >
      <div role="gridcell" className="grid-cell grid-cell--index">
        {row ? formatCount(row.row) : ''}
      </div>
      {page.status === 'error' ? (
        <div role="gridcell" className="grid-cell grid-cell--error">
          {page.error.message}
        </div>
      ) : (
        table.columns.map((field, at) => {
          if (!row) {
            const className = at === 0 ? 'grid-cell grid-cell--key' : 'grid-cell';
            return <div key={at} role="gridcell" className={className} aria-busy="true" />;
          }
          const shown = cellText(row.cells[at] ?? null, field, displays[at]!);
          const isChosen = index === cursor && at === column;
          return (
            <div
              key={at}
              id={cellId(idBase, index, at)}
              role="gridcell"
              aria-selected={isChosen && isSelected}
              data-column={at}
              className={[
                'grid-cell',
                shown.isNumeric ? 'grid-cell--number' : '',
                at === 0 ? 'grid-cell--key' : '',
                isChosen ? 'is-chosen' : '',
              ].join(' ')}
              title={shown.title}
            >
              {shown.text}
              {shown.aside !== undefined && <span className="grid-aside"> {shown.aside}</span>}
            </div>
          );
        })
      )}
    </div>
  );
}
