/**
 * The diff tree: a react-window List of fixed-height rows whose pages are fetched from the
 * comparison's worker as they are rendered, like the file tree. Each row shows its status
 * mark, and a folder the count of each status under it. A document's node that holds others
 * (a table of records) is one row with both: its twisty opens it, a click selects it. Arrow
 * keys move the selection, Left/Right close and open folders, Enter or a click selects.
 */
import { useCallback, useEffect, useState, type KeyboardEvent, type ReactElement } from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import type { DiffStatus, DiffTreeRow } from '../../worker/rpc/api.ts';
import { formatCount } from '../format.ts';
import { compareActions } from './use-compare.ts';

const ROW_HEIGHT = 26;
const PAGE = 100;

export const STATUS_MARKS: Record<DiffStatus, string> = {
  added: '+',
  removed: '−',
  changed: '~',
  unchanged: '=',
};

interface RowProps {
  rows: ReadonlyMap<number, DiffTreeRow>;
  selectedPath: string | null;
  activeIndex: number;
  onPick(index: number, row: DiffTreeRow): void;
  onToggle(index: number, row: DiffTreeRow): void;
}

function folderCounts(row: DiffTreeRow): string {
  const { added, removed, changed } = row.counts;
  const parts = [
    added ? `+${formatCount(added)}` : '',
    removed ? `−${formatCount(removed)}` : '',
    changed ? `~${formatCount(changed)}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

function DiffRowView({
  index,
  style,
  rows,
  selectedPath,
  activeIndex,
  onPick,
  onToggle,
}: RowComponentProps<RowProps>): ReactElement {
  const row = rows.get(index);
  if (!row) return <div style={style} className="diff-row" aria-busy="true" />;
  const status = row.diff?.status;
  const twisty = row.isExpanded ? '▾' : '▸';
  return (
    <div
      style={style}
      role="treeitem"
      aria-level={row.depth}
      aria-selected={row.path === selectedPath}
      {...(row.isFolder ? { 'aria-expanded': row.isExpanded } : {})}
      tabIndex={index === activeIndex ? 0 : -1}
      data-testid="diff-row"
      data-path={row.path}
      data-status={status ?? 'folder'}
      className={`diff-row${status ? ` diff-${status}` : ''}`}
      onClick={() => onPick(index, row)}
    >
      <span className="diff-indent" style={{ width: (row.depth - 1) * 16 }} />
      {row.isFolder && status ? (
        // A document node that holds others: its twisty opens it, a click elsewhere selects it.
        <span
          className="diff-mark diff-twisty"
          aria-hidden="true"
          data-testid="diff-twisty"
          onClick={(event) => {
            event.stopPropagation();
            onToggle(index, row);
          }}
        >
          {twisty}
        </span>
      ) : (
        <span className="diff-mark" aria-hidden="true">
          {status ? STATUS_MARKS[status] : twisty}
        </span>
      )}
      <span className="diff-name">{row.name}</span>
      <span className="diff-row-counts">
        {row.isFolder && status
          ? [status, folderCounts(row)].filter(Boolean).join(' · ')
          : row.isFolder
            ? folderCounts(row)
            : status}
      </span>
    </div>
  );
}

export function DiffTree({
  rowCount,
  rowsVersion,
  selectedPath,
}: {
  rowCount: number;
  rowsVersion: number;
  selectedPath: string | null;
}): ReactElement {
  const [rows, setRows] = useState<ReadonlyMap<number, DiffTreeRow>>(new Map());
  const [range, setRange] = useState({ start: 0, stop: 40 });
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useListRef(null);

  useEffect(() => {
    let isCurrent = true;
    const first = Math.floor(range.start / PAGE) * PAGE;
    const count = Math.min(rowCount, range.stop + PAGE) - first;
    if (count <= 0) {
      setRows(new Map());
      return;
    }
    void compareActions.diffRows(first, count).then((page) => {
      if (!isCurrent) return;
      const next = new Map<number, DiffTreeRow>();
      page.forEach((row, at) => next.set(first + at, row));
      setRows(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [range.start, range.stop, rowCount, rowsVersion]);

  const toggle = useCallback((index: number, row: DiffTreeRow) => {
    setActiveIndex(index);
    void compareActions.setDiffExpanded(row.nodeId, !row.isExpanded);
  }, []);

  /** A node of either side is selected; a folder that is neither's opens or closes. */
  const pick = useCallback(
    (index: number, row: DiffTreeRow) => {
      setActiveIndex(index);
      if (row.diff) compareActions.selectDiffPath(row.path);
      else toggle(index, row);
    },
    [toggle],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const row = rows.get(activeIndex);
    let next = activeIndex;
    if (event.key === 'ArrowDown') next = Math.min(rowCount - 1, activeIndex + 1);
    else if (event.key === 'ArrowUp') next = Math.max(0, activeIndex - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = rowCount - 1;
    else if (event.key === 'Enter' && row) pick(activeIndex, row);
    else if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && row?.isFolder) {
      void compareActions.setDiffExpanded(row.nodeId, event.key === 'ArrowRight');
    } else return;
    event.preventDefault();
    if (next !== activeIndex) {
      setActiveIndex(next);
      listRef.current?.scrollToRow({ index: next, align: 'smart' });
      const nextRow = rows.get(next);
      if (nextRow?.diff) compareActions.selectDiffPath(nextRow.path);
      requestAnimationFrame(() =>
        listRef.current?.element
          ?.querySelector<HTMLElement>(`[data-testid="diff-row"][tabindex="0"]`)
          ?.focus(),
      );
    }
  };

  return (
    <List
      className="diff-tree"
      role="tree"
      aria-label="Differences"
      data-testid="diff-tree"
      listRef={listRef}
      rowComponent={DiffRowView}
      rowCount={rowCount}
      rowHeight={ROW_HEIGHT}
      rowProps={{ rows, selectedPath, activeIndex, onPick: pick, onToggle: toggle }}
      overscanCount={8}
      onRowsRendered={({ startIndex, stopIndex }) => {
        if (startIndex < range.start || stopIndex >= range.stop) {
          setRange({ start: startIndex, stop: stopIndex + 1 });
        }
      }}
      onKeyDown={onKeyDown}
    />
  );
}
