import { describe, expect, it } from 'vitest';
import {
  centerOn,
  clampCamera,
  fitCamera,
  formatZoom,
  panBy,
  screenToWorld,
  visibleCells,
  worldToScreen,
  wrapSegments,
  zoomAt,
  zoomLimits,
} from './camera.ts';

const view = { width: 800, height: 600 };

describe('camera', () => {
  it('maps screen and world both ways', () => {
    const camera = { x: 100, y: 50, zoom: 2 };
    expect(screenToWorld(camera, 20, 40)).toEqual({ x: 110, y: 70 });
    expect(worldToScreen(camera, 110, 70)).toEqual({ x: 20, y: 40 });
  });

  it('fits and centres a world', () => {
    const camera = fitCamera({ width: 24576, height: 6144 }, view);
    // The width limits: (800 − 24) / 24576.
    expect(camera.zoom).toBeCloseTo(776 / 24576);
    const centre = screenToWorld(camera, view.width / 2, view.height / 2);
    expect(centre.x).toBeCloseTo(12288);
    expect(centre.y).toBeCloseTo(3072);
  });

  it('zooms about a point, which stays put, within limits', () => {
    const limits = { min: 0.01, max: 8 };
    const camera = { x: 0, y: 0, zoom: 1 };
    const zoomed = zoomAt(camera, 2, 200, 100, limits);
    expect(zoomed.zoom).toBe(2);
    expect(screenToWorld(zoomed, 200, 100)).toEqual(screenToWorld(camera, 200, 100));
    expect(zoomAt(camera, 100, 0, 0, limits).zoom).toBe(8);
    expect(zoomAt(camera, 1e-6, 0, 0, limits).zoom).toBe(0.01);
  });

  it('zoom limits reach below the fit and up to 800%', () => {
    const limits = zoomLimits({ width: 64000, height: 64000 }, view);
    expect(limits.min).toBeLessThan(576 / 64000);
    expect(limits.max).toBe(8);
  });

  it('pans by screen pixels and centres on a world point', () => {
    expect(panBy({ x: 0, y: 0, zoom: 2 }, 20, -10)).toEqual({ x: -10, y: 5, zoom: 2 });
    const centred = centerOn({ x: 0, y: 0, zoom: 0.5 }, 1000, 2000, view);
    expect(screenToWorld(centred, 400, 300)).toEqual({ x: 1000, y: 2000 });
  });

  it('keeps part of the world on screen', () => {
    const world = { width: 1000, height: 1000 };
    const far = clampCamera({ x: 50000, y: -50000, zoom: 1 }, world, view);
    const topLeft = worldToScreen(far, 0, 0);
    const bottomRight = worldToScreen(far, 1000, 1000);
    expect(topLeft.x).toBeLessThan(view.width);
    expect(bottomRight.y).toBeGreaterThan(0);
    const inside = { x: 100, y: 100, zoom: 1 };
    expect(clampCamera(inside, world, view)).toEqual(inside);
  });

  it('keeps a level that fits wholly in view, however far it is panned', () => {
    // RETAIL01's action plane, 384 × 96 tiles of 64 px, at 3%: 737 × 184 CSS px in 800 × 600.
    const world = { width: 24576, height: 6144 };
    let camera = { ...fitCamera(world, view), zoom: 0.03 };
    for (let press = 0; press < 10; press++) {
      camera = clampCamera(panBy(camera, -0.125 * view.height, 0), world, view);
    }
    const topLeft = worldToScreen(camera, 0, 0);
    const bottomRight = worldToScreen(camera, world.width, world.height);
    expect(topLeft.x).toBeGreaterThanOrEqual(0);
    expect(topLeft.y).toBeGreaterThanOrEqual(0);
    expect(bottomRight.x).toBeLessThanOrEqual(view.width + 1e-9);
    expect(bottomRight.y).toBeLessThanOrEqual(view.height + 1e-9);
  });

  it('keeps a larger level over at least half the view, in every direction', () => {
    const world = { width: 24576, height: 6144 };
    for (const [dx, dy] of [
      [1e6, 0],
      [-1e6, 0],
      [0, 1e6],
      [0, -1e6],
    ] as const) {
      const camera = clampCamera(panBy({ x: 0, y: 0, zoom: 0.5 }, dx, dy), world, view);
      const topLeft = worldToScreen(camera, 0, 0);
      const bottomRight = worldToScreen(camera, world.width, world.height);
      const shownWidth = Math.min(view.width, bottomRight.x) - Math.max(0, topLeft.x);
      const shownHeight = Math.min(view.height, bottomRight.y) - Math.max(0, topLeft.y);
      expect(shownWidth).toBeGreaterThanOrEqual(view.width / 2);
      expect(shownHeight).toBeGreaterThanOrEqual(view.height / 2);
    }
    // The level's corner can still come to the centre.
    const corner = clampCamera(centerOn({ x: 0, y: 0, zoom: 0.5 }, 0, 0, view), world, view);
    expect(worldToScreen(corner, 0, 0)).toEqual({ x: view.width / 2, y: view.height / 2 });
  });

  it('lists only visible cells, clamped unless the axis wraps', () => {
    const grid = {
      tileWidth: 64,
      tileHeight: 64,
      tilesWide: 1000,
      tilesHigh: 1000,
      wrapX: false,
      wrapY: false,
    };
    expect(visibleCells({ x: 640, y: 0, zoom: 1 }, view, grid)).toEqual({
      col0: 10,
      col1: 23,
      row0: 0,
      row1: 10,
    });
    expect(visibleCells({ x: -200, y: -200, zoom: 1 }, view, grid)).toEqual({
      col0: 0,
      col1: 10,
      row0: 0,
      row1: 7,
    });
    const wrapped = visibleCells({ x: -200, y: 0, zoom: 1 }, view, { ...grid, wrapX: true });
    expect(wrapped.col0).toBe(-4);
    // Far outside: an empty range.
    const outside = visibleCells({ x: 1e7, y: 0, zoom: 1 }, view, grid);
    expect(outside.col1 - outside.col0).toBe(0);
  });

  it('splits a wrapped range by repetition', () => {
    expect(wrapSegments(-3, 7, 4)).toEqual([
      { from: 1, to: 4, offset: -4 },
      { from: 0, to: 4, offset: 0 },
      { from: 0, to: 3, offset: 4 },
    ]);
    expect(wrapSegments(0, 4, 4)).toEqual([{ from: 0, to: 4, offset: 0 }]);
    expect(wrapSegments(5, 5, 4)).toEqual([]);
  });

  it('formats zoom as a percentage', () => {
    expect(formatZoom(1)).toBe('100%');
    expect(formatZoom(0.125)).toBe('13%');
    expect(formatZoom(0.0316)).toBe('3.2%');
    expect(formatZoom(0.004)).toBe('0.40%');
  });
});
