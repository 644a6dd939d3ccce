import { describe, expect, it } from 'vitest';
import { downscaleToFit, fitWithin, thumbnailLevel } from './downscale.ts';

/** The mip chain of a `width` × `height` image, largest first. */
function chain(width: number, height: number) {
  const levels = [];
  for (;;) {
    levels.push({ width, height });
    if (width === 1 && height === 1) return levels;
    width = Math.max(1, width >> 1);
    height = Math.max(1, height >> 1);
  }
}

describe('thumbnail sizes', () => {
  it('fits an image into the box, keeping its shape, never enlarging it', () => {
    expect(fitWithin(4096, 4096, 128)).toEqual({ width: 128, height: 128 });
    expect(fitWithin(1024, 256, 128)).toEqual({ width: 128, height: 32 });
    expect(fitWithin(64, 16, 128)).toEqual({ width: 64, height: 16 });
    expect(fitWithin(4096, 1, 128)).toEqual({ width: 128, height: 1 });
  });

  it('picks the smallest level that still has the thumbnail’s pixels each way', () => {
    // 4096² into 128: level 5 is 128², level 6 is 64² (too small).
    expect(thumbnailLevel(chain(4096, 4096), 128)).toBe(5);
    expect(thumbnailLevel(chain(4096, 4096), 100)).toBe(5);
    expect(thumbnailLevel(chain(4096, 4096), 129)).toBe(4);
    // 1024 × 256 fits as 128 × 32: level 3 (128 × 32).
    expect(thumbnailLevel(chain(1024, 256), 128)).toBe(3);
    // An image smaller than the box, or with one level: level 0.
    expect(thumbnailLevel(chain(64, 64), 128)).toBe(0);
    expect(thumbnailLevel([{ width: 4096, height: 4096 }], 128)).toBe(0);
    expect(thumbnailLevel([], 128)).toBe(0);
  });
});

describe('downscaleToFit', () => {
  it('averages the pixels each output pixel covers', () => {
    // 4 × 2: left 2 × 2 block grey 10/30, right block 200/100 → 2 × 1 at box 2.
    const rgba = new Uint8Array([
      10, 10, 10, 255, 30, 30, 30, 255, 200, 0, 0, 255, 100, 0, 0, 255, 10, 10, 10, 255, 30, 30, 30,
      255, 200, 0, 0, 255, 100, 0, 0, 255,
    ]);
    const small = downscaleToFit({ width: 4, height: 2, rgba }, 2);
    expect(small.width).toBe(2);
    expect(small.height).toBe(1);
    expect(Array.from(small.rgba)).toEqual([20, 20, 20, 255, 150, 0, 0, 255]);
  });

  it('weights colour by alpha, so transparent pixels do not darken', () => {
    const rgba = new Uint8Array([200, 100, 50, 255, 0, 0, 0, 0]);
    const small = downscaleToFit({ width: 2, height: 1, rgba }, 1);
    expect(Array.from(small.rgba)).toEqual([200, 100, 50, 128]);
  });

  it('returns an image that already fits as it is', () => {
    const image = { width: 3, height: 2, rgba: new Uint8Array(24) };
    expect(downscaleToFit(image, 8)).toBe(image);
  });
});
