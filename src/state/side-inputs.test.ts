/**
 * Side inputs in the app state: kept by kind, persisted through the storage and restored by
 * a new page's state, handed to every open, and a change reopens the files whose format
 * reads that kind (selected ones stay selected). Bytes opened as a format with settings
 * (a pasted blob) keep them through a reopen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memorySideInputStorage, sideInputBlobs, type SideInputStorage } from './side-inputs.ts';
import { createDelveState } from './store.ts';
import { createTestDecoder } from './testing/test-decoder.ts';

function setup(storage: SideInputStorage = memorySideInputStorage()) {
  const state = createDelveState({
    createDecoder: () => createTestDecoder(),
    saveBlob: () => undefined,
    fetch: () => Promise.reject(new Error('no network in tests')),
    now: () => 0,
    sideInputStorage: storage,
  });
  const entries = () => state.stores.sideInputs.getState().entries;
  const files = () => state.stores.files.getState().files;
  return { state, actions: state.actions, entries, files };
}

/** What the storage keeps: each record with its body. */
async function keptEntries(storage: SideInputStorage) {
  const bodies = new Map((await storage.loadBodies()).map((body) => [body.id, body]));
  return (await storage.loadRecords()).map((record) => ({ ...record, ...bodies.get(record.id) }));
}

/** The shared ObjectProperty fixtures, read where they are (`../shared` beside the repository). */
const FIXTURES = new URL('../../../shared/fixtures/objectproperty/', import.meta.url);
const fixtureBytes = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
/** A `BINd` file: the magic, then a deep blob whose flags are in its stream (as a BINd's are). */
const bindBytes = Uint8Array.from([
  0x42,
  0x49,
  0x4e,
  0x64,
  ...fixtureBytes('deep-size-boundary.bin'),
]);
const typeListBytes = fixtureBytes('types.json');
const typeList = () => new File([typeListBytes.slice()], 'types.json');
const fact = (facts: readonly (readonly [string, string])[] | undefined, name: string) =>
  facts?.find(([label]) => label === name)?.[1];

