/**
 * Search a keyed archive by key or value: the worker looks through every node (its key, and
 * a leaf's value as one line of text) and answers the first SEARCH_LIMIT matches and how
 * many there are. Typing is debounced; the text is kept while the file is open, so coming
 * back to the file's row after picking a result shows the same results. A result selects
 * its node in the tree (opening the archives above it) from a click, Enter or Space; the
 * arrow keys move between results.
 */
import { useEffect, useId, useState, type ReactElement } from 'react';
import { fileMemory, useActions, useEntryDetails, useViewAnswer } from '../../../state/hooks.ts';
import { moveFocusAmong } from '../../focus-keys.ts';
import { formatCount } from '../../format.ts';
import { SearchField } from '../../SearchField.tsx';
import { useDebounced } from '../../use-debounced.ts';
import {
  SEARCH_LIMIT,
  searchQuery,
  valueQuery,
  type KaSearchAnswer,
  type KaValueAnswer,
} from './ka-view-types.ts';
import { valueLine } from './value-text.ts';

/** Quiet time after the last key before the worker is asked. */
const DEBOUNCE_MS = 250;
const MEMORY_SLOT = 'ka-view-search';

export function KaSearch({ fileId }: { fileId: string }): ReactElement {
  const id = useId();
  const [text, setText] = useState(() => fileMemory.recall<string>(fileId, MEMORY_SLOT) ?? '');
  const needle = useDebounced(text.trim(), DEBOUNCE_MS);
  const answer = useViewAnswer<KaSearchAnswer>(fileId, needle === '' ? null : searchQuery(needle));
  const [note, setNote] = useState('');
  const { revealPath } = useActions();

  useEffect(() => fileMemory.remember(fileId, MEMORY_SLOT, text), [fileId, text]);

  const onPick = async (path: string) => {
    setNote('');
    const isShown = await revealPath(fileId, path);
    if (!isShown) setNote(`${path} is not in the tree: the filter above the tree hides it.`);
  };

  const isTyping = text.trim() !== needle;
  return (
    <section className="ka-search" aria-labelledby={`${id}-label`}>
      <SearchField
        id={id}
        block="ka-search"
        label="Search keys and values"
        testId="ka-search-input"
        value={text}
        placeholder="A key or a value, e.g. position"
        onChange={setText}
        resultSelector=".ka-result-button"
      />
      {needle === '' ? (
        <p className="muted ka-note">Matches keys and values, ignoring case.</p>
      ) : answer.status === 'loading' || isTyping ? (
        <p className="muted ka-note" role="status" aria-busy="true">
          Searching…
        </p>
      ) : answer.status === 'error' ? (
        <p className="error-text" role="alert">
          The search failed: {answer.error.message}
        </p>
      ) : (
        <SearchResults fileId={fileId} needle={needle} answer={answer.value} onPick={onPick} />
      )}
      {note !== '' && (
        <p className="error-text" role="alert">
          {note}
        </p>
      )}
    </section>
  );
}

export function SearchResults({
  fileId,
  needle,
  answer,
  onPick,
}: {
  fileId: string;
  needle: string;
  answer: KaSearchAnswer;
  onPick: (path: string) => void;
}): ReactElement {
  const more = answer.total - answer.indexes.length;
  return (
    <div className="ka-results" data-testid="ka-search-results">
      <p className="ka-note" role="status" data-testid="ka-search-count">
        {answer.total === 0
          ? `Nothing matches “${needle}”.`
          : `${formatCount(answer.total)} ${answer.total === 1 ? 'match' : 'matches'}`}
        {more > 0 && `; the first ${formatCount(SEARCH_LIMIT)} are listed`}
      </p>
      {answer.indexes.length > 0 && (
        <ol
          className="ka-result-list"
          aria-label="Search results"
          onKeyDown={(event) => moveFocusAmong(event, '.ka-result-button')}
        >
          {answer.indexes.map((index) => (
            <ResultRow key={index} fileId={fileId} index={index} onPick={onPick} />
          ))}
        </ol>
      )}
      {more > 0 && (
        <p className="muted ka-note" data-testid="ka-search-more">
          {formatCount(more)} more — type more of the key or value to narrow the search.
        </p>
      )}
    </div>
  );
}

function ResultRow({
  fileId,
  index,
  onPick,
}: {
  fileId: string;
  index: number;
  onPick: (path: string) => void;
}): ReactElement {
  const details = useEntryDetails(fileId, index);
  const value = useViewAnswer<KaValueAnswer>(fileId, valueQuery(index));
  const path = details.status === 'ok' ? details.value.path : null;
  return (
    <li>
      <ResultButton
        index={index}
        path={path}
        typeName={value.status === 'ok' ? value.value.typeName : null}
        line={value.status === 'ok' ? valueLine(value.value.value) : null}
        onPick={onPick}
      />
    </li>
  );
}

/** One result: its path, type and value on one line; it waits for its path to be pickable. */
export function ResultButton({
  index,
  path,
  typeName,
  line,
  onPick,
}: {
  index: number;
  path: string | null;
  typeName: string | null;
  line: string | null;
  onPick: (path: string) => void;
}): ReactElement {
  return (
    <button
      type="button"
      className="ka-result-button"
      data-testid="ka-search-result"
      data-index={index}
      aria-disabled={path === null}
      title={path ?? undefined}
      onClick={() => {
        if (path !== null) onPick(path);
      }}
    >
      <span className="ka-result-path">{path ?? `node #${formatCount(index)}`}</span>
      {typeName !== null && <span className="ka-result-type muted">{typeName}</span>}
      {line !== null && <span className="ka-result-value">{line}</span>}
    </button>
  );
}
