/**
 * "Search contents": a panel beside the workspace (a non-modal dialog, so the tree and the
 * preview stay usable) that finds text (UTF-8, UTF-16LE or both), a regular expression or
 * hex bytes with `??` in every entry of the file, or of the selected folder. Opened with
 * Ctrl+Shift+F or the actions bar's button; Escape closes it. Matches stream into a
 * virtualized list as the worker finds them, with progress and Cancel; choosing one selects
 * its entry and shows it in hex with the match marked. Nothing here knows a format.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { List, type RowComponentProps } from 'react-window';
import { useContentsSearch, useSearchRun } from '../../state/contents-search-app.ts';
import type { SearchRun, SearchScope } from '../../state/contents-search.ts';
import { useFile, useSelection } from '../../state/hooks.ts';
import type { OpenFile } from '../../state/types.ts';
import type { ContentHit, GrepEncoding, GrepMode } from '../../worker/rpc/api.ts';
import { moveFocusAmong } from '../focus-keys.ts';
import { formatCount, formatCountOf, formatOffset, formatSize } from '../format.ts';
import './search.css';

const ROW_HEIGHT = 44;

interface HitRowData {
  hits: readonly ContentHit[];
  onOpen(hit: ContentHit): void;
}

function HitRow({
  index,
  style,
  ariaAttributes,
  hits,
  onOpen,
}: RowComponentProps<HitRowData>): ReactElement | null {
  const hit = hits[index];
  if (!hit) return null;
  return (
    <div {...ariaAttributes} style={style} className="search-hit-row">
      <button
        type="button"
        className="search-hit"
        data-testid="search-hit"
        data-path={hit.path}
        data-offset={hit.offset}
        tabIndex={index === 0 ? 0 : -1}
        title={`${hit.path} at ${formatOffset(hit.offset)}: show in hex`}
        onClick={() => onOpen(hit)}
      >
        <span className="search-hit-place">
          <span className="search-hit-path">{hit.path}</span>{' '}
          <span className="search-hit-offset">{formatOffset(hit.offset)}</span>
        </span>
        <span className="search-hit-context">{hit.context}</span>
      </button>
    </div>
  );
}

function describeRun(run: SearchRun): string {
  const progress = run.progress;
  const entries = progress
    ? `${formatCount(progress.entriesDone)} of ${formatCountOf(progress.entryCount, 'entry', 'entries')}`
    : '';
  const bytes = progress
    ? ` (${formatSize(progress.bytesDone)} of ${formatSize(progress.bytesTotal)})`
    : '';
  const found = formatCountOf(run.summary?.hitCount ?? run.hits.length, 'match', 'matches');
  switch (run.status) {
    case 'running':
      return `Searching ${entries}${bytes}: ${found} so far`;
    case 'cancelled':
      return `Cancelled after ${entries}${bytes}: ${found}`;
    case 'failed':
      return `Search failed: ${run.error ?? 'unknown error'}`;
    case 'done': {
      const summary = run.summary!;
      const cut = summary.isTruncated ? ` (stopped at ${formatCount(summary.hitCount)})` : '';
      const skipped =
        summary.skipped > 0
          ? `; ${formatCountOf(summary.skipped, 'entry', 'entries')} could not be read (${summary.skippedReason ?? ''})`
          : '';
      return `${found}${cut} in ${entries}${bytes}${skipped}`;
    }
  }
}

/** The folder selected in this file, to search under; null when none is. */
function useSelectedFolder(fileId: string): SearchScope | null {
  const selection = useSelection();
  if (selection?.fileId !== fileId || selection.kind !== 'row' || !selection.row.isFolder) {
    return null;
  }
  return { nodeIds: [selection.row.nodeId], label: selection.row.path };
}

