import { describe, expect, it } from 'vitest';
import { createDecoderImpl } from '../../worker/rpc/impl.ts';
import { warmUp } from '../../worker/rpc/warm-up.ts';
import { dmlFormat } from './module.ts';
import { DML_TABLES_VIEW } from './types.ts';
import { dmlWarmUp, makeWarmUpList } from './warm-up.ts';

describe('DML warm-up of a spare decoder', () => {
  it('is part of the format: a spare worker loads and runs the list reader before a drop', async () => {
    const plan = await dmlFormat.warmUp();
    expect(plan.rounds).toBeGreaterThan(0);
    expect(plan.sample(0).name).toBe('LatestFileList.bin');
  });

  it('opens its own list as a DML table file, with its grid view and no issue', async () => {
    const decoder = createDecoderImpl();
    const opened = await decoder.open(
      [{ name: 'LatestFileList.bin', blob: makeWarmUpList() }],
      () => undefined,
    );
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.format).toBe('dml');
    expect(opened.value.capabilities.view).toBe(DML_TABLES_VIEW);
    expect(opened.value.issues).toEqual([]);
    expect(opened.value.fatal).toBeNull();
    expect(opened.value.entryCount).toBeGreaterThan(280);
  });

  it('runs through the warm-up of a spare worker', async () => {
    let made = 0;
    const elapsed = await warmUp(() => {
      made++;
      return createDecoderImpl();
    }, [dmlWarmUp()]);
    expect(made).toBe(1);
    expect(elapsed).toBeGreaterThan(0);
  });
});
