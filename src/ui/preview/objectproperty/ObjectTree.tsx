/**
 * The object tree: every object, property and item with its value, indented by depth,
 * searched by name and value (in the worker, as typed). A row selects its node in the
 * file's tree, whose bytes the hex view then highlights. Rows are a virtual list in a box of
 * their own: only those in sight are in the page, so a file's pane opens, and goes when the
 * file is opened again with a new type list, without building hundreds of rows. A long
 * value wraps; its row grows to fit.
 */
import { useId, useMemo, useState, type ReactElement } from 'react';
import { List, useDynamicRowHeight, type RowComponentProps } from 'react-window';
import { useActions, useViewAnswer } from '../../../state/hooks.ts';
import { useDebounced } from '../../use-debounced.ts';
import { formatCount } from '../../format.ts';
import type { Query, TreeRowData, TreeRows } from './view-types.ts';

/** Rows shown at most: a search narrows the rest. */
const ROW_LIMIT = 500;
/** A one-line row's height; must match `.op-row` in objectproperty-view.css. */
const ROW_HEIGHT = 22;
/** The box shows this many one-line rows at most, and scrolls the rest. */
const ROWS_IN_SIGHT = 24;

/** A number per rows array: measured heights are kept for the rows they were measured on. */
const rowsKeys = new WeakMap<readonly TreeRowData[], number>();
let lastRowsKey = 0;
function keyOfRows(rows: readonly TreeRowData[]): number {
  const known = rowsKeys.get(rows);
  if (known !== undefined) return known;
  lastRowsKey += 1;
  rowsKeys.set(rows, lastRowsKey);
  return lastRowsKey;
}

interface RowData {
  rows: readonly TreeRowData[];
  reveal(path: string): void;
}

function ObjectRow({
  index,
  style,
  ariaAttributes,
  rows,
  reveal,
}: RowComponentProps<RowData>): ReactElement | null {
  const row = rows[index];
  if (!row) return null;
  return (
    <div
      {...ariaAttributes}
      style={style}
      className="op-row"
      data-testid="op-row"
      data-path={row.path}
    >
      <span className="op-name" style={{ paddingInlineStart: `${row.depth * 14 + 4}px` }}>
        <button
          type="button"
          className="view-link"
          title={`Select ${row.path} in the tree and its bytes in the hex view`}
          onClick={() => reveal(row.path)}
        >
          {row.name}
        </button>
      </span>
      <span className="op-value">{row.value}</span>
    </div>
  );
}

function ObjectRows({ fileId, rows }: { fileId: string; rows: readonly TreeRowData[] }) {
  const { revealPath } = useActions();
  const rowHeight = useDynamicRowHeight({ defaultRowHeight: ROW_HEIGHT, key: keyOfRows(rows) });
  const rowProps = useMemo<RowData>(
    () => ({ rows, reveal: (path) => void revealPath(fileId, path) }),
    [rows, fileId, revealPath],
  );
  // One-line rows fill the box exactly; rows that wrap make it scroll a little sooner.
  const height = Math.min(rows.length, ROWS_IN_SIGHT) * ROW_HEIGHT + 2;
  return (
    <div className="op-rows" data-testid="op-rows">
      <div className="op-row op-rows-head" aria-hidden="true">
        <span>Name</span>
        <span>Value</span>
      </div>
      <List
        className="op-rows-list"
        rowComponent={ObjectRow}
        rowProps={rowProps}
        rowCount={rows.length}
        rowHeight={rowHeight}
        defaultHeight={height}
        style={{ height }}
        overscanCount={6}
        aria-label="Objects, properties and items, with their values"
      />
    </div>
  );
}

export function ObjectTree({ fileId }: { fileId: string }): ReactElement {
  const id = useId();
  const [text, setText] = useState('');
  const searched = useDebounced(text, 150);
  const query: Query = { kind: 'rows', text: searched, limit: ROW_LIMIT };
  const answer = useViewAnswer<TreeRows>(fileId, query);

  return (
    <section className="view-box" aria-labelledby={`${id}-title`} data-testid="op-tree">
      <h3 id={`${id}-title`} className="view-subtitle">
        Object tree
      </h3>
      <label htmlFor={`${id}-search`} className="op-label">
        Search names and values
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="view-code-input"
        data-testid="op-search"
        value={text}
        spellCheck={false}
        autoComplete="off"
        placeholder="m_name, 42, class Inner"
        onChange={(event) => setText(event.target.value)}
      />
      {answer.status === 'loading' ? (
        <p className="muted" role="status" aria-busy="true">
          Searching…
        </p>
      ) : answer.status === 'error' ? (
        <p className="error-text" role="alert">
          The object tree could not be read: {answer.error.message}
        </p>
      ) : (
        <>
          <p className="muted op-count" role="status" data-testid="op-tree-count">
            {answer.value.matchCount === 0
              ? 'Nothing matches.'
              : answer.value.rows.length < answer.value.matchCount
                ? `The first ${formatCount(answer.value.rows.length)} of ${formatCount(answer.value.matchCount)} rows.`
                : `${formatCount(answer.value.matchCount)} rows.`}
          </p>
          {answer.value.rows.length > 0 && <ObjectRows fileId={fileId} rows={answer.value.rows} />}
        </>
      )}
    </section>
  );
}
