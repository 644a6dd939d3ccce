/**
 * Strings view of any content (the `strings` tool's view of a binary): runs of at least four
 * printable ASCII characters with their offsets in hex. The file's decoder worker finds them
 * in chunks, a page of them at a time (more on request); a row jumps to its string in the hex
 * view. Rows are a virtual list with one tab stop: arrows move, Enter jumps. File-derived
 * text is rendered as text.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { cancelSearch, contentStrings } from '../../../state/content-search.ts';
import type { ContentRef, FoundString } from '../../../worker/rpc/api.ts';
import { contentKey } from '../decoder-key.ts';
import { keyTarget } from '../../focus-keys.ts';
import { formatCount } from '../../format.ts';
import { formatRowOffset, offsetDigits } from '../hex/hex-format.ts';
import '../preview.css';

/** Shortest run of printable characters that counts as a string. */
export const MIN_STRING_LENGTH = 4;
/** Strings asked for at a time. */
export const STRINGS_PER_PAGE = 2_000;
/** Must match `.strings-row` height in preview.css. */
const ROW_HEIGHT = 22;

export interface StringsViewProps {
  fileId: string;
  ref: ContentRef;
  /** Shows a string's first byte in the hex view. */
  onJump(offset: number): void;
}

type Loading =
  | { kind: 'loading'; done: number; total: number }
  | { kind: 'idle' }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

interface RowData {
  strings: readonly FoundString[];
  digits: number;
  activeIndex: number;
  onJump(offset: number): void;
}

function StringRow({
  index,
  style,
  ariaAttributes,
  strings,
  digits,
  activeIndex,
  onJump,
}: RowComponentProps<RowData>): ReactElement | null {
  const found = strings[index];
  if (!found) return null;
  const isCut = found.text.length < found.length;
  return (
    <div {...ariaAttributes} style={style} className="strings-row">
      <button
        type="button"
        className="strings-item"
        data-testid="strings-item"
        data-offset={found.offset}
        data-index={index}
        tabIndex={index === activeIndex ? 0 : -1}
        title={`${formatCount(found.length)} characters at 0x${formatRowOffset(found.offset, 1)}: show in hex`}
        onClick={() => onJump(found.offset)}
      >
        <span className="strings-offset">{formatRowOffset(found.offset, digits)}</span>
        {'  '}
        <span className="strings-text">{isCut ? `${found.text}…` : found.text}</span>
      </button>
    </div>
  );
}

export function StringsView(props: StringsViewProps): ReactElement {
  return <StringsViewBody key={contentKey(props.fileId, props.ref)} {...props} />;
}

function StringsViewBody({ fileId, ref, onJump }: StringsViewProps): ReactElement {
  // Keyed by content: the first reference stands for it (a new object each render would
  // start the list again).
  const [contentRef] = useState(ref);
  const [strings, setStrings] = useState<FoundString[]>([]);
  const [next, setNext] = useState<number | null>(0);
  const [totalSize, setTotalSize] = useState(0);
  const [loading, setLoading] = useState<Loading>({ kind: 'loading', done: 0, total: 0 });
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useListRef(null);
  const generation = useRef(0);

  const loadFrom = useCallback(
    async (from: number) => {
      const current = ++generation.current;
      // Progress comes through a channel of its own: a report may arrive after the answer.
      let isAnswered = false;
      setLoading({ kind: 'loading', done: 0, total: 0 });
      const answer = await contentStrings(
        fileId,
        contentRef,
        { from, minLength: MIN_STRING_LENGTH, maxCount: STRINGS_PER_PAGE },
        (progress) => {
          if (!isAnswered && generation.current === current) {
            setLoading({ kind: 'loading', done: progress.done, total: progress.total });
          }
        },
      );
      isAnswered = true;
      if (generation.current !== current) return;
      if (!answer.ok) {
        setLoading(
          answer.error.code === 'CANCELLED'
            ? { kind: 'cancelled' }
            : { kind: 'error', message: answer.error.message },
        );
        return;
      }
      setStrings((before) => [...before, ...answer.value.strings]);
      setNext(answer.value.next);
      setTotalSize(answer.value.totalSize);
      setLoading({ kind: 'idle' });
    },
    [fileId, contentRef],
  );

  // The first page on mount; a search still running when the view goes is stopped.
  useEffect(() => {
    const searches = generation;
    void loadFrom(0);
    return () => {
      searches.current++;
      cancelSearch(fileId, 'strings');
    };
  }, [loadFrom, fileId]);

  const cancel = () => {
    generation.current++;
    cancelSearch(fileId, 'strings');
    setLoading({ kind: 'cancelled' });
  };

  const moveTo = (index: number) => {
    const clamped = Math.max(0, Math.min(strings.length - 1, index));
    setActiveIndex(clamped);
    listRef.current?.scrollToRow({ index: clamped, align: 'smart', behavior: 'instant' });
    // The row renders after the scroll: focus it on the next frame.
    requestAnimationFrame(() =>
      listRef.current?.element?.querySelector<HTMLElement>(`[data-index="${clamped}"]`)?.focus(),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(
      1,
      Math.floor((listRef.current?.element?.clientHeight ?? 0) / ROW_HEIGHT),
    );
    const target = keyTarget(event.key, activeIndex, strings.length, page);
    if (target === null) return;
    event.preventDefault();
    moveTo(target);
  };

  const digits = offsetDigits(totalSize);
  const rowProps = useMemo<RowData>(
    () => ({ strings, digits, activeIndex, onJump }),
    [strings, digits, activeIndex, onJump],
  );
  const isLoading = loading.kind === 'loading';
  const percent =
    loading.kind === 'loading' && loading.total > 0
      ? ` ${Math.floor((loading.done / loading.total) * 100)}%`
      : '';

  return (
    <div className="strings-view" data-testid="strings-view">
      <div className="strings-toolbar">
        <span className="strings-count" role="status" data-testid="strings-count">
          {isLoading
            ? `Looking for strings…${percent}`
            : `${formatCount(strings.length)} strings of ${MIN_STRING_LENGTH}+ printable characters${next === null ? '' : ' so far'}`}
        </span>
        {isLoading && (
          <button type="button" onClick={cancel} data-testid="strings-cancel">
            Cancel
          </button>
        )}
        {!isLoading && next !== null && (
          <button type="button" onClick={() => void loadFrom(next)} data-testid="strings-more">
            {loading.kind === 'cancelled' ? 'Go on' : 'More strings'}
          </button>
        )}
      </div>
      {loading.kind === 'error' && (
        <p className="preview-error" role="alert">
          {loading.message}
        </p>
      )}
      {strings.length === 0 && !isLoading && loading.kind !== 'error' ? (
        <p className="preview-note">
          No strings of {MIN_STRING_LENGTH} or more printable characters.
        </p>
      ) : (
        <List
          className="strings-list"
          listRef={listRef}
          rowComponent={StringRow}
          rowProps={rowProps}
          rowCount={strings.length}
          rowHeight={ROW_HEIGHT}
          defaultHeight={400}
          overscanCount={8}
          aria-label="Strings, with their offsets in hex"
          onKeyDown={onKeyDown}
        />
      )}
    </div>
  );
}
