/**
 * Find in every table: the tables whose name holds the text, and the rows of every table
 * one of whose cells does (the worker searches; the first FIND_LIMIT are listed, all are
 * counted). Typing is debounced. A table found shows it; a row found shows its table with
 * the row under the cursor, and selects its node. The results float over the view while
 * the search (or one of its results) has the keyboard; the arrows move between them.
 */
import { useId, useMemo, type ReactElement } from 'react';
import { useViewAnswer } from '../../../state/hooks.ts';
import { moveFocusAmong } from '../../focus-keys.ts';
import { formatCount, formatCountOf } from '../../format.ts';
import { SearchField } from '../../SearchField.tsx';
import { useDebounced } from '../../use-debounced.ts';
import {
  FIND_LIMIT,
  PAGE_SIZE,
  findQuery,
  rowsQuery,
  tableTitle,
  type GridFindAnswer,
  type GridMatch,
  type GridRowsAnswer,
  type GridSummary,
} from './grid-queries.ts';

/** Quiet time after the last key before the worker is asked. */
const DEBOUNCE_MS = 250;
/** Tables listed at most among the results. */
const TABLE_LIMIT = 20;
const RESULT = '.grid-find-result';

export interface GridFindProps {
  fileId: string;
  summary: GridSummary;
  text: string;
  onText(text: string): void;
  onTable(table: number): void;
  onMatch(match: GridMatch): void;
  rowNoun: string;
}

export function GridFind(props: GridFindProps): ReactElement {
  const { fileId, summary, text, onText } = props;
  const id = useId();
  const needle = useDebounced(text.trim(), DEBOUNCE_MS);
  const answer = useViewAnswer<GridFindAnswer>(fileId, needle === '' ? null : findQuery(needle));
  const tables = useMemo(() => {
    const lower = needle.toLowerCase();
    if (lower === '') return [];
    return summary.tables.flatMap((table, index) =>
      table.name.toLowerCase().includes(lower) ? [index] : [],
    );
  }, [summary, needle]);
  const isTyping = text.trim() !== needle;

  return (
    <section className="grid-find" aria-labelledby={`${id}-label`}>
      <SearchField
        id={id}
        block="grid-find"
        label="Find in every table"
        testId="grid-find-input"
        value={text}
        placeholder="A table, a path fragment, a number"
        onChange={onText}
        resultSelector={RESULT}
      />
      {needle !== '' && (
        // Over the view while the search has the keyboard; a press on it keeps the keyboard there.
        <div
          className="grid-find-popup"
          data-testid="grid-find-results"
          onMouseDown={(event) => {
            if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
          }}
          onKeyDown={(event) => moveFocusAmong(event, RESULT)}
        >
          {answer.status === 'loading' || isTyping ? (
            <p className="muted grid-note" role="status" aria-busy="true">
              {/* A search covers every table: one asked while the file is read waits for it. */}
              {summary.isReading ? 'Searching once the whole file is read…' : 'Searching…'}
            </p>
          ) : answer.status === 'error' ? (
            <p className="error-text grid-note" role="alert">
              The search failed: {answer.error.message}
            </p>
          ) : (
            <FindResults {...props} needle={needle} answer={answer.value} tables={tables} />
          )}
        </div>
      )}
    </section>
  );
}

function FindResults({
  fileId,
  summary,
  needle,
  answer,
  tables,
  onTable,
  onMatch,
  rowNoun,
}: GridFindProps & {
  needle: string;
  answer: GridFindAnswer;
  tables: number[];
}): ReactElement {
  const shownTables = tables.slice(0, TABLE_LIMIT);
  const moreRows = answer.total - answer.matches.length;
  const counts = [
    tables.length > 0 ? formatCountOf(tables.length, 'table') : '',
    answer.total > 0 ? formatCountOf(answer.total, rowNoun) : '',
  ].filter((part) => part !== '');
  return (
    <>
      <p className="grid-note" role="status" data-testid="grid-find-count">
        {counts.length === 0 ? `Nothing holds “${needle}”.` : `${counts.join(' and ')} match`}
        {moreRows > 0 && `; the first ${formatCount(FIND_LIMIT)} ${rowNoun}s are listed`}
      </p>
      {shownTables.length > 0 && (
        <ul className="grid-find-list" aria-label="Tables found">
          {shownTables.map((index) => (
            <li key={index}>
              <button
                type="button"
                className="grid-find-result"
                data-testid="grid-find-table"
                onClick={() => onTable(index)}
              >
                <span className="grid-find-table">{tableTitle(summary.tables[index]!, index)}</span>
                <span className="muted">
                  {formatCountOf(summary.tables[index]!.rowCount, rowNoun)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {answer.matches.length > 0 && (
        <ol className="grid-find-list" aria-label={`${rowNoun}s found`}>
          {answer.matches.map((match) => (
            <li key={match.node}>
              <MatchButton fileId={fileId} summary={summary} match={match} onMatch={onMatch} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** A row found: its table, its row, and the cell that holds the text (from the row's page). */
function MatchButton({
  fileId,
  summary,
  match,
  onMatch,
}: {
  fileId: string;
  summary: GridSummary;
  match: GridMatch;
  onMatch(match: GridMatch): void;
}): ReactElement {
  const page = useViewAnswer<GridRowsAnswer>(
    fileId,
    rowsQuery(match.table, Math.floor(match.row / PAGE_SIZE), null, ''),
  );
  const table = summary.tables[match.table];
  const column = table?.columns[match.column];
  const row = page.status === 'ok' ? page.value.rows[match.row - page.value.offset] : undefined;
  // As the search saw it: numbers in plain decimal.
  const cell = row ? (row.cells[match.column] ?? null) : undefined;
  return (
    <button
      type="button"
      className="grid-find-result"
      data-testid="grid-find-row"
      data-table={match.table}
      data-row={match.row}
      onClick={() => onMatch(match)}
    >
      <span className="grid-find-table">
        {table ? tableTitle(table, match.table) : `#${match.table}`}
      </span>
      <span className="muted">#{formatCount(match.row)}</span>
      {column && (
        <span className="grid-find-cell">
          <span className="muted">{column.label}:</span>{' '}
          {cell === undefined ? '…' : String(cell ?? '')}
        </span>
      )}
    </button>
  );
}
