/**
 * Mutated samples through the whole session path — open, walk every node, read every
 * content, verify, view — seeded with fast-check and the fuzzer's mutations
 * (fuzz/mutations.ts). Each case must end in a session or a FormatError within the budget;
 * any other exception, a case over budget, or an inconsistent session (checks.ts: the sink
 * and the table agree; with no fatal error, spans lie inside the file) fails with the
 * fast-check seed and path and the input's first bytes.
 */
import fc from 'fast-check';
import { FormatError } from '../../binary/format-error.ts';
import { applyMutations, mutationArbitrary } from '../fuzz/mutations.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { hexHead } from '../fuzz/run-fuzz.ts';
import type { FormatModule } from '../model.ts';
import { checkAll } from './checks.ts';
import { openSample } from './open.ts';
import type { Sample } from './subjects.ts';

export interface MutatedOptions {
  seed: number;
  numRuns: number;
  /** Wall time one case (open, walk, read, verify) may take. */
  budgetMs: number;
}

export interface MutatedStats {
  runs: number;
  /** Cases that opened without a fatal error. */
  opened: number;
  /** Cases that opened with a fatal error (the nodes read so far kept). */
  partial: number;
  /** Cases whose open threw: FormatError codes. */
  refused: Record<string, number>;
  slowestMs: number;
}

/** Opens and walks one input; returns how it ended, throws on anything but a FormatError. */
async function exerciseSession(
  module: FormatModule,
  sample: Sample,
  bytes: Uint8Array,
): Promise<'opened' | 'partial' | FormatError> {
  let opened;
  try {
    opened = await openSample(module, { name: sample.file.name, bytes }, sample.companions);
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  const { session, record, sources } = opened;
  const problems = await checkAll({ session, sources, isValid: false }, module.id, record);
  if (problems.length > 0)
    throw new Error(`inconsistent session: ${problems.slice(0, 5).join('; ')}`);
  return session.fatal ? 'partial' : 'opened';
}

/**
 * Runs mutated cases of `samples`; without a fuzz target (the raw format) the samples go
 * in as they are, or replaced by random bytes.
 */
export async function runMutated(
  module: FormatModule,
  target: FuzzTarget | null,
  samples: readonly Sample[],
  options: MutatedOptions,
): Promise<MutatedStats> {
  if (samples.length === 0) throw new Error(`${module.id}: no samples to mutate`);
  const stats: MutatedStats = { runs: 0, opened: 0, partial: 0, refused: {}, slowestMs: 0 };
  const input = fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(
          fc.nat(samples.length - 1),
          fc.array(mutationArbitrary, { minLength: 1, maxLength: 5 }),
        )
        .map(([index, mutations]) => {
          const sample = samples[index]!;
          const bytes = sample.file.bytes;
          return { sample, bytes: target ? applyMutations(target, bytes, mutations) : bytes };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat(samples.length - 1), fc.uint8Array({ maxLength: 2048 }))
        .map(([index, bytes]) => ({ sample: samples[index]!, bytes })),
    },
  );
  await fc.assert(
    fc.asyncProperty(input, async ({ sample, bytes }) => {
      stats.runs++;
      const started = performance.now();
      let outcome;
      try {
        outcome = await exerciseSession(module, sample, bytes);
      } catch (error) {
        const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(
          `${module.id}: ${what} for input ${hexHead(bytes)}… (${bytes.length} bytes)`,
          {
            cause: error,
          },
        );
      }
      if (outcome instanceof FormatError) {
        stats.refused[outcome.code] = (stats.refused[outcome.code] ?? 0) + 1;
      } else stats[outcome]++;
      const elapsed = performance.now() - started;
      stats.slowestMs = Math.max(stats.slowestMs, elapsed);
      if (elapsed > options.budgetMs) {
        throw new Error(
          `${module.id}: case took ${elapsed.toFixed(0)} ms (budget ${options.budgetMs}) for input ${hexHead(bytes)}…`,
        );
      }
    }),
    { seed: options.seed, numRuns: options.numRuns, endOnFailure: true },
  );
  return stats;
}
