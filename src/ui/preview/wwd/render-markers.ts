/**
 * Object markers, the start marker and hit testing. Without game art an object is a dot at
 * its (x, y) coloured by its logic (spec §10.6); the dot keeps its screen size at any zoom.
 * Labels (the logic) appear when zoomed in and few markers are on screen, those that would
 * overlap another left out (label-layout.ts).
 */
import type { WwdObject, WwdPlane } from './level-types.ts';
import { worldToScreen, type Camera, type Point, type Size } from './camera.ts';
import { placeLabels, type LabelRequest } from './label-layout.ts';
import type { ObjectRef } from './scene.ts';
import { cssRgb, logicRgb } from './tile-colors.ts';

export interface MarkerStyle {
  fg: string;
  bg: string;
  accent: string;
  start: string;
}

/** Marker radius in CSS pixels: small when zoomed out, never under 2.5. */
export function markerRadius(zoom: number): number {
  return Math.min(7, Math.max(2.5, 2 + zoom * 10));
}

/** Labels show from this zoom up, when at most MAX_LABELS markers are on screen. */
export const LABEL_MIN_ZOOM = 0.4;
const MAX_LABELS = 250;

const colorCache = new Map<string, string>();
function markerColor(logic: string): string {
  let color = colorCache.get(logic);
  if (color === undefined) {
    color = cssRgb(logicRgb(logic));
    colorCache.set(logic, color);
  }
  return color;
}

function isOnScreen(point: Point, view: Size, margin: number): boolean {
  return (
    point.x >= -margin &&
    point.y >= -margin &&
    point.x <= view.width + margin &&
    point.y <= view.height + margin
  );
}

export function drawObjects(
  context: CanvasRenderingContext2D,
  planes: readonly WwdPlane[],
  camera: Camera,
  view: Size,
  selected: ObjectRef | null,
  hovered: ObjectRef | null,
  style: MarkerStyle,
): void {
  const radius = markerRadius(camera.zoom);
  const paths = new Map<string, Path2D>();
  const outline = new Path2D();
  const labels: LabelRequest[] = [];
  // The hovered and the selected object keep their labels in a crowd: theirs are placed first.
  const pinned: LabelRequest[] = [];
  let onScreen = 0;
  for (const plane of planes) {
    for (const object of plane.objects) {
      const point = worldToScreen(camera, object.x, object.y);
      if (!isOnScreen(point, view, radius + 2)) continue;
      onScreen++;
      const color = markerColor(object.logic);
      let path = paths.get(color);
      if (!path) {
        path = new Path2D();
        paths.set(color, path);
      }
      path.moveTo(point.x + radius, point.y);
      path.arc(point.x, point.y, radius, 0, Math.PI * 2);
      outline.moveTo(point.x + radius, point.y);
      outline.arc(point.x, point.y, radius, 0, Math.PI * 2);
      if (labels.length <= MAX_LABELS) {
        const label = { text: object.logic, x: point.x, y: point.y };
        if (isRef(hovered, plane, object) || isRef(selected, plane, object)) pinned.push(label);
        else labels.push(label);
      }
    }
  }
  for (const [color, path] of paths) {
    context.fillStyle = color;
    context.fill(path);
  }
  // Outlines make small dots mud when thousands crowd a zoomed-out view.
  if (radius >= 3.5 || onScreen < 300) {
    context.lineWidth = 1;
    context.strokeStyle = 'rgb(0 0 0 / 0.75)';
    context.stroke(outline);
  }
  if (camera.zoom >= LABEL_MIN_ZOOM && onScreen <= MAX_LABELS) {
    drawLabels(context, [...pinned, ...labels], radius, style);
  }
  const hoveredObject = objectOf(planes, hovered);
  if (hoveredObject) ring(context, camera, hoveredObject, radius + 3, style.fg, 1.5);
  const selectedObject = objectOf(planes, selected);
  if (selectedObject) {
    ring(context, camera, selectedObject, radius + 6, style.bg, 5);
    ring(context, camera, selectedObject, radius + 6, style.accent, 2.5);
  }
}

function drawLabels(
  context: CanvasRenderingContext2D,
  labels: readonly LabelRequest[],
  radius: number,
  style: MarkerStyle,
): void {
  context.save();
  context.font = '11px system-ui, sans-serif';
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  context.lineWidth = 3;
  context.strokeStyle = style.bg;
  context.fillStyle = style.fg;
  const widths = new Map<string, number>();
  const measure = (text: string) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = context.measureText(text).width;
      widths.set(text, width);
    }
    return width;
  };
  for (const label of placeLabels(labels, radius, measure)) {
    context.strokeText(label.text, label.x, label.y);
    context.fillText(label.text, label.x, label.y);
  }
  context.restore();
}

function ring(
  context: CanvasRenderingContext2D,
  camera: Camera,
  object: WwdObject,
  radius: number,
  color: string,
  width: number,
): void {
  const point = worldToScreen(camera, object.x, object.y);
  context.beginPath();
  context.arc(point.x, point.y, radius, 0, Math.PI * 2);
  context.strokeStyle = color;
  context.lineWidth = width;
  context.stroke();
}

function isRef(ref: ObjectRef | null, plane: WwdPlane, object: WwdObject): boolean {
  return ref !== null && ref.plane === plane.index && ref.index === object.index;
}

function objectOf(planes: readonly WwdPlane[], ref: ObjectRef | null): WwdObject | null {
  if (!ref) return null;
  const plane = planes.find((candidate) => candidate.index === ref.plane);
  return plane?.objects[ref.index] ?? null;
}

/** A flag at the start position with a "Start" label. */
export function drawStart(
  context: CanvasRenderingContext2D,
  start: Point,
  camera: Camera,
  style: MarkerStyle,
): void {
  const { x, y } = worldToScreen(camera, start.x, start.y);
  context.save();
  context.lineJoin = 'round';
  context.beginPath();
  context.moveTo(x, y);
  context.lineTo(x, y - 22);
  context.lineTo(x + 14, y - 17);
  context.lineTo(x, y - 12);
  context.strokeStyle = style.bg;
  context.lineWidth = 4;
  context.stroke();
  context.fillStyle = style.start;
  context.fill();
  context.strokeStyle = style.start;
  context.lineWidth = 2;
  context.stroke();
  context.beginPath();
  context.arc(x, y, 3, 0, Math.PI * 2);
  context.fill();
  context.font = 'bold 11px system-ui, sans-serif';
  context.textBaseline = 'middle';
  context.lineWidth = 3;
  context.strokeStyle = style.bg;
  context.strokeText('Start', x + 17, y - 17);
  context.fillStyle = style.fg;
  context.fillText('Start', x + 17, y - 17);
  context.restore();
}

/** The object whose marker is under view point (x, y), nearest first; null when none. */
export function objectAtPoint(
  planes: readonly WwdPlane[],
  camera: Camera,
  x: number,
  y: number,
): ObjectRef | null {
  const reach = markerRadius(camera.zoom) + 3;
  let best: ObjectRef | null = null;
  let bestDistance = reach * reach;
  for (const plane of planes) {
    for (const object of plane.objects) {
      const dx = (object.x - camera.x) * camera.zoom - x;
      const dy = (object.y - camera.y) * camera.zoom - y;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = { plane: plane.index, index: object.index };
      }
    }
  }
  return best;
}
