import { describe, expect, it } from 'vitest';
import { movedIndex } from './gallery-keys.ts';

const shape = { count: 10, columns: 4, rowsPerPage: 2 };

describe('gallery keyboard', () => {
  it('moves by a cell and by a row, staying inside the grid', () => {
    expect(movedIndex(1, 'ArrowRight', false, shape)).toBe(2);
    expect(movedIndex(0, 'ArrowLeft', false, shape)).toBe(0);
    expect(movedIndex(1, 'ArrowDown', false, shape)).toBe(5);
    // The last row is short: down from a cell above a gap stays put.
    expect(movedIndex(7, 'ArrowDown', false, shape)).toBe(7);
    expect(movedIndex(5, 'ArrowDown', false, shape)).toBe(9);
    expect(movedIndex(2, 'ArrowUp', false, shape)).toBe(0);
    expect(movedIndex(9, 'ArrowRight', false, shape)).toBe(9);
  });

  it('goes to the ends of a row, of the grid, and by pages', () => {
    expect(movedIndex(6, 'Home', false, shape)).toBe(4);
    expect(movedIndex(5, 'End', false, shape)).toBe(7);
    expect(movedIndex(9, 'End', false, shape)).toBe(9);
    expect(movedIndex(6, 'Home', true, shape)).toBe(0);
    expect(movedIndex(1, 'End', true, shape)).toBe(9);
    expect(movedIndex(1, 'PageDown', false, shape)).toBe(9);
    expect(movedIndex(9, 'PageUp', false, shape)).toBe(1);
  });

  it('ignores other keys and an empty grid', () => {
    expect(movedIndex(1, 'a', false, shape)).toBeNull();
    expect(movedIndex(0, 'ArrowRight', false, { ...shape, count: 0 })).toBeNull();
  });
});
