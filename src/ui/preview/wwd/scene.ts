/**
 * What the level view draws, worked out from the level and the view's choices: which planes
 * (one, or all stacked in z order), how opaque, whether wrapped planes repeat, where the
 * attribute overlay and the object markers go. Pure, so it is tested without a canvas.
 */
import type { WwdLevelView, WwdPlane, WwdTileProperty } from './level-types.ts';
import type { Point, Size } from './camera.ts';
import {
  drawOrder,
  isMainPlane,
  isNoDrawPlane,
  mainPlaneIndex,
  planeWorldSize,
  PLANE_WRAP_X,
  PLANE_WRAP_Y,
  stackedWorldSize,
} from './level-model.ts';

/** One plane, or every plane stacked by z. */
export type PlaneMode = number | 'all';

export interface SceneOptions {
  showOverlay: boolean;
  showObjects: boolean;
  /** Stacked mode: draw planes flagged "no draw" too (hidden by default, as in the game). */
  showNoDraw: boolean;
}

/** An object by plane index and position in its plane's list. */
export interface ObjectRef {
  plane: number;
  index: number;
}

export interface SceneLayer {
  plane: WwdPlane;
  alpha: number;
  /** Wrapped axes repeat to fill the world (stacked mode only; one plane shows its own grid). */
  wrapX: boolean;
  wrapY: boolean;
  /** The plane that gets the grid, tile ids and the hover readout. */
  isFocus: boolean;
}

export interface Scene {
  layers: SceneLayer[];
  /** Extent in world pixels, for fitting and clamping the camera and for export. */
  world: Size;
  /** The focus plane: what the pointer readout describes. */
  focus: WwdPlane | null;
  overlay: { plane: WwdPlane; properties: readonly WwdTileProperty[] } | null;
  /** The level's tile properties (they describe the main plane's tiles). */
  properties: readonly WwdTileProperty[];
  objectPlanes: WwdPlane[];
  /** Header startX/startY, shown with the main plane. */
  start: Point | null;
}

/** Opacity of planes drawn above the main plane in stacked mode, so it stays readable. */
export const ABOVE_MAIN_ALPHA = 0.6;
/** Opacity of planes behind the main plane in stacked mode: backdrop, not competition. */
export const BELOW_MAIN_ALPHA = 0.4;

export function buildScene(level: WwdLevelView, mode: PlaneMode, options: SceneOptions): Scene {
  const { planes } = level;
  const mainIndex = mainPlaneIndex(planes);
  const properties = level.tileProperties?.records ?? [];
  const start = { x: level.header.startX, y: level.header.startY };

  if (mode !== 'all') {
    const plane = planes[mode];
    if (!plane) {
      return {
        layers: [],
        world: { width: 1, height: 1 },
        focus: null,
        overlay: null,
        properties,
        objectPlanes: [],
        start: null,
      };
    }
    const isMain = isMainPlane(plane);
    const size = planeWorldSize(plane);
    return {
      layers: [{ plane, alpha: 1, wrapX: false, wrapY: false, isFocus: true }],
      world: { width: Math.max(1, size.width), height: Math.max(1, size.height) },
      focus: plane,
      overlay: options.showOverlay && isMain ? { plane, properties } : null,
      properties,
      objectPlanes: options.showObjects && plane.objects.length > 0 ? [plane] : [],
      start: isMain ? start : null,
    };
  }

  const order = drawOrder(planes).filter((index) => {
    const plane = planes[index]!;
    return options.showNoDraw || !isNoDrawPlane(plane) || index === mainIndex;
  });
  const focusIndex = mainIndex >= 0 ? mainIndex : (order[order.length - 1] ?? -1);
  const mainPosition = order.indexOf(mainIndex);
  const layers = order.map((index, position): SceneLayer => {
    const plane = planes[index]!;
    return {
      plane,
      alpha:
        mainPosition < 0 || position === mainPosition
          ? 1
          : position > mainPosition
            ? ABOVE_MAIN_ALPHA
            : BELOW_MAIN_ALPHA,
      wrapX: (plane.flags & PLANE_WRAP_X) !== 0,
      wrapY: (plane.flags & PLANE_WRAP_Y) !== 0,
      isFocus: index === focusIndex,
    };
  });
  const main = planes[mainIndex] ?? null;
  return {
    layers,
    world: stackedWorldSize(layers.map((layer) => layer.plane)),
    focus: planes[focusIndex] ?? null,
    overlay: options.showOverlay && main ? { plane: main, properties } : null,
    properties,
    objectPlanes: options.showObjects
      ? layers.map((layer) => layer.plane).filter((plane) => plane.objects.length > 0)
      : [],
    start: main ? start : null,
  };
}

/** The objects a plane mode lists: the plane's own, or every plane's in stacked mode. */
export function listedPlanes(level: WwdLevelView, mode: PlaneMode): WwdPlane[] {
  if (mode === 'all') return level.planes.filter((plane) => plane.objects.length > 0);
  const plane = level.planes[mode];
  return plane ? [plane] : [];
}
