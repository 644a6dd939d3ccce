/**
 * The worker's whole surface on hostile archives: mutated KIWADs are opened, paged,
 * verified, read and zipped; every call must answer with data (a Result), and no answer
 * may be an INTERNAL error (a decoder exception that is not a FormatError).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kiwadTarget } from '../../formats/fuzz/kiwad-target.ts';
import { applyMutations, mutationArbitrary } from '../../formats/fuzz/mutations.ts';
import type { Result } from './api.ts';
import { createDecoderImpl } from './impl.ts';

function notInternal<T>(result: Result<T>): void {
  if (!result.ok) expect(result.error.code, result.error.message).not.toBe('INTERNAL');
}

describe('worker on mutated archives', () => {
  it('answers every call with a result, never an internal error', async () => {
    const seeds = await kiwadTarget.seeds();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(seeds.length - 1),
        fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }),
        async (index, mutations) => {
          const bytes = applyMutations(kiwadTarget, seeds[index]!, mutations);
          const decoder = createDecoderImpl();
          const opened = await decoder.open(
            new Blob([bytes as Uint8Array<ArrayBuffer>]),
            'fuzz.wad',
            () => {},
          );
          notInternal(opened);
          decoder.setAllExpanded(true);
          const rows = decoder.getRows(0, 1000);
          expect(rows.length).toBe(decoder.rowCount());
          if (opened.ok && opened.value.format === 'kiwad') {
            notInternal(await decoder.verifyAll(() => {}));
            for (const row of rows.filter((r) => !r.isFolder)) {
              notInternal(await decoder.readRange(row.entryIndex, 0, 64));
              notInternal(decoder.entryDetails(row.entryIndex));
            }
            notInternal(await decoder.zip([], () => {}));
          }
          notInternal(await decoder.readRange(-1, 0, 64));
        },
      ),
      { seed: 4242, numRuns: 250 },
    );
  });
});
