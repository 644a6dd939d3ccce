/**
 * Warm-up of a spare decoder worker (client.ts starts one at page load, named
 * SPARE_WORKER_NAME): before any file arrives, it opens each format's warm-up sample
 * (FormatModule.warmUp: made in memory by the format's writer) through decoders of its own,
 * so the engine has compiled and optimised the code of an open (table scan, tree, rows,
 * filter; a document's parse and nodes) by the time a real file comes.
 *
 * A new worker otherwise runs that code for the first time on the user's file, mostly in
 * the engine's slower tiers: in Node, opening the bench's 100,000-entry table cold takes
 * about twice as long as warm (docs/PERFORMANCE.md). The warm-up runs in short rounds
 * with a yield between them, so a file that arrives meanwhile waits at most one round;
 * its decoder is another instance and shares no state with the warm-up's.
 */
import type { WarmUpPlan } from '../../formats/model.ts';
import { FORMATS } from '../../formats/registry.ts';
import type { DecoderApi } from './api.ts';

/** How long the warm-up waits at its end for the engine's background compiles. */
const COMPILE_PAUSE_MS = 100;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Opens a sample through a new decoder and runs what a person would first do with it. */
async function exercise(makeDecoder: () => DecoderApi, plan: WarmUpPlan, round: number) {
  const sample = plan.sample(round);
  const decoder = makeDecoder();
  const opened = await decoder.open(
    [{ name: sample.name, blob: sample.blob }],
    () => undefined,
    sample.sideInputs ? { sideInputs: sample.sideInputs } : undefined,
  );
  if (!opened.ok) throw new Error(`warm-up ${sample.name} did not open: ${opened.error.message}`);
  decoder.getRows(0, 64);
  decoder.setAllExpanded(true);
  decoder.getRows(opened.value.entryCount >> 1, 64);
  if (sample.filter) {
    decoder.setFilter(sample.filter);
    decoder.setFilter('');
  }
  if (opened.value.capabilities.view) decoder.documentView();
}

/**
 * Opens every format's warm-up sample in rounds, each through a new decoder from
 * `makeDecoder`, yielding to the event loop between them: a file that arrives meanwhile
 * waits at most one round. Resolves with the time it took (ms).
 */
export async function warmUp(
  makeDecoder: () => DecoderApi,
  plansGiven?: readonly WarmUpPlan[],
): Promise<number> {
  const started = performance.now();
  const plans =
    plansGiven ??
    (await Promise.all(FORMATS.flatMap((format) => ('warmUp' in format ? [format.warmUp()] : []))));
  const rounds = Math.max(0, ...plans.map((plan) => plan.rounds));
  for (let round = 0; round < rounds; round++) {
    for (const plan of plans) {
      if (round >= plan.rounds) continue;
      await nextTask();
      await exercise(makeDecoder, plan, round);
    }
  }
  for (const plan of plans) await plan.afterRounds?.(nextTask);
  // The engine compiles its optimised code on background threads, and installs it at the
  // next call once ready. A file opened the moment the warm-up ended ran in the slower tiers
  // while those compiles were still going, and competed with them for the CPU: indexed
  // ~90 ms against ~70 ms a tenth of a second later (docs/PERFORMANCE.md). So a pause for
  // them to finish, and one short pass that installs what they made, before saying "warm".
  await new Promise((resolve) => setTimeout(resolve, COMPILE_PAUSE_MS));
  for (const plan of plans) await plan.settle?.();
  return performance.now() - started;
}
