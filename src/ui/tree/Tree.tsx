/**
 * The one tree of every open file: a react-window List of fixed-height rows. Each file is a
 * level-1 row followed, when expanded, by its rows, which live in the file's worker; only
 * the pages covering the rendered range are fetched (state/row-cache.ts).
 *
 * Height limit: browsers cap an element's height (~33.5M px in Chromium, ~17.9M px in
 * Firefox). At ROW_HEIGHT 26 px, past ~575,000 visible rows (15M px) the list would need
 * scroll scaling: map a virtual scroll offset to a capped real one. That is not done yet; the
 * row math all goes through flat indices (flat-layout.ts) so it can be added in one place.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ReactElement,
} from 'react';
import { List, useListRef } from 'react-window';
import { flatIndexOf, locate, type FlatLayout } from '../../state/flat-layout.ts';
import {
  useActions,
  useFiles,
  useFlatLayout,
  useRowCache,
  useRowCacheTick,
  useSelection,
} from '../../state/hooks.ts';
import type { Selection } from '../../state/types.ts';
import { TreeRowView } from './TreeRowView.tsx';
import { ROW_HEIGHT, type TreeRowProps } from './tree-types.ts';
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

export function Tree(): ReactElement {
  const layout = useFlatLayout();
  const files = useFiles();
  const filesById = useMemo(() => new Map(files.map((file) => [file.id, file])), [files]);
  const selection = useSelection();
  const rowCache = useRowCache();
  const tick = useRowCacheTick();
  const actions = useActions();
  const listRef = useListRef(null);
  const [range, setRange] = useState<RenderedRange>({
    visibleStart: 0,
    visibleStop: 0,
    renderedStart: 0,
    renderedStop: 0,
  });
  /** The user is moving through the tree with the keyboard: focus follows the selection. */
  const isKeyboardActive = useRef(false);
  const selectedIndex = selectedFlatIndex(layout, selection);

  // Fetch the pages of the rendered rows; again whenever a file's rows change (rowsVersion).
  const rowsVersions = files.map((file) => `${file.id}@${file.rowsVersion}`).join(' ');
  useEffect(() => {
    for (const segment of layout.segments) {
      const first = Math.max(range.renderedStart, segment.start + 1);
      const last = Math.min(range.renderedStop, segment.start + segment.length - 1);
      if (first <= last) {
        rowCache.request(segment.fileId, first - segment.start - 1, last - segment.start - 1);
      }
    }
  }, [layout, range, rowCache, rowsVersions]);

  useTreeScroll({ layout, selection, selectedIndex, listRef, isKeyboardActive });

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

  const toggleIndex = useCallback(
    (flatIndex: number) => {
      const position = locate(layout, flatIndex);
      const file = position && filesById.get(position.segment.fileId);
      if (!position || !file) return;
      if (position.rowIndex < 0) {
        actions.setFileExpanded(file.id, !file.isExpanded);
        return;
      }
      const row = rowCache.getCurrentRow(file.id, position.rowIndex);
      if (row?.isFolder) void actions.toggleRow(file.id, row);
    },
    [layout, filesById, rowCache, actions],
  );

  const onKeyDown = useTreeKeyboard({
    layout,
    filesById,
    rowCache,
    actions,
    selectedIndex,
    pageSize: Math.max(1, range.visibleStop - range.visibleStart),
    selectIndex,
    toggleIndex,
  });

  const onRowsRendered = useCallback(
    (
      visible: { startIndex: number; stopIndex: number },
      all: { startIndex: number; stopIndex: number },
    ) => {
      setRange((previous) =>
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

  const isSelectedRendered =
    selectedIndex >= range.renderedStart && selectedIndex <= range.renderedStop;
  const rowProps = useMemo<TreeRowProps>(
    () => ({
      layout,
      filesById,
      rowCache,
      tick,
      selectedIndex,
      tabStopIndex: isSelectedRendered ? selectedIndex : range.visibleStart,
      onRowClick: selectIndex,
      onToggle: toggleIndex,
      onCloseFile: actions.closeFile,
    }),
    [
      layout,
      filesById,
      rowCache,
      tick,
      selectedIndex,
      isSelectedRendered,
      range.visibleStart,
      selectIndex,
      toggleIndex,
      actions,
    ],
  );

  return (
    <div className="tree">
      <div className="tree-header" aria-hidden="true">
        <span className="tree-cell">Name</span>
        <span className="tree-cell tree-num">Size</span>
        <span className="tree-cell tree-num">Stored</span>
        <span className="tree-cell tree-num">Ratio</span>
        <span className="tree-cell">Checksum</span>
      </div>
      <List
        listRef={listRef}
        className="tree-list"
        role="tree"
        aria-label="Open files"
        data-testid="tree"
        rowComponent={TreeRowView}
        rowCount={layout.totalRows}
        rowHeight={ROW_HEIGHT}
        rowProps={rowProps}
        overscanCount={8}
        onRowsRendered={onRowsRendered}
        onKeyDown={(event) => {
          isKeyboardActive.current = true;
          onKeyDown(event);
        }}
        onBlur={onBlur}
      />
    </div>
  );
}
