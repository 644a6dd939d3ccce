/**
 * Keyboard of the tree (WAI-ARIA tree pattern): Up/Down, Home/End, PageUp/PageDown move the
 * selection; Right expands or goes to the first child; Left collapses or goes to the parent;
 * Enter/Space toggles; `*` expands everything in the file; Delete closes a file from its row.
 */
import { useCallback, type KeyboardEvent } from 'react';
import { locate, type FlatLayout } from '../../state/flat-layout.ts';
import type { RowCache } from '../../state/row-cache.ts';
import type { DelveActions } from '../../state/store.ts';
import type { OpenFile } from '../../state/types.ts';

export interface TreeKeyboardOptions {
  layout: FlatLayout;
  filesById: ReadonlyMap<string, OpenFile>;
  rowCache: RowCache;
  actions: DelveActions;
  selectedIndex: number;
  /** Rows in one page of the viewport, for PageUp/PageDown. */
  pageSize: number;
  selectIndex(flatIndex: number): void;
  toggleIndex(flatIndex: number): void;
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
    filesById,
    rowCache,
    actions,
    selectedIndex,
    pageSize,
    selectIndex,
    toggleIndex,
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
      const file = position && filesById.get(position.segment.fileId);
      if (!position || !file) return;
      if (position.rowIndex < 0) {
        if (!file.isExpanded) actions.setFileExpanded(file.id, true);
        else if (file.rowCount > 0) moveTo(flatIndex + 1);
        return;
      }
      const row = rowCache.getCurrentRow(file.id, position.rowIndex);
      if (!row?.isFolder) return;
      if (!row.isExpanded) {
        void actions.setRowExpanded(file.id, row, true);
        return;
      }
      const next = rowCache.getCurrentRow(file.id, position.rowIndex + 1);
      if (next?.parentId === row.nodeId) moveTo(flatIndex + 1);
    },
    [layout, filesById, rowCache, actions, moveTo],
  );

  /** Left: collapse an open file or folder, or go to the parent. */
  const goLeft = useCallback(
    (flatIndex: number) => {
      const position = locate(layout, flatIndex);
      const file = position && filesById.get(position.segment.fileId);
      if (!position || !file) return;
      if (position.rowIndex < 0) {
        if (file.isExpanded) actions.setFileExpanded(file.id, false);
        return;
      }
      const row = rowCache.getCurrentRow(file.id, position.rowIndex);
      if (!row) return;
      if (row.isFolder && row.isExpanded) void actions.setRowExpanded(file.id, row, false);
      else void actions.selectParent(file.id, row);
    },
    [layout, filesById, rowCache, actions],
  );

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      // Leave browser and system shortcuts alone.
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const current = currentIndex(event, selectedIndex);
      switch (event.key) {
        case 'ArrowDown':
          moveTo(current < 0 ? 0 : current + 1);
          break;
        case 'ArrowUp':
          moveTo(current < 0 ? 0 : current - 1);
          break;
        case 'Home':
          moveTo(0);
          break;
        case 'End':
          moveTo(layout.totalRows - 1);
          break;
        case 'PageDown':
          moveTo(current + pageSize);
          break;
        case 'PageUp':
          moveTo(current - pageSize);
          break;
        case 'ArrowRight':
          goRight(current);
          break;
        case 'ArrowLeft':
          goLeft(current);
          break;
        case 'Enter':
        case ' ':
          selectIndex(current);
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
    [layout, selectedIndex, pageSize, moveTo, goRight, goLeft, selectIndex, toggleIndex, actions],
  );
}
