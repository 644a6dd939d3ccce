import { describe, expect, it } from 'vitest';
import {
  attributeAtCell,
  cellAt,
  cellValueText,
  defaultPlaneIndex,
  drawOrder,
  mainPlaneIndex,
  planeSummary,
  stackedWorldSize,
} from './level-model.ts';
import { buildScene, listedPlanes } from './scene.ts';
import { draftWwdPlane } from '../../../formats/wwd/draft.ts';
import { levelOfPlanes, testLevel } from './testing/levels.ts';

const options = { showOverlay: true, showObjects: true, showNoDraw: false };

describe('planes', () => {
  it('finds the main plane by its flag and orders planes by z, then file order', async () => {
    const level = await testLevel();
    expect(mainPlaneIndex(level.planes)).toBe(1);
    expect(defaultPlaneIndex(level.planes)).toBe(1);
    const { planes } = await levelOfPlanes(
      [0, -5, 0].map((zCoord) => draftWwdPlane({ tilesWide: 2, tilesHigh: 2, zCoord })),
    );
    expect(drawOrder(planes)).toEqual([1, 0, 2]);
    expect(defaultPlaneIndex(planes)).toBe(0);
  });

  it('summarises a plane', async () => {
    expect(planeSummary((await testLevel()).planes[1]!)).toBe(
      'Action · 4 × 3 tiles of 64 × 64 px · z 0 · main',
    );
  });

  it('sizes a stack by its planes that do not wrap', async () => {
    const level = await testLevel();
    // Front (8 × 1, wrap X) is ignored: the world is Action's 4 × 3 tiles.
    expect(stackedWorldSize(level.planes)).toEqual({ width: 256, height: 192 });
  });

  it('finds the cell and attribute under a world point', async () => {
    const level = await testLevel();
    const action = level.planes[1]!;
    const properties = level.tileProperties!.records;
    const cell = cellAt(action, 64 + 39, 64 + 54)!;
    expect(cell).toMatchObject({ col: 1, row: 1, value: 2, pixelX: 39, pixelY: 54 });
    expect(attributeAtCell(cell, action, properties)).toBe(0);
    expect(attributeAtCell(cellAt(action, 64 + 40, 64)!, action, properties)).toBe(1);
    expect(cellAt(action, -1, 0)).toBeNull();
    expect(cellAt(action, 4 * 64, 0)).toBeNull();
    // Wrapped planes repeat when asked to.
    const front = level.planes[2]!;
    expect(cellAt(front, -10, 10, true)?.col).toBe(7);
    expect(cellAt(front, -10, 10, false)).toBeNull();
  });

  it('describes cell values', async () => {
    const background = (await testLevel()).planes[0]!;
    expect(cellValueText(0xffffffff, background)).toBe('empty (0xFFFFFFFF)');
    expect(cellValueText(0xeeeeeeee, background)).toBe('filled (0xEEEEEEEE, palette index 197)');
    expect(cellValueText(74, background)).toBe('tile 74');
    expect(cellValueText(0x0002_004a, background)).toBe('tile 74 (image-set word 2)');
  });
});

describe('scene', () => {
  it('one plane: its own grid, overlay and start only on the main plane', async () => {
    const level = await testLevel();
    const action = buildScene(level, 1, options);
    expect(action.layers).toHaveLength(1);
    expect(action.world).toEqual({ width: 256, height: 192 });
    expect(action.overlay?.plane.name).toBe('Action');
    expect(action.start).toEqual({ x: 96, y: 160 });
    expect(action.objectPlanes.map((plane) => plane.name)).toEqual(['Action']);
    const background = buildScene(level, 0, options);
    expect(background.overlay).toBeNull();
    expect(background.start).toBeNull();
    expect(background.objectPlanes).toEqual([]);
    expect(background.layers[0]).toMatchObject({ wrapX: false, wrapY: false, isFocus: true });
  });

  it('all planes: z order, wrapped planes repeat, planes above the main one translucent', async () => {
    const scene = buildScene(await testLevel(), 'all', options);
    expect(scene.layers.map((layer) => layer.plane.name)).toEqual([
      'Background',
      'Action',
      'Front',
    ]);
    expect(scene.layers.map((layer) => layer.alpha)).toEqual([0.4, 1, 0.6]);
    expect(scene.layers[0]).toMatchObject({ wrapX: true, wrapY: true, isFocus: false });
    expect(scene.focus?.name).toBe('Action');
  });

  it('hides no-draw planes unless asked', async () => {
    const level = await testLevel();
    level.planes[2]!.flags |= 0x02;
    expect(buildScene(level, 'all', options).layers).toHaveLength(2);
    expect(buildScene(level, 'all', { ...options, showNoDraw: true }).layers).toHaveLength(3);
  });

  it('toggles leave out the overlay and the markers', async () => {
    const scene = buildScene(await testLevel(), 1, {
      showOverlay: false,
      showObjects: false,
      showNoDraw: false,
    });
    expect(scene.overlay).toBeNull();
    expect(scene.objectPlanes).toEqual([]);
  });

  it('lists the objects of the shown planes', async () => {
    const level = await testLevel();
    expect(listedPlanes(level, 0)).toHaveLength(1);
    expect(listedPlanes(level, 0)[0]!.objects).toHaveLength(0);
    expect(listedPlanes(level, 'all').map((plane) => plane.name)).toEqual(['Action']);
  });

  it('an out-of-range plane gives an empty scene', async () => {
    expect(buildScene(await testLevel(), 7, options).layers).toEqual([]);
  });
});
