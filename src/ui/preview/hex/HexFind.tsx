/**
 * "Find" in the hex view: hex bytes with `??` wildcards, or text (find-pattern.ts), searched
 * through the whole content by the file's decoder worker, in chunks (the page's thread only
 * waits). Next and previous come round the ends. Keys: Enter / Shift+Enter in the field, F3 /
 * Shift+F3 anywhere in the hex view. A long search shows its progress and can be cancelled.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { cancelSearch, findInContent } from '../../../state/content-search.ts';
import type { ContentMatch, ContentRef } from '../../../worker/rpc/api.ts';
import { formatOffset } from '../../format.ts';
import { parseFindInput, searchStart, type Direction, type FindMode } from './find-pattern.ts';

export interface HexFindProps {
  fileId: string;
  contentRef: ContentRef;
  size: number;
  /** The marked byte (a match's first, or "Go to offset"'s); -1 when none. */
  position: number;
  /** The match shown now, if any: "next" goes past it. */
  currentMatch: ContentMatch | null;
  onFound(match: ContentMatch): void;
}

type FindStatus =
  | { kind: 'idle' }
  | { kind: 'searching'; done: number; total: number }
  | { kind: 'found'; match: ContentMatch; direction: Direction }
  | { kind: 'none'; what: string }
  | { kind: 'error'; message: string };

function statusText(status: FindStatus): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'searching':
      return status.total > 0
        ? `Searching… ${Math.floor((status.done / status.total) * 100)}%`
        : 'Searching…';
    case 'found': {
      const { match, direction } = status;
      const round = direction === 'forward' ? 'from the start' : 'from the end';
      return `Match at ${formatOffset(match.offset)}${match.wrapped ? ` (again ${round})` : ''}`;
    }
    case 'none':
      return `No match for ${status.what}`;
    case 'error':
      return status.message;
  }
}

export function HexFind(props: HexFindProps): ReactElement {
  const { fileId, contentRef, size, position, currentMatch, onFound } = props;
  const id = useId();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<FindMode>('hex');
  const [status, setStatus] = useState<FindStatus>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  /** Counts searches: the answer of one that was replaced or cancelled is ignored. */
  const generation = useRef(0);

  const search = async (direction: Direction) => {
    const parsed = parseFindInput(text, mode);
    if (!parsed.ok) {
      setStatus({ kind: 'error', message: parsed.message });
      return;
    }
    const current = ++generation.current;
    // Progress comes through a channel of its own: a report may arrive after the answer.
    let isAnswered = false;
    setStatus({ kind: 'searching', done: 0, total: 0 });
    const from = searchStart(direction, position, currentMatch, size);
    const answer = await findInContent(
      fileId,
      contentRef,
      { pattern: parsed.pattern, from, direction },
      (progress) => {
        if (!isAnswered && generation.current === current) {
          setStatus({ kind: 'searching', done: progress.done, total: progress.total });
        }
      },
    );
    isAnswered = true;
    if (generation.current !== current) return;
    if (!answer.ok) {
      setStatus(
        answer.error.code === 'CANCELLED'
          ? { kind: 'idle' }
          : { kind: 'error', message: answer.error.message },
      );
    } else if (answer.value === null) {
      setStatus({ kind: 'none', what: text.trim() });
    } else {
      setStatus({ kind: 'found', match: answer.value, direction });
      onFound(answer.value);
    }
  };

  const cancel = () => {
    generation.current++;
    cancelSearch(fileId, 'find');
    setStatus({ kind: 'idle' });
  };

  // A search still running when the view goes (another entry) is stopped.
  useEffect(
    () => () => {
      if (generation.current > 0) cancelSearch(fileId, 'find');
    },
    [fileId],
  );

  // F3 / Shift+F3 anywhere in the hex view (the browser's own find is for the page).
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });
  useEffect(() => {
    const view = formRef.current?.closest<HTMLElement>('[data-testid="hex-view"]');
    if (!view) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'F3') return;
      event.preventDefault();
      void searchRef.current(event.shiftKey ? 'backward' : 'forward');
    };
    view.addEventListener('keydown', onKeyDown);
    return () => view.removeEventListener('keydown', onKeyDown);
  }, []);

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void search(event.shiftKey ? 'backward' : 'forward');
    } else if (event.key === 'Escape' && status.kind === 'searching') {
      event.preventDefault();
      cancel();
    }
  };

  const isSearching = status.kind === 'searching';
  const message = statusText(status);
  return (
    <form
      ref={formRef}
      className="hex-find"
      role="search"
      aria-label="Find in hex"
      onSubmit={(event) => {
        event.preventDefault();
        void search('forward');
      }}
    >
      <label htmlFor={`${id}-input`}>Find</label>
      <select
        aria-label="Find as"
        data-testid="hex-find-mode"
        value={mode}
        onChange={(event) => setMode(event.target.value === 'text' ? 'text' : 'hex')}
      >
        <option value="hex">Hex bytes</option>
        <option value="text">Text</option>
      </select>
      <input
        id={`${id}-input`}
        data-testid="hex-find"
        type="text"
        spellCheck={false}
        autoComplete="off"
        placeholder={mode === 'hex' ? '4B 49 ?? 44' : 'text'}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onInputKeyDown}
        aria-invalid={status.kind === 'error'}
        aria-describedby={`${id}-status`}
        aria-keyshortcuts="Enter Shift+Enter F3 Shift+F3"
      />
      <button
        type="button"
        data-testid="hex-find-previous"
        aria-label="Previous match"
        title="Previous match (Shift+Enter, Shift+F3)"
        onClick={() => void search('backward')}
      >
        ▲
      </button>
      <button
        type="button"
        data-testid="hex-find-next"
        aria-label="Next match"
        title="Next match (Enter, F3)"
        onClick={() => void search('forward')}
      >
        ▼
      </button>
      {isSearching && (
        <button type="button" data-testid="hex-find-cancel" onClick={cancel}>
          Cancel
        </button>
      )}
      <span
        id={`${id}-status`}
        className={status.kind === 'error' ? 'hex-find-status preview-error' : 'hex-find-status'}
        data-testid="hex-find-status"
        role="status"
      >
        {message}
      </span>
    </form>
  );
}
