import { describe, expect, it } from 'vitest';
import { hoverAt } from './hover.ts';
import { buildScene } from './scene.ts';
import { testLevel } from './testing/levels.ts';

const options = { showOverlay: false, showObjects: true, showNoDraw: false };
const view = { width: 800, height: 600 };
const camera = { x: 0, y: 0, zoom: 1 };

describe('hover', () => {
  it('reads the cell, the attribute at the pixel and the object under the point', async () => {
    const scene = buildScene(await testLevel(), 1, options);
    const inside = hoverAt(scene, camera, { x: 64 + 39, y: 64 + 54 }, view, false)!;
    expect(inside.cell).toMatchObject({ col: 1, row: 1, value: 2 });
    // Tile 2 is double: clear inside (0, 0)–(39, 54), solid outside; the overlay need not be on.
    expect(inside.attribute).toBe(0);
    expect(hoverAt(scene, camera, { x: 64 + 40, y: 64 }, view, false)!.attribute).toBe(1);
    expect(hoverAt(scene, camera, { x: 161, y: 131 }, view, false)!.object).toEqual({
      plane: 1,
      index: 0,
    });
    expect(hoverAt(scene, camera, { x: 5, y: 5 }, view, false)!.object).toBeNull();
    expect(hoverAt(scene, camera, { x: 700, y: 500 }, view, false)!.cell).toBeNull();
  });

  it('has no attributes off the main plane', async () => {
    const scene = buildScene(await testLevel(), 0, options);
    const info = hoverAt(scene, camera, { x: 70, y: 10 }, view, true)!;
    expect(info.cell?.value).toBe(5);
    expect(info.attribute).toBeNull();
    expect(info.byKeyboard).toBe(true);
  });
});
