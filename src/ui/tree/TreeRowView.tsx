/**
 * One row of the tree: a file's own row (level 1), an archive folder or entry, or a
 * placeholder while its page of rows is on its way from the worker. All names come from the
 * file and are rendered as text.
 */
import type { CSSProperties, MouseEvent, ReactElement } from 'react';
import type { RowComponentProps } from 'react-window';
import { locate } from '../../state/flat-layout.ts';
import type { ClickMode } from '../../state/selection-actions.ts';
import type { OpenFile } from '../../state/types.ts';
import type { EntryStatus, TreeRow } from '../../worker/api.ts';
import {
  formatCount,
  formatCountOf,
  formatExactBytes,
  formatRatio,
  formatSize,
} from '../format.ts';
import { RowMeta, RowShell, Twisty } from './RowShell.tsx';
import { clickModeOf, INDENT, type TreeRowProps } from './tree-types.ts';

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
  index: number;
  style: CSSProperties;
  isSelected: boolean;
  isFocus: boolean;
  tabIndex: number;
  onRowClick(flatIndex: number, mode: ClickMode): void;
  onToggle(flatIndex: number): void;
}

function clickHandler(common: Common) {
  return (event: MouseEvent) => common.onRowClick(common.index, clickModeOf(event));
}

function FileRow({
  file,
  positionInSet,
  onCloseFile,
  ...common
}: Common & {
  file: OpenFile;
  positionInSet: { position: number; size: number };
  onCloseFile(fileId: string): void;
}): ReactElement {
  const { index, onToggle } = common;
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
      positionInSet={positionInSet}
      onClick={clickHandler(common)}
      onDoubleClick={() => onToggle(index)}
    >
      <span className="tree-cell tree-name" style={indent(1)}>
        <Twisty isExpanded={isExpanded} onToggle={() => onToggle(index)} />
        <span className="icon icon-archive" aria-hidden="true" />
        <span className="tree-label tree-file-name" title={file.name}>
          {file.name}
        </span>
        <RowMeta index={index}>
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
            onCloseFile(file.id);
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

function EntryRow({ row, ...common }: Common & { row: TreeRow }): ReactElement {
  const { index, onToggle } = common;
  const level = row.depth + 1;
  const isExpanded = row.isFolder ? row.isExpanded : null;
  return (
    <RowShell
      {...common}
      level={level}
      label={row.name}
      isExpanded={isExpanded}
      onClick={clickHandler(common)}
      onDoubleClick={row.isFolder ? () => onToggle(index) : undefined}
    >
      <span className="tree-cell tree-name" style={indent(level)}>
        <Twisty isExpanded={isExpanded} onToggle={() => onToggle(index)} />
        <span className={`icon ${row.isFolder ? 'icon-folder' : 'icon-file'}`} aria-hidden="true" />
        <span className="tree-label" title={row.path}>
          {row.name}
        </span>
      </span>
      <RowMeta index={index}>
        <SizeCell bytes={row.size} />
        <SizeCell
          bytes={row.storedSize}
          title={`${formatExactBytes(row.storedSize)}${row.isCompressed ? ', zlib' : ''}`}
        />
        <span className="tree-cell tree-num">{formatRatio(row.storedSize, row.size)}</span>
        {row.isFolder ? (
          <span
            className="tree-cell tree-status"
            title={formatCountOf(row.entryCount, 'entry', 'entries')}
          >
            {formatCountOf(row.entryCount, 'entry', 'entries')}
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
}

function LoadingRow(common: Common): ReactElement {
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

export function TreeRowView(props: RowComponentProps<TreeRowProps>): ReactElement | null {
  const { style, layout, filesById, rowCache, focusIndex, tabStopIndex } = props;
  // The List holds a window of the rows: its index counts from the window's start.
  const index = props.windowStart + props.index;
  const position = locate(layout, index);
  const file = position ? filesById.get(position.segment.fileId) : undefined;
  if (!position || !file) return null;
  const common: Common = {
    index,
    style,
    isSelected: props.isSelected(index),
    isFocus: props.hasMultiSelection && index === focusIndex,
    tabIndex: index === tabStopIndex ? 0 : -1,
    onRowClick: props.onRowClick,
    onToggle: props.onToggle,
  };
  if (position.rowIndex < 0) {
    const positionInSet = {
      position: layout.segments.indexOf(position.segment) + 1,
      size: layout.segments.length,
    };
    return (
      <FileRow
        {...common}
        file={file}
        positionInSet={positionInSet}
        onCloseFile={props.onCloseFile}
      />
    );
  }
  const row = rowCache.getRow(file.id, position.rowIndex);
  return row ? <EntryRow {...common} row={row} /> : <LoadingRow {...common} />;
}
