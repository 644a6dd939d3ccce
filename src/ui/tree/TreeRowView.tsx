/**
 * One row of the tree: a file's own row (level 1, deeper for a file opened from an entry of
 * another), a folder, an entry or a document node, or a placeholder while its page of rows
 * is on its way from the worker. The cells after the name come from the columns the formats
 * declare (columns.ts); no format is named here. All names come from the file and are
 * rendered as text.
 *
 * Rendering cost: the List re-renders every row's shell (TreeRowView) whenever the layout
 * changes, which happens with each batch of rows while a big file streams in. The shell only
 * locates the row; its content is memoized on plain props and subscribes to its own data
 * (the file, or the row in the page cache), so a row is rebuilt only when what it shows
 * changed.
 */
import { memo, type CSSProperties, type MouseEvent, type ReactElement } from 'react';
import type { RowComponentProps } from 'react-window';
import { locate } from '../../state/flat-layout.ts';
import { useCachedRow, useFile } from '../../state/hooks.ts';
import type { OpenFile } from '../../state/types.ts';
import type { ColumnDef } from '../../worker/rpc/api.ts';
import { describeVerifySummary, fileVerifyState } from '../checksums/verify-summary.ts';
import { formatCount } from '../format.ts';
import {
  columnIdsOf,
  DEFAULT_SET,
  fileCell,
  isNumericColumn,
  rowCell,
  type CellText,
  type ColumnSets,
} from './columns.ts';
import { RowMeta, RowShell, Twisty } from './RowShell.tsx';
import { clickModeOf, INDENT, type RowHandlers, type TreeRowProps } from './tree-types.ts';

function indent(level: number): CSSProperties {
  return { paddingInlineStart: `${(level - 1) * INDENT + 4}px` };
}

/** The cells after the name: those of the row's column set filled, the others blank. */
function Cells({
  columns,
  shown,
  cellOf,
}: {
  columns: readonly ColumnDef[];
  shown: ReadonlySet<string>;
  cellOf(column: ColumnDef): CellText;
}): ReactElement {
  return (
    <>
      {columns.map((column) => {
        const cell = shown.has(column.id) ? cellOf(column) : null;
        const classes = ['tree-cell'];
        if (isNumericColumn(column)) classes.push('tree-num');
        if (column.kind === 'status') classes.push('tree-status');
        if (cell?.className) classes.push(cell.className);
        return (
          <span
            key={column.id}
            className={classes.join(' ')}
            title={cell?.title}
            data-column={column.id}
            aria-hidden="true"
          >
            {cell?.text}
          </span>
        );
      })}
    </>
  );
}

interface Common {
  /** Flat index. */
  index: number;
  style: CSSProperties;
  isSelected: boolean;
  isFocus: boolean;
  tabIndex: number;
  fileId: string;
  /** Index among the file's rows; -1 for the file's own row. */
  rowIndex: number;
  /** How deep the file is nested in other files (0: opened by the user). */
  nesting: number;
  /** Every column of the tree, and the file's own column sets (undefined while it opens). */
  columns: readonly ColumnDef[];
  columnSets: ColumnSets | undefined;
  handlers: RowHandlers;
}

function clickHandler({ fileId, rowIndex, handlers }: Common) {
  return (event: MouseEvent) => handlers.onRowClick(fileId, rowIndex, clickModeOf(event));
}

function toggleHandler({ fileId, rowIndex, handlers }: Common) {
  return () => handlers.onToggle(fileId, rowIndex);
}

/**
 * Row props are equal when every value is, the style compared field by field: react-window
 * makes a new style object whenever the List re-renders.
 */
function isSameRowProps<Props extends { style: CSSProperties }>(
  previous: Props,
  next: Props,
): boolean {
  for (const key of Object.keys(next) as (keyof Props)[]) {
    if (key !== 'style' && !Object.is(previous[key], next[key])) return false;
  }
  const before = previous.style as Record<string, unknown>;
  const after = next.style as Record<string, unknown>;
  const keys = Object.keys(after);
  return (
    keys.length === Object.keys(before).length && keys.every((key) => before[key] === after[key])
  );
}

interface FileRowProps extends Common {
  /** Position of the file among its siblings (files of the same parent), and their number. */
  position: number;
  setSize: number;
}

const FileRow = memo(function FileRow(props: FileRowProps): ReactElement | null {
  const file = useFile(props.fileId);
  return file ? <FileRowContent {...props} file={file} /> : null;
}, isSameRowProps);

