/**
 * One row of the tree: a file's own row (level 1), an archive folder or entry, or a
 * placeholder while its page of rows is on its way from the worker. All names come from the
 * file and are rendered as text.
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
import type { EntryStatus } from '../../worker/rpc/api.ts';
import {
  formatCount,
  formatCountOf,
  formatExactBytes,
  formatRatio,
  formatSize,
} from '../format.ts';
import { RowMeta, RowShell, Twisty } from './RowShell.tsx';
import { clickModeOf, INDENT, type RowHandlers, type TreeRowProps } from './tree-types.ts';

const STATUS_TEXT: Record<EntryStatus, string> = {
  unchecked: 'unchecked',
  ok: '✓ ok',
  mismatch: '✗ mismatch',
  unpatched: 'unpatched',
  error: '! error',
};

const STATUS_TITLE: Record<EntryStatus, string> = {
  unchecked: 'Checksum not checked yet (Verify all)',
  ok: 'The stored CRC matches the data',
  mismatch: 'The stored CRC does not match the data',
  unpatched: 'Placeholder entry: the game fills it in later (CRC 0, no data)',
  error: 'The data could not be read or inflated',
};

function indent(level: number): CSSProperties {
  return { paddingInlineStart: `${(level - 1) * INDENT + 4}px` };
}

function SizeCell({ bytes, title }: { bytes: number; title?: string }): ReactElement {
  return (
    <span className="tree-cell tree-num" title={title ?? formatExactBytes(bytes)}>
      {formatSize(bytes)}
    </span>
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
  /** Position of the file among the open files, and their number. */
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
  // Like a folder, the file's row sums its entries; a file with none (unknown format) shows itself.
  const hasEntries = summary !== null && summary.entryCount > 0;
  const size = hasEntries ? summary.totalSize : file.size;
  const storedSize = hasEntries ? summary.totalStoredSize : file.size;
  // A file with nothing inside (unknown format, empty archive) has nothing to expand.
  const isExpanded = file.rowCount > 0 || file.status === 'opening' ? file.isExpanded : null;
  const status = fileStatus(file);
  return (
    <RowShell
      {...common}
      level={1}
      label={file.name}
      isExpanded={isExpanded}
      className="tree-file-row"
      isBusy={file.status === 'opening'}
      positionInSet={{ position, size: setSize }}
      onClick={clickHandler(common)}
      onDoubleClick={toggle}
    >
      <span className="tree-cell tree-name" style={indent(1)}>
        <Twisty isExpanded={isExpanded} onToggle={toggle} />
        <span className="icon icon-archive" aria-hidden="true" />
        <span className="tree-label tree-file-name" title={file.name}>
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
      <SizeCell bytes={size} />
      <SizeCell bytes={storedSize} />
      <span className="tree-cell tree-num">{formatRatio(storedSize, size)}</span>
      <span className={`tree-cell tree-status ${status.className}`}>{status.text}</span>
    </RowShell>
  );
}

/** The file's verify state in its checksum column. */
function fileStatus(file: OpenFile): { text: string; className: string } {
  if (file.verifyProgress) return { text: 'checking…', className: 'status-unchecked' };
  const summary = file.verifySummary;
  if (!summary) return { text: '', className: '' };
  const bad = summary.mismatched + summary.errors;
  if (bad > 0) return { text: `✗ ${formatCount(bad)} bad`, className: 'status-mismatch' };
  return summary.cancelled
    ? { text: 'partly checked', className: 'status-unchecked' }
    : { text: '✓ verified', className: 'status-ok' };
}

/**
 * An archive row: the cached row when its page has arrived, else a placeholder. Both render
 * the same RowShell element, so a focused placeholder keeps the focus when its row arrives
 * (the tree moves focus only when it re-renders, and a page arriving does not re-render it).
 */
const EntryRow = memo(function EntryRow(common: Common): ReactElement {
  const row = useCachedRow(common.fileId, common.rowIndex);
  // Sections of a document (a WWD level) are not compressed and carry no checksum of their own.
  const isDocument = useFile(common.fileId)?.summary?.kind === 'document';
  const toggle = toggleHandler(common);
  if (!row) {
    return (
      <RowShell
        {...common}
        level={2}
        label="Loading…"
        isExpanded={null}
        isBusy
        className="tree-loading-row"
        onClick={clickHandler(common)}
      >
        <span className="tree-cell tree-name" style={indent(2)}>
          <span className="tree-label muted">…</span>
        </span>
        <RowMeta index={common.index}>{null}</RowMeta>
      </RowShell>
    );
  }
  const level = row.depth + 1;
  const isExpanded = row.isFolder ? row.isExpanded : null;
  return (
    <RowShell
      {...common}
      level={level}
      label={row.name}
      isExpanded={isExpanded}
      onClick={clickHandler(common)}
      onDoubleClick={row.isFolder ? toggle : undefined}
    >
      <span className="tree-cell tree-name" style={indent(level)}>
        <Twisty isExpanded={isExpanded} onToggle={toggle} />
        <span className={`icon ${row.isFolder ? 'icon-folder' : 'icon-file'}`} aria-hidden="true" />
        <span className="tree-label" title={row.path}>
          {row.name}
        </span>
      </span>
      <RowMeta index={common.index}>
        <SizeCell bytes={row.size} />
        {isDocument ? (
          <>
            <span className="tree-cell tree-num muted">—</span>
            <span className="tree-cell tree-num muted">—</span>
          </>
        ) : (
          <>
            <SizeCell
              bytes={row.storedSize}
              title={`${formatExactBytes(row.storedSize)}${row.isCompressed ? ', zlib' : ''}`}
            />
            <span className="tree-cell tree-num">{formatRatio(row.storedSize, row.size)}</span>
          </>
        )}
        {row.isFolder ? (
          <span
            className="tree-cell tree-status"
            title={formatCountOf(row.entryCount, 'entry', 'entries')}
          >
            {formatCountOf(row.entryCount, 'entry', 'entries')}
          </span>
        ) : isDocument ? (
          <span className="tree-cell tree-status muted" title="a section of the level">
            section
          </span>
        ) : (
          <span
            className={`tree-cell tree-status status-${row.status}`}
            title={STATUS_TITLE[row.status]}
          >
            {STATUS_TEXT[row.status]}
          </span>
        )}
      </RowMeta>
    </RowShell>
  );
}, isSameRowProps);

export function TreeRowView(props: RowComponentProps<TreeRowProps>): ReactElement | null {
  const { layout, focusIndex, tabStopIndex } = props;
  // The List holds a window of the rows: its index counts from the window's start.
  const index = props.windowStart + props.index;
  const position = locate(layout, index);
  if (!position) return null;
  const common: Common = {
    index,
    style: props.style,
    isSelected: props.isSelected(index),
    isFocus: props.hasMultiSelection && index === focusIndex,
    tabIndex: index === tabStopIndex ? 0 : -1,
    fileId: position.segment.fileId,
    rowIndex: position.rowIndex,
    handlers: props.handlers,
  };
  if (position.rowIndex < 0) {
    return (
      <FileRow
        {...common}
        position={layout.segments.indexOf(position.segment) + 1}
        setSize={layout.segments.length}
      />
    );
  }
  return <EntryRow {...common} />;
}
