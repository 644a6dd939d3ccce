import { describe, expect, it } from 'vitest';
import { createDecoderImpl } from './impl.ts';
import {
  kiwadWarmUp,
  makeWarmUpArchive,
  WARM_UP_LARGE_ENTRY_SIZE,
  warmUpArchiveBlob,
} from '../../formats/kiwad/warm-up.ts';
import type { WwdViewData } from '../../formats/wwd/session.ts';
import { makeWarmUpLevel, wwdWarmUp } from '../../formats/wwd/warm-up.ts';
import { warmUp } from './warm-up.ts';

describe('decoder warm-up', () => {
  it('opens its own archive: every entry, sorted, in nested folders', async () => {
    const decoder = createDecoderImpl();
    const blob = warmUpArchiveBlob(makeWarmUpArchive(600));
    const opened = await decoder.open([{ name: 'warm-up.wad', blob }], () => undefined);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.entryCount).toBe(600);
    expect(opened.value.issues).toEqual([]);
    expect(opened.value.fatal).toBeNull();
    expect(decoder.setAllExpanded(true)).toBeGreaterThan(600);
    expect(decoder.setFilter('*.dds').matchCount).toBe(120);
  });

  it('has entries past 2^31 with its large entry, all inside a Blob of zeros', async () => {
    const archive = makeWarmUpArchive(600, WARM_UP_LARGE_ENTRY_SIZE);
    const blob = warmUpArchiveBlob(archive);
    expect(blob.size).toBe(archive.head.length + archive.dataSize);
    expect(archive.dataSize).toBeGreaterThan(WARM_UP_LARGE_ENTRY_SIZE);
    const tail = new Uint8Array(await blob.slice(blob.size - 5).arrayBuffer());
    expect([...tail]).toEqual([0, 0, 0, 0, 0]);
    const decoder = createDecoderImpl();
    const opened = await decoder.open([{ name: 'warm-up.wad', blob }], () => undefined);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.issues).toEqual([]);
    expect(opened.value.fatal).toBeNull();
    expect(opened.value.totalStoredSize).toBeGreaterThan(2 ** 31);
    const last = decoder.entryDetails(599);
    if (!last.ok) throw new Error(last.error.message);
    expect(last.value.span.offset).toBeGreaterThan(2 ** 31);
  });

  it('opens its own level, compressed and not, with its objects', async () => {
    for (const compress of [false, true]) {
      const decoder = createDecoderImpl();
      const blob = makeWarmUpLevel(40, compress);
      const opened = await decoder.open([{ name: 'warm-up.wwd', blob }], () => undefined);
      if (!opened.ok) throw new Error(opened.error.message);
      expect(opened.value.format).toBe('wwd');
      expect(opened.value.issues).toEqual([]);
      expect(opened.value.fatal).toBeNull();
      const view = decoder.documentView();
      if (!view.ok) throw new Error(view.error.message);
      // The view data sends objects packed as columns.
      expect((view.value.data as WwdViewData).level.planes[1]!.packedObjects.count).toBe(40);
    }
  });

  it('runs its rounds through decoders of its own', async () => {
    const made: ReturnType<typeof createDecoderImpl>[] = [];
    const elapsed = await warmUp(() => {
      const decoder = createDecoderImpl();
      made.push(decoder);
      return decoder;
    }, [{ ...kiwadWarmUp(300), rounds: 2 }, wwdWarmUp()]);
    // Each round an archive and, in the first two, a level.
    expect(made).toHaveLength(4);
    expect(made[2]!.rowCount()).toBeGreaterThan(300);
    expect(elapsed).toBeGreaterThan(0);
  });
});
