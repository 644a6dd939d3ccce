/**
 * Hex view of content of any size: a react-window List of 16-byte rows whose bytes are fetched
 * in 64 KiB pages as rows scroll into view (the state layer's page cache, state/page-cache.ts).
 *
 * Browsers cap an element's height (~33.5M px in Chromium, ~17.9M px in Firefox), and a 1 GiB
 * file is 67M rows. So the List shows one *region* of at most ROWS_PER_REGION rows (8 MiB of
 * content, ~10.5M px) and a region slider with previous/next buttons moves between regions;
 * "Go to offset" and the `highlight` prop switch region as needed. Content under 8 MiB has one
 * region and no slider.
 *
 * "Find" (HexFind.tsx) searches the whole content in the worker and marks the match here.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactElement,
} from 'react';
import { List, useListRef } from 'react-window';
import { useContentPages } from '../../../state/hooks.ts';
import type { ContentMatch, ContentRef } from '../../../worker/rpc/api.ts';
import { contentKey } from '../decoder-key.ts';
import { formatExactBytes, formatOffset } from '../../format.ts';
import { HexFind } from './HexFind.tsx';
import { HexRow, type HexRowData } from './HexRow.tsx';
import { BYTES_PER_ROW, byteHex, offsetDigits, parseOffsetInput } from './hex-format.ts';
import '../preview.css';

export interface HexViewProps {
  fileId: string;
  ref: ContentRef;
  /** Bytes of the content (the `totalSize` of any `readRange` of it). */
  size: number;
  /**
   * A byte span `[offset, offset + length)` to highlight and scroll to (a selected field of a
   * document format); the same shape as `Span` in formats/model.ts.
   */
  highlight?: { offset: number; length: number };
  /** An offset to mark and scroll to, as "Go to offset" does (a deep link's). */
  jumpTo?: number | undefined;
  /**
   * Bytes from `jumpTo` marked as a match, as "Find" marks its own (a search in contents'
   * hit); absent: only the byte at `jumpTo` is.
   */
  jumpLength?: number | undefined;
  /** Called with each offset "Go to offset" marks, so a deep link can carry it. */
  onJump?: ((offset: number) => void) | undefined;
}

/** Must match `.hex-row` height in preview.css. */
export const HEX_ROW_HEIGHT = 20;
/** Rows per region: 8 MiB of content, 10.5M px, under every browser's element-height cap. */
export const ROWS_PER_REGION = 512 * 1024;

type Align = 'start' | 'center';

/** Keyed by content, so another entry gets a fresh cache and scroll position. */
export function HexView(props: HexViewProps): ReactElement {
  return <HexViewBody key={`${contentKey(props.fileId, props.ref)}:${props.size}`} {...props} />;
}

