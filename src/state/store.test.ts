import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { createDelveState } from './store.ts';
import { kiwadFile } from './testing/archives.ts';
import { createTestDecoder, deferred, type TestDecoder } from './testing/test-decoder.ts';

// Sorted as the tree shows them: Textures, Voices, readme.txt.
const PATHS = ['Textures/a.dds', 'Textures/b.dds', 'Voices/c.ogg', 'readme.txt'];

/** `prepare` configures each decoder as it is made, before `open` runs. */
function setup(prepare: (decoder: TestDecoder) => void = () => undefined) {
  const decoders: TestDecoder[] = [];
  const saveBlob = vi.fn<(blob: Blob, name: string) => void>();
  const fetchMock = vi.fn<(url: string) => Promise<Response>>();
  let clock = 0;
  const state = createDelveState({
    createDecoder: () => {
      const decoder = createTestDecoder();
      prepare(decoder);
      decoders.push(decoder);
      return decoder;
    },
    saveBlob,
    fetch: fetchMock,
    now: () => (clock += 100),
  });
  const files = () => state.stores.files.getState().files;
  const file = (at = 0) => {
    const found = files()[at];
    if (!found) throw new Error(`no file ${at}`);
    return found;
  };
  return { state, decoders, saveBlob, fetchMock, files, file, actions: state.actions };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const aFile = (name: string, paths: readonly string[] = PATHS) => kiwadFile(name, paths);

describe('openFiles', () => {
  it('shows rows while the table is still being read, then the summary', async () => {
    let gate = deferred();
    const { state, file, actions } = setup((decoder) => (gate = decoder.hold('open')));
    const opening = actions.openFiles([aFile('demo.wad')]);
    // Progress arrives before the answer, which the gate holds.
    await vi.waitFor(() => expect(file().rowsVersion).toBeGreaterThan(0));
    expect(file().status).toBe('opening');
    expect(file().rowCount).toBeGreaterThan(0);
    expect(file().isExpanded).toBe(true);
    const versionWhileOpening = file().rowsVersion;
    gate.resolve();
    await opening;
    expect(file().status).toBe('ready');
    expect(file().summary?.entryCount).toBe(4);
    expect(file().rowsVersion).toBeGreaterThan(versionWhileOpening);
    expect(file().rowCount).toBe(3); // Textures, Voices, readme.txt
    expect(state.stores.view.getState().selection).toEqual({ kind: 'file', fileId: file().id });
  });

  it('opens several files collapsed, each with its own decoder', async () => {
    const { decoders, files, actions } = setup();
    await actions.openFiles([aFile('a.wad'), aFile('b.wad')]);
    expect(decoders).toHaveLength(2);
    expect(files().map((one) => [one.name, one.isExpanded, one.status])).toEqual([
      ['a.wad', false, 'ready'],
      ['b.wad', false, 'ready'],
    ]);
  });

  it('selects what a later drop opened, not the file selected before', async () => {
    const { state, files, actions } = setup();
    await actions.openFiles([aFile('a.wad')]);
    await actions.openFiles([aFile('b.wad'), aFile('c.wad')]);
    expect(files().map((one) => one.name)).toEqual(['a.wad', 'b.wad', 'c.wad']);
    expect(state.stores.view.getState().selection).toEqual({
      kind: 'file',
      fileId: files()[1]!.id,
    });
  });

  it('marks only the crashed file failed', async () => {
    const { decoders, file, actions } = setup();
    await actions.openFiles([aFile('a.wad'), aFile('b.wad')]);
    decoders[0]?.crash('out of memory');
    expect(file(0).status).toBe('failed');
    expect(file(0).hasCrashed).toBe(true);
    expect(file(0).rowCount).toBe(0);
    expect(file(0).error?.message).toContain('out of memory');
    expect(file(1).status).toBe('ready');
    expect(file(1).error).toBeNull();
  });

  it('reopens a crashed file in a fresh decoder', async () => {
    const { decoders, files, actions } = setup();
    await actions.openFiles([aFile('a.wad'), aFile('b.wad')]);
    decoders[0]?.crash('no answer for 10 s');
    const crashedId = files()[0]!.id;
    await actions.reopenFile(crashedId);
    expect(decoders).toHaveLength(3);
    expect(decoders[0]?.isTerminated).toBe(true);
    // In its place, not at the end.
    expect(files().map((one) => [one.name, one.status, one.hasCrashed])).toEqual([
      ['a.wad', 'ready', false],
      ['b.wad', 'ready', false],
    ]);
    expect(files().some((one) => one.id === crashedId)).toBe(false);
  });

  it('opens a file again as a format it names, with options, in a fresh decoder', async () => {
    const { decoders, files, actions } = setup();
    await actions.openFiles([aFile('a.wad'), aFile('blob.bin')]);
    const openAs = { format: 'objectproperty', settings: { shallow: 'true', flags: '1' } };
    await actions.reopenFileAs(files()[1]!.id, openAs);
    expect(decoders).toHaveLength(3);
    expect(decoders[1]?.isTerminated).toBe(true);
    expect(files().map((one) => [one.name, one.openAs ?? null])).toEqual([
      ['a.wad', null],
      ['blob.bin', openAs],
    ]);
  });

  it('stops waiting for a worker that dies while opening', async () => {
    const { decoders, file, actions } = setup((decoder) => decoder.hold('open'));
    const opening = actions.openFiles([aFile('demo.wad')]);
    await settle();
    decoders[0]?.crash('worker script failed to load');
    await opening;
    expect(file().status).toBe('failed');
    expect(file().hasCrashed).toBe(true);
  });

  it('keeps the rows read before a fatal error', async () => {
    // Cut inside the fourth record of the table: three entries read, then the end.
    const whole = new Uint8Array(await aFile('x.wad').arrayBuffer());
    const { file, actions, decoders } = setup();
    await actions.openFiles([new File([whole.slice(0, 120)], 'bad.wad')]);
    expect(file().status).toBe('failed');
    expect(file().error).toMatchObject({ code: 'UNEXPECTED_EOF', offset: 120, format: 'kiwad' });
    // The rows the summary counts (Textures, Voices), with no second call for them.
    expect(file().rowCount).toBe(2);
    expect(decoders[0]!.calls).not.toContain('rowCount');
    expect(file().hasCrashed).toBe(false);
  });

  it('reports a failed open', async () => {
    const error = {
      code: 'BAD_MAGIC' as const,
      message: 'bad magic at 0x0: not a KIWAD',
      offset: 0,
      format: 'kiwad',
      path: '',
    };
    const { file, actions } = setup((decoder) => decoder.answer('open', { ok: false, error }));
    await actions.openFiles([aFile('x.wad')]);
    expect(file().status).toBe('failed');
    expect(file().error).toEqual(error);
  });

  it('ignores progress that arrives after the result', async () => {
    const { file, actions } = setup((decoder) => (decoder.sendsLateProgress = true));
    await actions.setFilter('.ogg');
    await actions.openFiles([aFile('demo.wad')]);
    await settle();
    expect(file().rowCount).toBe(2);
    expect(file().openProgress?.entriesRead).toBe(4);
    await actions.verifyAll(file().id);
    await settle();
    expect(file().verifyProgress).toBeNull();
  });

  it('loads a file from a URL, or says why not', async () => {
    const { fetchMock, files, actions, state } = setup();
    fetchMock.mockResolvedValueOnce(new Response('not found', { status: 404 }));
    await actions.openFromUrl('samples/demo.wad', 'demo.wad');
    expect(files()).toHaveLength(0);
    expect(state.stores.toasts.getState().toasts[0]?.message).toMatch(/^demo\.wad: .*404/);
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([1, 2, 3])));
    await actions.openFromUrl('samples/demo.wad', 'demo.wad');
    expect(files().map((one) => [one.name, one.size])).toEqual([['demo.wad', 3]]);
    await settle();
    // Three bytes that are no archive: opened as what they are.
    expect(files()[0]?.summary?.format).toBe('raw');
  });
});

