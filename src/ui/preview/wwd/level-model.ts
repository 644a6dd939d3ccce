/**
 * Facts the level view needs about planes (spec §4, §10): which is the main plane, the
 * draw order, flags, sizes in world pixels, and what lies at a world point.
 */
import { hex } from '../../../binary/hex.ts';
import type { WwdLevelView, WwdPlane, WwdTileProperty } from './level-types.ts';
import { attributeAt } from './attributes.ts';
import type { Size } from './camera.ts';
import { TILE_EMPTY, TILE_FILL } from './tile-colors.ts';

export const PLANE_MAIN = 0x01;
export const PLANE_NO_DRAW = 0x02;
export const PLANE_WRAP_X = 0x04;
export const PLANE_WRAP_Y = 0x08;
export const PLANE_AUTO_TILE_SIZE = 0x10;

const PLANE_FLAG_NAMES: Array<[number, string]> = [
  [PLANE_MAIN, 'main'],
  [PLANE_NO_DRAW, 'no draw'],
  [PLANE_WRAP_X, 'wrap X'],
  [PLANE_WRAP_Y, 'wrap Y'],
  [PLANE_AUTO_TILE_SIZE, 'auto tile size'],
];

export const isMainPlane = (plane: WwdPlane) => (plane.flags & PLANE_MAIN) !== 0;
export const isNoDrawPlane = (plane: WwdPlane) => (plane.flags & PLANE_NO_DRAW) !== 0;

/** The main (action) plane by its flag, not its position; -1 when none has it. */
export function mainPlaneIndex(planes: readonly WwdPlane[]): number {
  return planes.findIndex(isMainPlane);
}

/** The plane shown first: the main one, else the first. */
export function defaultPlaneIndex(planes: readonly WwdPlane[]): number {
  return Math.max(0, mainPlaneIndex(planes));
}

/** Plane indexes in draw order: ascending z, file order on ties. */
export function drawOrder(planes: readonly WwdPlane[]): number[] {
  return planes
    .map((plane, index) => ({ z: plane.zCoord, index }))
    .sort((a, b) => a.z - b.z || a.index - b.index)
    .map((entry) => entry.index);
}

export function planeFlagNames(flags: number): string[] {
  const names = PLANE_FLAG_NAMES.filter(([bit]) => (flags & bit) !== 0).map(([, name]) => name);
  const known = PLANE_FLAG_NAMES.reduce((all, [bit]) => all | bit, 0);
  if ((flags & ~known) !== 0) names.push(`${hex(flags & ~known)}`);
  return names;
}

/** Tile size in world pixels; a zero or negative size (broken header) counts as 1. */
export function tileSize(plane: WwdPlane): Size {
  return { width: Math.max(1, plane.tileWidth), height: Math.max(1, plane.tileHeight) };
}

export function planeWorldSize(plane: WwdPlane): Size {
  const tile = tileSize(plane);
  return {
    width: Math.max(0, plane.tilesWide) * tile.width,
    height: Math.max(0, plane.tilesHigh) * tile.height,
  };
}

/** The world of a stack of planes: the largest plane that does not wrap (wrapped ones repeat to fill it). */
export function stackedWorldSize(planes: readonly WwdPlane[]): Size {
  const fixed = planes.filter((plane) => (plane.flags & (PLANE_WRAP_X | PLANE_WRAP_Y)) === 0);
  const sizes = (fixed.length > 0 ? fixed : planes).map(planeWorldSize);
  return {
    width: Math.max(1, ...sizes.map((size) => size.width)),
    height: Math.max(1, ...sizes.map((size) => size.height)),
  };
}

/** `Action · 384 × 96 tiles of 64 × 64 px · z 0 · main` */
export function planeSummary(plane: WwdPlane): string {
  const flags = planeFlagNames(plane.flags);
  return [
    plane.name === '' ? `(unnamed plane #${plane.index})` : plane.name,
    `${plane.tilesWide.toLocaleString('en-US')} × ${plane.tilesHigh.toLocaleString('en-US')} tiles of ${plane.tileWidth} × ${plane.tileHeight} px`,
    `z ${plane.zCoord}`,
    ...(flags.length > 0 ? [flags.join(', ')] : []),
  ].join(' · ');
}