export function SearchPanel({ file }: { file: OpenFile }): ReactElement {
  const search = useContentsSearch();
  const run = useSearchRun();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [pattern, setPattern] = useState('');
  const [mode, setMode] = useState<GrepMode>('text');
  const [encoding, setEncoding] = useState<GrepEncoding>('utf8');
  const [ignoreCase, setIgnoreCase] = useState(false);
  const folder = useSelectedFolder(file.id);
  const [isFolderScope, setFolderScope] = useState(false);
  const current = useFile(file.id);

  useEffect(() => {
    const dialog = dialogRef.current;
    const returnTo = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.show();
    inputRef.current?.focus();
    return () => returnTo?.focus?.();
  }, []);

  const shown = run?.fileId === file.id ? run : null;
  const isRunning = shown?.status === 'running';
  const rowProps = useMemo<HitRowData>(
    () => ({ hits: shown?.hits ?? [], onOpen: (hit) => void search.openHit(file.id, hit) }),
    [shown?.hits, search, file.id],
  );
  const scope: SearchScope = isFolderScope && folder ? folder : { nodeIds: [], label: file.name };
  const canSearch =
    pattern !== '' && current?.status !== 'opening' && current?.summary?.capabilities.content;

  return (
    <dialog
      ref={dialogRef}
      className="dialog search-panel"
      aria-labelledby={titleId}
      data-testid="search-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          search.closePanel();
        }
      }}
    >
      <div className="search-head">
        <h2 id={titleId} className="search-title">
          Search contents of {file.name}
        </h2>
        <button type="button" className="button button-small" onClick={search.closePanel}>
          Close
        </button>
      </div>
      <form
        className="search-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSearch) void search.start(file.id, { mode, pattern, encoding, ignoreCase }, scope);
        }}
      >
        <input
          ref={inputRef}
          className="search-input"
          data-testid="search-input"
          aria-label={mode === 'hex' ? 'Hex bytes to find (?? for any byte)' : 'Text to find'}
          placeholder={mode === 'hex' ? '4B 49 ?? 44' : mode === 'regex' ? 'id=\\d+' : 'text'}
          value={pattern}
          spellCheck={false}
          onChange={(event) => setPattern(event.target.value)}
        />
        <div className="search-options">
          <label>
            Find{' '}
            <select
              data-testid="search-mode"
              value={mode}
              onChange={(event) => setMode(event.target.value as GrepMode)}
            >
              <option value="text">Text</option>
              <option value="regex">Regular expression</option>
              <option value="hex">Hex bytes</option>
            </select>
          </label>
          {mode === 'text' && (
            <label>
              as{' '}
              <select
                data-testid="search-encoding"
                value={encoding}
                onChange={(event) => setEncoding(event.target.value as GrepEncoding)}
              >
                <option value="utf8">UTF-8</option>
                <option value="utf16le">UTF-16LE</option>
                <option value="both">UTF-8 and UTF-16LE</option>
              </select>
            </label>
          )}
          {mode === 'regex' && (
            <label>
              <input
                type="checkbox"
                checked={ignoreCase}
                onChange={(event) => setIgnoreCase(event.target.checked)}
              />{' '}
              Ignore case
            </label>
          )}
        </div>
        <fieldset className="search-scope">
          <legend>In</legend>
          <label>
            <input
              type="radio"
              name={`${titleId}-scope`}
              checked={!isFolderScope || !folder}
              onChange={() => setFolderScope(false)}
            />{' '}
            the whole file
          </label>
          <label title={folder ? folder.label : 'Select a folder in the tree first'}>
            <input
              type="radio"
              name={`${titleId}-scope`}
              data-testid="search-scope-folder"
              disabled={!folder}
              checked={isFolderScope && folder !== null}
              onChange={() => setFolderScope(true)}
            />{' '}
            {folder ? `the folder ${folder.label}` : 'the selected folder'}
          </label>
        </fieldset>
        <div className="search-buttons">
          <button
            type="submit"
            className="button button-primary"
            data-testid="search-start"
            disabled={!canSearch}
          >
            Search
          </button>
          {isRunning && (
            <button
              type="button"
              className="button"
              data-testid="search-cancel"
              onClick={search.cancel}
            >
              Cancel
            </button>
          )}
        </div>
      </form>
      {shown && (
        <>
          <p
            className={shown.status === 'failed' ? 'search-error' : 'search-status'}
            role={shown.status === 'failed' ? 'alert' : 'status'}
            data-testid="search-status"
            data-state={shown.status}
          >
            {describeRun(shown)}
          </p>
          {isRunning && shown.progress && (
            <progress
              className="search-progress"
              aria-label="Search progress"
              max={Math.max(1, shown.progress.bytesTotal)}
              value={shown.progress.bytesDone}
            />
          )}
          {shown.hits.length > 0 && (
            <List
              className="search-hits"
              rowComponent={HitRow}
              rowProps={rowProps}
              rowCount={shown.hits.length}
              rowHeight={ROW_HEIGHT}
              defaultHeight={300}
              overscanCount={6}
              aria-label="Matches: entry, offset and context"
              data-testid="search-hits"
              onKeyDown={(event) => moveFocusAmong(event, '.search-hit')}
            />
          )}
        </>
      )}
    </dialog>
  );
}
