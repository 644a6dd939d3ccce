/**
 * The one tree of every open file: a react-window List of fixed-height rows. Each file is a
 * level-1 row followed, when expanded, by its rows, which live in the file's worker; only
 * the pages covering the rendered range are fetched (state/row-cache.ts).
 *
 * Height limit: browsers cap an element's height (~33.5M px in Chromium, ~17.9M px in
 * Firefox). Past 200,000 rows the List holds a moving window of the rows and a scaled
 * scrollbar covers them all (scroll-scale.ts, use-scaled-scroll.ts), so two million rows
 * still reach the end. Rows are addressed by flat index everywhere (flat-layout.ts); only
 * the List's own index counts from the window's start.
 *
 * Selection: the focused row (details pane) and, with Ctrl/Shift, several rows of one file
 * (state/selection-actions.ts); `aria-multiselectable` says so.
 *
 * Columns: the selected file's (use-tree-files.ts), on one grid whose template is a custom
 * property of the tree, so resizing a column (TreeHeader.tsx) restyles the rows without
 * rendering them again. The name gets the room first; what does not fit scrolls sideways,
 * header and rows together (use-column-layout.ts).
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type ReactElement,
} from 'react';
import { getScrollbarSize, List, type ListImperativeAPI } from 'react-window';
import { flatIndexOf, locate, type FlatLayout } from '../../state/flat-layout.ts';
import {
  fileOf,
  useActions,
  useFlatLayout,
  useMultiSelection,
  useRowCache,
  useRowsVersions,
  useSelection,
} from '../../state/hooks.ts';
import { spansContain } from '../../state/row-spans.ts';
import type { ClickMode } from '../../state/selection-actions.ts';
import type { MultiSelection, Selection } from '../../state/types.ts';
import { useColumnWidths } from './column-widths.ts';
import { canOpenNested } from './nested.ts';
import { TreeHeader } from './TreeHeader.tsx';
import { TreeRowView } from './TreeRowView.tsx';
import { ROW_HEIGHT, type RowHandlers, type TreeRowProps } from './tree-types.ts';
import { useColumnLayout, useSyncedHeader } from './use-column-layout.ts';
import { useTreeFiles } from './use-tree-files.ts';
import { useScaledScroll } from './use-scaled-scroll.ts';
import { useTreeKeyboard } from './use-tree-keyboard.ts';
import { useTreeScroll } from './use-tree-scroll.ts';

interface RenderedRange {
  visibleStart: number;
  visibleStop: number;
  renderedStart: number;
  renderedStop: number;
}

function selectedFlatIndex(layout: FlatLayout, selection: Selection | null): number {
  if (!selection) return -1;
  if (selection.kind === 'file') return flatIndexOf(layout, selection.fileId, null);
  return selection.rowIndex < 0 ? -1 : flatIndexOf(layout, selection.fileId, selection.rowIndex);
}

/** Whether a flat index is selected: a row of the multi-selection, else the focused row. */
function selectionTest(
  layout: FlatLayout,
  multi: MultiSelection | null,
  focusIndex: number,
): (flatIndex: number) => boolean {
  if (!multi) return (flatIndex) => flatIndex === focusIndex;
  const segment = layout.segments.find((candidate) => candidate.fileId === multi.fileId);
  if (!segment) return () => false;
  const end = segment.start + segment.length;
  return (flatIndex) =>
    flatIndex >= segment.start &&
    flatIndex < end &&
    spansContain(multi.spans, flatIndex - segment.start - 1);
}

/**
 * Writes the scroll offset of a window move. Rendered just before the List: its layout effect
 * runs before the List's, which measures the rows to show from that offset.
 */
function ScrollJump({ jumpId, apply }: { jumpId: number; apply(): void }): null {
  useLayoutEffect(() => apply(), [jumpId, apply]);
  return null;
}

/**
 * The scaled scrollbar is as wide as a native one; overlay scrollbars (0 px) still get a strip.
 * Measured once, when this module loads: measuring forces a layout, which at the first render
 * of the tree (in the task that opens a file) would lay out the whole new workspace.
 */
const SCROLLBAR_WIDTH = Math.max(12, getScrollbarSize());

