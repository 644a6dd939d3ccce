/**
 * Properties of DML tables: any tables of any types round-trip through the writer and the
 * reader (values, names, tags and bytes), and mutated files end in a result or a
 * FormatError, quickly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dmlFuzzTarget } from './fuzz-target.ts';
import { parseDmlTables } from './read.ts';
import { DML_TYPES } from './tags.ts';
import type { DmlTableDraft, DmlTypeName, DmlValue } from './types.ts';
import { dmlTable, writeDmlTables } from './write.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

const VALUES: Record<DmlTypeName, fc.Arbitrary<DmlValue>> = {
  GID: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  INT: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  UINT: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  FLT: fc.float(),
  BYT: fc.integer({ min: -128, max: 127 }),
  UBYT: fc.integer({ min: 0, max: 255 }),
  USHRT: fc.integer({ min: 0, max: 0xffff }),
  DBL: fc.double(),
  // STR is UTF-8: well-formed text. WSTR holds any code units, lone surrogates too.
  STR: fc.string({ unit: 'grapheme', maxLength: 12 }),
  WSTR: fc
    .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
    .map((units) => String.fromCharCode(...units)),
};

const tableArbitrary: fc.Arbitrary<DmlTableDraft> = fc
  .tuple(
    fc.string({ unit: 'grapheme', maxLength: 16 }),
    fc.array(
      fc.tuple(
        fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }),
        fc.constantFrom(...DML_TYPES.map((type) => type.name)),
      ),
      { maxLength: 6 },
    ),
    fc.nat(5),
  )
  .chain(([name, columns, count]) =>
    fc
      .array(fc.tuple(...columns.map(([, type]) => VALUES[type])), {
        minLength: count,
        maxLength: count,
      })
      .map((rows) =>
        dmlTable(
          name,
          columns.map(([field, type]) => [field === '_TargetTable' ? 'Target' : field, type]),
          rows,
        ),
      ),
  );

describe('properties', () => {
  it('any tables round-trip: values, names and types read back, bytes write back', () => {
    fc.assert(
      fc.property(fc.array(tableArbitrary, { maxLength: 4 }), (tables) => {
        const bytes = writeDmlTables(tables);
        const { value, issues, fatal } = parseDmlTables(bytes);
        expect(fatal).toBeNull();
        expect(issues.filter((issue) => issue.severity !== 'warning')).toEqual([]);
        expect(value.tables.map((table) => table.name)).toEqual(
          tables.map((table) => table.fields[0]!.target),
        );
        value.tables.forEach((table, at) => {
          const model = tables[at]!;
          expect(table.fields.map(({ name, tag, flags }) => ({ name, tag, flags }))).toEqual(
            model.fields.map(({ name, tag, flags }) => ({ name, tag, flags })),
          );
          expect(table.records.map((record) => record.values)).toEqual(
            model.records.map((record) => record.values),
          );
        });
        expect(writeDmlTables(value.tables)).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('mutated tables end in a result or a FormatError, quickly', async () => {
    const seeds = await dmlFuzzTarget.seeds();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(seeds.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 6 }),
        fc.nat(300),
        async (index, edits, cut) => {
          const seed = seeds[index]!;
          const bytes = seed.slice(0, Math.max(0, seed.length - (cut % 3 === 0 ? cut : 0)));
          for (const [at, value] of edits) if (bytes.length > 0) bytes[at % bytes.length] = value;
          const started = performance.now();
          await dmlFuzzTarget.exercise(bytes).catch((error: unknown) => {
            expect((error as Error).name).toBe('FormatError');
          });
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        },
      ),
      { numRuns: 150 },
    );
  });
});
