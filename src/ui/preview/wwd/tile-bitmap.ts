/**
 * A plane drawn one pixel per tile, in chunks of CHUNK_TILES × CHUNK_TILES, built on first use.
 * Drawing the visible part of the grid is then one scaled `drawImage` per chunk (nearest
 * neighbour when zoomed in), so the cost of a frame depends on the view, not on the plane:
 * a 1000 × 1000 plane pans as smoothly as a 10 × 10 one.
 *
 * The pixel painters are pure (they fill a Uint32Array) and tested under Node; only
 * `ChunkedBitmap` touches canvases.
 */
import type { WwdPlane, WwdTileProperty } from './level-types.ts';
import { attributeRgba, dominantAttribute } from './attributes.ts';
import { wrapSegments, type CellRange } from './camera.ts';
import { TILE_EMPTY, TILE_FILL, type TileColorTable } from './tile-colors.ts';

export const CHUNK_TILES = 1024;

/** Fills the pixels of cells `[col0, col0 + width) × [row0, row0 + height)`, row-major into `out`. */
export type PixelPainter = (
  col0: number,
  row0: number,
  width: number,
  height: number,
  out: Uint32Array,
) => void;

/** Tile colours: empty cells transparent (0), filled cells `fillPacked`. */
export function tilePainter(
  plane: WwdPlane,
  colors: TileColorTable,
  fillPacked: number,
): PixelPainter {
  const { tiles, tilesWide } = plane;
  return (col0, row0, width, height, out) => {
    for (let y = 0; y < height; y++) {
      const source = (row0 + y) * tilesWide + col0;
      const target = y * width;
      for (let x = 0; x < width; x++) {
        const value = tiles[source + x]!;
        out[target + x] =
          value === TILE_EMPTY ? 0 : value === TILE_FILL ? fillPacked : colors.packedOf(value);
      }
    }
  };
}

/** Each tile's dominant attribute colour (clear and missing properties transparent). */
export function attributePainter(
  plane: WwdPlane,
  properties: readonly WwdTileProperty[],
): PixelPainter {
  const { tiles, tilesWide } = plane;
  const packedById = properties.map((property) => {
    const rgba = attributeRgba(dominantAttribute(property));
    // ImageData is not premultiplied: store the straight colour and alpha.
    return rgba ? ((rgba[3] << 24) | (rgba[2] << 16) | (rgba[1] << 8) | rgba[0]) >>> 0 : 0;
  });
  return (col0, row0, width, height, out) => {
    for (let y = 0; y < height; y++) {
      const source = (row0 + y) * tilesWide + col0;
      const target = y * width;
      for (let x = 0; x < width; x++) {
        const value = tiles[source + x]!;
        out[target + x] =
          value === TILE_EMPTY || value === TILE_FILL ? 0 : (packedById[value & 0xffff] ?? 0);
      }
    }
  };
}

type Surface = OffscreenCanvas | HTMLCanvasElement;

function createSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** Where a grid's cells go on screen: cell (col, row) starts at `(originX + col·cellWidth, …)`. */
export interface CellPlacement {
  originX: number;
  originY: number;
  cellWidth: number;
  cellHeight: number;
}

/** The visible columns and rows of a grid, split into pieces inside one repetition (wrapped axes). */
export function gridPieces(
  range: CellRange,
  tilesWide: number,
  tilesHigh: number,
): { cols: ReturnType<typeof wrapSegments>; rows: ReturnType<typeof wrapSegments> } {
  return {
    cols: wrapSegments(range.col0, range.col1, tilesWide),
    rows: wrapSegments(range.row0, range.row1, tilesHigh),
  };
}

/** Pieces drawn at most per frame; past it (a tiny wrapped plane far zoomed out) the rest is skipped. */
const MAX_PIECES = 4096;

export class ChunkedBitmap {
  private readonly chunks = new Map<number, Surface>();

  constructor(
    readonly tilesWide: number,
    readonly tilesHigh: number,
    private readonly paint: PixelPainter,
  ) {}

  private chunk(chunkCol: number, chunkRow: number): Surface {
    const key = chunkRow * 65536 + chunkCol;
    let surface = this.chunks.get(key);
    if (surface) return surface;
    const col0 = chunkCol * CHUNK_TILES;
    const row0 = chunkRow * CHUNK_TILES;
    const width = Math.min(CHUNK_TILES, this.tilesWide - col0);
    const height = Math.min(CHUNK_TILES, this.tilesHigh - row0);
    surface = createSurface(width, height);
    const context = surface.getContext('2d') as
      OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (context) {
      const image = context.createImageData(width, height);
      this.paint(col0, row0, width, height, new Uint32Array(image.data.buffer));
      context.putImageData(image, 0, 0);
    }
    this.chunks.set(key, surface);
    return surface;
  }

  /**
   * Draws the cells of `range` (global indexes; wrapped axes repeat) at `placement`. The
   * caller sets `imageSmoothingEnabled`.
   */
  draw(context: CanvasRenderingContext2D, range: CellRange, placement: CellPlacement): void {
    if (this.tilesWide <= 0 || this.tilesHigh <= 0) return;
    const { cols, rows } = gridPieces(range, this.tilesWide, this.tilesHigh);
    if (cols.length * rows.length > MAX_PIECES) return;
    const { originX, originY, cellWidth, cellHeight } = placement;
    for (const rowPiece of rows) {
      for (const colPiece of cols) {
        this.drawPiece(context, colPiece, rowPiece, originX, originY, cellWidth, cellHeight);
      }
    }
  }

  private drawPiece(
    context: CanvasRenderingContext2D,
    cols: { from: number; to: number; offset: number },
    rows: { from: number; to: number; offset: number },
    originX: number,
    originY: number,
    cellWidth: number,
    cellHeight: number,
  ): void {
    const chunkCol1 = Math.ceil(cols.to / CHUNK_TILES);
    const chunkRow1 = Math.ceil(rows.to / CHUNK_TILES);
    for (let chunkRow = Math.floor(rows.from / CHUNK_TILES); chunkRow < chunkRow1; chunkRow++) {
      for (let chunkCol = Math.floor(cols.from / CHUNK_TILES); chunkCol < chunkCol1; chunkCol++) {
        const baseCol = chunkCol * CHUNK_TILES;
        const baseRow = chunkRow * CHUNK_TILES;
        const col0 = Math.max(cols.from, baseCol);
        const col1 = Math.min(cols.to, baseCol + CHUNK_TILES);
        const row0 = Math.max(rows.from, baseRow);
        const row1 = Math.min(rows.to, baseRow + CHUNK_TILES);
        if (col1 <= col0 || row1 <= row0) continue;
        const left = originX + (col0 + cols.offset) * cellWidth;
        const top = originY + (row0 + rows.offset) * cellHeight;
        context.drawImage(
          this.chunk(chunkCol, chunkRow),
          col0 - baseCol,
          row0 - baseRow,
          col1 - col0,
          row1 - row0,
          left,
          top,
          (col1 - col0) * cellWidth,
          (row1 - row0) * cellHeight,
        );
      }
    }
  }
}
