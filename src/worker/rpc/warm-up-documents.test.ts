/**
 * The warm-ups of the document formats read in steps (DML lists, ObjectProperty files): a
 * spare decoder worker loads and runs their session's code before a file is dropped.
 */
import { describe, expect, it } from 'vitest';
import { dmlFormat } from '../../formats/dml/module.ts';
import { DML_TABLES_VIEW } from '../../formats/dml/types.ts';
import { dmlWarmUp, makeWarmUpList } from '../../formats/dml/warm-up.ts';
import { objectPropertyFormat } from '../../formats/objectproperty/module.ts';
import { makeWarmUpBind, objectPropertyWarmUp } from '../../formats/objectproperty/warm-up.ts';
import { createDecoderImpl } from './impl.ts';
import { warmUp } from './warm-up.ts';

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
