/**
 * The warm-up of a spare decoder worker, DML's part (worker/rpc/warm-up.ts runs it): a small
 * patch list made by the generator, opened once. Until then a dropped list waited
 * for the session's modules to be fetched and compiled (0.4 s of its first rows on a loaded
 * machine), and ran the reader in the engine's slower tiers.
 */
import type { WarmUpPlan } from '../model.ts';
import { generateLatestFileList } from './generate.ts';
import { writeDmlTables } from './write.ts';

/**
 * A list of a few hundred records: a big table, then many tables of one record, as real
 * ones. Small, and opened once: the warm-up of every format runs before a spare is ready,
 * and a file dropped meanwhile shares the worker with it.
 */
export function makeWarmUpList(): Blob {
  const tables = generateLatestFileList({ seed: 3, wadCount: 80, baseCount: 200 });
  return new Blob([writeDmlTables(tables) as Uint8Array<ArrayBuffer>]);
}

export function dmlWarmUp(): WarmUpPlan {
  let list: Blob | null = null;
  return {
    rounds: 1,
    sample: () => {
      list ??= makeWarmUpList();
      return { name: 'LatestFileList.bin', blob: list };
    },
  };
}
