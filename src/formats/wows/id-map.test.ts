/** The id map of a merged build: ids in, the value first given back, across grows. */
import { describe, expect, it } from 'vitest';
import { IdMap } from './id-map.ts';

/** Ids as a build has them: well-mixed 64-bit halves. */
function ids(count: number, seed: number): [number, number][] {
  const out: [number, number][] = [];
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  for (let i = 0; i < count; i++) out.push([next(), next()]);
  return out;
}

describe('IdMap', () => {
  it('keeps the first value of each id, from a small start through many grows', () => {
    const map = new IdMap(1);
    const all = ids(5_000, 1);
    all.forEach(([lo, hi], value) => expect(map.setIfAbsent(lo, hi, value)).toBe(value));
    // Set again: the first value stays.
    all.forEach(([lo, hi], value) => expect(map.setIfAbsent(lo, hi, value + 1)).toBe(value));
    expect(map.size).toBe(5_000);
    all.forEach(([lo, hi], value) => expect(map.get(lo, hi)).toBe(value));
    expect(map.get(1, 2)).toBe(-1);
  });

  it('reserve makes room at once and keeps what the map held', () => {
    const map = new IdMap(1);
    const first = ids(40, 2);
    first.forEach(([lo, hi], value) => map.setIfAbsent(lo, hi, value));
    map.reserve(10_000);
    const more = ids(9_000, 3);
    more.forEach(([lo, hi], value) => map.setIfAbsent(lo, hi, 100 + value));
    first.forEach(([lo, hi], value) => expect(map.get(lo, hi)).toBe(value));
    more.forEach(([lo, hi], value) => expect(map.get(lo, hi)).toBe(100 + value));
    expect(map.size).toBe(9_040);
    // Reserving less than it holds changes nothing.
    map.reserve(10);
    expect(map.get(first[0]![0], first[0]![1])).toBe(0);
  });
});
