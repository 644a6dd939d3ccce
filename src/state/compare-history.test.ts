import { describe, expect, it, vi } from 'vitest';
import type { Comparison, CompareSides } from './compare.ts';
import { createCompareHistory } from './compare-history.ts';
import { createPreviewSpots } from './deep-link-preview.ts';
import { createHistorySync, SETTLE_MS, WRITE_DELAY_MS, type HistoryEnv } from './history-sync.ts';
import { createDelveState } from './store.ts';
import { kiwadFile } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';

/** A browser history in memory, with a clock and timers the test moves. */
function memoryHistory() {
  const entries = [''];
  let index = 0;
  let time = 0;
  let timers: { at: number; callback: () => void }[] = [];
  const popListeners = new Set<() => void>();
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
    onLeave: () => () => undefined,
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
    go(delta: number) {
      index += delta;
      for (const listener of popListeners) listener();
    },
  };
}

async function setUp() {
  const state = createDelveState({
    createDecoder: () => createTestDecoder(),
    saveBlob: vi.fn(),
    fetch: vi.fn(),
    now: () => 0,
  });
  const history = memoryHistory();
  createHistorySync(state, createPreviewSpots(), history.env);
  await state.actions.openFiles([kiwadFile('old.wad', ['a.txt']), kiwadFile('new.wad', ['a.txt'])]);
  const [oldFile] = state.stores.files.getState().files;
  state.actions.selectFile(oldFile!.id);
  history.wait(WRITE_DELAY_MS);
  /** A comparison shown, as compareSides leaves it once done (no worker here). */
  const showComparison = (sides: Partial<CompareSides> = {}) => {
    const comparison: Comparison = {
      id: 1,
      sides: { oldName: 'old.wad', newName: 'new.wad', oldSources: [], newSources: [], ...sides },
      status: 'done',
      error: null,
      counts: { added: 0, removed: 0, changed: 3, unchanged: 0 },
      rowCount: 3,
      rowsVersion: 1,
      statuses: ['changed'],
      filter: '',
      matchCount: null,
      selectedPath: null,
      hasContent: true,
    };
    state.compare.store.setState({ comparison });
  };
  const change = () => state.compare.store.getState().comparison?.selectedPath;
  return { state, history, showComparison, change };
}

describe('the address of a comparison', () => {
  it('follows the change selected, an entry per change kept; Back and Forward restore them', async () => {
    const { state, history, showComparison, change } = await setUp();
    expect(history.entries()).toEqual(['', '?file=old.wad']);
    showComparison();
    history.wait(WRITE_DELAY_MS);
    state.compare.actions.selectDiffPath('Data/a.xml');
    history.wait(SETTLE_MS);
    // Passed through quickly: replaced by the next.
    state.compare.actions.selectDiffPath('Data/b.bin');
    history.wait(WRITE_DELAY_MS);
    state.compare.actions.selectDiffPath('Data/c d.txt');
    history.wait(WRITE_DELAY_MS);
    expect(history.entries()).toEqual([
      '',
      '?file=old.wad',
      '?diff=1',
      '?diff=1&change=Data/a.xml',
      '?diff=1&change=Data/c%20d.txt',
    ]);

    history.go(-1);
    expect(change()).toBe('Data/a.xml');
    history.go(-1);
    expect(change()).toBeNull();
    history.go(+2);
    expect(change()).toBe('Data/c d.txt');
    history.wait(SETTLE_MS);
    // Restoring writes nothing new.
    expect(history.entries()).toHaveLength(5);
    expect(history.index()).toBe(4);

    // Back past the comparison's own entry closes it: the files' view again.
    history.go(-3);
    expect(state.compare.store.getState().comparison).toBeNull();
    history.wait(SETTLE_MS);
    expect(history.entries()).toHaveLength(5);
  });

  it('names two remote files by their addresses, and drops its own parameters when closed', async () => {
    const { state, history, showComparison } = await setUp();
    showComparison({ oldUrls: ['https://a.test/old.wad'], newUrls: ['https://a.test/new.wad'] });
    history.wait(WRITE_DELAY_MS);
    state.compare.actions.selectDiffPath('Data/a.xml');
    history.wait(WRITE_DELAY_MS);
    expect(history.entries().slice(2)).toEqual([
      '?url=https://a.test/old.wad&url=https://a.test/new.wad&diff=1',
      '?url=https://a.test/old.wad&url=https://a.test/new.wad&diff=1&change=Data/a.xml',
    ]);
    state.compare.actions.closeComparison();
    history.wait(WRITE_DELAY_MS);
    expect(history.entries().at(-1)).toBe('?file=old.wad');
    expect(history.entries()).toHaveLength(5);
  });
});

describe('createCompareHistory', () => {
  it('takes out only its own parameters', async () => {
    const { state } = await setUp();
    const history = createCompareHistory(state.compare, state.stores.files);
    expect(history.withoutOwn('?url=x&diff=1&debug=1&change=a%2Fb')).toBe('?url=x&debug=1');
    expect(history.withoutOwn('?diff=1')).toBe('');
    expect(history.withoutOwn('?file=a.wad')).toBe('?file=a.wad');
  });
  it('does not take an entry that names no comparison', async () => {
    const { state, showComparison } = await setUp();
    const history = createCompareHistory(state.compare, state.stores.files);
    showComparison();
    expect(history.restore('?file=old.wad')).toBe(false);
    expect(history.restore('?diff=1&change=x')).toBe(true);
    expect(state.compare.store.getState().comparison?.selectedPath).toBe('x');
  });
});