function HexViewBody({
  fileId,
  ref,
  size,
  highlight,
  jumpTo,
  jumpLength,
  onJump,
}: HexViewProps): ReactElement {
  const listRef = useListRef(null);
  const { pages: cache, version } = useContentPages(fileId, ref, size);
  /** Byte range of the rows react-window rendered last, so a new cache can start on them. */
  const renderedRef = useRef<[number, number]>([0, 0]);

  const totalRows = Math.ceil(size / BYTES_PER_ROW);
  const regionCount = Math.max(1, Math.ceil(totalRows / ROWS_PER_REGION));
  const [region, setRegion] = useState(0);
  const firstRow = region * ROWS_PER_REGION;
  const regionRows = Math.max(0, Math.min(ROWS_PER_REGION, totalRows - firstRow));
  const digits = offsetDigits(size);

  const [target, setTarget] = useState(-1);
  const [match, setMatch] = useState<ContentMatch | null>(null);
  const [scrollRequest, setScrollRequest] = useState<{ row: number; align: Align } | null>(null);

  const scrollToRow = useCallback((row: number, align: Align) => {
    setRegion(Math.floor(row / ROWS_PER_REGION));
    setScrollRequest({ row, align });
  }, []);

  // Runs after the List has the new region's rows, so the index is valid there.
  useEffect(() => {
    if (scrollRequest === null || listRef.current === null) return;
    const index = scrollRequest.row - firstRow;
    if (index < 0 || index >= regionRows) return;
    const scroll = () => {
      const element = listRef.current?.element;
      // A List just mounted (a jump from the strings view, a deep link, a selection whose
      // details render beside it) measures with its default height until it has measured
      // itself, and its scrollToRow clamps by that: scroll by the element's own height, which
      // the browser clamps to what it really shows.
      if (element) {
        const top = index * HEX_ROW_HEIGHT;
        element.scrollTop =
          scrollRequest.align === 'center'
            ? top - (element.clientHeight - HEX_ROW_HEIGHT) / 2
            : top;
      } else {
        listRef.current?.scrollToRow({ index, align: scrollRequest.align, behavior: 'instant' });
      }
    };
    scroll();
    // Once more when the List has laid out its rows.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(scroll);
    });
    // The panes around the list may still be settling (a selection's details render beside
    // it): while its height changes, the row asked for stays where it was asked, until the
    // person scrolls or asks for another.
    const element = listRef.current.element;
    const resizes =
      element && typeof ResizeObserver === 'function' ? new ResizeObserver(scroll) : null;
    if (element) resizes?.observe(element);
    const stopFollowing = () => resizes?.disconnect();
    const inputs = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;
    for (const type of inputs) element?.addEventListener(type, stopFollowing, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      stopFollowing();
      for (const type of inputs) element?.removeEventListener(type, stopFollowing);
    };
  }, [scrollRequest, firstRow, regionRows, listRef]);

  // Scroll to a new highlight once; later re-renders with the same span leave the scroll alone.
  // Its first row goes to the top: a span reads downwards, and at the bottom of the view
  // ('smart' scrolls only as far as needed) all but its first row would be out of sight.
  const highlightOffset = highlight?.offset;
  useEffect(() => {
    if (highlightOffset !== undefined && highlightOffset < size) {
      scrollToRow(Math.floor(highlightOffset / BYTES_PER_ROW), 'start');
    }
  }, [highlightOffset, size, scrollToRow]);

  // A jump asked from outside marks its byte like "Go to offset", and a match's every byte
  // like "Find" does (cut at the end); past the end it is ignored.
  useEffect(() => {
    if (jumpTo === undefined || jumpTo >= size) return;
    setTarget(jumpTo);
    if (jumpLength !== undefined && jumpLength > 0) {
      setMatch({ offset: jumpTo, length: Math.min(jumpLength, size - jumpTo), wrapped: false });
    }
    scrollToRow(Math.floor(jumpTo / BYTES_PER_ROW), 'center');
  }, [jumpTo, jumpLength, size, scrollToRow]);

  const onRowsRendered = useCallback(
    (
      _visible: { startIndex: number; stopIndex: number },
      all: { startIndex: number; stopIndex: number },
    ) => {
      const start = (firstRow + all.startIndex) * BYTES_PER_ROW;
      const end = Math.min(size, (firstRow + all.stopIndex + 1) * BYTES_PER_ROW);
      renderedRef.current = [start, end];
      cache.want(start, end);
    },
    [cache, firstRow, size],
  );

  // A new cache (content read again) needs the rows already on screen, which onRowsRendered
  // won't repeat.
  useEffect(() => {
    cache.want(...renderedRef.current);
  }, [cache]);

  const highlightStart = highlight?.offset ?? 0;
  const highlightEnd = highlight === undefined ? 0 : highlight.offset + highlight.length;
  const rowProps = useMemo<HexRowData>(
    () => ({
      cache,
      version,
      firstRow,
      totalSize: size,
      digits,
      highlightStart,
      highlightEnd,
      target,
      matchStart: match?.offset ?? 0,
      matchEnd: match === null ? 0 : match.offset + match.length,
    }),
    [cache, version, firstRow, size, digits, highlightStart, highlightEnd, target, match],
  );

  const showMatch = (found: ContentMatch) => {
    setMatch(found);
    setTarget(found.offset);
    scrollToRow(Math.floor(found.offset / BYTES_PER_ROW), 'center');
    onJump?.(found.offset);
  };

  const goToOffset = (offset: number): string | null => {
    if (offset >= size)
      return `${formatOffset(offset)} is past the end (the content is ${formatExactBytes(size)}, last offset ${formatOffset(Math.max(0, size - 1))})`;
    setTarget(offset);
    scrollToRow(Math.floor(offset / BYTES_PER_ROW), 'center');
    onJump?.(offset);
    return null;
  };

  if (size === 0) {
    return (
      <div className="hex-view" data-testid="hex-view">
        <p className="preview-note">Empty: 0 bytes.</p>
      </div>
    );
  }

  return (
    <div className="hex-view" data-testid="hex-view">
      <div className="hex-toolbar">
        <GoToOffset onGo={goToOffset} />
        <HexFind
          fileId={fileId}
          contentRef={ref}
          size={size}
          position={target}
          currentMatch={match}
          onFound={showMatch}
        />
        {regionCount > 1 && (
          <RegionControl
            region={region}
            regionCount={regionCount}
            size={size}
            onChange={(next, row) => scrollToRow(row ?? next * ROWS_PER_REGION, 'start')}
          />
        )}
      </div>
      {cache.warning !== null && (
        <p className="preview-warning" role="status">
          {cache.warning}
        </p>
      )}
      {cache.error !== null && (
        <p className="preview-error" role="alert">
          {cache.error.message}
        </p>
      )}
      <div className="hex-header" aria-hidden="true">
        {hexHeaderText(digits)}
      </div>
      <List
        className="hex-list"
        listRef={listRef}
        rowComponent={HexRow}
        rowProps={rowProps}
        rowCount={regionRows}
        rowHeight={HEX_ROW_HEIGHT}
        defaultHeight={400}
        overscanCount={8}
        onRowsRendered={onRowsRendered}
        tabIndex={0}
        aria-label={`Hex dump of ${formatExactBytes(size)}; rows of 16 bytes`}
      />
    </div>
  );
}

