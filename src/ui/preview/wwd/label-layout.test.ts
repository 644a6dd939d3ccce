import { describe, expect, it } from 'vitest';
import { LABEL_HEIGHT, placeLabels } from './label-layout.ts';

/** 6 px a character, as 11 px text roughly is. */
const measure = (text: string) => text.length * 6;

function boxesOverlap(labels: ReturnType<typeof placeLabels>): boolean {
  return labels.some((a, i) =>
    labels.some(
      (b, j) =>
        i < j &&
        a.x < b.x + measure(b.text) &&
        b.x < a.x + measure(a.text) &&
        Math.abs(a.y - b.y) < LABEL_HEIGHT,
    ),
  );
}

describe('placeLabels', () => {
  it('places labels right of their markers when they have room', () => {
    const placed = placeLabels(
      [
        { text: 'Rat', x: 10, y: 10 },
        { text: 'Officer', x: 10, y: 40 },
      ],
      4,
      measure,
    );
    expect(placed).toEqual([
      { text: 'Rat', x: 17, y: 10 },
      { text: 'Officer', x: 17, y: 40 },
    ]);
  });

  it('leaves out labels that would overlap one already placed, the first asked winning', () => {
    // Objects 20 px apart on a row, as at 50% zoom: "TreasurePowerup" is 90 px wide.
    const crowd = Array.from({ length: 20 }, (_, i) => ({
      text: i === 0 ? 'Hovered' : 'TreasurePowerup',
      x: i * 20,
      y: 100 + (i % 2) * 4,
    }));
    const placed = placeLabels(crowd, 4, measure);
    expect(placed[0]?.text).toBe('Hovered');
    expect(placed.length).toBeGreaterThan(1);
    expect(placed.length).toBeLessThan(crowd.length);
    expect(boxesOverlap(placed)).toBe(false);
  });

  it('skips empty labels', () => {
    expect(placeLabels([{ text: '', x: 0, y: 0 }], 4, measure)).toEqual([]);
  });
});
