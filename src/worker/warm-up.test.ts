import { describe, expect, it } from 'vitest';
import { createDecoderImpl } from './impl.ts';
import { makeWarmUpArchive, warmUp } from './warm-up.ts';

describe('decoder warm-up', () => {
  it('opens its own archive: every entry, sorted, in nested folders', async () => {
    const decoder = createDecoderImpl();
    const opened = await decoder.open(makeWarmUpArchive(600), 'warm-up.wad', () => undefined);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.entryCount).toBe(600);
    expect(opened.value.issues).toEqual([]);
    expect(decoder.setAllExpanded(true)).toBeGreaterThan(600);
    expect(decoder.setFilter('*.dds').matchCount).toBe(120);
  });

  it('runs its rounds through decoders of its own', async () => {
    const made: ReturnType<typeof createDecoderImpl>[] = [];
    const elapsed = await warmUp(
      () => {
        const decoder = createDecoderImpl();
        made.push(decoder);
        return decoder;
      },
      { rounds: 2, entriesPerRound: 300 },
    );
    expect(made).toHaveLength(2);
    expect(made[1]!.rowCount()).toBeGreaterThan(300);
    expect(elapsed).toBeGreaterThan(0);
  });
});
