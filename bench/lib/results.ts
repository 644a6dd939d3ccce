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
