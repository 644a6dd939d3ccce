import { describe, expect, it, vi } from 'vitest';
import { nodeRef } from '../worker/rpc/api.ts';
import { contentKey } from './content-ref.ts';
import { createPreviewSpots, viewStateKey } from './deep-link-preview.ts';
import { createHistorySync, SETTLE_MS, WRITE_DELAY_MS, type HistoryEnv } from './history-sync.ts';
import { createDelveState } from './store.ts';
import { kiwadFile } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';
import type { OpenFile } from './types.ts';

const PATHS = ['Textures/Deep/a.dds', 'Textures/b.dds', 'Voices/c.ogg', 'readme.txt'];

/** A browser history in memory, with a clock and timers the test moves. */
function memoryHistory(initial = '') {
  const entries = [initial];
  let index = 0;
  let time = 0;
  let timers: { at: number; callback: () => void }[] = [];
  const popListeners = new Set<() => void>();
  const leaveChecks = new Set<() => boolean>();
  const env: HistoryEnv = {
    search: () => entries[index]!,
    push(search) {
      entries.splice(index + 1);
      entries.push(search);
      index += 1;
    },
    replace(search) {
      entries[index] = search;
    },
    onPop(listener) {
      popListeners.add(listener);
      return () => popListeners.delete(listener);
    },
    onLeave(shouldAsk) {
      leaveChecks.add(shouldAsk);
      return () => leaveChecks.delete(shouldAsk);
    },
    now: () => time,
    setTimer(callback, ms) {
      const timer = { at: time + ms, callback };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
  };
  return {
    env,
    entries: () => [...entries],
    index: () => index,
    /** Moves the clock, running each timer due at its time. */
    wait(ms: number) {
      const end = time + ms;
      for (;;) {
        const next = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((timer) => timer !== next);
        time = next.at;
        next.callback();
      }
      time = end;
    },
    /** True when leaving the page now would ask the user first. */
    asksBeforeLeaving: () => [...leaveChecks].some((shouldAsk) => shouldAsk()),
    go(delta: number) {
      index += delta;
      for (const listener of popListeners) listener();
    },
  };
}

function setUp(initialSearch = '') {
  const state = createDelveState({
    createDecoder: () => createTestDecoder(),
    saveBlob: vi.fn(),
    fetch: vi.fn(),
    now: () => 0,
  });
  const spots = createPreviewSpots();
  const history = memoryHistory(initialSearch);
  const sync = createHistorySync(state, spots, history.env);
  const selectedPath = () => {
    const { selection } = state.stores.view.getState();
    return selection?.kind === 'row' ? selection.row.path : (selection?.kind ?? null);
  };
  return { state, spots, history, sync, selectedPath };
}

async function openDemo(state: ReturnType<typeof setUp>['state'], name = 'demo.wad') {
  await state.actions.openFiles([kiwadFile(name, PATHS)]);
  return state.stores.files.getState().files.at(-1)!.id;
}

describe('history sync', () => {
  it('writes the selection into the URL after the empty page, which stays as a guard', async () => {
    const { state, history } = setUp('?debug=1');
    const fileId = await openDemo(state);
    history.wait(WRITE_DELAY_MS);
    expect(history.entries()).toEqual(['?debug=1', '?file=demo.wad&debug=1']);
    await state.actions.revealPath(fileId, 'Textures/Deep/a.dds');
    history.wait(WRITE_DELAY_MS);
    // The file's row was held less than SETTLE_MS: replaced, not pushed.
    expect(history.entries()).toEqual([
      '?debug=1',
      '?file=demo.wad&node=Textures/Deep/a.dds&debug=1',
    ]);
  });

  it('pushes a selection after one that was kept; Back and Forward restore them', async () => {
    const { state, history, selectedPath } = setUp();
    const fileId = await openDemo(state);
    await state.actions.revealPath(fileId, 'readme.txt');
    history.wait(SETTLE_MS);
    // Quick moves through rows replace each other...
    await state.actions.revealPath(fileId, 'Voices/c.ogg');
    history.wait(WRITE_DELAY_MS);
    await state.actions.revealPath(fileId, 'Textures/b.dds');
    history.wait(SETTLE_MS);
    // ...and one kept long enough gets an entry of its own.
    await state.actions.revealPath(fileId, 'Textures/Deep/a.dds');
    history.wait(WRITE_DELAY_MS);
    expect(history.entries()).toEqual([
      '',
      '?file=demo.wad&node=readme.txt',
      '?file=demo.wad&node=Textures/b.dds',
      '?file=demo.wad&node=Textures/Deep/a.dds',
    ]);

    history.go(-2);
    await vi.waitFor(() => expect(selectedPath()).toBe('readme.txt'));
    history.wait(WRITE_DELAY_MS);
    history.go(+1);
    await vi.waitFor(() => expect(selectedPath()).toBe('Textures/b.dds'));
    history.wait(WRITE_DELAY_MS);
    // Restoring writes nothing new: the entries and their order stay.
    expect(history.entries()).toHaveLength(4);
    expect(history.index()).toBe(2);
  });

  it('carries the tab and offset the preview of the selection reports, and only those', async () => {
    const { state, spots, history } = setUp();
    const fileId = await openDemo(state);
    await state.actions.revealPath(fileId, 'readme.txt');
    const { selection } = state.stores.view.getState();
    const entryIndex = selection?.kind === 'row' ? selection.row.entryIndex : -1;
    spots.show({ key: contentKey(fileId, nodeRef(entryIndex + 1)), view: 'text', offset: null });
    history.wait(WRITE_DELAY_MS);
    expect(history.entries().at(-1)).toBe('?file=demo.wad&node=readme.txt');
    spots.show({ key: contentKey(fileId, nodeRef(entryIndex)), view: 'hex', offset: 0x1f4 });
    history.wait(WRITE_DELAY_MS);
    expect(history.entries()).toEqual(['', '?file=demo.wad&node=readme.txt&view=hex&offset=0x1F4']);
  });

  it('lists the remote files open, from the URLs their sources came from', async () => {
    const { state, history } = setUp();
    const fileId = await openDemo(state);
    await openDemo(state, 'local.wad');
    const remote = (url: string) => ({ name: 'x', blob: new Blob([]), url });
    state.stores.files.setState(({ files }) => ({
      files: files.map((file): OpenFile =>
        file.id === fileId
          ? {
              ...file,
              sources: [remote('https://a.test/demo.idx'), remote('https://a.test/demo.pkg')],
            }
          : file,
      ),
    }));
    state.actions.selectFile(fileId);
    history.wait(WRITE_DELAY_MS);
    expect(history.entries().at(-1)).toBe(
      '?url=https://a.test/demo.idx&url=https://a.test/demo.pkg&file=demo.wad',
    );
  });

  it('keeps a link whose file is not open, then restores it once the file is read', async () => {
    const link = '?file=demo.wad&node=Textures/Deep/a.dds&view=hex&offset=0x4';
    const { state, spots, history, sync, selectedPath } = setUp(link);
    expect(sync.pending.getState().pending?.node).toBe('Textures/Deep/a.dds');
    // Another file does not answer it, and the URL keeps the link meanwhile.
    await openDemo(state, 'other.wad');
    history.wait(WRITE_DELAY_MS);
    expect(history.entries()).toEqual([link]);
    expect(sync.pending.getState().pending).not.toBeNull();

    const fileId = await openDemo(state);
    await vi.waitFor(() => expect(selectedPath()).toBe('Textures/Deep/a.dds'));
    expect(sync.pending.getState().pending).toBeNull();
    const { selection } = state.stores.view.getState();
    const entryIndex = selection?.kind === 'row' ? selection.row.entryIndex : -1;
    expect(spots.store.getState().wanted).toEqual({
      key: contentKey(fileId, nodeRef(entryIndex)),
      view: 'hex',
      offset: 4,
    });
    // The preview shows what was wanted; the URL reads as the link did.
    spots.show({ key: contentKey(fileId, nodeRef(entryIndex)), view: 'hex', offset: 4 });
    history.wait(WRITE_DELAY_MS);
    // The link's own entry became the guard (the file open, nothing selected) before it.
    expect(history.entries()).toEqual(['', link]);
    // Selecting something else voids the wish.
    state.actions.selectFile(fileId);
    expect(spots.store.getState().wanted).toBeNull();
  });

  it('takes the file chosen from the prompt whatever its name; says when a node is gone', async () => {
    const { state, sync, selectedPath } = setUp('?file=demo.wad&node=Textures/gone.dds');
    const notes: string[] = [];
    state.stores.toasts.subscribe(({ toasts }) => notes.push(...toasts.map((t) => t.message)));
    await sync.openForLink([kiwadFile('demo (1).wad', PATHS)]);
    await vi.waitFor(() => expect(selectedPath()).toBe('file'));
    expect(sync.pending.getState().pending).toBeNull();
    expect(notes.join('\n')).toContain('demo (1).wad: the link');
    expect(notes.join('\n')).toContain('Textures/gone.dds');
  });

  it('links a file opened from an entry to that entry of the top-level file', async () => {
    const { state, history } = setUp();
    const fileId = await openDemo(state);
    const parent = state.stores.files.getState().files[0]!;
    state.stores.files.setState(({ files }) => ({
      files: [
        ...files,
        {
          ...parent,
          id: 'nested',
          name: 'a.dds',
          parentId: fileId,
          parentPath: 'Textures/Deep/a.dds',
        },
      ],
    }));
    state.actions.selectFile('nested');
    history.wait(WRITE_DELAY_MS);
    expect(history.entries().at(-1)).toBe('?file=demo.wad&node=Textures/Deep/a.dds');
  });

  it('Back restores each step as it was, the file row too, and stops at a guard', async () => {
    const { state, spots, history, selectedPath } = setUp();
    const fileId = await openDemo(state);
    history.wait(SETTLE_MS);
    await state.actions.revealPath(fileId, 'readme.txt');
    const readmeKey = () => {
      const { selection } = state.stores.view.getState();
      return contentKey(fileId, nodeRef(selection?.kind === 'row' ? selection.row.entryIndex : -1));
    };
    spots.show({ key: readmeKey(), view: 'text', offset: null });
    history.wait(SETTLE_MS);
    await state.actions.revealPath(fileId, 'Textures/b.dds');
    history.wait(SETTLE_MS);
    const steps = [
      '',
      '?file=demo.wad',
      '?file=demo.wad&node=readme.txt&view=text',
      '?file=demo.wad&node=Textures/b.dds',
    ];
    expect(history.entries()).toEqual(steps);

    history.go(-1);
    await vi.waitFor(() => expect(selectedPath()).toBe('readme.txt'));
    expect(spots.store.getState().wanted).toEqual({ key: readmeKey(), view: 'text', offset: null });
    history.wait(SETTLE_MS);
    // The file's own step selects the file's row, not what was selected before.
    history.go(-1);
    await vi.waitFor(() => expect(selectedPath()).toBe('file'));
    history.wait(SETTLE_MS);
    // The guard: the file stays open with nothing selected; leaving from here asks first.
    history.go(-1);
    await vi.waitFor(() => expect(selectedPath()).toBeNull());
    history.wait(SETTLE_MS);
    expect(state.stores.files.getState().files.map((file) => file.name)).toEqual(['demo.wad']);
    expect(history.asksBeforeLeaving()).toBe(true);
    // Restoring rewrote no step.
    expect(history.entries()).toEqual(steps);
    expect(history.index()).toBe(0);

    history.go(+2);
    await vi.waitFor(() => expect(selectedPath()).toBe('readme.txt'));
    history.wait(SETTLE_MS);
    expect(history.entries()).toEqual(steps);
  });

  it('a selection made on the guard entry is pushed after it', async () => {
    const { state, history, selectedPath } = setUp();
    const fileId = await openDemo(state);
    history.wait(WRITE_DELAY_MS);
    history.go(-1);
    await vi.waitFor(() => expect(selectedPath()).toBeNull());
    history.wait(WRITE_DELAY_MS);
    await state.actions.revealPath(fileId, 'readme.txt');
    history.wait(WRITE_DELAY_MS);
    expect(history.entries()).toEqual(['', '?file=demo.wad&node=readme.txt']);
    expect(history.index()).toBe(1);
  });

  it('asks before leaving only while files are open; closing them all starts a new guard', async () => {
    const { state, history } = setUp();
    expect(history.asksBeforeLeaving()).toBe(false);
    const fileId = await openDemo(state);
    history.wait(WRITE_DELAY_MS);
    expect(history.asksBeforeLeaving()).toBe(true);
    state.actions.closeFile(fileId);
    history.wait(WRITE_DELAY_MS);
    expect(history.asksBeforeLeaving()).toBe(false);
    expect(history.entries()).toEqual(['', '']);
    await openDemo(state, 'again.wad');
    history.wait(WRITE_DELAY_MS);
    expect(history.entries()).toEqual(['', '', '?file=again.wad']);
  });

  it("carries the decoded view's own state of the selection, and restores it", async () => {
    const { state, spots, history, selectedPath } = setUp();
    const fileId = await openDemo(state);
    const fileKey = viewStateKey(fileId, null);
    // A report about another selection is not this one's.
    spots.showState({ key: viewStateKey(fileId, 'readme.txt'), state: { zoom: '9' } });
    history.wait(WRITE_DELAY_MS);
    expect(history.entries().at(-1)).toBe('?file=demo.wad');
    spots.showState({ key: fileKey, state: { plane: '1', zoom: '50' } });
    history.wait(SETTLE_MS);
    expect(history.entries().at(-1)).toBe('?file=demo.wad&view.plane=1&view.zoom=50');

    await state.actions.revealPath(fileId, 'readme.txt');
    history.wait(WRITE_DELAY_MS);
    // The view of the file row is not shown any more: its state leaves the link.
    expect(history.entries().at(-1)).toBe('?file=demo.wad&node=readme.txt');
    spots.forgetState(fileKey);
    history.go(-1);
    await vi.waitFor(() => expect(selectedPath()).toBe('file'));
    expect(spots.store.getState().wantedState).toEqual({
      key: fileKey,
      state: { plane: '1', zoom: '50' },
    });
    // Selecting something else voids the wish.
    await state.actions.revealPath(fileId, 'readme.txt');
    expect(spots.store.getState().wantedState).toBeNull();
  });
});
