/**
 * The tile-attribute overlay (spec §9), drawn over the main plane. Zoomed out, each tile is
 * one pixel of its dominant attribute (a cached bitmap). Zoomed in, every visible tile is
 * drawn as its record says: a single attribute fills the tile, a double record its inside
 * rect and the four strips around it, a mask per pixel (a small cached image per tile id).
 * Rectangles of one attribute go into one path, so a frame fills a handful of paths.
 */
import type { WwdPlane, WwdTileProperty } from './level-types.ts';
import { attributeCss, attributeRgba, propertyRects, type AttributeRect } from './attributes.ts';
import type { Camera, Size } from './camera.ts';
import { layerGeometry, type LevelCaches } from './render-tiles.ts';
import { TILE_EMPTY, TILE_FILL } from './tile-colors.ts';

/** Below this cell width the per-tile bitmap is drawn instead of shapes. */
export const OVERLAY_SHAPES_MIN_CELL = 6;

type Surface = OffscreenCanvas | HTMLCanvasElement;

/** Shapes of each tile id, in the record's pixels; built on first use. */
export class AttributeShapes {
  private readonly rects = new Map<number, AttributeRect[] | null>();
  private readonly masks = new Map<number, Surface | null>();

  constructor(private readonly properties: readonly WwdTileProperty[]) {}

  property(id: number): WwdTileProperty | undefined {
    return this.properties[id];
  }

  rectsOf(id: number, tileWidth: number, tileHeight: number): AttributeRect[] | null {
    if (this.rects.has(id)) return this.rects.get(id) ?? null;
    const property = this.properties[id];
    const rects = property ? propertyRects(property, tileWidth, tileHeight) : [];
    const drawn = rects ? rects.filter((rect) => attributeRgba(rect.attribute) !== null) : null;
    this.rects.set(id, drawn);
    return drawn;
  }

  maskOf(id: number): Surface | null {
    if (this.masks.has(id)) return this.masks.get(id) ?? null;
    const property = this.properties[id];
    let surface: Surface | null = null;
    if (property?.kind === 'mask' && property.width > 0 && property.height > 0) {
      surface = maskSurface(property.mask, property.width, property.height);
    }
    this.masks.set(id, surface);
    return surface;
  }
}

function maskSurface(mask: Uint8Array, width: number, height: number): Surface | null {
  const surface: Surface =
    typeof OffscreenCanvas !== 'undefined'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = surface.getContext('2d') as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  const image = context.createImageData(width, height);
  for (let at = 0; at < width * height; at++) {
    const rgba = attributeRgba(mask[at] ?? 0);
    if (!rgba) continue;
    image.data.set(rgba, at * 4);
  }
  context.putImageData(image, 0, 0);
  return surface;
}

/** Shapes per tile-property table, so a new level gets new ones. */
const shapesByTable = new WeakMap<readonly WwdTileProperty[], AttributeShapes>();

export function shapesFor(properties: readonly WwdTileProperty[]): AttributeShapes {
  let shapes = shapesByTable.get(properties);
  if (!shapes) {
    shapes = new AttributeShapes(properties);
    shapesByTable.set(properties, shapes);
  }
  return shapes;
}

export function drawOverlay(
  context: CanvasRenderingContext2D,
  caches: LevelCaches,
  plane: WwdPlane,
  properties: readonly WwdTileProperty[],
  camera: Camera,
  view: Size,
): void {
  const { range, placement } = layerGeometry(plane, camera, view, false, false);
  if (range.col1 <= range.col0 || range.row1 <= range.row0) return;
  const { originX, originY, cellWidth, cellHeight } = placement;
  if (cellWidth < OVERLAY_SHAPES_MIN_CELL || cellHeight < OVERLAY_SHAPES_MIN_CELL) {
    context.save();
    context.imageSmoothingEnabled = false;
    caches.attributeBitmap(plane, properties).draw(context, range, placement);
    context.restore();
    return;
  }
  const shapes = shapesFor(properties);
  const paths = new Map<number, Path2D>();
  const masks: Array<{ surface: Surface; x: number; y: number }> = [];
  for (let row = range.row0; row < range.row1; row++) {
    const y = originY + row * cellHeight;
    for (let col = range.col0; col < range.col1; col++) {
      const value = plane.tiles[row * plane.tilesWide + col];
      if (value === undefined || value === TILE_EMPTY || value === TILE_FILL) continue;
      const id = value & 0xffff;
      const property = shapes.property(id);
      if (!property) continue;
      const x = originX + col * cellWidth;
      const rects = shapes.rectsOf(id, plane.tileWidth, plane.tileHeight);
      if (rects === null) {
        const surface = shapes.maskOf(id);
        if (surface) masks.push({ surface, x, y });
        continue;
      }
      const recordWidth = property.width > 0 ? property.width : plane.tileWidth;
      const recordHeight = property.height > 0 ? property.height : plane.tileHeight;
      const scaleX = cellWidth / Math.max(1, recordWidth);
      const scaleY = cellHeight / Math.max(1, recordHeight);
      for (const rect of rects) {
        let path = paths.get(rect.attribute);
        if (!path) {
          path = new Path2D();
          paths.set(rect.attribute, path);
        }
        path.rect(
          x + rect.left * scaleX,
          y + rect.top * scaleY,
          rect.width * scaleX,
          rect.height * scaleY,
        );
      }
    }
  }
  for (const [attribute, path] of paths) {
    context.fillStyle = attributeCss(attribute) ?? 'transparent';
    context.fill(path);
  }
  if (masks.length > 0) {
    context.save();
    context.imageSmoothingEnabled = false;
    for (const { surface, x, y } of masks) context.drawImage(surface, x, y, cellWidth, cellHeight);
    context.restore();
  }
}
