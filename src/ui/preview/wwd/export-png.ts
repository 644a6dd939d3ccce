/**
 * PNG export of the level view: the view as it is on screen, or the whole plane (or stack)
 * drawn once on a canvas of its own. A whole Claw action plane is ~25,000 × 6,000 pixels or
 * more, past what browsers give one canvas, so it is scaled down to EXPORT_MAX_SIDE per side
 * and EXPORT_MAX_AREA pixels, and the scale is said in the status text.
 */
import type { Size } from './camera.ts';
import { drawScene, type Theme } from './render.ts';
import type { LevelCaches } from './render-tiles.ts';
import type { ObjectRef, Scene } from './scene.ts';

/** Chromium's limit per side is 32,767 and 16,384² in area; stay well inside. */
export const EXPORT_MAX_SIDE = 16384;
export const EXPORT_MAX_AREA = 16384 * 8192;

/** The scale (≤ 1) that fits a world in the export limits. */
export function exportScale(
  world: Size,
  maxSide = EXPORT_MAX_SIDE,
  maxArea = EXPORT_MAX_AREA,
): number {
  const width = Math.max(1, world.width);
  const height = Math.max(1, world.height);
  return Math.min(1, maxSide / width, maxSide / height, Math.sqrt(maxArea / (width * height)));
}

export function exportSize(world: Size, scale: number): Size {
  return {
    width: Math.max(1, Math.min(EXPORT_MAX_SIDE, Math.round(world.width * scale))),
    height: Math.max(1, Math.min(EXPORT_MAX_SIDE, Math.round(world.height * scale))),
  };
}

/** `100% (1:1)`, `33.3% (1:3)`. */
export function scaleText(scale: number): string {
  if (scale >= 1) return '100% (1:1)';
  const percent = scale * 100;
  const ratio = 1 / scale;
  const ratioText = Number.isInteger(Math.round(ratio * 10) / 10)
    ? String(Math.round(ratio))
    : ratio.toFixed(1);
  return `${percent.toFixed(percent >= 10 ? 1 : 2)}% (1:${ratioText})`;
}

/** `RETAIL01-Action-view.png`: the file name without extension, the plane, the kind. */
export function exportFileName(
  fileName: string,
  planeLabel: string,
  kind: 'view' | 'plane',
): string {
  const base = fileName.replace(/\.[^.]*$/, '') || 'level';
  const safe = (text: string) =>
    text
      .replace(/[^\p{L}\p{N}_-]+/gu, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64) || 'plane';
  return `${safe(base)}-${safe(planeLabel)}-${kind}.png`;
}

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('the browser could not encode the PNG'));
    }, 'image/png');
  });
}

/** The view canvas as it is (device pixels). */
export function viewPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return canvasBlob(canvas);
}

/** The whole scene world at `scale`, on a canvas of its own. */
export async function worldPng(
  scene: Scene,
  caches: LevelCaches,
  theme: Theme,
  selected: ObjectRef | null,
  scale: number,
): Promise<Blob> {
  const size = exportSize(scene.world, scale);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(`no canvas of ${size.width} × ${size.height} pixels is available`);
  try {
    drawScene(
      context,
      scene,
      caches,
      { camera: { x: 0, y: 0, zoom: scale }, view: size, selected, hovered: null, crosshair: null },
      theme,
    );
    return await canvasBlob(canvas);
  } finally {
    // Free the pixels at once rather than when the canvas is collected.
    canvas.width = 0;
    canvas.height = 0;
  }
}
