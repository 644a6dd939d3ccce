/**
 * fast-check properties (seeded): random archives (v1 with every value type and nesting,
 * v2 top archives with sub children and ids) round-trip through the writer and the reader;
 * mutated bytes give a result or a FormatError within a time budget, never another exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { inlineServices } from '../services.ts';
import { everyTypeArchive, v2TopArchive } from './fixtures/make-fixtures.ts';
import { parseKa } from './read.ts';
import { openKaSession } from './session.ts';
import { KA_FLOAT_COUNTS, type KaArchive, type KaFloatType, type KaValue } from './types.ts';
import { idKey, textKey, textValue, wideValue, writeKa } from './write.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

const u32 = fc.nat({ max: 0xffffffff });
const text = fc.string({ maxLength: 12 });
const floatTypes = Object.keys(KA_FLOAT_COUNTS).map(Number) as KaFloatType[];

/** Leaves both modes share. */
const commonLeaf: fc.Arbitrary<KaValue> = fc.oneof(
  fc.constant<KaValue>({ kind: 'none', type: 0 }),
  fc.nat({ max: 255 }).map((byte): KaValue => ({ kind: 'bool', type: 1, byte })),
  fc
    .integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })
    .map((value): KaValue => ({ kind: 'int', type: 2, value })),
  u32.map((value): KaValue => ({ kind: 'int', type: 7, value })),
  fc.integer({ min: -128, max: 127 }).map((value): KaValue => ({ kind: 'int', type: 22, value })),
  fc.integer({ min: 0, max: 0xffff }).map((value): KaValue => ({ kind: 'int', type: 25, value })),
  fc
    .bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })
    .map((value): KaValue => ({ kind: 'int64', type: 9, value })),
  fc
    .bigInt({ min: 0n, max: 2n ** 64n - 1n })
    .map((value): KaValue => ({ kind: 'int64', type: 10, value })),
  fc
    .bigInt({ min: 0n, max: 2n ** 64n - 1n })
    .map((bits): KaValue => ({ kind: 'float64', type: 21, bits })),
  fc
    .constantFrom(...floatTypes)
    .chain((type) =>
      fc
        .array(u32, { minLength: KA_FLOAT_COUNTS[type], maxLength: KA_FLOAT_COUNTS[type] })
        .map((bits): KaValue => ({ kind: 'floats', type, bits })),
    ),
  fc.uint8Array({ maxLength: 16 }).map((bytes): KaValue => ({ kind: 'bytes', type: 6, bytes })),
);

/** Plain-mode values (v1); wide strings of width 4, which the guess always keeps. */
const plainValue: fc.Arbitrary<KaValue> = fc.letrec<{ value: KaValue; archive: KaArchive }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      commonLeaf,
      fc
        .tuple(fc.constantFrom(4 as const, 18 as const, 20 as const), text)
        .map(([type, value]) => textValue(value, type)),
      text.map((value) => wideValue(value, 4)),
      tie('archive').map((archive): KaValue => ({ kind: 'archive', type: 8, archive })),
      fc.array(tie('value'), { maxLength: 3 }).map((values): KaValue => ({
        kind: 'array',
        type: 27,
        items: values.map((value) => ({ value })),
      })),
    ),
    archive: fc
      .uniqueArray(fc.tuple(text, tie('value')), { maxLength: 4, selector: ([key]) => key })
      .map((pairs): KaArchive => ({
        kind: 'v1',
        strings: [],
        entries: pairs.map(([key, value]) => ({ key: textKey(key), value })),
      })),
  }),
).value;

const v1Model: fc.Arbitrary<KaArchive> = fc
  .uniqueArray(fc.tuple(text, plainValue), { maxLength: 6, selector: ([key]) => key })
  .map((pairs) => ({
    kind: 'v1',
    strings: [],
    entries: pairs.map(([key, value]) => ({ key: textKey(key), value })),
  }));

