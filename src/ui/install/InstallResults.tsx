/**
 * The results of an install check: filters by status with their counts, the files in a
 * virtualized list (react-window; an install lists thousands), one row per file with its
 * status, sizes in bytes and checksums in hex, and the report saved as CSV or JSON. The
 * list scrolls by keyboard once focused; each row reads out as a sentence.
 */
import { useMemo, useState, type CSSProperties, type ReactElement } from 'react';
import { List } from 'react-window';
import type { InstallCheckResult } from '../../formats/model.ts';
import { useActions } from '../../state/hooks.ts';
import { formatCount } from '../format.ts';
import {
  filterOptions,
  rowCells,
  rowsFor,
  rowText,
  type InstallFilter,
  type InstallRow,
} from './install-view.ts';

const ROW_HEIGHT = 28;
/** Rows shown at once at most; fewer rows make a shorter list. */
const ROWS_SHOWN = 14;

interface RowProps {
  rows: readonly InstallRow[];
  checksumLabel: string;
}

function ResultRow({
  index,
  style,
  ariaAttributes,
  rows,
  checksumLabel,
}: {
  index: number;
  style: CSSProperties;
  ariaAttributes: { 'aria-posinset': number; 'aria-setsize': number; role: 'listitem' };
} & RowProps): ReactElement | null {
  const row = rows[index];
  if (!row) return null;
  const cells = rowCells(row, checksumLabel);
  const title = cells.foundAs ? `On disk as ${cells.foundAs}` : (cells.error ?? cells.path);
  return (
    <div
      {...ariaAttributes}
      style={style}
      className={`install-row install-row--${cells.status}`}
      aria-label={rowText(cells, checksumLabel)}
      data-testid="install-row"
    >
      <span className="install-cell install-cell-path" title={title}>
        {cells.path}
      </span>
      <span className="install-cell install-cell-status">{cells.statusText}</span>
      <span className="install-cell install-cell-number">{cells.expectedSize}</span>
      <span className="install-cell install-cell-number">{cells.actualSize}</span>
      <span className="install-cell install-cell-hex">{cells.expectedCrc}</span>
      <span className="install-cell install-cell-hex">{cells.actualCrc}</span>
    </div>
  );
}

export function InstallResults({
  fileId,
  result,
}: {
  fileId: string;
  result: InstallCheckResult;
}): ReactElement {
  const { saveInstallReport } = useActions();
  const options = useMemo(() => filterOptions(result), [result]);
  // Problems first when there are any: that is what a check is for.
  const [filter, setFilter] = useState<InstallFilter>(() =>
    options.some((option) => option.filter === 'problems' && option.count > 0) ? 'problems' : 'all',
  );
  const rows = useMemo(() => rowsFor(result, filter), [result, filter]);
  const rowProps = useMemo(
    () => ({ rows, checksumLabel: result.checksumLabel }),
    [rows, result.checksumLabel],
  );
  const label = options.find((option) => option.filter === filter)?.label ?? 'All';
  return (
    <section className="install-results" aria-label="Install check results">
      <div className="install-filters" role="group" aria-label="Show files">
        {options.map((option) => (
          <button
            key={option.filter}
            type="button"
            className="button button-small install-filter"
            aria-pressed={filter === option.filter}
            data-testid={`install-filter-${option.filter}`}
            onClick={() => setFilter(option.filter)}
          >
            {option.label} <span className="install-filter-count">{formatCount(option.count)}</span>
          </button>
        ))}
      </div>
      <div className="install-table-head" aria-hidden="true">
        <span>Path</span>
        <span>Status</span>
        <span className="install-cell-number">Size</span>
        <span className="install-cell-number">On disk</span>
        <span className="install-cell-hex">{result.checksumLabel}</span>
        <span className="install-cell-hex">On disk</span>
      </div>
      {rows.length === 0 ? (
        <p className="install-empty muted">No files here.</p>
      ) : (
        <List
          key={filter}
          className="install-list"
          aria-label={`${label}: ${formatCount(rows.length)} files`}
          tabIndex={0}
          data-testid="install-list"
          rowComponent={ResultRow}
          rowCount={rows.length}
          rowHeight={ROW_HEIGHT}
          rowProps={rowProps}
          overscanCount={6}
          style={{ height: Math.min(rows.length, ROWS_SHOWN) * ROW_HEIGHT + 2 }}
        />
      )}
      <div className="install-exports">
        {(['csv', 'json'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button-small"
            data-testid={`install-save-${kind}`}
            onClick={() => void saveInstallReport(fileId, kind)}
          >
            Save report as {kind.toUpperCase()}
          </button>
        ))}
      </div>
    </section>
  );
}
