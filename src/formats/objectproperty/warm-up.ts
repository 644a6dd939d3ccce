/**
 * The warm-up of a spare decoder worker, ObjectProperty's part (worker/rpc/warm-up.ts runs
 * it): a small generated `BINd` file (deep, compressed) with its type list, opened once, so the typed walk is compiled as well as the generic one. Until then a
 * dropped file waited for the session's modules to be fetched and compiled in its worker
 * (several hundred ms of its first rows on a loaded machine), and its walk ran in the
 * engine's slower tiers.
 */
import type { WarmUpPlan, WarmUpSample } from '../model.ts';
import { generateBindFile } from './generate.ts';
import { TYPE_LIST_INPUT } from './side-input-kinds.ts';

/** A `BINd` file of a few objects, as the app's own generator writes them, and its type list. */
export function makeWarmUpBind(): WarmUpSample {
  const made = generateBindFile(12, { seed: 5 });
  return {
    name: 'ObjectData.xml',
    blob: new Blob([made.bytes as Uint8Array<ArrayBuffer>]),
    sideInputs: {
      [TYPE_LIST_INPUT.kind]: [{ name: 'delve-types.json', blob: new Blob([made.typeList]) }],
    },
  };
}

export function objectPropertyWarmUp(): WarmUpPlan {
  let sample: WarmUpSample | null = null;
  return {
    rounds: 1,
    sample: () => (sample ??= makeWarmUpBind()),
  };
}
