import { describe, expect, it } from 'vitest';
import {
  attributeAt,
  attributeName,
  attributeRgba,
  describeProperty,
  dominantAttribute,
  propertyRects,
} from './attributes.ts';
import type { WwdTileProperty } from './level-types.ts';

/** Records as the reader gives them; only what the functions read matters. */
const base = { span: { offset: 0, length: 0 }, unknown04: 0, width: 64, height: 64 };

function single(index: number, attribute: number): WwdTileProperty {
  return { ...base, kind: 'single', index, attribute };
}

function double(
  index: number,
  outside: number,
  inside: number,
  [left, top, right, bottom]: [number, number, number, number],
): WwdTileProperty {
  return { ...base, kind: 'double', index, outside, inside, rect: { left, top, right, bottom } };
}

const mask: WwdTileProperty = {
  kind: 'mask',
  index: 9,
  span: { offset: 0, length: 0 },
  unknown04: 0,
  width: 2,
  height: 2,
  mask: Uint8Array.of(0, 1, 1, 4),
};

describe('tile attributes', () => {
  it('names the five attributes and shows the rest as numbers', () => {
    expect(
      ['clear', 'solid', 'ground', 'climb', 'death'].map((_, value) => attributeName(value)),
    ).toEqual(['clear', 'solid', 'ground', 'climb', 'death']);
    expect(attributeName(0x20)).toBe('user 32');
    expect(attributeName(7)).toBe('attribute 7');
  });

  it('uses the WapMap colours, clear not drawn', () => {
    expect(attributeRgba(0)).toBeNull();
    expect(attributeRgba(1)).toEqual([0, 0, 255, 0x77]);
    expect(attributeRgba(4)).toEqual([255, 0, 0, 0x77]);
    expect(attributeRgba(99)).toEqual([255, 255, 255, 0x77]);
  });

  it('reads double rects inclusively, and masks per pixel', () => {
    const property = double(74, 1, 0, [0, 0, 39, 54]);
    expect(attributeAt(property, 39, 54)).toBe(0);
    expect(attributeAt(property, 40, 54)).toBe(1);
    expect(attributeAt(property, 39, 55)).toBe(1);
    expect(attributeAt(mask, 1, 1)).toBe(4);
    expect(attributeAt(mask, 5, 0)).toBe(0);
  });

  it('splits a double record into the inside and four strips that cover the tile', () => {
    const rects = propertyRects(double(2, 1, 3, [10, 20, 29, 39]), 64, 64)!;
    const area = rects.reduce((sum, rect) => sum + rect.width * rect.height, 0);
    expect(area).toBe(64 * 64);
    expect(rects[0]).toEqual({ attribute: 3, left: 10, top: 20, width: 20, height: 20 });
    expect(rects.slice(1).every((rect) => rect.attribute === 1)).toBe(true);
    // A rect touching the top-left corner leaves two strips.
    expect(propertyRects(double(74, 1, 0, [0, 0, 39, 54]), 64, 64)).toHaveLength(3);
    // An inverted rect means all outside.
    expect(propertyRects(double(5, 2, 0, [10, 10, 5, 5]), 64, 64)).toEqual([
      { attribute: 2, left: 0, top: 0, width: 64, height: 64 },
    ]);
    expect(propertyRects(single(1, 1), 64, 64)).toEqual([
      { attribute: 1, left: 0, top: 0, width: 64, height: 64 },
    ]);
    expect(propertyRects(mask, 64, 64)).toBeNull();
  });

  it('picks the attribute covering most of a tile for zoomed-out views', () => {
    expect(dominantAttribute(single(1, 3))).toBe(3);
    // Inside (clear) is 40 × 55 of 64 × 64: the solid outside is smaller, but clear never wins.
    expect(dominantAttribute(double(74, 1, 0, [0, 0, 39, 54]))).toBe(1);
    expect(dominantAttribute(double(7, 1, 2, [0, 0, 62, 62]))).toBe(2);
    expect(dominantAttribute(mask)).toBe(1);
  });

  it('describes records in one line', () => {
    expect(describeProperty(single(1, 1))).toBe('single: solid');
    expect(describeProperty(double(74, 1, 0, [0, 0, 39, 54]))).toBe(
      'double: solid outside, clear inside (0, 0)–(39, 54)',
    );
    expect(describeProperty(mask)).toBe('mask 2 × 2: clear, solid, death');
  });
});
