/**
 * The tree's scrolling past the browsers' height cap (see scroll-scale.ts for the idea).
 *
 * Elements: the scroller (scrolls the List's window natively; its own scrollbar is hidden
 * while scaled) and the scaled scrollbar beside it. Moving the window is a state change; the
 * matching scroll offset is written by `ScrollJump`, rendered just before the List, so it
 * lands in the same commit and before the List measures which rows to render: no frame
 * shows the old rows at the new offset.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  clampWindowStart,
  isNearWindowEdge,
  isScaled as isScaledFor,
  scrollbarContentHeight,
  scrollbarTopFor,
  virtualTopForRow,
  virtualTopForScrollbar,
  windowRowCount,
  windowStartAround,
  type RowAlign,
  type ScrollGeometry,
} from './scroll-scale.ts';

export interface ScaledScroll {
  /** The element the List scrolls with (state: the List needs it once it has mounted). */
  scroller: HTMLDivElement | null;
  scrollerRef(element: HTMLDivElement | null): void;
  scrollbarRef(element: HTMLDivElement | null): void;
  /** Flat index of the List's first row. */
  windowStart: number;
  /** Rows the List holds. */
  windowRows: number;
  isScaled: boolean;
  /** Height of the scaled scrollbar's content, px. */
  scrollbarHeight: number;
  /** Bumped with each window move, for ScrollJump. */
  jumpId: number;
  /** Called by ScrollJump in its layout effect. */
  applyJump(): void;
  scrollToRow(row: number, align: RowAlign): void;
}

/** Wheel deltas come in pixels, lines or pages. */
function wheelPixels(event: WheelEvent, rowHeight: number, pageHeight: number): number {
  if (event.deltaMode === WheelEvent.DOM_DELTA_LINE) return event.deltaY * rowHeight;
  if (event.deltaMode === WheelEvent.DOM_DELTA_PAGE) return event.deltaY * pageHeight;
  return event.deltaY;
}

