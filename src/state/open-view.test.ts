/**
 * A view offered while its file is read answers for part of the file: whatever the page
 * asked of it then is asked again once the open answers, even when no progress report said
 * there was a view (it was offered and asked after the last one).
 */
import { describe, expect, it } from 'vitest';
import type { DocumentView } from '../worker/rpc/api.ts';
import { FORMATS } from '../formats/registry.ts';
import { twoPartFiles } from './testing/archives.ts';
import {
  FIRST_QUESTION,
  GROWING_VIEW,
  growingViewFormat,
  type ReadSoFar,
} from './testing/growing-view.ts';
import { createTestState } from './testing/test-state.ts';

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 400 && !check(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a view offered while its file is read', () => {
  it('is asked again once the open answers', async () => {
    const growing = growingViewFormat();
    const { state, files } = createTestState({ formats: [growing.format, ...FORMATS] });
    const { queries } = state;
    const opening = state.actions.openFiles([twoPartFiles().index]);
    await growing.offered;
    const id = files()[0]!.id;
    expect(files()[0]!.status).toBe('opening');
    expect(files()[0]!.openProgress?.view).toBeUndefined();

    const question = { kind: 'read' };
    const answer = () =>
      queries.cache.fetch(queries.viewAnswer<ReadSoFar>(id, JSON.stringify(question), question));
    const view = () => queries.cache.fetch(queries.documentView(id));
    expect(await answer()).toEqual({ status: 'ok', value: { isWhole: false } });
    expect(await view()).toEqual({
      status: 'ok',
      value: { kind: GROWING_VIEW, data: { isWhole: false } },
    });

    growing.finishRead();
    await opening;
    await until(() => files()[0]?.status !== 'opening');
    expect(files()[0]!.status).toBe('ready');
    expect(await answer()).toEqual({ status: 'ok', value: { isWhole: true } });
    const whole = await view();
    expect(whole.status === 'ok' && (whole.value as DocumentView).data).toEqual({ isWhole: true });
  });

  it('is asked for as soon as a progress report says it is offered, before any pane asks', async () => {
    const growing = growingViewFormat({ reportsOffer: true });
    const { state, files } = createTestState({ formats: [growing.format, ...FORMATS] });
    const { queries } = state;
    const opening = state.actions.openFiles([twoPartFiles().index]);
    await growing.offered;
    const id = files()[0]!.id;
    const { key } = queries.documentView(id);
    // The report that offers the view carries its data (kept at once, before the throttled
    // report is applied).
    await until(
      () =>
        queries.cache.read(key).status === 'ok' && files()[0]?.openProgress?.view === GROWING_VIEW,
    );
    expect(files()[0]!.openProgress?.view).toBe(GROWING_VIEW);
    expect(queries.cache.read(key)).toEqual({
      status: 'ok',
      value: { kind: GROWING_VIEW, data: { isWhole: false } },
    });
    growing.finishRead();
    await opening;
  });

  it('comes with its first answers: the pane finds them without asking the worker', async () => {
    const growing = growingViewFormat({ reportsOffer: true, firstQuery: true });
    const { state, files } = createTestState({ formats: [growing.format, ...FORMATS] });
    const { queries } = state;
    const opening = state.actions.openFiles([twoPartFiles().index]);
    await growing.offered;
    const id = files()[0]!.id;
    await until(() => files()[0]?.openProgress?.view === GROWING_VIEW);
    // Taken once each by the worker for the offer, and not asked again by the page.
    expect(growing.calls).toEqual({ data: 1, requests: 1 });
    const first = queries.viewAnswer<ReadSoFar>(id, JSON.stringify(FIRST_QUESTION), FIRST_QUESTION);
    expect(queries.cache.read(first.key)).toEqual({ status: 'ok', value: { isWhole: false } });
    expect(await queries.cache.fetch(queries.documentView(id))).toEqual({
      status: 'ok',
      value: { kind: GROWING_VIEW, data: { isWhole: false } },
    });
    expect(growing.calls).toEqual({ data: 1, requests: 1 });
    // Another question is asked as before.
    const other = { kind: 'read' };
    const asked = queries.viewAnswer<ReadSoFar>(id, JSON.stringify(other), other);
    expect(await queries.cache.fetch(asked)).toEqual({ status: 'ok', value: { isWhole: false } });
    expect(growing.calls.requests).toBe(2);
    growing.finishRead();
    await opening;
  });
});
