/**
 * The worker's whole surface on hostile files: every registered format's mutated samples
 * are opened, paged, verified, read and zipped; every call must answer with data (a
 * Result), and no answer may be an INTERNAL error (a decoder exception that is not a
 * FormatError).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFuzzTargets } from '../../formats/fuzz/targets.ts';
import { isFormatId } from '../../formats/registry.ts';
import { applyMutations, mutationArbitrary } from '../../formats/fuzz/mutations.ts';
import { FILE_REF, nodeRef, type Result } from './api.ts';
import { createDecoderImpl } from './impl.ts';

function notInternal<T>(result: Result<T>): void {
  if (!result.ok) expect(result.error.code, result.error.message).not.toBe('INTERNAL');
}

const targets = (await loadFuzzTargets()).filter((target) => isFormatId(target.format));

describe.each(targets.map((target) => [target.format, target] as const))(
  'worker on mutated %s files',
  (_format, target) => {
    it('answers every call with a result, never an internal error', async () => {
      const seeds = await target.seeds();
      await fc.assert(
        fc.asyncProperty(
          fc.nat(seeds.length - 1),
          fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }),
          async (index, mutations) => {
            const bytes = applyMutations(target, seeds[index]!, mutations);
            const decoder = createDecoderImpl();
            const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
            const opened = await decoder.open([{ name: `fuzz.${target.format}`, blob }], () => {});
            notInternal(opened);
            decoder.setAllExpanded(true);
            const rows = decoder.getRows(0, 1000);
            expect(rows.length).toBe(decoder.rowCount());
            if (opened.ok) {
              notInternal(await decoder.verifyAll(() => {}));
              for (const row of rows.filter((r) => r.entryIndex >= 0).slice(0, 50)) {
                notInternal(await decoder.readRange(nodeRef(row.entryIndex), 0, 64));
                notInternal(decoder.entryDetails(row.entryIndex));
              }
              notInternal(await decoder.zip([], () => {}));
            }
            notInternal(await decoder.readRange(FILE_REF, 0, 64));
          },
        ),
        { seed: 4242, numRuns: 150 },
      );
    });
  },
);
