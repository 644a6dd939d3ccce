/**
 * Keyboard of the tree (WAI-ARIA tree pattern): Up/Down, Home/End, PageUp/PageDown move the
 * selection; Right expands or goes to the first child; Left collapses or goes to the parent
 * (from a nested file's row: the file it was opened from); Space toggles; Enter toggles a
 * file or folder and opens an entry a format knows as a file of its own (nested under its
 * file, nested.ts; a plain file's preview is its row's already);
 * `*` expands everything in the file; Delete closes a file from its row.
 *
 * Multi-selection (within one file): Shift with Up/Down/Home/End/PageUp/PageDown extends from
 * the anchor; Ctrl/Cmd+A selects every row shown of the focused file; Ctrl/Cmd+Up/Down move
 * the focus alone and Ctrl/Cmd+Space adds or removes the focused row; Escape goes back to
 * the focused row alone.
 */
import { useCallback, type KeyboardEvent } from 'react';
import { locate, type FlatLayout } from '../../state/flat-layout.ts';
import type { RowCache } from '../../state/row-cache.ts';
import type { DelveActions } from '../../state/store.ts';
import type { OpenFile } from '../../state/types.ts';

export interface TreeKeyboardOptions {
  layout: FlatLayout;
  /** The file as it is now (read when a key is pressed). */
  fileOf(fileId: string): OpenFile | undefined;
  rowCache: RowCache;
  actions: DelveActions;
  selectedIndex: number;
  hasMultiSelection: boolean;
  /** Rows in one page of the viewport, for PageUp/PageDown. */
  pageSize: number;
  selectIndex(flatIndex: number): void;
  toggleIndex(flatIndex: number): void;
  /** Enter: toggle a file or folder, open an entry as a file. */
  activateIndex(flatIndex: number): void;
  /** Shift+keys: focus `flatIndex`, select from the anchor to it. */
  extendToIndex(flatIndex: number): void;
  /** Ctrl/Cmd+Up/Down: focus `flatIndex`, keep the selected rows. */
  moveFocusToIndex(flatIndex: number): void;
}

/** Where a navigation key goes from `current`; null for other keys. */
function navigationTarget(key: string, current: number, pageSize: number, totalRows: number) {
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : current + 1;
    case 'ArrowUp':
      return current < 0 ? 0 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return totalRows - 1;
    case 'PageDown':
      return current + pageSize;
    case 'PageUp':
      return current - pageSize;
    default:
      return null;
  }
}

/** The row the key was pressed on: the focused row, else the selection. */
function currentIndex(event: KeyboardEvent<HTMLElement>, selectedIndex: number): number {
  const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
  const fromTarget = row ? Number(row.dataset['row']) : Number.NaN;
  return Number.isInteger(fromTarget) ? fromTarget : selectedIndex;
}