describe('tree actions', () => {
  it('expands a folder and follows the selected row when rows move', async () => {
    const { state, file, actions, decoders } = setup();
    await actions.openFiles([aFile('demo.wad')]);
    const fileId = file().id;
    await actions.selectRowAt(fileId, 1); // Voices
    const selection = state.stores.view.getState().selection;
    expect(selection?.kind === 'row' && selection.row.name).toBe('Voices');
    const [textures] = await decoders[0]!.getRows(0, 1);
    const version = file().rowsVersion;
    await actions.toggleRow(fileId, textures!);
    await settle();
    expect(file().rowCount).toBe(5);
    expect(file().rowsVersion).toBe(version + 1);
    const moved = state.stores.view.getState().selection;
    expect(moved?.kind === 'row' && [moved.row.name, moved.rowIndex]).toEqual(['Voices', 3]);
  });

  it('goes to the parent folder, or to the file row from the top level', async () => {
    const { state, file, actions } = setup();
    await actions.openFiles([aFile('demo.wad')]);
    const fileId = file().id;
    await actions.expandAll(fileId);
    await actions.selectRowAt(fileId, 1); // Textures/a.dds
    const selection = state.stores.view.getState().selection;
    if (selection?.kind !== 'row') throw new Error('expected a row');
    await actions.selectParent(fileId, selection.row);
    const parent = state.stores.view.getState().selection;
    expect(parent?.kind === 'row' && [parent.row.name, parent.rowIndex]).toEqual(['Textures', 0]);
    if (parent?.kind !== 'row') throw new Error('expected a row');
    await actions.selectParent(fileId, parent.row);
    expect(state.stores.view.getState().selection).toEqual({ kind: 'file', fileId });
  });

  it('filters every open file and expands those with matches', async () => {
    const { state, files, actions } = setup();
    await actions.openFiles([aFile('a.wad'), aFile('b.wad', ['other/x.bin'])]);
    await actions.setFilter('.dds');
    expect(state.stores.view.getState().filter).toBe('.dds');
    expect(files().map((one) => [one.matchCount, one.isExpanded, one.rowCount])).toEqual([
      [2, true, 3],
      [0, false, 0],
    ]);
    await actions.setFilter('');
    expect(files().map((one) => one.matchCount)).toEqual([null, null]);
  });

  it('applies the current filter to a file opened later', async () => {
    const { file, actions } = setup();
    await actions.setFilter('.ogg');
    await actions.openFiles([aFile('demo.wad')]);
    expect(file().matchCount).toBe(1);
    expect(file().rowCount).toBe(2); // Voices, c.ogg
  });
});

