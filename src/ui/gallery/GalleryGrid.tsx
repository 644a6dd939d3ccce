/**
 * The gallery's grid: a react-window Grid of fixed-size cells, as many columns as fit, so a
 * folder of thousands of images mounts only the cells in view. One tab stop (the active
 * cell); arrows, Home/End and Page Up/Down move it, Enter or a click opens its image. The
 * grid has role `grid`, its rows `row`, its cells `gridcell` (react-window's), and the active
 * cell a visible focus ring.
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
import { Grid, useGridRef } from 'react-window';
import type { GalleryItem } from '../../worker/rpc/api.ts';
import { GalleryCell, type GalleryCellData } from './GalleryCell.tsx';
import { movedIndex } from './gallery-keys.ts';

/** The thumbnail's box in CSS pixels. */
export const THUMBNAIL_BOX = 128;
/** Must match `.gallery-cell` in gallery.css: the box, padding, and the name's line. */
export const CELL_WIDTH = THUMBNAIL_BOX + 16;
export const CELL_HEIGHT = THUMBNAIL_BOX + 38;

export interface GalleryGridProps {
  fileId: string;
  items: readonly GalleryItem[];
  /** The gallery's folder and a `/` (`''` for a whole file). */
  basePath: string;
  activeIndex: number;
  onActivate(index: number): void;
  onOpen(index: number): void;
  /** The grid is shown again after an image: it scrolls to the active cell and focuses it. */
  isReturning: boolean;
  label: string;
}

export function GalleryGrid({
  fileId,
  items,
  basePath,
  activeIndex,
  onActivate,
  onOpen,
  isReturning,
  label,
}: GalleryGridProps): ReactElement {
  const gridRef = useGridRef(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const columns = Math.max(1, Math.floor(size.width / CELL_WIDTH));
  const rowCount = Math.ceil(items.length / columns);
  const rowsPerPage = Math.max(1, Math.floor(size.height / CELL_HEIGHT));
  const wantsFocus = useRef(false);
  // The device pixels of a thumbnail: sharp on a high-density screen, never more than 2×.
  const deviceBox = Math.round(THUMBNAIL_BOX * Math.min(2, Math.max(1, devicePixelRatio || 1)));

  const cellProps = useMemo<GalleryCellData>(
    () => ({
      fileId,
      items,
      basePath,
      columns,
      activeIndex,
      box: THUMBNAIL_BOX,
      deviceBox,
      onOpen,
      onActivate,
    }),
    [fileId, items, basePath, columns, activeIndex, deviceBox, onOpen, onActivate],
  );

  // Back from an image, the grid shows the cell that was opened, with the keyboard on it.
  useEffect(() => {
    wantsFocus.current = isReturning;
    // Only once, when the grid mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keyboard moves scroll the active cell into view, then focus it once it is rendered.
  useEffect(() => {
    const grid = gridRef.current;
    if (!wantsFocus.current || !grid || size.width === 0 || activeIndex >= items.length) return;
    wantsFocus.current = false;
    grid.scrollToCell({
      rowIndex: Math.floor(activeIndex / columns),
      columnIndex: activeIndex % columns,
      rowAlign: 'smart',
      columnAlign: 'auto',
    });
    requestAnimationFrame(() => {
      grid.element
        ?.querySelector<HTMLElement>(`[data-gallery-index="${activeIndex}"]`)
        ?.focus({ preventScroll: true });
    });
  }, [activeIndex, columns, items.length, gridRef, size.width]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Enter' || event.key === ' ') {
        if (activeIndex < items.length) {
          event.preventDefault();
          onOpen(activeIndex);
        }
        return;
      }
      const next = movedIndex(activeIndex, event.key, event.ctrlKey || event.metaKey, {
        count: items.length,
        columns,
        rowsPerPage,
      });
      if (next === null) return;
      event.preventDefault();
      if (next === activeIndex) return;
      wantsFocus.current = true;
      onActivate(next);
    },
    [activeIndex, items.length, columns, rowsPerPage, onOpen, onActivate],
  );

  return (
    <Grid
      gridRef={gridRef}
      className="gallery-grid"
      data-testid="gallery-grid"
      aria-label={label}
      aria-rowcount={rowCount}
      aria-colcount={columns}
      cellComponent={GalleryCell}
      cellProps={cellProps}
      columnCount={columns}
      columnWidth={CELL_WIDTH}
      rowCount={rowCount}
      rowHeight={CELL_HEIGHT}
      overscanCount={1}
      onResize={(next) => setSize(next)}
      onKeyDown={onKeyDown}
      style={{ height: '100%', width: '100%' }}
    />
  );
}
