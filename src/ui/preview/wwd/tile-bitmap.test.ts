import { describe, expect, it } from 'vitest';
import { attributeRgba } from './attributes.ts';
import { attributePainter, gridPieces, tilePainter } from './tile-bitmap.ts';
import { packRgba, TileColorTable, tileRgb } from './tile-colors.ts';
import { testLevel } from './testing/levels.ts';

describe('tile bitmaps', () => {
  it('paints one pixel per tile: empty transparent, fill in the fill colour', async () => {
    const level = await testLevel();
    const action = level.planes[1]!;
    const out = new Uint32Array(4 * 2);
    tilePainter(action, new TileColorTable(), 0x12345678)(0, 1, 4, 2, out);
    expect(out[0]).toBe(0);
    expect(out[1]).toBe(packRgba(tileRgb(2)));
    expect(out[4]).toBe(packRgba(tileRgb(1)));
    const background = new Uint32Array(2);
    tilePainter(level.planes[0]!, new TileColorTable(), 0x12345678)(0, 0, 2, 1, background);
    expect(background[0]).toBe(0x12345678);
  });

  it('paints the dominant attribute of each tile', async () => {
    const level = await testLevel();
    const out = new Uint32Array(4);
    attributePainter(level.planes[1]!, level.tileProperties!.records)(0, 2, 4, 1, out);
    const [r, g, b, a] = attributeRgba(1)!;
    expect(out[0]).toBe(((a << 24) | (b << 16) | (g << 8) | r) >>> 0);
    const clear = new Uint32Array(4);
    attributePainter(level.planes[1]!, level.tileProperties!.records)(0, 0, 4, 1, clear);
    expect([...clear]).toEqual([0, 0, 0, 0]);
  });

  it('splits a wrapped view into pieces per repetition', async () => {
    const pieces = gridPieces({ col0: -2, col1: 6, row0: 0, row1: 1 }, 4, 1);
    expect(pieces.cols).toHaveLength(3);
    expect(pieces.rows).toEqual([{ from: 0, to: 1, offset: 0 }]);
  });
});