describe('close', () => {
  it('terminates the worker and selects a neighbour', async () => {
    const { state, decoders, files, actions } = setup();
    await actions.openFiles([aFile('a.wad'), aFile('b.wad')]);
    const [first, second] = files();
    actions.selectFile(first!.id);
    actions.closeFile(first!.id);
    expect(decoders[0]?.isTerminated).toBe(true);
    expect(files().map((one) => one.name)).toEqual(['b.wad']);
    expect(state.stores.view.getState().selection).toEqual({ kind: 'file', fileId: second!.id });
    actions.closeFile(second!.id);
    expect(state.stores.view.getState().selection).toBeNull();
  });
});

describe('jobs', () => {
  it('verifies with progress, then keeps the summary', async () => {
    const { state, decoders, file, actions } = setup();
    await actions.openFiles([aFile('demo.wad')]);
    const gate = decoders[0]!.hold('verifyAll');
    const verifying = actions.verifyAll(file().id);
    await settle();
    expect(state.stores.jobs.getState().jobs.map((job) => job.kind)).toEqual(['verify']);
    expect(file().verifyProgress?.entriesDone).toBe(4);
    gate.resolve();
    await verifying;
    expect(state.stores.jobs.getState().jobs).toEqual([]);
    expect(file().verifyProgress).toBeNull();
    expect(file().verifySummary).toMatchObject({ ok: 4, mismatched: 0, checked: 4 });
    // The rows show what the verify found.
    const rows = await decoders[0]!.getRows(0, 3);
    expect(rows.map((row) => row.status)).toEqual(['unchecked', 'unchecked', 'ok']);
  });

  it('Verify all and Download all cover every open file, each file reported', async () => {
    const { state, saveBlob, files, actions } = setup();
    await actions.openFiles([aFile('a.wad'), aFile('b.wad', ['only.txt'])]);
    // The selection is the first file; "all" still means both.
    await actions.verifyAllFiles();
    expect(files().map((one) => one.verifySummary)).toMatchObject([
      { ok: 4, checked: 4 },
      { ok: 1, checked: 1 },
    ]);
    await actions.downloadAllFiles();
    expect(saveBlob).toHaveBeenCalledTimes(1);
    const [blob, name] = saveBlob.mock.calls[0]!;
    expect(name).toBe('open-files.zip');
    const unzipped = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(unzipped).sort()).toEqual([
      ...PATHS.map((path) => `a.wad/${path}`),
      'b.wad/only.txt',
    ]);
    const toasts = state.stores.toasts.getState().toasts.map((toast) => toast.message);
    expect(toasts).toEqual(['open-files.zip: a.wad: 4 entries; b.wad: 1 entry']);
  });

  it('cancels a verify', async () => {
    const { state, decoders, file, actions } = setup();
    await actions.openFiles([aFile('demo.wad')]);
    decoders[0]!.hold('verifyAll');
    const verifying = actions.verifyAll(file().id);
    await settle();
    const job = state.stores.jobs.getState().jobs[0];
    actions.cancelJob(job!.id);
    await verifying;
    expect(decoders[0]?.isCancelled).toBe(true);
    expect(file().verifySummary).toBeNull();
    expect(state.stores.toasts.getState().toasts.map((toast) => toast.kind)).toEqual(['info']);
  });

  it('refuses a second verify or zip on the same file while one runs', async () => {
    const { state, decoders, file, actions } = setup();
    await actions.openFiles([aFile('demo.wad')]);
    const gate = decoders[0]!.hold('verifyAll');
    const verifying = actions.verifyAll(file().id);
    await actions.downloadZip(file().id, []);
    expect(decoders[0]?.calls.some((call) => call.startsWith('zip'))).toBe(false);
    expect(state.stores.toasts.getState().toasts[0]?.message).toContain('Verifying demo.wad');
    gate.resolve();
    await verifying;
  });

  it('downloads an entry under its sanitised name', async () => {
    const { saveBlob, decoders, file, actions } = setup();
    await actions.openFiles([aFile('demo.wad', ['evil/..\\x:y?.txt'])]);
    await actions.expandAll(file().id);
    await actions.selectRowAt(file().id, 1);
    await actions.downloadSelection();
    expect(decoders[0]?.calls).toContain('readBlob node:0');
    expect(saveBlob).toHaveBeenCalledTimes(1);
    // The last segment, with what file systems forbid replaced (binary/path-safety.ts).
    expect(saveBlob.mock.calls[0]?.[1]).toBe('x_y_.txt');
  });

  it('zips a folder, or the whole archive from the file row', async () => {
    const { saveBlob, decoders, file, actions } = setup();
    await actions.openFiles([aFile('demo.wad')]);
    await actions.selectRowAt(file().id, 0); // Textures
    await actions.downloadSelection();
    actions.selectFile(file().id);
    await actions.downloadSelection();
    const textures = await decoders[0]!.nodeIdOfPath('Textures');
    expect(decoders[0]?.calls.filter((call) => call.startsWith('zip'))).toEqual([
      `zip ${textures}`,
      'zip ',
    ]);
    expect(saveBlob.mock.calls.map((call) => call[1])).toEqual(['Textures.zip', 'demo.zip']);
  });
});
