/**
 * What every tree row is given through react-window's rowProps. Any change here re-renders
 * every row's shell (TreeRowView); the rows' contents are memoized and fetch their own data
 * (the file, the cached row), so these hold only what rarely changes.
 */
import type { MouseEvent } from 'react';
import type { FlatLayout } from '../../state/flat-layout.ts';
import type { ClickMode } from '../../state/selection-actions.ts';
import type { TreeFiles } from './use-tree-files.ts';

export interface TreeRowProps {
  layout: FlatLayout;
  /** Flat index of the List's first row (the List holds a window of the rows, see scroll-scale.ts). */
  windowStart: number;
  /** Flat index of the focused row; -1 when it is not shown. */
  focusIndex: number;
  /** Whether the row at a flat index is selected. */
  isSelected(flatIndex: number): boolean;
  /** True while several rows may be selected: the focused row then gets its own outline. */
  hasMultiSelection: boolean;
  /** Columns, column sets, nesting and siblings of the open files. */
  files: TreeFiles;
  /** The one row reachable with Tab (roving tabindex). */
  tabStopIndex: number;
  /**
   * They take the file and its row index (-1: the file's own row), not a flat index, so they
   * stay the same while rows stream in and memoized rows are not rebuilt for them.
   */
  handlers: RowHandlers;
}

export interface RowHandlers {
  onRowClick(fileId: string, rowIndex: number, mode: ClickMode): void;
  onToggle(fileId: string, rowIndex: number): void;
  onCloseFile(fileId: string): void;
}

/** Pixels per row; fixed so react-window never measures. */
export const ROW_HEIGHT = 26;
/** Pixels of indentation per level. */
export const INDENT = 16;

/** Plain click, Ctrl/Cmd+click (toggle), Shift+click (range), Ctrl/Cmd+Shift+click (add range). */
export function clickModeOf(
  event: Pick<MouseEvent, 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): ClickMode {
  const isToggle = event.ctrlKey || event.metaKey;
  if (event.shiftKey) return isToggle ? 'add-range' : 'range';
  return isToggle ? 'toggle' : 'replace';
}