/** Column titles, spaced exactly like the rows below them. */
function hexHeaderText(digits: number): string {
  const columns = Array.from({ length: BYTES_PER_ROW }, (_, column) => byteHex(column));
  const half = BYTES_PER_ROW / 2;
  return `${'Offset'.padEnd(digits)}  ${columns.slice(0, half).join(' ')}  ${columns.slice(half).join(' ')}  ASCII`;
}

function GoToOffset({ onGo }: { onGo: (offset: number) => string | null }): ReactElement {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseOffsetInput(text);
    setError(parsed.ok ? onGo(parsed.offset) : parsed.message);
  };
  return (
    <form className="hex-goto" onSubmit={onSubmit} role="search" aria-label="Go to offset">
      <label htmlFor={`${id}-input`}>Go to offset</label>
      <input
        id={`${id}-input`}
        data-testid="hex-goto"
        type="text"
        inputMode="text"
        spellCheck={false}
        autoComplete="off"
        placeholder="1F4 or 0x1F4 (hex), 500d or #500 (dec)"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
      />
      <button type="submit">Go</button>
      {error !== null && (
        <span id={`${id}-error`} className="preview-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

interface RegionControlProps {
  region: number;
  regionCount: number;
  size: number;
  /** `row` is where to land in the new region (the previous region opens at its last row). */
  onChange: (region: number, row?: number) => void;
}

/** Moves between 8 MiB regions of content too tall for one scrolling element. */
function RegionControl({ region, regionCount, size, onChange }: RegionControlProps): ReactElement {
  const id = useId();
  const regionBytes = ROWS_PER_REGION * BYTES_PER_ROW;
  const start = region * regionBytes;
  const end = Math.min(size, start + regionBytes) - 1;
  const rangeText = `${formatOffset(start)}–${formatOffset(end)}`;
  return (
    <div className="hex-region" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="hex-region-label">
        Region {(region + 1).toLocaleString('en-US')} of {regionCount.toLocaleString('en-US')}:{' '}
        {rangeText}
      </span>
      <button
        type="button"
        onClick={() => onChange(region - 1, region * ROWS_PER_REGION - 1)}
        disabled={region === 0}
        aria-label="Previous region"
      >
        ◀
      </button>
      <input
        type="range"
        min={0}
        max={regionCount - 1}
        step={1}
        value={region}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-label="Region"
        aria-valuetext={rangeText}
      />
      <button
        type="button"
        onClick={() => onChange(region + 1)}
        disabled={region >= regionCount - 1}
        aria-label="Next region"
      >
        ▶
      </button>
    </div>
  );
}
