/**
 * Drawing planes: the tile colours (one scaled image per visible chunk, see tile-bitmap.ts),
 * then, on the focus plane when cells are big enough, grid lines and tile ids. Coordinates
 * are CSS pixels (the caller's transform handles devicePixelRatio).
 */
import type { WwdPlane, WwdTileProperty } from './level-types.ts';
import { visibleCells, type Camera, type CellRange, type Size } from './camera.ts';
import { tileSize } from './level-model.ts';
import type { ArtImage, LevelArtStore } from './art-store.ts';
import { artTilePainter, drawsTileImages, drawTileImages } from './render-art.ts';
import type { SceneLayer } from './scene.ts';
import { attributePainter, ChunkedBitmap, tilePainter, type CellPlacement } from './tile-bitmap.ts';
import {
  fillRgb,
  labelColor,
  packRgba,
  TILE_EMPTY,
  TILE_FILL,
  TileColorTable,
  tileRgb,
} from './tile-colors.ts';

/** Cells narrower than this get no grid lines. */
export const GRID_MIN_CELL = 12;
/** Cells at least this wide (and LABEL_MIN_HEIGHT high) show their tile id. */
export const LABEL_MIN_CELL = 30;
const LABEL_MIN_HEIGHT = 16;
/** Labels drawn at most per frame (a huge view at a big zoom). */
const MAX_LABELS = 6000;

/** A plane's tile bitmaps with art: mean colours, and stand-ins with the art cells left clear. */
interface ArtBitmaps {
  tileCount: number;
  fill: number;
  tiles: ReadonlyMap<number, ArtImage>;
  mean: ChunkedBitmap;
  standIn: ChunkedBitmap;
}

/** Bitmaps and colour tables of one level, built on first use and kept while it is shown. */
export class LevelCaches {
  readonly colors = new TileColorTable();
  /** The level's game art, when its REZ is a source (its tiles arrive after the first frame). */
  art: LevelArtStore | null = null;
  private readonly tiles = new WeakMap<WwdPlane, { fill: number; bitmap: ChunkedBitmap }>();
  private readonly attributes = new WeakMap<WwdPlane, ChunkedBitmap>();
  private readonly artTiles = new WeakMap<WwdPlane, ArtBitmaps>();

  /** Filled cells: the palette's colour once the level palette is known, else a stand-in. */
  fillPacked(plane: WwdPlane): number {
    return this.art?.paletteColor(plane.fillColor) ?? packRgba(fillRgb(plane.fillColor));
  }

  tileBitmap(plane: WwdPlane): ChunkedBitmap {
    const fill = this.fillPacked(plane);
    let cached = this.tiles.get(plane);
    if (!cached || cached.fill !== fill) {
      const painter = tilePainter(plane, this.colors, fill);
      cached = { fill, bitmap: new ChunkedBitmap(plane.tilesWide, plane.tilesHigh, painter) };
      this.tiles.set(plane, cached);
    }
    return cached.bitmap;
  }

  /** The plane's bitmaps with the art loaded so far; null while it has none. */
  artBitmaps(plane: WwdPlane): ArtBitmaps | null {
    const tiles = this.art?.planeTiles(plane.index);
    if (!tiles) return null;
    const fill = this.fillPacked(plane);
    let cached = this.artTiles.get(plane);
    if (
      !cached ||
      cached.tileCount !== tiles.size ||
      cached.fill !== fill ||
      cached.tiles !== tiles
    ) {
      const bitmap = (mode: 'mean' | 'stand-in') =>
        new ChunkedBitmap(
          plane.tilesWide,
          plane.tilesHigh,
          artTilePainter(plane, this.colors, fill, tiles, mode),
        );
      cached = {
        tileCount: tiles.size,
        fill,
        tiles,
        mean: bitmap('mean'),
        standIn: bitmap('stand-in'),
      };
      this.artTiles.set(plane, cached);
    }
    return cached;
  }

  attributeBitmap(plane: WwdPlane, properties: readonly WwdTileProperty[]): ChunkedBitmap {
    let bitmap = this.attributes.get(plane);
    if (!bitmap) {
      bitmap = new ChunkedBitmap(
        plane.tilesWide,
        plane.tilesHigh,
        attributePainter(plane, properties),
      );
      this.attributes.set(plane, bitmap);
    }
    return bitmap;
  }
}

export interface LayerGeometry {
  range: CellRange;
  placement: CellPlacement;
}

/** Visible cells of a plane and where cell (0, 0) lands on screen. */
export function layerGeometry(
  plane: WwdPlane,
  camera: Camera,
  view: Size,
  wrapX: boolean,
  wrapY: boolean,
  world: Size | null = null,
): LayerGeometry {
  const tile = tileSize(plane);
  const range = visibleCells(camera, view, {
    tileWidth: tile.width,
    tileHeight: tile.height,
    tilesWide: plane.tilesWide,
    tilesHigh: plane.tilesHigh,
    wrapX,
    wrapY,
  });
  // Wrapped planes repeat across the world, not past it.
  if (world && wrapX) {
    range.col0 = Math.max(0, range.col0);
    range.col1 = Math.max(range.col0, Math.min(range.col1, Math.ceil(world.width / tile.width)));
  }
  if (world && wrapY) {
    range.row0 = Math.max(0, range.row0);
    range.row1 = Math.max(range.row0, Math.min(range.row1, Math.ceil(world.height / tile.height)));
  }
  return {
    range,
    placement: {
      originX: -camera.x * camera.zoom,
      originY: -camera.y * camera.zoom,
      cellWidth: tile.width * camera.zoom,
      cellHeight: tile.height * camera.zoom,
    },
  };
}

