import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle.ts';

describe('createThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(intervalMs = 100) {
    const applied: number[] = [];
    const throttle = createThrottle<number>(
      (value) => applied.push(value),
      intervalMs,
      () => Date.now(),
    );
    return { applied, throttle };
  }

  it('applies the first value at once, then the last one of each interval', () => {
    const { applied, throttle } = setup();
    throttle.push(1);
    expect(applied).toEqual([1]);
    throttle.push(2);
    vi.advanceTimersByTime(40);
    throttle.push(3);
    expect(applied).toEqual([1]);
    vi.advanceTimersByTime(60);
    expect(applied).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    expect(applied).toEqual([1, 3]);
    throttle.push(4); // the interval has long passed
    expect(applied).toEqual([1, 3, 4]);
  });

  it('applies an urgent value at once and drops the kept one', () => {
    const { applied, throttle } = setup();
    throttle.push(1);
    throttle.push(2);
    throttle.push(3, true);
    expect(applied).toEqual([1, 3]);
    vi.advanceTimersByTime(1000);
    expect(applied).toEqual([1, 3]);
  });

  it('applies nothing more once cancelled', () => {
    const { applied, throttle } = setup();
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    expect(applied).toEqual([1]);
  });
});
