/**
 * The header row of a record grid: a sort button per column (and the row number's, for the
 * file's order), `aria-sort` on each header. One tab stop: the left and right arrows move
 * between the buttons, Enter or Space sorts, the down arrow goes to the rows.
 */
import { useState, type KeyboardEvent, type ReactElement } from 'react';
import { moveFocusAmong } from '../../focus-keys.ts';
import type { GridSort, GridTable } from './grid-queries.ts';

/** The next sort when a column's header is pressed: ascending first, then the other way. */
export function nextSort(sort: GridSort | null, column: number): GridSort {
  return { column, descending: sort?.column === column ? !sort.descending : false };
}

export function GridHeader({
  table,
  sort,
  onSort,
}: {
  table: GridTable;
  sort: GridSort | null;
  onSort(sort: GridSort | null): void;
}): ReactElement {
  const [focused, setFocused] = useState(0);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      event.currentTarget.closest<HTMLElement>('[role="grid"]')?.focus();
      return;
    }
    // The button that takes the focus becomes the headers' tab stop (its onFocus).
    moveFocusAmong(event, '.grid-sort', 'horizontal');
  };
  return (
    <div role="row" aria-rowindex={1} className="grid-row grid-head" onKeyDown={onKeyDown}>
      <div
        role="columnheader"
        className="grid-cell grid-cell--index"
        aria-sort={sort === null ? 'ascending' : 'none'}
      >
        <button
          type="button"
          className="grid-sort"
          tabIndex={focused === 0 ? 0 : -1}
          title="Row in the file: sort by it for the file's order"
          data-testid="grid-sort-file-order"
          onClick={() => onSort(null)}
          onFocus={() => setFocused(0)}
        >
          #<SortMark direction={sort === null ? 'ascending' : 'none'} />
        </button>
      </div>
      {table.columns.map((column, at) => {
        const direction =
          sort?.column === at ? (sort.descending ? 'descending' : 'ascending') : 'none';
        const isNumeric = column.kind !== 'text';
        return (
          <div
            key={at}
            role="columnheader"
            aria-sort={direction}
            className={[
              'grid-cell',
              isNumeric ? 'grid-cell--number' : '',
              at === 0 ? 'grid-cell--key' : '',
            ].join(' ')}
          >
            <button
              type="button"
              className="grid-sort"
              tabIndex={focused === at + 1 ? 0 : -1}
              title={`${column.label} (${column.type}): sort ${direction === 'ascending' ? 'descending' : 'ascending'}`}
              data-testid="grid-sort"
              onClick={() => onSort(nextSort(sort, at))}
              onFocus={() => setFocused(at + 1)}
            >
              <span className="grid-sort-label">{column.label}</span>
              <SortMark direction={direction} />
            </button>
          </div>
        );
      })}
    </div>
  );
}

function SortMark({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  const mark = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '';
  return (
    <span className="grid-sort-mark" aria-hidden="true">
      {mark}
    </span>
  );
}
