import { describe, expect, it } from 'vitest';
import {
  fillRgb,
  hash32,
  hslToRgb,
  labelColor,
  logicRgb,
  packRgba,
  TileColorTable,
  tileRgb,
} from './tile-colors.ts';

describe('tile colours', () => {
  it('are stable per id and differ between neighbours', () => {
    expect(tileRgb(74)).toEqual(tileRgb(74));
    expect(tileRgb(74)).not.toEqual(tileRgb(75));
    const distinct = new Set(Array.from({ length: 200 }, (_, id) => JSON.stringify(tileRgb(id))));
    // 3,240 possible colours: a few birthday collisions among 200 ids, never between neighbours.
    expect(distinct.size).toBeGreaterThan(185);
    for (let id = 0; id < 1000; id++) expect(tileRgb(id)).not.toEqual(tileRgb(id + 1));
    expect(hash32(1)).not.toBe(hash32(2));
  });

  it('converts HSL', () => {
    expect(hslToRgb(0, 1, 0.5)).toEqual({ r: 255, g: 0, b: 0 });
    expect(hslToRgb(120, 1, 0.5)).toEqual({ r: 0, g: 255, b: 0 });
    expect(hslToRgb(240, 1, 0.25)).toEqual({ r: 0, g: 0, b: 128 });
    expect(hslToRgb(0, 0, 1)).toEqual({ r: 255, g: 255, b: 255 });
  });

  it('packs RGBA as little-endian ImageData pixels', () => {
    const pixel = new Uint8ClampedArray(
      new Uint32Array([packRgba({ r: 1, g: 2, b: 3 }, 4)]).buffer,
    );
    expect([...pixel]).toEqual([1, 2, 3, 4]);
  });

  it('gives fill colours a muted tone and logics their own colour', () => {
    const fill = fillRgb(197);
    expect(Math.max(fill.r, fill.g, fill.b) - Math.min(fill.r, fill.g, fill.b)).toBeLessThan(60);
    expect(logicRgb('Rat')).toEqual(logicRgb('Rat'));
    expect(logicRgb('Rat')).not.toEqual(logicRgb('Elevator'));
  });

  it('labels read on their background', () => {
    expect(labelColor({ r: 250, g: 250, b: 120 })).toBe('#000000');
    expect(labelColor({ r: 20, g: 20, b: 90 })).toBe('#ffffff');
  });

  it('table caches by the low 16 bits', () => {
    const table = new TileColorTable();
    expect(table.packedOf(0x0001_004a)).toBe(packRgba(tileRgb(0x4a)));
    expect(table.packedOf(0x4a)).toBe(packRgba(tileRgb(0x4a)));
  });
});
