/**
 * Thumbnails of decoded surfaces: which mip level to decode for a box of a given size, and an
 * area-averaging downscale of 8-bit RGBA into that box. Pure: no DOM, so the worker, the CLI
 * and tests share it.
 */
import type { DecodedImage } from './types.ts';

/** The size of an image fitted into a `box` × `box` square, never enlarged; at least 1 × 1. */
export function fitWithin(
  width: number,
  height: number,
  box: number,
): { width: number; height: number } {
  const scale = Math.min(1, box / width, box / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The mip level to decode for a thumbnail fitted into a `box` square: the smallest level that
 * still has at least the thumbnail's pixels each way (level 0 when none is smaller). Levels
 * are largest first, as `ImageInfo.levels` lists them.
 */
export function thumbnailLevel(
  levels: readonly { width: number; height: number }[],
  box: number,
): number {
  const first = levels[0];
  if (!first) return 0;
  const wanted = fitWithin(first.width, first.height, box);
  let chosen = 0;
  for (let index = 1; index < levels.length; index += 1) {
    const level = levels[index]!;
    if (level.width < wanted.width || level.height < wanted.height) break;
    chosen = index;
  }
  return chosen;
}

/**
 * `image` scaled down to fit a `box` square: each output pixel the average of the source
 * pixels it covers, colour weighted by alpha (so transparent pixels do not darken edges).
 * An image that already fits is returned as it is, not copied.
 */
export function downscaleToFit(image: DecodedImage, box: number): DecodedImage {
  const { width, height, rgba } = image;
  const size = fitWithin(width, height, box);
  if (size.width === width && size.height === height) return image;
  const out = new Uint8Array(size.width * size.height * 4);
  const stepX = width / size.width;
  const stepY = height / size.height;
  for (let outY = 0; outY < size.height; outY += 1) {
    const fromY = Math.floor(outY * stepY);
    const toY = Math.max(fromY + 1, Math.min(height, Math.floor((outY + 1) * stepY)));
    for (let outX = 0; outX < size.width; outX += 1) {
      const fromX = Math.floor(outX * stepX);
      const toX = Math.max(fromX + 1, Math.min(width, Math.floor((outX + 1) * stepX)));
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (let y = fromY; y < toY; y += 1) {
        let at = (y * width + fromX) * 4;
        for (let x = fromX; x < toX; x += 1, at += 4) {
          const weight = rgba[at + 3]!;
          red += rgba[at]! * weight;
          green += rgba[at + 1]! * weight;
          blue += rgba[at + 2]! * weight;
          alpha += weight;
        }
      }
      const count = (toY - fromY) * (toX - fromX);
      const to = (outY * size.width + outX) * 4;
      if (alpha > 0) {
        out[to] = Math.round(red / alpha);
        out[to + 1] = Math.round(green / alpha);
        out[to + 2] = Math.round(blue / alpha);
      }
      out[to + 3] = Math.round(alpha / count);
    }
  }
  return { width: size.width, height: size.height, rgba: out };
}
