/**
 * Scrolling and focus of the tree: a newly selected row scrolls into view, a new filter
 * scrolls to the selection or the top, and while the user drives the tree from the keyboard,
 * DOM focus follows the selection (the row may render only after the scroll).
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { FlatLayout } from '../../state/flat-layout.ts';
import { useFilter } from '../../state/hooks.ts';
import type { Selection } from '../../state/types.ts';
import type { RowAlign } from './scroll-scale.ts';

export interface TreeScrollOptions {
  layout: FlatLayout;
  selection: Selection | null;
  selectedIndex: number;
  /** Scrolls a flat index into view (scaled past the height cap: use-scaled-scroll.ts). */
  scrollToRow(index: number, align: RowAlign): void;
  /** The element holding the rows. */
  rowsElement: RefObject<HTMLElement | null>;
  /** True while the user moves through the tree with the keyboard. */
  isKeyboardActive: RefObject<boolean>;
}

function selectionKey(selection: Selection | null): string {
  if (!selection) return '';
  return selection.kind === 'file'
    ? selection.fileId
    : `${selection.fileId}/${selection.row.nodeId}`;
}

export function useTreeScroll(options: TreeScrollOptions): void {
  const { layout, selection, selectedIndex, scrollToRow, rowsElement, isKeyboardActive } = options;

  // Scroll a newly selected row into view (not when rows merely move under the same selection,
  // e.g. while a file is still being read: that would yank the list away from the user).
  const key = selectionKey(selection);
  const scrolledKey = useRef('');
  useEffect(() => {
    if (selectedIndex < 0 || key === scrolledKey.current) return;
    scrolledKey.current = key;
    scrollToRow(selectedIndex, 'auto');
  }, [key, selectedIndex, scrollToRow]);

  // After a new filter the old scroll offset means nothing: once the filtered rows arrive (the
  // layout changes), show the selection if it is still there, else the top.
  const filter = useFilter();
  const lastFilter = useRef(filter);
  const layoutRef = useRef(layout);
  const scrollAfterFilterFrom = useRef<FlatLayout | null>(null);
  useEffect(() => {
    if (lastFilter.current === filter) return;
    lastFilter.current = filter;
    scrollAfterFilterFrom.current = layoutRef.current;
  }, [filter]);
  useEffect(() => {
    layoutRef.current = layout;
    const from = scrollAfterFilterFrom.current;
    if (!from || from === layout) return;
    scrollAfterFilterFrom.current = null;
    if (layout.totalRows === 0) return;
    const isSelectionShown = selectedIndex >= 0;
    scrollToRow(isSelectionShown ? selectedIndex : 0, isSelectionShown ? 'center' : 'start');
  }, [layout, selectedIndex, scrollToRow]);

  // Move DOM focus to the selected row once it is rendered (it may still be off screen).
  // Never from another control: a search box or dialog that took the focus keeps it, even
  // if the tree missed the blur (a focused row that unmounted leaves no next target).
  useEffect(() => {
    if (!isKeyboardActive.current || selectedIndex < 0) return;
    const rows = rowsElement.current;
    const focused = document.activeElement;
    if (focused && focused !== document.body && !rows?.contains(focused)) {
      isKeyboardActive.current = false;
      return;
    }
    const element = rows?.querySelector<HTMLElement>(`[data-row="${selectedIndex}"]`);
    if (element && focused !== element) element.focus({ preventScroll: true });
  });
}