export function useTreeKeyboard(options: TreeKeyboardOptions) {
  const {
    layout,
    fileOf,
    rowCache,
    actions,
    selectedIndex,
    hasMultiSelection,
    pageSize,
    selectIndex,
    toggleIndex,
    activateIndex,
    extendToIndex,
    moveFocusToIndex,
  } = options;

  const moveTo = useCallback(
    (flatIndex: number) => {
      if (layout.totalRows === 0) return;
      selectIndex(Math.max(0, Math.min(layout.totalRows - 1, flatIndex)));
    },
    [layout, selectIndex],
  );

  /** Right: expand a closed file or folder, or step into an open one. */
  const goRight = useCallback(
    (flatIndex: number) => {
      const position = locate(layout, flatIndex);
      const file = position && fileOf(position.segment.fileId);
      if (!position || !file) return;
      if (position.rowIndex < 0) {
        if (!file.isExpanded) actions.setFileExpanded(file.id, true);
        else if (file.rowCount > 0) moveTo(flatIndex + 1);
        return;
      }
      const { rowIndex } = position;
      void (async () => {
        const row = await rowCache.loadRow(file.id, rowIndex);
        if (!row?.isFolder) return;
        if (!row.isExpanded) {
          await actions.setRowExpanded(file.id, row, true);
          return;
        }
        const next = await rowCache.loadRow(file.id, rowIndex + 1);
        if (next?.parentId === row.nodeId) moveTo(flatIndex + 1);
      })();
    },
    [layout, fileOf, rowCache, actions, moveTo],
  );

  /** Left: collapse an open file or folder, or go to the parent. */
  const goLeft = useCallback(
    (flatIndex: number) => {
      const position = locate(layout, flatIndex);
      const file = position && fileOf(position.segment.fileId);
      if (!position || !file) return;
      if (position.rowIndex < 0) {
        if (file.isExpanded) actions.setFileExpanded(file.id, false);
        // A file opened from an entry of another: its parent is that file.
        else if (file.parentId !== null && fileOf(file.parentId)) actions.selectFile(file.parentId);
        return;
      }
      void rowCache.loadRow(file.id, position.rowIndex).then((row) => {
        if (!row) return;
        if (row.isFolder && row.isExpanded) void actions.setRowExpanded(file.id, row, false);
        else void actions.selectParent(file.id, row);
      });
    },
    [layout, fileOf, rowCache, actions],
  );

  /** Shift+navigation: extend within the focused row's file (a selection stays in one file). */
  const extend = useCallback(
    (current: number, target: number) => {
      const segment = locate(layout, current)?.segment;
      if (!segment) return;
      const last = segment.start + segment.length - 1;
      extendToIndex(Math.max(segment.start, Math.min(last, target)));
    },
    [layout, extendToIndex],
  );

  /** Ctrl/Cmd combinations of the multi-selection; true when the key was one of them. */
  const onModifiedKey = useCallback(
    (event: KeyboardEvent<HTMLElement>, current: number): boolean => {
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (event.shiftKey) return false;
      switch (key) {
        case 'a':
          actions.selectAllRows();
          return true;
        case ' ':
          actions.toggleFocused();
          return true;
        case 'ArrowDown':
        case 'ArrowUp': {
          const target = current + (key === 'ArrowDown' ? 1 : -1);
          if (target >= 0 && target < layout.totalRows) moveFocusToIndex(target);
          return true;
        }
        default:
          return false;
      }
    },
    [actions, layout, moveFocusToIndex],
  );

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const current = currentIndex(event, selectedIndex);
      if (event.altKey) return;
      if (event.ctrlKey || event.metaKey) {
        // Leave the browser's and the system's other shortcuts alone.
        if (onModifiedKey(event, current)) event.preventDefault();
        return;
      }
      const target = navigationTarget(event.key, current, pageSize, layout.totalRows);
      if (target !== null) {
        if (event.shiftKey) extend(current, target);
        else moveTo(target);
        event.preventDefault();
        return;
      }
      if (event.shiftKey && event.key !== '*') return;
      switch (event.key) {
        case 'Escape':
          // Only when there is something to clear: Escape may mean something further out.
          if (!hasMultiSelection) return;
          actions.clearMarks();
          break;
        case 'ArrowRight':
          goRight(current);
          break;
        case 'ArrowLeft':
          goLeft(current);
          break;
        case 'Enter':
          // On the focused row, keep a multi-selection: the key is about this row.
          if (current !== selectedIndex) selectIndex(current);
          activateIndex(current);
          break;
        case ' ':
          if (current !== selectedIndex) selectIndex(current);
          toggleIndex(current);
          break;
        case '*': {
          const fileId = locate(layout, current)?.segment.fileId;
          if (fileId) void actions.expandAll(fileId);
          break;
        }
        case 'Delete': {
          const position = locate(layout, current);
          if (position && position.rowIndex < 0) actions.closeFile(position.segment.fileId);
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    },
    [
      layout,
      selectedIndex,
      pageSize,
      hasMultiSelection,
      moveTo,
      extend,
      onModifiedKey,
      goRight,
      goLeft,
      selectIndex,
      toggleIndex,
      activateIndex,
      actions,
    ],
  );
}
