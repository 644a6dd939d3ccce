/**
 * Properties: random geometry files (any number of groups, any vertex format DAVA defines,
 * 16- or 32-bit indices, any packing and primitive type) round-trip byte for byte and read
 * without issues; mutated files give a session or a FormatError within a time budget, never
 * another exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../binary/format-error.ts';
import { scgFuzzTarget } from './fuzz-target.ts';
import { parseScg } from './read.ts';
import { VERTEX_ATTRIBUTES, type ScgFile } from './types.ts';
import { polygonGroupArchive, writeScg } from './write.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

const knownBits = VERTEX_ATTRIBUTES.reduce((bits, { bit }) => bits | bit, 0);

const groupArb = fc
  .record({
    id: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    vertexFormat: fc.integer({ min: 0, max: knownBits }).map((format) => format & knownBits),
    vertexCount: fc.integer({ min: 0, max: 12 }),
    indices: fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }),
    indexFormat: fc.constantFrom(0, 1),
    packing: fc.constantFrom(0, 1),
    primitiveType: fc.constantFrom(1, 2, 10),
  })
  .map((spec) => polygonGroupArchive(spec));

const fileArb: fc.Arbitrary<ScgFile> = fc
  .array(groupArb, { maxLength: 5 })
  .map((groups) => ({ version: 1, groups }));

describe('properties', () => {
  it('random files round-trip byte for byte, with no issues', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const bytes = writeScg(file);
        const { value, fatal, issues, groups } = parseScg(bytes);
        expect(fatal).toBeNull();
        expect(issues).toEqual([]);
        expect(groups).toHaveLength(file.groups.length);
        expect(writeScg(value)).toEqual(bytes);
        expect(writeScg(value, { keepOrder: true })).toEqual(bytes);
      }),
      { numRuns: 150 },
    );
  });

  it('mutated files give a session or a FormatError, quickly', async () => {
    const seeds = await scgFuzzTarget.seeds();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: seeds.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.option(fc.nat(), { nil: undefined }),
        async (seedIndex, edits, cut) => {
          const seed = seeds[seedIndex]!;
          const bytes = seed.slice(0, cut === undefined ? seed.length : cut % (seed.length + 1));
          if (bytes.length > 0) for (const [at, value] of edits) bytes[at % bytes.length] = value;
          const started = performance.now();
          try {
            await scgFuzzTarget.exercise(bytes);
          } catch (error) {
            if (!(error instanceof FormatError)) throw error;
          }
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        },
      ),
      { numRuns: 300 },
    );
  });
});
