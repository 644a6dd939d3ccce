/** Shapes of bench/results.json. */

/** One measured figure (absolute). */
export interface Figure {
  id: string;
  label: string;
  value: number;
  unit: string;
}

/** One target: measured against a native baseline (ratio) or an absolute bound. */
export interface TargetResult {
  id: string;
  label: string;
  measured: number;
  unit: string;
  /** Native baseline in the same unit, when the target is a ratio. */
  baseline: number | null;
  /** measured / baseline (or baseline / measured for times: always "higher is better" for throughput, "lower" for times). */
  ratio: number | null;
  /** Human form of the target, e.g. `≤ 300 ms`, `≥ 0.6× native`. */
  target: string;
  /** null when it could not be measured. */
  met: boolean | null;
  note: string;
}

export interface ScenarioReport {
  figures: Figure[];
  targets: TargetResult[];
  notes: string[];
}

export function emptyReport(): ScenarioReport {
  return { figures: [], targets: [], notes: [] };
}

export const round = (value: number, digits = 1): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export const MB = 1e6;

/**
 * A frame time that counts as on time: rAF timestamps jitter by a few tenths of a
 * millisecond around 16.67 ms at 60 Hz, and a frame that misses its vsync shows as 33 ms.
 */
export const ON_TIME_FRAME_MS = 17.5;

/** p95, p50 and max of frame times as figures `${id}_p95_ms`, `_p50_ms`, `_max_ms`. */
export function frameTimeFigures(
  id: string,
  what: string,
  frames: readonly number[],
  p95Note: string,
  percentile: (values: readonly number[], p: number) => number,
): Figure[] {
  return [
    {
      id: `${id}_p95_ms`,
      label: `${what} frame time p95 (${p95Note})`,
      value: round(percentile(frames, 95)),
      unit: 'ms',
    },
    {
      id: `${id}_p50_ms`,
      label: `${what} frame time p50`,
      value: round(percentile(frames, 50)),
      unit: 'ms',
    },
    {
      id: `${id}_max_ms`,
      label: `${what} frame time max`,
      value: round(Math.max(...frames)),
      unit: 'ms',
    },
  ];
}

/** The target every scenario has: no main-thread task over 50 ms while it ran. */
export function longestTaskTarget(
  id: string,
  label: string,
  longest: number,
  note: string,
): TargetResult {
  return {
    id,
    label,
    measured: round(longest),
    unit: 'ms',
    baseline: null,
    ratio: null,
    target: '≤ 50 ms',
    met: longest <= 50,
    note,
  };
}

/** `min–max` of a list, with `digits` decimals (the spread of a set of runs). */
export const spread = (values: readonly number[], digits = 0): string =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
