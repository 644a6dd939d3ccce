/**
 * One frame of the level view, or the whole-plane export: planes in z order, the attribute
 * overlay, object markers, the start flag. The same function draws both, so an export looks
 * like the view. All coordinates are CSS pixels; the caller's transform maps them to devices.
 */
import type { Camera, Point, Size } from './camera.ts';
import { drawOverlay } from './render-overlay.ts';
import { drawSprites } from './render-art.ts';
import { drawObjects, drawStart, type MarkerStyle } from './render-markers.ts';
import { drawLayer, type LevelCaches, type TileStyle } from './render-tiles.ts';
import type { ObjectRef, Scene } from './scene.ts';

export interface Theme extends TileStyle, MarkerStyle {}

/** Fallbacks when the CSS variables are missing (e.g. a detached element). */
export const DEFAULT_THEME: Theme = {
  grid: 'rgb(0 0 0 / 0.18)',
  edge: '#5f6670',
  fg: '#1b1d21',
  bg: '#ffffff',
  accent: '#0b63c5',
  start: '#1a7f37',
};

const THEME_VARIABLES: ReadonlyArray<[keyof Theme, string]> = [
  ['grid', '--lv-grid'],
  ['edge', '--lv-edge'],
  ['fg', '--lv-fg'],
  ['bg', '--lv-bg'],
  ['accent', '--lv-accent'],
  ['start', '--lv-start'],
];

/** Themes read, by colour scheme: each is read from the computed style once. */
const themes = new Map<string, Theme>();

/**
 * The theme from the level view's CSS variables (see level-view.css), which change only with
 * the colour scheme (`scheme`, e.g. 'dark' or 'light'). Reading a computed style makes the
 * browser compute the styles of the page then and there, as a view mounts, on the way to its
 * first frame: it is read once per scheme. One with a variable missing (a detached element)
 * is not kept.
 */
export function readTheme(element: Element, scheme: string): Theme {
  const known = themes.get(scheme);
  if (known) return known;
  const style = getComputedStyle(element);
  const theme = { ...DEFAULT_THEME };
  let isComplete = true;
  for (const [key, name] of THEME_VARIABLES) {
    const value = style.getPropertyValue(name).trim();
    if (value) theme[key] = value;
    else isComplete = false;
  }
  if (isComplete) themes.set(scheme, theme);
  return theme;
}

export interface FrameState {
  camera: Camera;
  view: Size;
  selected: ObjectRef | null;
  hovered: ObjectRef | null;
  /** The keyboard cursor (view centre) while the view is driven by keys; null otherwise. */
  crosshair: Point | null;
}

export function drawScene(
  context: CanvasRenderingContext2D,
  scene: Scene,
  caches: LevelCaches,
  frame: FrameState,
  theme: Theme,
): void {
  const { camera, view } = frame;
  const { world } = scene;
  const wraps = scene.layers.some((layer) => layer.wrapX || layer.wrapY);
  if (wraps) {
    // Repeating planes stop at the world's edge (a partial tile there is cut).
    context.save();
    context.beginPath();
    context.rect(
      -camera.x * camera.zoom,
      -camera.y * camera.zoom,
      world.width * camera.zoom,
      world.height * camera.zoom,
    );
    context.clip();
  }
  for (const layer of scene.layers) drawLayer(context, caches, layer, camera, view, theme, world);
  if (wraps) context.restore();
  if (caches.art && scene.objectPlanes.length > 0) {
    drawSprites(context, scene.objectPlanes, caches.art.sprites, camera, view);
  }
  if (scene.overlay) {
    drawOverlay(context, caches, scene.overlay.plane, scene.overlay.properties, camera, view);
  }
  if (scene.objectPlanes.length > 0) {
    drawObjects(context, scene.objectPlanes, camera, view, frame.selected, frame.hovered, theme);
  }
  if (scene.start) drawStart(context, scene.start, camera, theme);
  if (frame.crosshair) drawCrosshair(context, frame.crosshair, theme);
}

function drawCrosshair(context: CanvasRenderingContext2D, point: Point, theme: Theme): void {
  context.save();
  context.beginPath();
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    context.moveTo(point.x + dx * 4, point.y + dy * 4);
    context.lineTo(point.x + dx * 12, point.y + dy * 12);
  }
  context.lineWidth = 4;
  context.strokeStyle = theme.bg;
  context.stroke();
  context.lineWidth = 2;
  context.strokeStyle = theme.accent;
  context.stroke();
  context.restore();
}
