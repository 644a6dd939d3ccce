/**
 * Properties: random payloads round-trip through every type; mutated files end in a result
 * or a FormatError within a time budget, never another exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../binary/format-error.ts';
import { dvplFuzzTarget } from './fuzz-target.ts';
import { decodeDvpl } from './read.ts';
import type { DvplType } from './types.ts';
import { writeDvpl } from './write.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

/** Random bytes, or runs of a few random pieces (so the compressors find matches). */
const payloads = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }),
  fc
    .tuple(
      fc.array(fc.uint8Array({ minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.nat(), { maxLength: 120 }),
    )
    .map(([pieces, picks]) =>
      Uint8Array.from(picks.flatMap((pick) => [...pieces[pick % pieces.length]!])),
    ),
);

describe('round trip', () => {
  it('any payload survives every type', async () => {
    await fc.assert(
      fc.asyncProperty(payloads, fc.constantFrom<DvplType>(0, 1, 2, 3), async (content, type) => {
        const decoded = await decodeDvpl(writeDvpl(content, { type }));
        expect(decoded.type).toBe(type);
        expect(decoded.bytes).toEqual(content);
        expect(decoded.zeroOffsetMatches).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('mutated files', () => {
  it('end in a result or a FormatError within 200 ms each', async () => {
    const seeds = await dvplFuzzTarget.seeds();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(seeds.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.nat(),
        async (seedIndex, edits, cut) => {
          const bytes = seeds[seedIndex]!.slice();
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          // Sometimes truncate too, so footers move and sizes disagree.
          const input = cut % 4 === 0 ? bytes.subarray(0, cut % (bytes.length + 1)) : bytes;
          const started = performance.now();
          try {
            await dvplFuzzTarget.exercise(input);
          } catch (error) {
            expect(error).toBeInstanceOf(FormatError);
          }
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        },
      ),
      { numRuns: 500 },
    );
  });
});
