/**
 * One cell of the gallery: an image's thumbnail and name. The thumbnail is asked of the
 * worker when the cell mounts (it scrolled into view) and cancelled when it unmounts before
 * the answer; one made before is drawn at once. The worker hands over an ImageBitmap, which
 * the cell's canvas takes as it is (a `bitmaprenderer` context). An image that fails says
 * why in its cell.
 */
import { memo, useEffect, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import type { CellComponentProps } from 'react-window';
import { keptThumbnail, requestThumbnail } from '../../state/gallery.ts';
import type { GalleryItem, Thumbnail } from '../../worker/rpc/api.ts';

/** What every cell is given through the grid's cellProps. */
export interface GalleryCellData {
  fileId: string;
  items: readonly GalleryItem[];
  /** The gallery's folder and a `/`: a cell names its image by the path below it. */
  basePath: string;
  columns: number;
  activeIndex: number;
  /** The thumbnail's box in CSS pixels, and in device pixels (what the worker makes). */
  box: number;
  deviceBox: number;
  onOpen(index: number): void;
  onActivate(index: number): void;
}

type ThumbState =
  | { status: 'loading' }
  | { status: 'ok'; thumbnail: Thumbnail }
  | { status: 'error'; message: string };

/** An image's name in the gallery: its path below the folder (`sub/inner.dds`), not its last part alone. */
export const nameOf = (path: string, basePath: string) =>
  basePath !== '' && path.startsWith(basePath) ? path.slice(basePath.length) : path;

export function GalleryCell({
  columnIndex,
  rowIndex,
  style,
  ariaAttributes,
  fileId,
  items,
  basePath,
  columns,
  activeIndex,
  box,
  deviceBox,
  onOpen,
  onActivate,
}: CellComponentProps<GalleryCellData>): ReactElement | null {
  const index = rowIndex * columns + columnIndex;
  const item = items[index];
  if (!item) return null;
  const name = nameOf(item.path, basePath);
  const isActive = index === activeIndex;
  return (
    <div
      {...ariaAttributes}
      style={style}
      className={isActive ? 'gallery-cell gallery-cell--active' : 'gallery-cell'}
      tabIndex={isActive ? 0 : -1}
      aria-label={name}
      aria-selected={isActive}
      title={item.path}
      data-testid="gallery-cell"
      data-gallery-index={index}
      data-path={item.path}
      onClick={() => {
        onActivate(index);
        onOpen(index);
      }}
      onFocus={() => {
        if (!isActive) onActivate(index);
      }}
    >
      <ThumbnailView fileId={fileId} entryIndex={item.entryIndex} box={box} deviceBox={deviceBox} />
      <span className="gallery-name">{name}</span>
    </div>
  );
}

interface ThumbnailViewProps {
  fileId: string;
  entryIndex: number;
  box: number;
  deviceBox: number;
}

const ThumbnailView = memo(function ThumbnailView({
  fileId,
  entryIndex,
  box,
  deviceBox,
}: ThumbnailViewProps): ReactElement {
  const [state, setState] = useState<ThumbState>(() => {
    const kept = keptThumbnail(fileId, entryIndex, deviceBox);
    return kept ? { status: 'ok', thumbnail: kept } : { status: 'loading' };
  });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const isReady = state.status === 'ok';

  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    const request = requestThumbnail(fileId, entryIndex, deviceBox);
    void request.answer.then((answer) => {
      if (!isCurrent) return;
      setState(
        answer.ok
          ? { status: 'ok', thumbnail: answer.value }
          : { status: 'error', message: answer.error.message },
      );
    });
    return () => {
      isCurrent = false;
      request.cancel();
    };
  }, [fileId, entryIndex, deviceBox, isReady]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || state.status !== 'ok') return;
    const { width, height, rgba, bitmap } = state.thumbnail;
    canvas.width = width;
    canvas.height = height;
    if (!bitmap) {
      const pixels = new Uint8ClampedArray(
        rgba.buffer as ArrayBuffer,
        rgba.byteOffset,
        rgba.length,
      );
      canvas.getContext('2d')?.putImageData(new ImageData(pixels, width, height), 0, 0);
      return;
    }
    // The canvas takes a copy of the bitmap (the kept one is shown again when scrolled back
    // to): no pixels pass through this thread, and no 2D context is made per cell.
    let isCurrent = true;
    createImageBitmap(bitmap).then(
      (copy) => {
        if (isCurrent) canvas.getContext('bitmaprenderer')?.transferFromImageBitmap(copy);
        else copy.close();
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [state]);

  if (state.status === 'error') {
    return (
      <span
        className="gallery-thumb gallery-thumb--error"
        data-testid="gallery-error"
        role="img"
        aria-label={`Could not show: ${state.message}`}
      >
        {state.message}
      </span>
    );
  }
  const scale = deviceBox > 0 ? box / deviceBox : 1;
  const shown: CSSProperties | undefined =
    state.status === 'ok'
      ? { width: state.thumbnail.width * scale, height: state.thumbnail.height * scale }
      : undefined;
  return (
    <span className="gallery-thumb">
      {state.status === 'ok' ? (
        <canvas
          ref={canvasRef}
          className="gallery-canvas"
          data-testid="gallery-thumb"
          data-source-width={state.thumbnail.sourceWidth}
          data-source-height={state.thumbnail.sourceHeight}
          data-level={state.thumbnail.level}
          style={shown}
        />
      ) : (
        <span className="gallery-loading" aria-hidden="true" data-testid="gallery-loading" />
      )}
    </span>
  );
});
