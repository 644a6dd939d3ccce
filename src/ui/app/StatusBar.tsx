/** Counts and totals of everything open, the filter's matches and the selection. */
import type { ReactElement } from 'react';
import { useFile, useFilter, useSelection, useTotals } from '../../state/hooks.ts';
import { formatCountOf, formatExactBytes, formatRatio, formatSize } from '../format.ts';

function SelectionStatus(): ReactElement | null {
  const selection = useSelection();
  const file = useFile(selection?.fileId);
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
