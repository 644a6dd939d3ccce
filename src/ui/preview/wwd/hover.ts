/**
 * What lies under a view point: the focus plane's cell and its attribute at that pixel, and
 * the object marker there. Pure, so the readout is tested without a canvas.
 */
import { screenToWorld, type Camera, type Point, type Size } from './camera.ts';
import { attributeAtCell, cellAt, isMainPlane, propertyOf, type CellInfo } from './level-model.ts';
import type { WwdPlane } from './level-types.ts';
import { objectAtPoint } from './render-markers.ts';
import type { ObjectRef, Scene } from './scene.ts';

export interface HoverInfo {
  world: Point;
  plane: WwdPlane;
  cell: CellInfo | null;
  /** Attribute under the point (main-plane tiles that have a property); null otherwise. */
  attribute: number | null;
  object: ObjectRef | null;
  /** Where the tooltip goes, in view pixels, and the view's size (to keep it inside). */
  point: Point;
  view: Size;
  byKeyboard: boolean;
}

export function hoverAt(
  scene: Scene,
  camera: Camera,
  point: Point,
  view: Size,
  byKeyboard: boolean,
): HoverInfo | null {
  const plane = scene.focus;
  if (!plane) return null;
  const world = screenToWorld(camera, point.x, point.y);
  const layer = scene.layers.find((candidate) => candidate.plane === plane);
  const cell = cellAt(plane, world.x, world.y, Boolean(layer && (layer.wrapX || layer.wrapY)));
  const { properties } = scene;
  // Tile properties describe the main plane's tiles only (spec §9).
  const hasAttributes = isMainPlane(plane) && properties.length > 0;
  const attribute =
    cell && hasAttributes && propertyOf(cell.value, properties)
      ? attributeAtCell(cell, plane, properties)
      : null;
  const object = objectAtPoint(scene.objectPlanes, camera, point.x, point.y);
  return { world, plane, cell, attribute, object, point, view, byKeyboard };
}
