/**
 * Pure helpers of the image views: the pixels to draw for the channels shown, zoom steps,
 * the scale and size Fit shows an image at, and what the pixel inspector reads. No DOM
 * beyond the pixel arrays.
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

/** Zoom factors the wheel and the buttons step through (1 is 1:1; whole multiples above it). */
export const ZOOM_STEPS = [
  1 / 16,
  1 / 8,
  1 / 4,
  1 / 2,
  1,
  2,
  3,
  4,
  6,
  8,
  12,
  16,
  24,
  32,
  48,
  64,
  96,
  128,
] as const;

/**
 * The next zoom step up (`direction` 1) or down (-1) from `zoom`. From a scale past the
 * last step in that direction (a tiny image fitted larger than the largest step) it stays.
 */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > zoom * 1.001) ?? zoom;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom * 0.999) ?? zoom;
}

/** Space for an image, in CSS pixels. */
export interface Room {
  width: number;
  height: number;
}

/**
 * The scale at which an image fits a room, keeping its aspect: below 1 it shrinks; above 1
 * it grows by whole multiples, so every texel shows the same size (as the zoom steps above 1
 * are), and small textures are seen rather than a dot. Never smaller than one pixel.
 */
export function fitScale(image: Room, room: Room): number {
  const largest = Math.max(image.width, image.height, 1);
  const scale = Math.min(room.width / image.width, room.height / image.height);
  if (!(scale > 0)) return 1 / largest;
  return scale >= 1 ? Math.floor(scale) : Math.max(scale, 1 / largest);
}

/** The size an image is shown at a scale: whole pixels within the room, at least one. */
export function fittedSize(image: Room, scale: number): Room {
  return {
    width: Math.max(1, Math.floor(image.width * scale)),
    height: Math.max(1, Math.floor(image.height * scale)),
  };
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
