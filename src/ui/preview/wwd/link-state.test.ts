import { describe, expect, it } from 'vitest';
import { levelLinkParams, readLevelLink } from './link-state.ts';
import { testLevel } from './testing/levels.ts';

describe('level link state', () => {
  it('writes the plane, zoom, centre and object, and reads them back', async () => {
    const level = await testLevel();
    const camera = { x: 100, y: 50, zoom: 1.23456 };
    const params = levelLinkParams(
      'all',
      camera,
      { width: 400, height: 200 },
      {
        plane: 1,
        index: 1,
      },
    );
    // The centre is the world point in the middle of the 400 × 200 view.
    expect(params).toEqual({ plane: 'all', zoom: '123.46', x: '262', y: '131', object: '1:1' });
    expect(readLevelLink(params, level)).toEqual({
      mode: 'all',
      zoom: 1.2346,
      center: { x: 262, y: 131 },
      selected: { plane: 1, index: 1 },
    });
    // No camera yet (the map has no size): only the plane and object.
    expect(levelLinkParams(2, null, { width: 0, height: 0 }, null)).toEqual({ plane: '2' });
  });

  it('drops what does not fit the level or is not a number', async () => {
    const level = await testLevel();
    expect(
      readLevelLink({ plane: '9', zoom: '-5', x: '1e9', y: '2', object: '1:99' }, level),
    ).toEqual({ mode: null, zoom: null, center: null, selected: null });
    expect(readLevelLink({ plane: '0x1', zoom: 'Infinity', object: '1:' }, level)).toEqual({
      mode: null,
      zoom: null,
      center: null,
      selected: null,
    });
    // One plane shown: an object of another plane is not selected.
    expect(readLevelLink({ plane: '0', object: '1:0' }, level).selected).toBeNull();
    expect(readLevelLink({ plane: '1', object: '1:0' }, level).selected).toEqual({
      plane: 1,
      index: 0,
    });
  });
});