export interface TileStyle {
  grid: string;
  edge: string;
}

/** One plane: colours, its outline, and on the focus plane the grid and the tile ids. */
export function drawLayer(
  context: CanvasRenderingContext2D,
  caches: LevelCaches,
  layer: SceneLayer,
  camera: Camera,
  view: Size,
  style: TileStyle,
  world: Size,
): void {
  const { plane } = layer;
  const { range, placement } = layerGeometry(plane, camera, view, layer.wrapX, layer.wrapY, world);
  if (range.col1 <= range.col0 || range.row1 <= range.row0) return;
  context.save();
  context.globalAlpha = layer.alpha;
  const ratio = devicePixelRatioOf(context);
  // Smooth only when a tile is under a device pixel: averaging then beats dropping tiles.
  context.imageSmoothingEnabled = placement.cellWidth * ratio < 1;
  const art = caches.artBitmaps(plane);
  const eachTile = art !== null && drawsTileImages(range, placement);
  if (!art) caches.tileBitmap(plane).draw(context, range, placement);
  else if (!eachTile) art.mean.draw(context, range, placement);
  else {
    art.standIn.draw(context, range, placement);
    // Tile images smooth when shrunk, and show their pixels when enlarged.
    context.imageSmoothingEnabled = placement.cellWidth * ratio < plane.tileWidth;
    drawTileImages(context, plane, art.tiles, range, placement, layer.wrapX, layer.wrapY);
  }
  context.restore();
  if (!layer.isFocus) return;
  drawEdge(context, plane, placement, style.edge);
  if (placement.cellWidth >= GRID_MIN_CELL && placement.cellHeight >= GRID_MIN_CELL) {
    drawGrid(context, range, placement, style.grid);
  }
  if (placement.cellWidth >= LABEL_MIN_CELL && placement.cellHeight >= LABEL_MIN_HEIGHT) {
    drawLabels(context, plane, range, placement, layer.wrapX, layer.wrapY, art?.tiles);
  }
}

function devicePixelRatioOf(context: CanvasRenderingContext2D): number {
  return context.getTransform().a || 1;
}

/** The plane's outline, so empty cells at its edge still show where it ends. */
function drawEdge(
  context: CanvasRenderingContext2D,
  plane: WwdPlane,
  placement: CellPlacement,
  color: string,
): void {
  context.save();
  context.strokeStyle = color;
  context.lineWidth = 1;
  context.setLineDash([4, 3]);
  context.strokeRect(
    placement.originX - 0.5,
    placement.originY - 0.5,
    plane.tilesWide * placement.cellWidth + 1,
    plane.tilesHigh * placement.cellHeight + 1,
  );
  context.restore();
}

function drawGrid(
  context: CanvasRenderingContext2D,
  range: CellRange,
  placement: CellPlacement,
  color: string,
): void {
  const { originX, originY, cellWidth, cellHeight } = placement;
  const left = originX + range.col0 * cellWidth;
  const right = originX + range.col1 * cellWidth;
  const top = originY + range.row0 * cellHeight;
  const bottom = originY + range.row1 * cellHeight;
  context.beginPath();
  for (let col = range.col0; col <= range.col1; col++) {
    const x = Math.round(originX + col * cellWidth) + 0.5;
    context.moveTo(x, top);
    context.lineTo(x, bottom);
  }
  for (let row = range.row0; row <= range.row1; row++) {
    const y = Math.round(originY + row * cellHeight) + 0.5;
    context.moveTo(left, y);
    context.lineTo(right, y);
  }
  context.strokeStyle = color;
  context.lineWidth = 1;
  context.stroke();
}

function drawLabels(
  context: CanvasRenderingContext2D,
  plane: WwdPlane,
  range: CellRange,
  placement: CellPlacement,
  wrapX: boolean,
  wrapY: boolean,
  /** Tiles with art: their ids are not written over their images. */
  withArt: ReadonlyMap<number, ArtImage> | undefined,
): void {
  const { originX, originY, cellWidth, cellHeight } = placement;
  const cells = (range.col1 - range.col0) * (range.row1 - range.row0);
  if (cells > MAX_LABELS) return;
  const size = Math.min(13, Math.max(9, Math.floor(cellWidth / 4.2)));
  context.save();
  context.font = `${size}px ui-monospace, Consolas, monospace`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const wide = plane.tilesWide;
  const high = plane.tilesHigh;
  for (let row = range.row0; row < range.row1; row++) {
    const localRow = wrapY ? ((row % high) + high) % high : row;
    for (let col = range.col0; col < range.col1; col++) {
      const localCol = wrapX ? ((col % wide) + wide) % wide : col;
      const value = plane.tiles[localRow * wide + localCol];
      if (value === undefined || value === TILE_EMPTY) continue;
      const x = originX + (col + 0.5) * cellWidth;
      const y = originY + (row + 0.5) * cellHeight;
      if (value === TILE_FILL) {
        if (withArt) continue;
        context.fillStyle = labelColor(fillRgb(plane.fillColor));
        context.fillText('fill', x, y);
        continue;
      }
      const id = value & 0xffff;
      if (withArt?.has(id)) continue;
      context.fillStyle = labelColor(tileRgb(id));
      context.fillText(value >>> 16 === 0 ? String(id) : `${id}*`, x, y);
    }
  }
  context.restore();
}
