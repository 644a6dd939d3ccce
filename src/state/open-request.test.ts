/**
 * The open request leaves with the drop: a dropped file's worker is asked to open it in the
 * task that lists the file, before the page renders the new row and pane (React renders an
 * update from outside its own events in a microtask queued by that update). The worker then
 * reads while the page draws, instead of after it.
 */
import { describe, expect, it } from 'vitest';
import { kiwadFileOf } from './testing/archives.ts';
import { createTestState } from './testing/test-state.ts';

describe('the open request', () => {
  it('is sent before a microtask queued when the file is listed', async () => {
    const { state, decoders } = createTestState();
    // What a render queued by the listing would see of the worker's calls.
    const seenAtRender = new Promise<string[]>((resolve) => {
      const stop = state.stores.files.subscribe(({ files }) => {
        if (files.length === 0) return;
        stop();
        queueMicrotask(() => resolve(decoders.flatMap((decoder) => decoder.calls)));
      });
    });
    const opening = state.actions.openFiles([kiwadFileOf('a.wad', { 'a.txt': 'a' })]);
    expect((await seenAtRender).filter((call) => call.startsWith('open'))).toHaveLength(1);
    await opening;
    expect(state.stores.files.getState().files[0]!.status).toBe('ready');
  });
});
