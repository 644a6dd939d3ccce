/**
 * The bounded fuzz run of `npm test`: every decoder, seeded, a few hundred cases each.
 * `npm run fuzz -- N` runs the same targets for N cases each.
 */
import { describe, expect, it } from 'vitest';
import { fuzzTarget } from './run-fuzz.ts';
import { loadFuzzTargets } from './targets.ts';
import { applyMutations } from './mutations.ts';
import { kiwadTarget } from '../kiwad/fuzz-target.ts';
import { CASE_BUDGET_MS } from './case-budget.ts';

const FUZZ_TARGETS = await loadFuzzTargets();

describe.each(FUZZ_TARGETS.map((target) => [target.format, target] as const))(
  'fuzz %s',
  (_format, target) => {
    it('mutated and random inputs give a result or a FormatError within budget', async () => {
      const stats = await fuzzTarget(target, {
        seed: 0xde1e,
        numRuns: 400,
        budgetMs: CASE_BUDGET_MS,
      });
      expect(stats.runs).toBe(400);
      // Both outcomes occur: the mutations neither always break nor never break the files.
      expect(stats.decoded).toBeGreaterThan(0);
      expect(Object.keys(stats.errorCodes).length).toBeGreaterThan(1);
    });
  },
);

describe('mutations', () => {
  it('truncate at table boundaries and forge fields of the seed', async () => {
    const [seed] = await kiwadTarget.seeds();
    const boundaries = kiwadTarget.boundaries(seed!);
    expect(boundaries).toContain(13);
    const cut = applyMutations(kiwadTarget, seed!, [
      { kind: 'truncateAtBoundary', pick: boundaries.indexOf(13), delta: 0 },
    ]);
    expect(cut.length).toBe(13);
    const forged = applyMutations(kiwadTarget, seed!, [
      { kind: 'forge', pick: 1, value: 'u32max' },
    ]);
    expect(new DataView(forged.buffer).getUint32(9, true)).toBe(0xffffffff);
  });
});
