/** What every tree row is given through react-window's rowProps. */
import type { FlatLayout } from '../../state/flat-layout.ts';
import type { RowCache } from '../../state/row-cache.ts';
import type { OpenFile } from '../../state/types.ts';

export interface TreeRowProps {
  layout: FlatLayout;
  filesById: ReadonlyMap<string, OpenFile>;
  rowCache: RowCache;
  /** Not read by rows: a new value re-renders them when a page of rows arrives. */
  tick: number;
  /** Flat index of the selected row; -1 when it is not shown. */
  selectedIndex: number;
  /** The one row reachable with Tab (roving tabindex). */
  tabStopIndex: number;
  onRowClick(flatIndex: number): void;
  onToggle(flatIndex: number): void;
  onCloseFile(fileId: string): void;
}

/** Pixels per row; fixed so react-window never measures. */
export const ROW_HEIGHT = 26;
/** Pixels of indentation per level. */
export const INDENT = 16;
