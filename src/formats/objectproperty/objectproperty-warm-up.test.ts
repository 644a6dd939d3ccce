import { describe, expect, it } from 'vitest';
import { createDecoderImpl } from '../../worker/rpc/impl.ts';
import { warmUp } from '../../worker/rpc/warm-up.ts';
import { objectPropertyFormat } from './module.ts';
import { makeWarmUpBind, objectPropertyWarmUp } from './warm-up.ts';

describe('ObjectProperty warm-up of a spare decoder', () => {
  it('is part of the format: a spare worker loads and runs the walk before a drop', async () => {
    const plan = await objectPropertyFormat.warmUp();
    expect(plan.rounds).toBeGreaterThan(0);
    expect(plan.sample(0).name).toBe('ObjectData.xml');
  });

  it('opens its own file with its type list: every object typed, no error', async () => {
    const decoder = createDecoderImpl();
    const sample = makeWarmUpBind();
    const opened = await decoder.open([{ name: sample.name, blob: sample.blob }], () => undefined, {
      sideInputs: sample.sideInputs!,
    });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.format).toBe('objectproperty');
    expect(opened.value.fatal).toBeNull();
    expect(opened.value.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(opened.value.entryCount).toBeGreaterThan(12);
  });

  it('runs through the warm-up of a spare worker', async () => {
    let made = 0;
    await warmUp(() => {
      made++;
      return createDecoderImpl();
    }, [objectPropertyWarmUp()]);
    expect(made).toBe(1);
  });
});
