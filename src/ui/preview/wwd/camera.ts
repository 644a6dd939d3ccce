/**
 * Geometry of the level view. World coordinates are level pixels (the unit of object x/y and
 * of the start position); the view is in CSS pixels. A camera is the world point at the
 * view's top-left corner and a zoom (CSS pixels per world pixel):
 * `screen = (world − camera) × zoom`.
 */

export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface ZoomLimits {
  min: number;
  max: number;
}

/** 800% at most: a 64-pixel tile is then 512 CSS pixels. */
export const MAX_ZOOM = 8;
/** One zoom step of the +/− keys and buttons. */
export const ZOOM_STEP = 1.25;
/** Empty space around the world when fitted. */
const FIT_PADDING = 12;

export function screenToWorld(camera: Camera, x: number, y: number): Point {
  return { x: camera.x + x / camera.zoom, y: camera.y + y / camera.zoom };
}

export function worldToScreen(camera: Camera, x: number, y: number): Point {
  return { x: (x - camera.x) * camera.zoom, y: (y - camera.y) * camera.zoom };
}

/** The zoom that fits the world in the view, and the range around it. */
export function zoomLimits(world: Size, view: Size): ZoomLimits {
  const fit = fitZoom(world, view);
  return { min: Math.min(fit / 2, 1), max: Math.max(MAX_ZOOM, fit) };
}

function fitZoom(world: Size, view: Size): number {
  const width = Math.max(1, view.width - 2 * FIT_PADDING);
  const height = Math.max(1, view.height - 2 * FIT_PADDING);
  const zoom = Math.min(width / Math.max(1, world.width), height / Math.max(1, world.height));
  return Number.isFinite(zoom) && zoom > 0 ? zoom : 1;
}

/** The whole world, centred. */
export function fitCamera(world: Size, view: Size): Camera {
  const zoom = fitZoom(world, view);
  return {
    zoom,
    x: world.width / 2 - view.width / 2 / zoom,
    y: world.height / 2 - view.height / 2 / zoom,
  };
}

export function clampZoom(zoom: number, limits: ZoomLimits): number {
  return Math.min(limits.max, Math.max(limits.min, zoom));
}

/** Zooms by `factor` keeping the world point under view point (x, y) where it is. */
export function zoomAt(
  camera: Camera,
  factor: number,
  x: number,
  y: number,
  limits: ZoomLimits,
): Camera {
  const zoom = clampZoom(camera.zoom * factor, limits);
  const anchor = screenToWorld(camera, x, y);
  return { zoom, x: anchor.x - x / zoom, y: anchor.y - y / zoom };
}

/** Moves the view by CSS pixels (dragging right by 10 moves the world right by 10). */
export function panBy(camera: Camera, dx: number, dy: number): Camera {
  return { ...camera, x: camera.x - dx / camera.zoom, y: camera.y - dy / camera.zoom };
}

/** Puts world point (x, y) at the view's centre. */
export function centerOn(camera: Camera, x: number, y: number, view: Size): Camera {
  return { ...camera, x: x - view.width / 2 / camera.zoom, y: y - view.height / 2 / camera.zoom };
}

/**
 * Keeps the level in sight, axis by axis: a world that fits in the view stays wholly inside
 * it, and a larger one always covers at least half the view (its edge stops at the view's
 * centre). Panning and zooming can then never lose the level off-screen, and any point of
 * it can still be brought to the centre.
 */
export function clampCamera(camera: Camera, world: Size, view: Size): Camera {
  const axis = (worldSize: number, viewSize: number, position: number) => {
    const visible = viewSize / camera.zoom;
    if (worldSize <= visible) return Math.min(0, Math.max(worldSize - visible, position));
    const keep = visible / 2;
    return Math.min(worldSize - keep, Math.max(keep - visible, position));
  };
  return {
    zoom: camera.zoom,
    x: axis(world.width, view.width, camera.x),
    y: axis(world.height, view.height, camera.y),
  };
}

/** Half-open ranges of the cells a view shows: columns `[col0, col1)`, rows `[row0, row1)`. */
export interface CellRange {
  col0: number;
  col1: number;
  row0: number;
  row1: number;
}

export interface GridShape {
  tileWidth: number;
  tileHeight: number;
  tilesWide: number;
  tilesHigh: number;
  /** Wrapped axes repeat endlessly, so their range is not clamped to the grid. */
  wrapX: boolean;
  wrapY: boolean;
}

/** Cells the view touches; clamped to the grid on axes that do not wrap (may be empty). */
export function visibleCells(camera: Camera, view: Size, grid: GridShape): CellRange {
  const left = camera.x;
  const top = camera.y;
  const right = camera.x + view.width / camera.zoom;
  const bottom = camera.y + view.height / camera.zoom;
  let col0 = Math.floor(left / grid.tileWidth);
  let col1 = Math.ceil(right / grid.tileWidth);
  let row0 = Math.floor(top / grid.tileHeight);
  let row1 = Math.ceil(bottom / grid.tileHeight);
  if (!grid.wrapX) {
    col0 = Math.max(0, col0);
    col1 = Math.min(grid.tilesWide, col1);
  }
  if (!grid.wrapY) {
    row0 = Math.max(0, row0);
    row1 = Math.min(grid.tilesHigh, row1);
  }
  return { col0, col1: Math.max(col0, col1), row0, row1: Math.max(row0, row1) };
}

/** A piece of a range that lies in one repetition of a wrapped axis. */
export interface WrapSegment {
  /** Local start and end within the grid, `[from, to)`. */
  from: number;
  to: number;
  /** Added to a local index to get the global one. */
  offset: number;
}

/** Splits global `[start, end)` into pieces inside `[0, period)`, each with its repetition's offset. */
export function wrapSegments(start: number, end: number, period: number): WrapSegment[] {
  const segments: WrapSegment[] = [];
  if (period <= 0 || end <= start) return segments;
  for (let k = Math.floor(start / period); k * period < end; k++) {
    const offset = k * period;
    segments.push({
      from: Math.max(start, offset) - offset,
      to: Math.min(end, offset + period) - offset,
      offset,
    });
  }
  return segments;
}

/** `25%`, `3.13%`, `400%`. */
export function formatZoom(zoom: number): string {
  const percent = zoom * 100;
  const digits = percent >= 10 ? 0 : percent >= 1 ? 1 : 2;
  return `${percent.toFixed(digits)}%`;
}
