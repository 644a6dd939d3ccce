/**
 * The object tree: every object, property and item with its value, indented by depth,
 * searched by name and value (in the worker, as typed). A row selects its node in the
 * file's tree, whose bytes the hex view then highlights.
 */
import { useId, useState, type ReactElement } from 'react';
import { useActions, useViewAnswer } from '../../../state/hooks.ts';
import { useDebounced } from '../../use-debounced.ts';
import { formatCount } from '../../format.ts';
import type { Query, TreeRows } from './view-types.ts';

/** Rows shown at most: a search narrows the rest. */
const ROW_LIMIT = 500;

export function ObjectTree({ fileId }: { fileId: string }): ReactElement {
  const id = useId();
  const [text, setText] = useState('');
  const searched = useDebounced(text, 150);
  const { revealPath } = useActions();
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
          <table className="view-table op-table" data-testid="op-rows">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {answer.value.rows.map((row) => (
                <tr key={row.path} data-testid="op-row" data-path={row.path}>
                  <th scope="row" style={{ paddingInlineStart: `${row.depth * 14 + 4}px` }}>
                    <button
                      type="button"
                      className="view-link"
                      title={`Select ${row.path} in the tree and its bytes in the hex view`}
                      onClick={() => void revealPath(fileId, row.path)}
                    >
                      {row.name}
                    </button>
                  </th>
                  <td className="op-value">{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