export function Tree(): ReactElement {
  // The tree subscribes to the layout and row versions only, not to the files: their progress
  // reports re-render just the file's own row (TreeRowView.tsx).
  const layout = useFlatLayout();
  const files = useTreeFiles();
  const widths = useColumnWidths();
  const rowsVersions = useRowsVersions();
  const selection = useSelection();
  const multi = useMultiSelection();
  const rowCache = useRowCache();
  const actions = useActions();
  const rowsElement = useRef<HTMLDivElement | null>(null);
  const listRef = useCallback((api: ListImperativeAPI | null) => {
    rowsElement.current = api?.element ?? null;
  }, []);
  const scaled = useScaledScroll(layout.totalRows, ROW_HEIGHT);
  const { windowStart } = scaled;
  // The List reports its own indices: from the window's start.
  const [listRange, setListRange] = useState<RenderedRange>({
    visibleStart: 0,
    visibleStop: 0,
    renderedStart: 0,
    renderedStop: 0,
  });
  /** The user is moving through the tree with the keyboard: focus follows the selection. */
  const isKeyboardActive = useRef(false);
  const selectedIndex = selectedFlatIndex(layout, selection);
  const range: RenderedRange = {
    visibleStart: windowStart + listRange.visibleStart,
    visibleStop: windowStart + listRange.visibleStop,
    renderedStart: windowStart + listRange.renderedStart,
    renderedStop: windowStart + listRange.renderedStop,
  };

  // Fetch the pages of the rendered rows; again whenever a file's rows change (rowsVersion).
  const { renderedStart, renderedStop } = range;
  useEffect(() => {
    for (const segment of layout.segments) {
      const first = Math.max(renderedStart, segment.start + 1);
      const last = Math.min(renderedStop, segment.start + segment.length - 1);
      if (first <= last) {
        rowCache.request(segment.fileId, first - segment.start - 1, last - segment.start - 1);
      }
    }
  }, [layout, renderedStart, renderedStop, rowCache, rowsVersions]);

  useTreeScroll({
    layout,
    selection,
    selectedIndex,
    scrollToRow: scaled.scrollToRow,
    rowsElement,
    isKeyboardActive,
  });

  const selectIndex = useCallback(
    (flatIndex: number) => {
      const position = locate(layout, flatIndex);
      if (!position) return;
      const { fileId } = position.segment;
      if (position.rowIndex < 0) actions.selectFile(fileId);
      else void actions.selectRowAt(fileId, position.rowIndex);
    },
    [layout, actions],
  );

  /** A click or Shift/Ctrl+key on a row: (file, local index) for the selection actions. */
  const clickIndex = useCallback(
    (flatIndex: number, mode: ClickMode) => {
      const position = locate(layout, flatIndex);
      if (position) void actions.clickRow(position.segment.fileId, position.rowIndex, mode);
    },
    [layout, actions],
  );

  const moveFocusToIndex = useCallback(
    (flatIndex: number) => {
      const position = locate(layout, flatIndex);
      if (position) void actions.moveFocus(position.segment.fileId, position.rowIndex);
    },
    [layout, actions],
  );

  const extendToIndex = useCallback(
    (flatIndex: number) => clickIndex(flatIndex, 'range'),
    [clickIndex],
  );

  /** Expands or collapses a file's own row (`rowIndex` -1) or a folder row. */
  const toggleRow = useCallback(
    (fileId: string, rowIndex: number) => {
      const file = fileOf(fileId);
      if (!file) return;
      if (rowIndex < 0) {
        actions.setFileExpanded(file.id, !file.isExpanded);
        return;
      }
      void rowCache.loadRow(file.id, rowIndex).then((row) => {
        if (row?.isFolder) void actions.toggleRow(file.id, row);
      });
    },
    [rowCache, actions],
  );

  const toggleIndex = useCallback(
    (flatIndex: number) => {
      const position = locate(layout, flatIndex);
      if (position) toggleRow(position.segment.fileId, position.rowIndex);
    },
    [layout, toggleRow],
  );

  /**
   * Enter on a row: a folder or file opens or closes; an entry whose content can be read
   * opens as a file of its own, nested under its file.
   */
  const activateIndex = useCallback(
    (flatIndex: number) => {
      const position = locate(layout, flatIndex);
      const file = position && fileOf(position.segment.fileId);
      if (!position || !file) return;
      if (position.rowIndex < 0) {
        toggleRow(file.id, -1);
        return;
      }
      void rowCache.loadRow(file.id, position.rowIndex).then((row) => {
        if (!row) return;
        if (row.isFolder) void actions.toggleRow(file.id, row);
        else if (canOpenNested(file, row)) {
          void actions.openNested(file.id, row.entryIndex, { onlyKnownFormat: true });
        }
      });
    },
    [layout, rowCache, actions, toggleRow],
  );

  const handlers = useMemo<RowHandlers>(
    () => ({
      onRowClick: (fileId, rowIndex, mode) => void actions.clickRow(fileId, rowIndex, mode),
      onToggle: toggleRow,
      onCloseFile: actions.closeFile,
    }),
    [actions, toggleRow],
  );

  const onKeyDown = useTreeKeyboard({
    layout,
    fileOf,
    rowCache,
    actions,
    selectedIndex,
    hasMultiSelection: multi !== null,
    pageSize: Math.max(1, range.visibleStop - range.visibleStart),
    selectIndex,
    toggleIndex,
    activateIndex,
    extendToIndex,
    moveFocusToIndex,
  });

  const onRowsRendered = useCallback(
    (
      visible: { startIndex: number; stopIndex: number },
      all: { startIndex: number; stopIndex: number },
    ) => {
      setListRange((previous) =>
        previous.visibleStart === visible.startIndex &&
        previous.visibleStop === visible.stopIndex &&
        previous.renderedStart === all.startIndex &&
        previous.renderedStop === all.stopIndex
          ? previous
          : {
              visibleStart: visible.startIndex,
              visibleStop: visible.stopIndex,
              renderedStart: all.startIndex,
              renderedStop: all.stopIndex,
            },
      );
    },
    [],
  );

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    // Focus left for another control, or the user clicked elsewhere: stop following. A row
    // that unmounts while scrolling (no next target, node gone) does not count.
    if (next instanceof Node ? !event.currentTarget.contains(next) : event.target.isConnected) {
      isKeyboardActive.current = false;
    }
  }, []);

  const isSelectedRendered = selectedIndex >= renderedStart && selectedIndex <= renderedStop;
  const isSelected = useMemo(
    () => selectionTest(layout, multi, selectedIndex),
    [layout, multi, selectedIndex],
  );
  const tabStopIndex = isSelectedRendered ? selectedIndex : range.visibleStart;
  const rowProps = useMemo<TreeRowProps>(
    () => ({
      layout,
      windowStart,
      focusIndex: selectedIndex,
      isSelected,
      hasMultiSelection: multi !== null,
      files,
      tabStopIndex,
      handlers,
    }),
    [layout, windowStart, selectedIndex, isSelected, multi, files, tabStopIndex, handlers],
  );
  const columnLayout = useColumnLayout(files.columns, widths, scaled.scroller);
  const [header, setHeader] = useState<HTMLDivElement | null>(null);
  useSyncedHeader(header, scaled.scroller);

  return (
    <div
      className={scaled.isScaled ? 'tree is-scaled' : 'tree'}
      style={
        {
          '--tree-scrollbar-width': `${SCROLLBAR_WIDTH}px`,
          '--tree-columns': columnLayout.template,
          ...(columnLayout.contentWidth === null
            ? {}
            : { '--tree-content-width': `${columnLayout.contentWidth}px` }),
        } as CSSProperties
      }
    >
      <TreeHeader
        columns={files.columns}
        widths={columnLayout.widths}
        minimums={columnLayout.minimums}
        headerRef={setHeader}
      />
      <div className="tree-body">
        <div className="tree-scroller" ref={scaled.scrollerRef} data-testid="tree-scroller">
          <ScrollJump jumpId={scaled.jumpId} apply={scaled.applyJump} />
          <List
            scrollElement={scaled.scroller}
            className="tree-list"
            role="tree"
            aria-label="Open files"
            aria-multiselectable="true"
            data-testid="tree"
            rowComponent={TreeRowView}
            rowCount={scaled.windowRows}
            rowHeight={ROW_HEIGHT}
            rowProps={rowProps}
            overscanCount={8}
            onRowsRendered={onRowsRendered}
            onKeyDown={(event) => {
              isKeyboardActive.current = true;
              onKeyDown(event);
            }}
            onBlur={onBlur}
            listRef={listRef}
          />
        </div>
        {scaled.isScaled && (
          <div
            className="tree-scrollbar"
            ref={scaled.scrollbarRef}
            data-testid="tree-scrollbar"
            aria-hidden="true"
            tabIndex={-1}
          >
            {/* 1 px wide: a box of zero width adds nothing to the scroll height in Chromium. */}
            <div style={{ width: 1, height: scaled.scrollbarHeight }} />
          </div>
        )}
      </div>
    </div>
  );
}
