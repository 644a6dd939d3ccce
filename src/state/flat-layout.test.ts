import { describe, expect, it } from 'vitest';
import { buildLayout, flatIndexOf, locate } from './flat-layout.ts';

const layout = buildLayout([
  { id: 'a', isExpanded: true, rowCount: 3 },
  { id: 'b', isExpanded: false, rowCount: 100 },
  { id: 'c', isExpanded: true, rowCount: 0 },
  { id: 'd', isExpanded: true, rowCount: 2 },
]);

describe('flat layout', () => {
  it('puts each file row before its rows', () => {
    expect(layout.totalRows).toBe(4 + 1 + 1 + 3);
    expect(layout.segments.map((segment) => [segment.fileId, segment.start])).toEqual([
      ['a', 0],
      ['b', 4],
      ['c', 5],
      ['d', 6],
    ]);
  });

  it('maps flat indices to rows and back', () => {
    for (let flat = 0; flat < layout.totalRows; flat++) {
      const position = locate(layout, flat);
      if (!position) throw new Error(`nothing at ${flat}`);
      const rowIndex = position.rowIndex < 0 ? null : position.rowIndex;
      expect(flatIndexOf(layout, position.segment.fileId, rowIndex)).toBe(flat);
    }
    expect(locate(layout, 1)).toMatchObject({ segment: { fileId: 'a' }, rowIndex: 0 });
    expect(locate(layout, 9)).toBeUndefined();
    expect(locate(layout, -1)).toBeUndefined();
  });

  it('says -1 for rows that are not shown', () => {
    expect(flatIndexOf(layout, 'b', 0)).toBe(-1);
    expect(flatIndexOf(layout, 'a', 3)).toBe(-1);
    expect(flatIndexOf(layout, 'a', -1)).toBe(-1);
    expect(flatIndexOf(layout, 'zz', null)).toBe(-1);
  });
});
