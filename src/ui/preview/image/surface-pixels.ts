/**
 * Pure helpers of the texture view: the pixels to draw for the channels shown, zoom steps,
 * and what the pixel inspector reads. No DOM beyond the pixel arrays.
 */

export interface ChannelsShown {
  r: boolean;
  g: boolean;
  b: boolean;
  a: boolean;
}

export const ALL_CHANNELS: ChannelsShown = { r: true, g: true, b: true, a: true };

/**
 * The RGBA to draw: the decoded pixels themselves when every channel is shown (no copy),
 * else a copy with hidden colour channels zeroed and, with alpha hidden, every pixel opaque.
 */
export function pixelsToDraw(
  rgba: Uint8Array,
  shown: ChannelsShown,
): Uint8ClampedArray<ArrayBuffer> {
  const isAll = shown.r && shown.g && shown.b && shown.a;
  if (isAll && rgba.buffer instanceof ArrayBuffer) {
    return new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length);
  }
  const out = new Uint8ClampedArray(rgba.length);
  out.set(rgba);
  // 32-bit words: one mask and one "or" a pixel (little-endian RGBA).
  const words = new Uint32Array(out.buffer);
  const keep =
    (shown.r ? 0xff : 0) | (shown.g ? 0xff00 : 0) | (shown.b ? 0xff0000 : 0) | 0xff000000;
  const opaque = shown.a ? 0 : 0xff000000;
  for (let at = 0; at < words.length; at += 1) words[at] = (words[at]! & keep) | opaque;
  return out;
}

/** Zoom factors the wheel and the buttons step through (1 is 1:1). */
export const ZOOM_STEPS = [1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32] as const;

/** The next zoom step up (`direction` 1) or down (-1) from `zoom`. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > zoom * 1.001) ?? ZOOM_STEPS.at(-1)!;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom * 0.999) ?? ZOOM_STEPS[0];
}

/** The pixel under a point of an element showing the image scaled to `rect`. */
export function pixelUnder(
  point: { x: number; y: number },
  rect: { left: number; top: number; width: number; height: number },
  image: { width: number; height: number },
): { x: number; y: number } | null {
  if (rect.width <= 0 || rect.height <= 0) return null;
  const x = Math.floor(((point.x - rect.left) / rect.width) * image.width);
  const y = Math.floor(((point.y - rect.top) / rect.height) * image.height);
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return null;
  return { x, y };
}
