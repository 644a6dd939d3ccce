/**
 * Runs a fuzz target: mutated seeds and random bytes go through the decoder, and each case
 * must end within a time budget with a result or a FormatError. Anything else (another
 * exception, a case over budget, a large retained allocation) fails with a reproducible
 * description (the fast-check seed and path, and the input's first bytes).
 */
import fc from 'fast-check';
import { FormatError } from '../../binary/format-error.ts';
import type { FuzzTarget } from './fuzz-target.ts';
import { applyMutations, mutationArbitrary } from './mutations.ts';

export interface FuzzOptions {
  seed: number;
  numRuns: number;
  /** Wall time one case may take. */
  budgetMs: number;
  /** Bytes of ArrayBuffer memory a case may leave allocated (inputs are a few KiB). */
  retainedLimit?: number;
}

export interface FuzzStats {
  format: string;
  runs: number;
  /** Cases that decoded without a fatal error. */
  decoded: number;
  /** FormatError count by code. */
  errorCodes: Record<string, number>;
  slowestMs: number;
}

/** The first 48 bytes in hex, to name a failing input in a message. */
export function hexHead(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 48), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function externalBytes(): number {
  const usage = (globalThis as { process?: { memoryUsage(): { arrayBuffers: number } } }).process;
  return usage ? usage.memoryUsage().arrayBuffers : 0;
}

export async function fuzzTarget(target: FuzzTarget, options: FuzzOptions): Promise<FuzzStats> {
  const seeds = await target.seeds();
  if (seeds.length === 0) throw new Error(`${target.format}: no seed files`);
  const stats: FuzzStats = {
    format: target.format,
    runs: 0,
    decoded: 0,
    errorCodes: {},
    slowestMs: 0,
  };
  const retainedLimit = options.retainedLimit ?? 256 * 1024 * 1024;
  const input = fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(
          fc.nat(seeds.length - 1),
          fc.array(mutationArbitrary, { minLength: 1, maxLength: 5 }),
        )
        .map(([index, mutations]) => applyMutations(target, seeds[index]!, mutations)),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }) },
  );

  await fc.assert(
    fc.asyncProperty(input, async (bytes) => {
      stats.runs++;
      const before = externalBytes();
      const started = performance.now();
      try {
        await target.exercise(bytes);
        stats.decoded++;
      } catch (error) {
        if (!(error instanceof FormatError)) {
          const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          throw new Error(
            `${target.format}: not a FormatError (${what}) for input ${hexHead(bytes)}…`,
            { cause: error },
          );
        }
        stats.errorCodes[error.code] = (stats.errorCodes[error.code] ?? 0) + 1;
      }
      const elapsed = performance.now() - started;
      stats.slowestMs = Math.max(stats.slowestMs, elapsed);
      if (elapsed > options.budgetMs) {
        throw new Error(
          `${target.format}: case took ${elapsed.toFixed(0)} ms (budget ${options.budgetMs}) for input ${hexHead(bytes)}…`,
        );
      }
      const retained = externalBytes() - before;
      if (retained > retainedLimit) {
        throw new Error(
          `${target.format}: case left ${retained} bytes allocated for input ${hexHead(bytes)}…`,
        );
      }
    }),
    { seed: options.seed, numRuns: options.numRuns, endOnFailure: true },
  );
  return stats;
}
