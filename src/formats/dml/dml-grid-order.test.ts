/**
 * The grid's sort: u32 columns take the radix sort, other numbers the comparator;
 * both give the order the grid promises (by value, ties in file order, no value last).
 */
import { describe, expect, it } from 'vitest';
import { sortedRows } from './grid-order.ts';

type Value = number | null;

/** The promised order, written plainly. */
function expected(values: readonly Value[], isDescending: boolean): number[] {
  const isMissing = (value: Value) => value === null || Number.isNaN(value);
  const rows = values.map((_, row) => row);
  return rows.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    if (isMissing(x) || isMissing(y)) return Number(isMissing(x)) - Number(isMissing(y)) || a - b;
    return (isDescending ? y - x : x - y) || a - b;
  });
}

/** A number in [0, 1) that looks random, the same for the same `at` (a multiplicative hash). */
const scattered = (at: number) => (Math.imul(at + 1, 0x9e3779b1) >>> 0) / 2 ** 32;

describe('sortedRows of a number column', () => {
  const u32 = Array.from({ length: 5_000 }, (_, row): Value => {
    if (row % 97 === 0) return null;
    // Few distinct values among many: ties, and the ends of the u32 range.
    const pick = scattered(row);
    return pick < 0.1
      ? 0
      : pick < 0.2
        ? 2 ** 32 - 1
        : Math.floor(scattered(row + 7_919) * 50) * 85_000_000;
  });

  it.each([false, true])('u32 values, ties and no values (descending %s)', (isDescending) => {
    expect([...sortedRows('number', u32, isDescending)]).toEqual(expected(u32, isDescending));
  });

  // A radix pass is skipped when every key has the same digit there: keys that differ only
  // in their low 16 bits, only in their high 16 bits, or not at all.
  it.each([
    ['low digits', (row: number) => Math.floor(scattered(row) * 40_000)],
    ['high digits', (row: number) => Math.floor(scattered(row) * 40_000) * 65_536],
    ['one value', () => 123_456_789],
    ['both digits, few ties', (row: number) => Math.floor(scattered(row) * 2 ** 32)],
  ])('u32 values differing in %s', (_, valueOf) => {
    const values = Array.from({ length: 3_000 }, (_, row): Value =>
      row % 89 === 0 ? null : valueOf(row),
    );
    for (const isDescending of [false, true]) {
      expect([...sortedRows('number', values, isDescending)]).toEqual(
        expected(values, isDescending),
      );
    }
  });

  it.each([false, true])(
    'negative, fractional and NaN values too (descending %s)',
    (isDescending) => {
      const mixed = u32.map((value, row): Value =>
        row % 5 === 0
          ? -(value ?? 1)
          : row % 7 === 0
            ? 0.5 + (value ?? 0)
            : row % 11 === 0
              ? NaN
              : value,
      );
      expect([...sortedRows('number', mixed, isDescending)]).toEqual(expected(mixed, isDescending));
    },
  );

  it('every row once, none when there are none', () => {
    expect([...sortedRows('number', [], false)]).toEqual([]);
    expect([...sortedRows('number', [null, null], true)]).toEqual([0, 1]);
  });
});
