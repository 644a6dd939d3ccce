/**
 * Drawing the game art: a plane's tiles, cell by cell, when few enough cells are on screen;
 * further out, one pixel per tile in its mean colour (the chunked bitmap of tile-bitmap.ts),
 * which is what the tiles look like at that size anyway. Cells whose tile has no art keep
 * their stand-in colours in both. Objects whose image set resolved draw their sprite,
 * centred on their position and shifted by the PID's offset (spec §10.6).
 */
import type { WwdPlane } from './level-types.ts';
import type { ArtImage } from './art-store.ts';
import { spriteKey } from './art-store.ts';
import { worldToScreen, type Camera, type CellRange, type Size } from './camera.ts';
import type { CellPlacement, PixelPainter } from './tile-bitmap.ts';
import { TILE_EMPTY, TILE_FILL, type TileColorTable } from './tile-colors.ts';

/** Cells drawn one by one at most per plane and frame; past it, mean colours. */
export const ART_CELLS_PER_FRAME = 4000;
/** Sprites drawn at most per frame. */
const MAX_SPRITES = 4000;
const DRAW_NO_DRAW = 0x1;
const DRAW_MIRROR = 0x2;
const DRAW_INVERT = 0x4;

/**
 * Tile colours with art: `mean` gives a tile with art its mean colour, `stand-in` leaves it
 * transparent (its image is drawn over); a tile without art keeps its stand-in colour.
 */
export function artTilePainter(
  plane: WwdPlane,
  colors: TileColorTable,
  fillPacked: number,
  tiles: ReadonlyMap<number, ArtImage>,
  mode: 'mean' | 'stand-in',
): PixelPainter {
  const { tiles: cells, tilesWide } = plane;
  return (col0, row0, width, height, out) => {
    for (let y = 0; y < height; y++) {
      const source = (row0 + y) * tilesWide + col0;
      const target = y * width;
      for (let x = 0; x < width; x++) {
        const value = cells[source + x]!;
        if (value === TILE_EMPTY) out[target + x] = 0;
        else if (value === TILE_FILL) out[target + x] = fillPacked;
        else {
          const art = tiles.get(value & 0xffff);
          out[target + x] = art ? (mode === 'mean' ? art.mean : 0) : colors.packedOf(value);
        }
      }
    }
  };
}

/** Whether the visible cells are few enough to draw each tile's image. */
export function drawsTileImages(range: CellRange, placement: CellPlacement): boolean {
  const cells = (range.col1 - range.col0) * (range.row1 - range.row0);
  return cells <= ART_CELLS_PER_FRAME && placement.cellWidth >= 2 && placement.cellHeight >= 2;
}

/** Each visible cell's tile image (wrapped axes repeat). */
export function drawTileImages(
  context: CanvasRenderingContext2D,
  plane: WwdPlane,
  tiles: ReadonlyMap<number, ArtImage>,
  range: CellRange,
  placement: CellPlacement,
  wrapX: boolean,
  wrapY: boolean,
): void {
  const { originX, originY, cellWidth, cellHeight } = placement;
  const wide = plane.tilesWide;
  const high = plane.tilesHigh;
  for (let row = range.row0; row < range.row1; row++) {
    const localRow = wrapY ? ((row % high) + high) % high : row;
    if (localRow < 0 || localRow >= high) continue;
    // Whole device pixels: neighbouring tiles meet without seams.
    const top = Math.round(originY + row * cellHeight);
    const bottom = Math.round(originY + (row + 1) * cellHeight);
    for (let col = range.col0; col < range.col1; col++) {
      const localCol = wrapX ? ((col % wide) + wide) % wide : col;
      if (localCol < 0 || localCol >= wide) continue;
      const value = plane.tiles[localRow * wide + localCol]!;
      if (value === TILE_EMPTY || value === TILE_FILL) continue;
      const art = tiles.get(value & 0xffff);
      if (!art) continue;
      const left = Math.round(originX + col * cellWidth);
      const right = Math.round(originX + (col + 1) * cellWidth);
      context.drawImage(art.image, left, top, right - left, bottom - top);
    }
  }
}

/** The sprites of objects on screen whose image set resolved. */
export function drawSprites(
  context: CanvasRenderingContext2D,
  planes: readonly WwdPlane[],
  sprites: ReadonlyMap<string, ArtImage | null>,
  camera: Camera,
  view: Size,
): void {
  if (sprites.size === 0) return;
  const { zoom } = camera;
  context.save();
  context.imageSmoothingEnabled = zoom < 1;
  let drawn = 0;
  for (const plane of planes) {
    for (const object of plane.objects) {
      const sprite = sprites.get(spriteKey(object.imageSet, object.i));
      if (!sprite) continue;
      const left = object.x - sprite.width / 2 + sprite.offsetX;
      const top = object.y - sprite.height / 2 + sprite.offsetY;
      const corner = worldToScreen(camera, left, top);
      const width = sprite.width * zoom;
      const height = sprite.height * zoom;
      if (corner.x > view.width || corner.y > view.height) continue;
      if (corner.x + width < 0 || corner.y + height < 0) continue;
      if (++drawn > MAX_SPRITES) break;
      const mirror = (object.drawFlags & DRAW_MIRROR) !== 0;
      const invert = (object.drawFlags & DRAW_INVERT) !== 0;
      // Hidden in the game, shown here as editors do: faint.
      context.globalAlpha = (object.drawFlags & DRAW_NO_DRAW) !== 0 ? 0.5 : 1;
      if (mirror || invert) {
        context.save();
        context.translate(corner.x + (mirror ? width : 0), corner.y + (invert ? height : 0));
        context.scale(mirror ? -1 : 1, invert ? -1 : 1);
        context.drawImage(sprite.image, 0, 0, width, height);
        context.restore();
      } else {
        context.drawImage(sprite.image, corner.x, corner.y, width, height);
      }
    }
  }
  context.restore();
}
