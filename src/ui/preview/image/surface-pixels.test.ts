/** The texture view's pure parts: channels hidden, zoom steps, the pixel under the pointer. */
import { describe, expect, it } from 'vitest';
import { ALL_CHANNELS, pixelUnder, pixelsToDraw, stepZoom } from './surface-pixels.ts';

describe('surface pixels', () => {
  const rgba = Uint8Array.from([10, 20, 30, 40, 50, 60, 70, 0]);

  it('draws the decoded pixels themselves when every channel is shown', () => {
    const drawn = pixelsToDraw(rgba, ALL_CHANNELS);
    expect(drawn.buffer).toBe(rgba.buffer);
  });

  it('zeroes hidden colour channels and makes every pixel opaque with alpha hidden', () => {
    expect(Array.from(pixelsToDraw(rgba, { r: false, g: true, b: true, a: true }))).toEqual([
      0, 20, 30, 40, 0, 60, 70, 0,
    ]);
    expect(Array.from(pixelsToDraw(rgba, { r: true, g: true, b: true, a: false }))).toEqual([
      10, 20, 30, 255, 50, 60, 70, 255,
    ]);
    // The decoded pixels are left as they were.
    expect(Array.from(rgba)).toEqual([10, 20, 30, 40, 50, 60, 70, 0]);
  });

  it('steps zoom up and down from any scale, within its range', () => {
    expect(stepZoom(1, 1)).toBe(2);
    expect(stepZoom(1, -1)).toBe(0.5);
    expect(stepZoom(0.3, 1)).toBe(0.5);
    expect(stepZoom(32, 1)).toBe(32);
    expect(stepZoom(1 / 16, -1)).toBe(1 / 16);
  });

  it('finds the pixel under a point of the scaled image, none outside it', () => {
    const rect = { left: 100, top: 50, width: 400, height: 200 };
    const image = { width: 8, height: 4 };
    expect(pixelUnder({ x: 100, y: 50 }, rect, image)).toEqual({ x: 0, y: 0 });
    expect(pixelUnder({ x: 499, y: 249 }, rect, image)).toEqual({ x: 7, y: 3 });
    expect(pixelUnder({ x: 99, y: 60 }, rect, image)).toBeNull();
  });
});
