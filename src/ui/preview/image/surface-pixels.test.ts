/**
 * The image views' pure parts: channels hidden, zoom steps, the fitted size, the pixel under
 * the pointer.
 */
import { describe, expect, it } from 'vitest';
import {
  ALL_CHANNELS,
  fitScale,
  fittedSize,
  pixelUnder,
  pixelsToDraw,
  stepZoom,
  ZOOM_STEPS,
} from './surface-pixels.ts';

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
    expect(stepZoom(32, 1)).toBe(48);
    expect(stepZoom(ZOOM_STEPS.at(-1)!, 1)).toBe(ZOOM_STEPS.at(-1));
    expect(stepZoom(1 / 16, -1)).toBe(1 / 16);
  });

  it('never steps the wrong way from a fitted scale beyond the steps', () => {
    const largest = ZOOM_STEPS.at(-1)!;
    // A 2 × 2 face fitted to 456 px is at 228: in stays there, out goes to the largest step.
    expect(stepZoom(228, 1)).toBe(228);
    expect(stepZoom(228, -1)).toBe(largest);
    expect(stepZoom(1 / 64, -1)).toBe(1 / 64);
    expect(stepZoom(1 / 64, 1)).toBe(ZOOM_STEPS[0]);
  });

  it('fits an image to the room: shrinks it, or enlarges it by whole multiples', () => {
    // A 2 × 2 cube face and an 8 × 4 mip level in a 563 × 456 stage.
    expect(fitScale({ width: 2, height: 2 }, { width: 563, height: 456 })).toBe(228);
    expect(fitScale({ width: 8, height: 4 }, { width: 563, height: 456 })).toBe(70);
    // 256 × 128 would fit at 2.2: every texel the same size, 2.
    expect(fitScale({ width: 256, height: 128 }, { width: 563, height: 456 })).toBe(2);
    // Between 1 and 2 it stays 1:1; larger than the room it shrinks, keeping its aspect.
    expect(fitScale({ width: 300, height: 300 }, { width: 563, height: 456 })).toBe(1);
    expect(fitScale({ width: 4096, height: 1024 }, { width: 512, height: 456 })).toBe(1 / 8);
    expect(fittedSize({ width: 4096, height: 1024 }, 1 / 8)).toEqual({ width: 512, height: 128 });
    expect(fittedSize({ width: 8, height: 4 }, 70)).toEqual({ width: 560, height: 280 });
    // A room of nothing (not laid out yet) still shows a pixel.
    const nothing = fitScale({ width: 64, height: 16 }, { width: 0, height: 0 });
    expect(fittedSize({ width: 64, height: 16 }, nothing)).toEqual({ width: 1, height: 1 });
  });

  it('finds the pixel under a point of the scaled image, none outside it', () => {
    const rect = { left: 100, top: 50, width: 400, height: 200 };
    const image = { width: 8, height: 4 };
    expect(pixelUnder({ x: 100, y: 50 }, rect, image)).toEqual({ x: 0, y: 0 });
    expect(pixelUnder({ x: 499, y: 249 }, rect, image)).toEqual({ x: 7, y: 3 });
    expect(pixelUnder({ x: 99, y: 60 }, rect, image)).toBeNull();
  });

  it('finds the pixel under a point of an image enlarged to fit', () => {
    // A 2 × 2 face at 228: 456 × 456 px, each texel 228 px square.
    const rect = { left: 10, top: 20, width: 456, height: 456 };
    const image = { width: 2, height: 2 };
    expect(pixelUnder({ x: 10, y: 20 }, rect, image)).toEqual({ x: 0, y: 0 });
    expect(pixelUnder({ x: 10 + 227.9, y: 20 + 228 }, rect, image)).toEqual({ x: 0, y: 1 });
    expect(pixelUnder({ x: 10 + 455.9, y: 20 + 455.9 }, rect, image)).toEqual({ x: 1, y: 1 });
    expect(pixelUnder({ x: 10 + 456, y: 20 }, rect, image)).toBeNull();
  });
});