describe('side inputs', () => {
  it('adds and removes files by kind, kept in the storage', async () => {
    const storage = memorySideInputStorage();
    const { actions, entries } = setup(storage);
    await actions.restoreSideInputs();
    await actions.addSideInputs('type-lists', [typeList(), new File(['<x/>'], 'b.xml')]);
    expect(entries().map((entry) => [entry.kind, entry.name, entry.size])).toEqual([
      ['type-lists', 'types.json', typeListBytes.length],
      ['type-lists', 'b.xml', 4],
    ]);
    expect((await keptEntries(storage)).map((entry) => entry.name).sort()).toEqual([
      'b.xml',
      'types.json',
    ]);
    await actions.removeSideInput(entries()[1]!.id);
    expect(entries().map((entry) => entry.name)).toEqual(['types.json']);
    expect((await keptEntries(storage)).map((entry) => entry.name)).toEqual(['types.json']);
  });

  it('a new page restores what the storage kept, in the order added', async () => {
    const storage = memorySideInputStorage();
    const first = setup(storage);
    await first.actions.addSideInputs('type-lists', [typeList()]);
    await first.actions.addSideInputs('protocols', [new File(['a'], 'GameMessages.xml')]);
    const second = setup(storage);
    expect(second.state.stores.sideInputs.getState().status).toBe('loading');
    await second.actions.restoreSideInputs();
    expect(second.state.stores.sideInputs.getState().status).toBe('ready');
    const blobs = sideInputBlobs(second.entries());
    expect(Object.keys(blobs).sort()).toEqual(['protocols', 'type-lists']);
    expect(blobs['type-lists']!.map((file) => file.name)).toEqual(['types.json']);
    // The same object while the set is unchanged: workers may cache by it.
    expect(sideInputBlobs(second.entries())).toBe(blobs);
  });

  it('a storage that refuses says so, and the file still lasts the visit', async () => {
    const refusing: SideInputStorage = {
      loadRecords: () => Promise.reject(new Error('storage is off')),
      loadBodies: () => Promise.reject(new Error('storage is off')),
      put: () => Promise.reject(new Error('quota exceeded')),
      remove: () => Promise.resolve(),
    };
    const { actions, entries, state } = setup(refusing);
    await actions.restoreSideInputs();
    expect(state.stores.sideInputs.getState().storageError).toBe('storage is off');
    await actions.addSideInputs('type-lists', [typeList()]);
    expect(entries()).toHaveLength(1);
    expect(state.stores.sideInputs.getState().storageError).toBe('quota exceeded');
  });

  it('opens hand the files to the worker; a change reopens the readers, still selected', async () => {
    const { actions, files, state } = setup();
    await actions.restoreSideInputs();
    await actions.openFiles([
      new File([bindBytes], 'Item.xml'),
      new File(['plain text'], 'readme.txt'),
    ]);
    const [bind, text] = files();
    expect(fact(bind!.summary?.facts, 'Type lists')).toBe('none');
    state.stores.view.setState({ selection: { kind: 'file', fileId: bind!.id } });

    await actions.addSideInputs('type-lists', [typeList()]);
    const reopened = files().find((file) => file.name === 'Item.xml')!;
    expect(reopened.id).not.toBe(bind!.id);
    expect(fact(reopened.summary?.facts, 'Type lists')).toBe('types.json');
    expect(fact(reopened.summary?.facts, 'Root class')).toBe('class DeepSizeBoundary');
    expect(state.stores.view.getState().selection).toEqual({ kind: 'file', fileId: reopened.id });
    // A file whose format reads no type lists is left as it was.
    expect(files().find((file) => file.name === 'readme.txt')!.id).toBe(text!.id);

    await actions.removeSideInput(state.stores.sideInputs.getState().entries[0]!.id);
    const bare = files().find((file) => file.name === 'Item.xml')!;
    expect(fact(bare.summary?.facts, 'Type lists')).toBe('none');
  });

  it('bytes opened as a format take its settings, and keep them through a reopen', async () => {
    const { actions, files } = setup();
    await actions.restoreSideInputs();
    const settings = { shallow: 'true', flags: '1', mask: '7' };
    await actions.openBytesAs('blob.bin', fixtureBytes('nested-object.bin'), {
      format: 'objectproperty',
      settings,
    });
    expect(files()[0]!.summary?.format).toBe('objectproperty');
    expect(fact(files()[0]!.summary?.facts, 'Mode')).toBe('shallow');
    await actions.addSideInputs('type-lists', [typeList()]);
    expect(files()).toHaveLength(1);
    expect(files()[0]!.openAs).toEqual({ format: 'objectproperty', settings });
    expect(fact(files()[0]!.summary?.facts, 'Root class')).toBe('class Outer');
  });

  it('a type list is prepared once in a worker when added, kept beside it, and opens read that', async () => {
    const storage = memorySideInputStorage();
    const { actions, files } = setup(storage);
    await actions.restoreSideInputs();
    await actions.openFiles([new File([bindBytes], 'Item.xml')]);
    await actions.addSideInputs('type-lists', [typeList()]);
    const [kept] = await keptEntries(storage);
    // The original stays for the panel; the prepared image (`DTLI`) is what opens read.
    expect(kept!.size).toBe(typeListBytes.length);
    const head = new Uint8Array(await kept!.prepared!.slice(0, 4).arrayBuffer());
    expect(new TextDecoder().decode(head)).toBe('DTLI');
    expect(sideInputBlobs([kept!])['type-lists']![0]!.prepared).toBe(kept!.prepared);
    expect(fact(files()[0]!.summary?.facts, 'Root class')).toBe('class DeepSizeBoundary');
    // A list that cannot be read is kept as it is: its opens say why.
    await actions.addSideInputs('type-lists', [new File(['{"a": '], 'broken.json')]);
    const broken = (await keptEntries(storage)).find((entry) => entry.name === 'broken.json');
    expect(broken?.prepared).toBeUndefined();
  });

  it('a list kept before lists were prepared is prepared after a reload, for the next opens', async () => {
    const storage = memorySideInputStorage([
      {
        id: 'kept',
        kind: 'type-lists',
        name: 'types.json',
        size: typeListBytes.length,
        blob: typeList(),
        addedAt: 1,
      },
    ]);
    const { actions, entries } = setup(storage);
    await actions.restoreSideInputs();
    expect(entries()[0]!.prepared).toBeInstanceOf(Blob);
    expect((await keptEntries(storage))[0]!.prepared).toBe(entries()[0]!.prepared);
  });

  it('a new page lists kept files from their records at once; opens wait for their bytes', async () => {
    const storage = memorySideInputStorage();
    const first = setup(storage);
    await first.actions.restoreSideInputs();
    await first.actions.addSideInputs('type-lists', [typeList()]);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: SideInputStorage = {
      ...storage,
      loadBodies: async () => {
        await held;
        return storage.loadBodies();
      },
    };
    const second = setup(slow);
    const restored = second.actions.restoreSideInputs();
    await expect.poll(() => second.state.stores.sideInputs.getState().status).toBe('ready');
    expect(second.entries().map((entry) => [entry.name, entry.size, entry.blob])).toEqual([
      ['types.json', typeListBytes.length, undefined],
    ]);
    const opening = second.actions.openFiles([new File([bindBytes], 'Item.xml')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.files()[0]!.summary).toBeNull();
    release();
    await Promise.all([opening, restored]);
    expect(second.entries()[0]!.prepared).toBeInstanceOf(Blob);
    expect(fact(second.files()[0]!.summary?.facts, 'Root class')).toBe('class DeepSizeBoundary');
  });

  it('a kept record whose bytes are gone is dropped, and opens do not wait for it', async () => {
    const storage = memorySideInputStorage();
    const first = setup(storage);
    await first.actions.restoreSideInputs();
    await first.actions.addSideInputs('type-lists', [typeList()]);
    const bodiesGone: SideInputStorage = { ...storage, loadBodies: () => Promise.resolve([]) };
    const second = setup(bodiesGone);
    await second.actions.restoreSideInputs();
    expect(second.entries()).toEqual([]);
    await second.actions.openFiles([new File([bindBytes], 'Item.xml')]);
    expect(fact(second.files()[0]!.summary?.facts, 'Type lists')).toBe('none');
  });
});