function FileRowContent({
  file,
  position,
  setSize,
  ...common
}: FileRowProps & { file: OpenFile }): ReactElement {
  const toggle = toggleHandler(common);
  const { summary, openProgress } = file;
  const level = 1 + common.nesting;
  // Like a folder, the file's row sums its entries; a file with none (unknown format) shows itself.
  const hasEntries = summary !== null && summary.entryCount > 0;
  const totals = {
    size: hasEntries ? summary.totalSize : file.size,
    storedSize: hasEntries ? summary.totalStoredSize : file.size,
    status: fileStatus(file),
  };
  // A file with nothing inside (unknown format, empty archive) has nothing to expand.
  const isExpanded = file.rowCount > 0 || file.status === 'opening' ? file.isExpanded : null;
  // A nested file names where it came from: `outer.wad › Data/inner.bin`.
  const origin = file.parentPath ? `${file.name}, opened from ${file.parentPath}` : file.name;
  return (
    <RowShell
      {...common}
      level={level}
      isExpanded={isExpanded}
      className={common.nesting > 0 ? 'tree-file-row tree-nested-file-row' : 'tree-file-row'}
      isBusy={file.status === 'opening'}
      positionInSet={{ position, size: setSize }}
      onClick={clickHandler(common)}
      onDoubleClick={toggle}
    >
      <span className="tree-cell tree-name" style={indent(level)}>
        <Twisty isExpanded={isExpanded} onToggle={toggle} />
        <span
          className={`icon ${common.nesting > 0 ? 'icon-nested' : 'icon-archive'}`}
          aria-hidden="true"
        />
        <span className="tree-label tree-file-name" title={origin}>
          {file.name}
        </span>
        <RowMeta index={common.index}>
          {summary && <span className="badge">{summary.formatLabel}</span>}
          {file.status === 'opening' && (
            <span className="tree-opening">
              <span className="spinner" aria-hidden="true" />
              {openProgress && openProgress.entryCount > 0
                ? `reading ${formatCount(openProgress.entriesRead)} / ${formatCount(openProgress.entryCount)}`
                : 'opening…'}
            </span>
          )}
          {file.error && (
            <span className="badge badge-error" title={file.error.message}>
              error
            </span>
          )}
        </RowMeta>
      </span>
      <Cells
        columns={common.columns}
        shown={fileColumnIds(common.columns, common.columnSets)}
        cellOf={(column) => fileCell(column, totals)}
      />
      {/* At the row's end, in a column of its own: a click in the row's middle never closes.
          A pointer's shortcut for Delete, hidden from the name: the row's name is the file's. */}
      <span className="tree-cell tree-actions" aria-hidden="true">
        <button
          type="button"
          className="tree-close"
          tabIndex={-1}
          aria-label={`Close ${file.name}`}
          title={`Close ${file.name} (Delete)`}
          onClick={(event) => {
            event.stopPropagation();
            common.handlers.onCloseFile(file.id);
          }}
        >
          ×
        </button>
      </span>
    </RowShell>
  );
}

/**
 * What a file's own row fills: its sizes in every size column (any file has a size, even one
 * whose format declares no columns), its verify state only where its format has checksums.
 */
function fileColumnIds(
  columns: readonly ColumnDef[],
  sets: ColumnSets | undefined,
): ReadonlySet<string> {
  const own = columnIdsOf(sets, DEFAULT_SET);
  const ids = columns.filter((column) => column.kind !== 'status' || own.has(column.id));
  return new Set(ids.map((column) => column.id));
}

/** The file's verify state in its status column: what its entries' states add up to. */
function fileStatus(file: OpenFile): CellText {
  if (file.verifyProgress) return { text: 'checking…', className: 'status-unchecked' };
  const summary = file.verifySummary;
  if (!summary) return { text: '' };
  const state = fileVerifyState(summary);
  return {
    text: state.text,
    title: describeVerifySummary(summary),
    className: `status-${state.status}`,
  };
}

/**
 * A row of a file (a folder, an entry, a document node): the cached row when its page has
 * arrived, else a placeholder. Both render the same RowShell element, so a focused
 * placeholder keeps the focus when its row arrives (the tree moves focus only when it
 * re-renders, and a page arriving does not re-render it).
 */
const EntryRow = memo(function EntryRow(common: Common): ReactElement {
  const row = useCachedRow(common.fileId, common.rowIndex);
  const toggle = toggleHandler(common);
  if (!row) {
    const level = 2 + common.nesting;
    return (
      <RowShell
        {...common}
        level={level}
        label="Loading…"
        isExpanded={null}
        isBusy
        className="tree-loading-row"
        onClick={clickHandler(common)}
      >
        <span className="tree-cell tree-name" style={indent(level)}>
          <span className="tree-label muted">…</span>
        </span>
        <RowMeta index={common.index}>{null}</RowMeta>
      </RowShell>
    );
  }
  const level = row.depth + 1 + common.nesting;
  const isExpanded = row.isFolder ? row.isExpanded : null;
  return (
    <RowShell
      {...common}
      level={level}
      isExpanded={isExpanded}
      onClick={clickHandler(common)}
      onDoubleClick={row.isFolder ? toggle : undefined}
    >
      <span className="tree-cell tree-name" style={indent(level)}>
        <Twisty isExpanded={isExpanded} onToggle={toggle} />
        <span className={`icon icon-${row.kind}`} aria-hidden="true" />
        <span className="tree-label" title={row.path}>
          {row.name}
        </span>
      </span>
      <RowMeta index={common.index}>
        <Cells
          columns={common.columns}
          shown={columnIdsOf(common.columnSets, row.columnSet)}
          cellOf={(column) => rowCell(column, row)}
        />
      </RowMeta>
    </RowShell>
  );
}, isSameRowProps);

export function TreeRowView(props: RowComponentProps<TreeRowProps>): ReactElement | null {
  const { layout, focusIndex, tabStopIndex, files } = props;
  // The List holds a window of the rows: its index counts from the window's start.
  const index = props.windowStart + props.index;
  const position = locate(layout, index);
  if (!position) return null;
  const { fileId } = position.segment;
  const common: Common = {
    index,
    style: props.style,
    isSelected: props.isSelected(index),
    isFocus: props.hasMultiSelection && index === focusIndex,
    tabIndex: index === tabStopIndex ? 0 : -1,
    fileId,
    rowIndex: position.rowIndex,
    nesting: files.nesting.get(fileId) ?? 0,
    columns: files.columns,
    columnSets: files.columnSets.get(fileId),
    handlers: props.handlers,
  };
  if (position.rowIndex < 0) {
    const siblings = files.siblings.get(fileId);
    return <FileRow {...common} position={siblings?.position ?? 1} setSize={siblings?.size ?? 1} />;
  }
  return <EntryRow {...common} />;
}
