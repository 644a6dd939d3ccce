import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedByteRanges, diffLines } from './line-diff.ts';

describe('diffLines', () => {
  it('keeps common lines and marks the removed and added ones with their line numbers', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'b', oldLine: 2, newLine: null },
      { kind: 'added', text: 'B', oldLine: null, newLine: 2 },
      { kind: 'same', text: 'c', oldLine: 3, newLine: 3 },
      { kind: 'added', text: 'd', oldLine: null, newLine: 4 },
    ]);
  });

  it('rebuilds both sides from its lines', () => {
    const lines = fc.array(fc.constantFrom('x', 'y', 'z', ''), { maxLength: 12 });
    fc.assert(
      fc.property(lines, lines, (left, right) => {
        const result = diffLines(left.join('\n'), right.join('\n'));
        const side = (kind: 'removed' | 'added') =>
          result
            .filter((line) => line.kind !== kind)
            .map((line) => line.text)
            .join('\n');
        expect(side('added')).toBe(left.join('\n'));
        expect(side('removed')).toBe(right.join('\n'));
      }),
    );
  });
});

describe('changedByteRanges', () => {
  it('finds runs of differing bytes and the tail of the longer side', () => {
    const before = new Uint8Array([1, 2, 3, 4, 5, 6]);
    const after = new Uint8Array([1, 9, 9, 4, 5, 7, 8, 8]);
    expect(changedByteRanges(before, after)).toEqual([
      { start: 1, end: 3 },
      { start: 5, end: 8 },
    ]);
    expect(changedByteRanges(before, before)).toEqual([]);
  });
});
