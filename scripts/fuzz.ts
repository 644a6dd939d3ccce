/**
 * `npm run fuzz -- [ITERATIONS] [--seed N] [--format NAME]`: the long fuzz run. Every
 * decoder's target runs ITERATIONS cases (default 100,000); a case that ends in anything
 * but a result or a FormatError within the budget stops the run with a reproducible report
 * (seed, fast-check path, input bytes). Results go in docs/RELIABILITY.md by hand.
 */
import { fuzzTarget } from '../src/formats/fuzz/run-fuzz.ts';
import { loadFuzzTargets } from '../src/formats/fuzz/targets.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const positional = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
const iterations = Number(positional[0] ?? 100_000);
const seed = Number(option('--seed') ?? Date.now() % 0x7fffffff);
const only = option('--format');

if (!Number.isSafeInteger(iterations) || iterations <= 0) {
  console.error('usage: npm run fuzz -- [ITERATIONS] [--seed N] [--format NAME]');
  process.exit(2);
}

let failed = false;
for (const target of await loadFuzzTargets()) {
  if (only && target.format !== only) continue;
  const started = performance.now();
  try {
    const stats = await fuzzTarget(target, { seed, numRuns: iterations, budgetMs: 2000 });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${target.format}: ${stats.runs.toLocaleString('en-US')} cases in ${seconds} s (seed ${seed}); ` +
        `${stats.decoded.toLocaleString('en-US')} decoded, errors ${JSON.stringify(stats.errorCodes)}, ` +
        `slowest ${stats.slowestMs.toFixed(1)} ms`,
    );
  } catch (error) {
    failed = true;
    // fast-check keeps what the case threw as the cause of its own report.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    console.error(
      `${target.format}: FAILED (seed ${seed})\n${error instanceof Error ? error.message : String(error)}` +
        (cause ? `\nCaused by: ${cause.message}` : ''),
    );
  }
}
process.exit(failed ? 1 : 0);