const v2Model: fc.Arbitrary<KaArchive> = fc
  .uniqueArray(u32, { minLength: 1, maxLength: 6 })
  .chain((ids) => {
    const id = fc.constantFrom(...ids);
    const registryValue: fc.Arbitrary<KaValue> = fc.oneof(
      commonLeaf,
      fc
        .tuple(fc.constantFrom(4 as const, 5 as const, 18 as const, 20 as const), id)
        .map(([type, value]): KaValue => ({ kind: 'stringId', type, id: value })),
      fc.array(fc.tuple(id, commonLeaf), { maxLength: 3 }).map((pairs): KaValue => ({
        kind: 'archive',
        type: 8,
        archive:
          pairs.length === 0
            ? { kind: 'empty', strings: [], entries: [] }
            : {
                kind: 'sub',
                strings: [],
                entries: pairs.map(([key, value]) => ({ key: idKey(key), value })),
              },
      })),
    );
    return fc.record({
      strings: fc.tuple(
        ...ids.map((stringId) =>
          text.map((value) => ({
            id: stringId,
            text: value,
            bytes: new TextEncoder().encode(value),
          })),
        ),
      ),
      entries: fc.array(fc.tuple(id, registryValue), { maxLength: 6 }),
    });
  })
  .map(({ strings, entries }) => ({
    kind: 'top',
    strings,
    entries: entries.map(([key, value]) => ({ key: idKey(key), value })),
  }));

/** The model without what the reader adds (spans) or guesses (ambiguity), in v1 key order. */
function plain(archive: KaArchive): unknown {
  const sortKey = (key: { kind: string; bytes?: Uint8Array }) => Array.from(key.bytes ?? []);
  const value = (item: KaValue): unknown => {
    if (item.kind === 'archive') return { type: 8, archive: plain(item.archive) };
    if (item.kind === 'array')
      return { type: 27, items: item.items.map((element) => value(element.value)) };
    if (item.kind === 'wideString') return { type: 5, width: item.width, units: item.units };
    if (item.kind === 'text' || item.kind === 'bytes')
      return { ...item, bytes: Array.from(item.bytes) };
    return item;
  };
  const entries = archive.entries.map((entry) => ({
    key:
      entry.key.kind === 'text' ? { text: entry.key.text, bytes: sortKey(entry.key) } : entry.key,
    value: value(entry.value),
  }));
  if (archive.kind === 'v1') {
    entries.sort((a, b) => {
      const x = 'bytes' in a.key ? a.key.bytes : [];
      const y = 'bytes' in b.key ? b.key.bytes : [];
      for (let index = 0; index < Math.min(x.length, y.length); index++)
        if (x[index] !== y[index]) return x[index]! - y[index]!;
      return x.length - y.length;
    });
  }
  return {
    kind: archive.kind,
    strings: archive.strings.map(({ id, text: value }) => [id, value]),
    entries,
  };
}

describe('properties', () => {
  it.each([
    ['v1', v1Model],
    ['v2', v2Model],
  ] as const)(
    'random %s models round-trip: parse(write(m)) == m, and write(parse(b)) == b',
    (_name, model) => {
      fc.assert(
        fc.property(model, (archive) => {
          const bytes = writeKa(archive);
          const result = parseKa(bytes);
          expect(result.fatal).toBeNull();
          expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
          expect(plain(result.value.root)).toEqual(plain(archive));
          expect(writeKa(result.value)).toEqual(bytes);
        }),
        { seed: 20240611, numRuns: 200 },
      );
    },
  );

  it('mutated archives give a result or a FormatError within the budget, never another exception', async () => {
    const seeds = [writeKa(everyTypeArchive()), writeKa(v2TopArchive())];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...seeds),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 6 }),
        fc.option(fc.nat()),
        async (seed, flips, cut) => {
          const bytes = seed.slice(0, cut === null ? seed.length : cut % (seed.length + 1));
          for (const [at, byte] of flips) if (bytes.length > 0) bytes[at % bytes.length] = byte;
          const started = performance.now();
          const result = parseKa(bytes);
          expect(result.fatal?.code).not.toBe('INTERNAL');
          try {
            const session = await openKaSession({
              sources: [new MemoryByteSource(bytes, 'm.ka')],
              services: inlineServices(),
              sink: { nodes: () => undefined, nodeRange: () => undefined },
            });
            for (let index = 0; index < session.nodeCount(); index++) {
              session.details(index);
              session.cell?.(index, 'value');
            }
          } catch (error) {
            expect(error).toBeInstanceOf(FormatError);
          }
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});
