/** Counts and totals of everything open, the filter's matches and the selection. */
import type { ReactElement } from 'react';
import {
  useFile,
  useFilter,
  useMultiSelection,
  useSelection,
  useSelectionSummary,
  useTotals,
} from '../../state/hooks.ts';
import { isFocusTheSelection, selectedRowCount } from '../../state/selection-actions.ts';
import {
  formatCount,
  formatCountOf,
  formatExactBytes,
  formatRatio,
  formatSize,
} from '../format.ts';

/** `3 selected (1.20 MiB)`: the size appears once the rows have been read (a folder counts its entries). */
function MultiSelectionStatus({ count }: { count: number }): ReactElement {
  const summary = useSelectionSummary();
  if (count === 0) {
    return (
      <span className="status-item" data-testid="selection-status">
        Nothing selected
      </span>
    );
  }
  const size = summary ? formatSize(summary.size) : '…';
  const title = summary
    ? `${formatCountOf(summary.entryCount, 'entry', 'entries')}, ${formatExactBytes(summary.size)}`
    : 'Adding up the selected rows…';
  return (
    <span className="status-item" data-testid="selection-status" title={title}>
      {formatCount(count)} selected ({size})
    </span>
  );
}

function SelectionStatus(): ReactElement | null {
  const selection = useSelection();
  const multi = useMultiSelection();
  const file = useFile(selection?.fileId);
  const view = { selection, multi };
  if (multi && !isFocusTheSelection(view)) {
    return <MultiSelectionStatus count={selectedRowCount(view)} />;
  }
  if (!selection || !file) return null;
  if (selection.kind === 'file') {
    return (
      <span className="status-item" title={formatExactBytes(file.size)}>
        Selected: {file.name} ({formatSize(file.size)})
      </span>
    );
  }
  const { row } = selection;
  const what = row.isFolder ? `, ${formatCountOf(row.entryCount, 'entry', 'entries')}` : '';
  return (
    <span className="status-item" title={`${row.path}: ${formatExactBytes(row.size)}`}>
      Selected: {row.name} ({formatSize(row.size)}
      {what})
    </span>
  );
}

export function StatusBar(): ReactElement {
  const totals = useTotals();
  const filter = useFilter();
  if (totals.fileCount === 0) {
    return (
      <footer className="status-bar" data-testid="status-bar">
        <span className="status-item">No files open</span>
      </footer>
    );
  }
  return (
    <footer className="status-bar" data-testid="status-bar">
      <span className="status-item">{formatCountOf(totals.fileCount, 'file')} open</span>
      <span className="status-item">{formatCountOf(totals.entryCount, 'entry', 'entries')}</span>
      <span className="status-item" title={formatExactBytes(totals.totalSize)}>
        {formatSize(totals.totalSize)} unpacked
      </span>
      <span className="status-item" title={formatExactBytes(totals.totalStoredSize)}>
        {formatSize(totals.totalStoredSize)} stored (
        {formatRatio(totals.totalStoredSize, totals.totalSize)})
      </span>
      {filter !== '' && totals.matchCount !== null && (
        <span className="status-item" data-testid="match-count">
          {formatCountOf(totals.matchCount, 'match', 'matches')} for “{filter}”
        </span>
      )}
      <SelectionStatus />
    </footer>
  );
}
