import { describe, expect, it } from 'vitest';
import { keyTarget } from './focus-keys.ts';

describe('keyTarget', () => {
  it('moves by one, by a page and to the ends, always onto an item', () => {
    expect(keyTarget('ArrowDown', 3, 10, 4)).toBe(4);
    expect(keyTarget('ArrowUp', 3, 10, 4)).toBe(2);
    expect(keyTarget('PageDown', 3, 10, 4)).toBe(7);
    expect(keyTarget('PageDown', 8, 10, 4)).toBe(9);
    expect(keyTarget('PageUp', 3, 10, 4)).toBe(0);
    expect(keyTarget('Home', 3, 10, 4)).toBe(0);
    expect(keyTarget('End', 3, 10, 4)).toBe(9);
    expect(keyTarget('ArrowUp', 0, 10, 4)).toBe(0);
  });

  it('is null for other keys and for no items', () => {
    expect(keyTarget('Enter', 3, 10, 4)).toBeNull();
    expect(keyTarget('ArrowLeft', 3, 10, 4)).toBeNull();
    expect(keyTarget('End', 0, 0, 4)).toBeNull();
  });
});