/** The label of a plane in the switcher. */
export function planeOptionLabel(plane: WwdPlane): string {
  const name = plane.name === '' ? '(unnamed)' : plane.name;
  const main = isMainPlane(plane) ? ', main' : '';
  return `${name} (#${plane.index}${main}) — ${plane.tilesWide} × ${plane.tilesHigh}`;
}

/** What lies under a world point on a plane. */
export interface CellInfo {
  col: number;
  row: number;
  /** Raw cell value (0xFFFFFFFF empty, 0xEEEEEEEE filled). */
  value: number;
  /** Pixel within the tile, in world pixels. */
  pixelX: number;
  pixelY: number;
}

/** The cell at world point (x, y), wrapping on wrapped axes; null outside the grid. */
export function cellAt(plane: WwdPlane, x: number, y: number, wrap = false): CellInfo | null {
  const tile = tileSize(plane);
  let col = Math.floor(x / tile.width);
  let row = Math.floor(y / tile.height);
  if (wrap && (plane.flags & PLANE_WRAP_X) !== 0 && plane.tilesWide > 0) {
    col = ((col % plane.tilesWide) + plane.tilesWide) % plane.tilesWide;
  }
  if (wrap && (plane.flags & PLANE_WRAP_Y) !== 0 && plane.tilesHigh > 0) {
    row = ((row % plane.tilesHigh) + plane.tilesHigh) % plane.tilesHigh;
  }
  if (col < 0 || row < 0 || col >= plane.tilesWide || row >= plane.tilesHigh) return null;
  const value = plane.tiles[row * plane.tilesWide + col];
  if (value === undefined) return null;
  const pixelX = Math.floor(x - Math.floor(x / tile.width) * tile.width);
  const pixelY = Math.floor(y - Math.floor(y / tile.height) * tile.height);
  return { col, row, value, pixelX, pixelY };
}

/** Describes a cell value: `tile 74`, `empty`, `filled (palette index 197)`. */
export function cellValueText(value: number, plane: WwdPlane): string {
  if (value === TILE_EMPTY) return 'empty (0xFFFFFFFF)';
  if (value === TILE_FILL) return `filled (0xEEEEEEEE, palette index ${plane.fillColor})`;
  const set = value >>> 16;
  return set === 0 ? `tile ${value & 0xffff}` : `tile ${value & 0xffff} (image-set word ${set})`;
}

/** The tile-property record of a cell value, if the cell is a tile and the table has it. */
export function propertyOf(
  value: number,
  properties: readonly WwdTileProperty[],
): WwdTileProperty | null {
  if (value === TILE_EMPTY || value === TILE_FILL) return null;
  return properties[value & 0xffff] ?? null;
}

/** The attribute at a cell's pixel, scaled from the tile's pixels to the record's. */
export function attributeAtCell(
  cell: CellInfo,
  plane: WwdPlane,
  properties: readonly WwdTileProperty[],
): number | null {
  const property = propertyOf(cell.value, properties);
  if (!property) return null;
  const tile = tileSize(plane);
  const width = property.width > 0 ? property.width : tile.width;
  const height = property.height > 0 ? property.height : tile.height;
  const x = Math.floor((cell.pixelX * width) / tile.width);
  const y = Math.floor((cell.pixelY * height) / tile.height);
  return attributeAt(property, x, y);
}

/** The planes of a level that carry objects, main plane first. */
export function planesWithObjects(level: WwdLevelView): number[] {
  const main = mainPlaneIndex(level.planes);
  return level.planes
    .filter((plane) => plane.objects.length > 0)
    .map((plane) => plane.index)
    .sort((a, b) => (a === main ? -1 : b === main ? 1 : a - b));
}