export function useScaledScroll(totalRows: number, rowHeight: number): ScaledScroll {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrollbar = useRef<HTMLDivElement | null>(null);
  const [requestedStart, setRequestedStart] = useState(0);
  const [jumpId, setJumpId] = useState(0);
  const isScaled = isScaledFor(totalRows);
  const windowStart = clampWindowStart(requestedStart, totalRows);
  // Fewer rows moved the window (to 0 when they fit): keep it there when rows come back, or
  // the view would leap to where it was before.
  if (windowStart !== requestedStart) setRequestedStart(windowStart);

  // What event handlers need, as of the last commit.
  const committed = useRef({ windowStart, totalRows, isScaled });
  /** Scroll offset to write with the next window move. */
  const pendingTop = useRef<number | null>(null);
  /**
   * The scroller's offset when that move was asked for: rows scrolled natively before the
   * move is committed (a wheel turning on) are added to it, not undone.
   */
  const pendingFrom = useRef(0);
  /** Scrollbar offset we wrote: its scroll event is ours, not the user's. */
  const writtenScrollbarTop = useRef<number | null>(null);
  /** Scroller offset a scrollbar drag wrote: its scroll event must not move the scrollbar back. */
  const draggedTop = useRef<number | null>(null);

  const geometry = useCallback(
    (): ScrollGeometry => ({
      totalRows: committed.current.totalRows,
      rowHeight,
      viewportHeight: scroller?.clientHeight ?? 0,
    }),
    [scroller, rowHeight],
  );

  const virtualTop = useCallback(
    () => committed.current.windowStart * rowHeight + (scroller?.scrollTop ?? 0),
    [scroller, rowHeight],
  );

  const syncScrollbar = useCallback(() => {
    const element = scrollbar.current;
    if (!element || !committed.current.isScaled) return;
    const top = scrollbarTopFor(virtualTop(), geometry());
    if (Math.abs(element.scrollTop - top) < 0.5) return;
    element.scrollTop = top;
    writtenScrollbarTop.current = element.scrollTop;
  }, [geometry, virtualTop]);

  /** Shows virtual offset `target`, moving the window first when it is not well inside it. */
  const jumpTo = useCallback(
    (target: number): number | null => {
      if (!scroller) return null;
      const { windowStart: start, totalRows: total } = committed.current;
      const { viewportHeight } = geometry();
      const first = Math.floor(target / rowHeight);
      const last = Math.floor((target + viewportHeight) / rowHeight);
      const windowEnd = start + windowRowCount(total);
      const isInside = first >= start && last < windowEnd;
      const newStart =
        isInside && !isNearWindowEdge(start, total, first, last)
          ? start
          : windowStartAround(first, total);
      const top = target - newStart * rowHeight;
      // With a move still waiting for its commit, this one waits too (the last one wins).
      if (newStart === start && pendingTop.current === null) {
        scroller.scrollTop = top;
      } else {
        pendingTop.current = top;
        pendingFrom.current = scroller.scrollTop;
        setRequestedStart(newStart);
        setJumpId((id) => id + 1);
      }
      return top;
    },
    [scroller, geometry, rowHeight],
  );

  const applyJump = useCallback(() => {
    committed.current = { windowStart, totalRows, isScaled };
    if (pendingTop.current !== null && scroller) {
      scroller.scrollTop = pendingTop.current + (scroller.scrollTop - pendingFrom.current);
      pendingTop.current = null;
    }
  }, [windowStart, totalRows, isScaled, scroller]);

  // The row count changed (expand, filter): the scrollbar's scale did too.
  useLayoutEffect(() => {
    committed.current = { windowStart, totalRows, isScaled };
    syncScrollbar();
  }, [windowStart, totalRows, isScaled, syncScrollbar]);

  useEffect(() => {
    if (!scroller) return;
    const onScroll = () => {
      if (!committed.current.isScaled) return;
      const top = scroller.scrollTop;
      if (draggedTop.current !== null && Math.abs(top - draggedTop.current) < 1) {
        draggedTop.current = null;
      } else {
        syncScrollbar();
      }
      // Near an inner edge of the window: move it, keeping the same rows on screen.
      const { windowStart: start, totalRows: total } = committed.current;
      const first = start + Math.floor(top / rowHeight);
      const last = start + Math.floor((top + scroller.clientHeight) / rowHeight);
      if (isNearWindowEdge(start, total, first, last)) jumpTo(start * rowHeight + top);
    };
    const resize = new ResizeObserver(() => syncScrollbar());
    resize.observe(scroller);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [scroller, rowHeight, syncScrollbar, jumpTo]);

  const scrollbarListeners = useRef<(() => void) | null>(null);
  const scrollbarRef = useCallback(
    (element: HTMLDivElement | null) => {
      scrollbarListeners.current?.();
      scrollbarListeners.current = null;
      scrollbar.current = element;
      if (!element) return;
      const onScroll = () => {
        const written = writtenScrollbarTop.current;
        if (written !== null && Math.abs(element.scrollTop - written) <= 1) return;
        writtenScrollbarTop.current = null;
        draggedTop.current = jumpTo(virtualTopForScrollbar(element.scrollTop, geometry()));
      };
      // A wheel over the scaled scrollbar would move many rows per notch: scroll the rows instead.
      const onWheel = (event: WheelEvent) => {
        if (!scroller) return;
        event.preventDefault();
        scroller.scrollBy({ top: wheelPixels(event, rowHeight, scroller.clientHeight) });
      };
      element.addEventListener('scroll', onScroll, { passive: true });
      element.addEventListener('wheel', onWheel, { passive: false });
      scrollbarListeners.current = () => {
        element.removeEventListener('scroll', onScroll);
        element.removeEventListener('wheel', onWheel);
      };
      syncScrollbar();
    },
    [jumpTo, geometry, scroller, rowHeight, syncScrollbar],
  );

  const scrollToRow = useCallback(
    (row: number, align: RowAlign) => {
      if (!scroller) return;
      const current = virtualTop();
      const target = virtualTopForRow(row, align, current, geometry());
      if (Math.abs(target - current) >= 0.5) jumpTo(target);
    },
    [scroller, virtualTop, geometry, jumpTo],
  );

  return {
    scroller,
    scrollerRef: setScroller,
    scrollbarRef,
    windowStart,
    windowRows: windowRowCount(totalRows),
    isScaled,
    scrollbarHeight: scrollbarContentHeight({ totalRows, rowHeight, viewportHeight: 0 }),
    jumpId,
    applyJump,
    scrollToRow,
  };
}
