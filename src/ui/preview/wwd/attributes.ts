/**
 * Tile attributes (spec §7, §9): what a tile property says about each pixel of its tile, its
 * name, and the editor overlay colour. Property records are in the tile's own pixel size
 * (`width × height`, normally the plane's tile size); double rects are inclusive.
 */
import type { WwdTileProperty } from './level-types.ts';

export const ATTRIBUTE_NAMES = ['clear', 'solid', 'ground', 'climb', 'death'] as const;

/** Gruntz keeps game-specific values in 0x0A–0x9A; they are shown as numbers. */
const USER_BAND = [0x0a, 0x9a] as const;

export function attributeName(value: number): string {
  const name = ATTRIBUTE_NAMES[value];
  if (name !== undefined) return name;
  if (value >= USER_BAND[0] && value <= USER_BAND[1]) return `user ${value}`;
  return `attribute ${value}`;
}

/** RGBA with 0..255 channels. */
export type Rgba = readonly [number, number, number, number];

/** WapMap's alpha 0x77 (≈ 47%). */
const OVERLAY_ALPHA = 0x77;

/** Overlay colour (WapMap convention): clear is not drawn, anything unknown is white. */
export function attributeRgba(value: number): Rgba | null {
  switch (value) {
    case 0:
      return null;
    case 1:
      return [0, 0, 255, OVERLAY_ALPHA];
    case 2:
      return [0, 255, 0, OVERLAY_ALPHA];
    case 3:
      return [255, 255, 0, OVERLAY_ALPHA];
    case 4:
      return [255, 0, 0, OVERLAY_ALPHA];
    default:
      return [255, 255, 255, OVERLAY_ALPHA];
  }
}

export function attributeCss(value: number): string | null {
  const rgba = attributeRgba(value);
  return rgba ? `rgb(${rgba[0]} ${rgba[1]} ${rgba[2]} / ${(rgba[3] / 255).toFixed(3)})` : null;
}

/** The legend's rows: the five named attributes and the catch-all. */
export const LEGEND_ATTRIBUTES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: 'clear (not drawn)' },
  { value: 1, label: 'solid' },
  { value: 2, label: 'ground (one-way)' },
  { value: 3, label: 'climb' },
  { value: 4, label: 'death' },
  { value: 0x0a, label: 'user / other values' },
];

/** Width and height a record describes; a zero size means "the tile's". */
function recordSize(property: WwdTileProperty, tileWidth: number, tileHeight: number) {
  return {
    width: property.width > 0 ? property.width : tileWidth,
    height: property.height > 0 ? property.height : tileHeight,
  };
}

/** The attribute at pixel (x, y) of the tile, in the record's pixels. Outside the record: 0. */
export function attributeAt(property: WwdTileProperty, x: number, y: number): number {
  switch (property.kind) {
    case 'single':
      return property.attribute;
    case 'double': {
      const { rect } = property;
      const isInside = x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
      return isInside ? property.inside : property.outside;
    }
    case 'mask': {
      if (x < 0 || y < 0 || x >= property.width || y >= property.height) return 0;
      return property.mask[y * property.width + x] ?? 0;
    }
  }
}

/** A rectangle of one attribute, in the record's pixels, half-open: `[left, left + width)`. */
export interface AttributeRect {
  attribute: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Single and double records as rectangles: the whole tile, or the (clipped) inside rect and
 * the four strips around it. Empty pieces are left out; masks have no rect form (null).
 */
export function propertyRects(
  property: WwdTileProperty,
  tileWidth: number,
  tileHeight: number,
): AttributeRect[] | null {
  const { width, height } = recordSize(property, tileWidth, tileHeight);
  if (property.kind === 'mask') return null;
  if (property.kind === 'single') {
    return [{ attribute: property.attribute, left: 0, top: 0, width, height }];
  }
  const left = Math.max(0, property.rect.left);
  const top = Math.max(0, property.rect.top);
  const right = Math.min(width - 1, property.rect.right);
  const bottom = Math.min(height - 1, property.rect.bottom);
  const outside = property.outside;
  if (left > right || top > bottom) return [{ attribute: outside, left: 0, top: 0, width, height }];
  const pieces: AttributeRect[] = [
    { attribute: property.inside, left, top, width: right - left + 1, height: bottom - top + 1 },
    { attribute: outside, left: 0, top: 0, width, height: top },
    { attribute: outside, left: 0, top: bottom + 1, width, height: height - bottom - 1 },
    { attribute: outside, left: 0, top, width: left, height: bottom - top + 1 },
    {
      attribute: outside,
      left: right + 1,
      top,
      width: width - right - 1,
      height: bottom - top + 1,
    },
  ];
  return pieces.filter((piece) => piece.width > 0 && piece.height > 0);
}

/**
 * The one attribute a tile shows when it is drawn a pixel or two wide: the attribute that
 * covers most of it, clear counting only when nothing else is there.
 */
export function dominantAttribute(property: WwdTileProperty): number {
  if (property.kind === 'single') return property.attribute;
  const areas = new Map<number, number>();
  if (property.kind === 'double') {
    for (const piece of propertyRects(property, property.width, property.height) ?? []) {
      areas.set(piece.attribute, (areas.get(piece.attribute) ?? 0) + piece.width * piece.height);
    }
  } else {
    for (const value of property.mask) areas.set(value, (areas.get(value) ?? 0) + 1);
  }
  let best = 0;
  let bestArea = 0;
  for (const [value, area] of areas) {
    if (value !== 0 && area > bestArea) {
      best = value;
      bestArea = area;
    }
  }
  return best;
}

/** One line for the readout and the tooltip, e.g. `double: solid outside, clear inside (0, 0)–(39, 54)`. */
export function describeProperty(property: WwdTileProperty): string {
  switch (property.kind) {
    case 'single':
      return `single: ${attributeName(property.attribute)}`;
    case 'double': {
      const { rect } = property;
      return `double: ${attributeName(property.outside)} outside, ${attributeName(property.inside)} inside (${rect.left}, ${rect.top})–(${rect.right}, ${rect.bottom})`;
    }
    case 'mask': {
      const values = [...new Set(property.mask)].sort((a, b) => a - b);
      return `mask ${property.width} × ${property.height}: ${values.map(attributeName).join(', ')}`;
    }
  }
}
