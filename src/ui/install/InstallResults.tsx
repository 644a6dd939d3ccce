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
  columnFits,
  filterOptions,
  pathTitle,
  rowCells,
  rowsFor,
  rowText,
  splitPath,
  type ColumnFits,
  type InstallFilter,
  type InstallRow,
} from './install-view.ts';

const ROW_HEIGHT = 28;
/** Rows shown at once at most; fewer rows make a shorter list, and a short dialog fewer still. */
const ROWS_SHOWN = 14;

interface RowProps {
  rows: readonly InstallRow[];
  checksumLabel: string;
  fits: ColumnFits;
}

/**
 * The size and checksum columns, after the path and the status: each a listed value and the
 * one found on disk, under a heading of the two (`Size in bytes`, `KI-CRC`).
 */
const VALUE_COLUMNS = [
  { cell: 'expectedSize', kind: 'number', head: 'listed', fit: 'expectedSize' },
  { cell: 'actualSize', kind: 'number', head: 'on disk', fit: 'actualSize' },
  { cell: 'expectedCrc', kind: 'hex', head: 'listed', fit: 'checksum' },
  { cell: 'actualCrc', kind: 'hex', head: 'on disk', fit: 'checksum' },
] as const;

/** A column's full heading, for its title: `Size on disk`, `KI-CRC listed`. */
const columnTitle = (column: (typeof VALUE_COLUMNS)[number], checksumLabel: string) =>
  `${column.kind === 'number' ? 'Size' : checksumLabel} ${column.head}`;

function ResultRow({
  index,
  style,
  ariaAttributes,
  rows,
  checksumLabel,
  fits,
}: {
  index: number;
  style: CSSProperties;
  ariaAttributes: { 'aria-posinset': number; 'aria-setsize': number; role: 'listitem' };
} & RowProps): ReactElement | null {
  const row = rows[index];
  if (!row) return null;
  const cells = rowCells(row, checksumLabel);
  const { folder, name } = splitPath(cells.path);
  return (
    <div
      {...ariaAttributes}
      style={style}
      className={`install-row install-row--${cells.status}`}
      aria-label={rowText(cells, checksumLabel)}
      data-testid="install-row"
    >
      <span
        className="install-cell install-cell-path"
        title={pathTitle(cells)}
        data-testid="install-path"
      >
        {folder && <span className="install-path-folder">{folder}</span>}
        <span className="install-path-name">{name}</span>
      </span>
      <span
        className="install-cell install-fit install-cell-status"
        data-head="Status"
        data-fit={fits.status}
        data-testid="install-status"
      >
        {cells.statusText}
      </span>
      {VALUE_COLUMNS.map((column) => (
        <span
          key={column.cell}
          className={`install-cell install-fit install-cell-${column.kind}`}
          data-head={column.head}
          data-fit={fits[column.fit]}
        >
          {cells[column.cell]}
        </span>
      ))}
    </div>
  );
}

/**
 * The table's head, on two lines: `Size in bytes` and the checksum's name each over their
 * `listed` and `on disk` columns. Its cells hold the widest values unseen, as the rows' do.
 */
function ResultsHead({
  checksumLabel,
  fits,
}: {
  checksumLabel: string;
  fits: ColumnFits;
}): ReactElement {
  return (
    <div className="install-table-head" aria-hidden="true" data-testid="install-head">
      <span className="install-head-path" title="Path" data-testid="install-column">
        Path
      </span>
      <span
        className="install-fit install-head-status"
        title="Status"
        data-fit={fits.status}
        data-testid="install-column"
      >
        Status
      </span>
      <span className="install-head-group install-head-group--size">Size in bytes</span>
      <span className="install-head-group install-head-group--hex">{checksumLabel}</span>
      {VALUE_COLUMNS.map((column) => (
        <span
          key={column.cell}
          className={`install-fit install-head-value install-head-${column.kind}`}
          title={columnTitle(column, checksumLabel)}
          data-fit={fits[column.fit]}
          data-testid="install-column"
        >
          {column.head}
        </span>
      ))}
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
  const fits = useMemo(() => columnFits(result), [result]);
  const rowProps = useMemo(
    () => ({ rows, checksumLabel: result.checksumLabel, fits }),
    [rows, result.checksumLabel, fits],
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
      <ResultsHead checksumLabel={result.checksumLabel} fits={fits} />
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
          // Its height in CSS (install.css), so that a short dialog can shrink it.
          style={
            {
              '--install-rows': Math.min(rows.length, ROWS_SHOWN),
              '--install-row-height': `${ROW_HEIGHT}px`,
            } as CSSProperties
          }
          defaultHeight={Math.min(rows.length, ROWS_SHOWN) * ROW_HEIGHT}
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
