/**
 * Sessions with more than one file (an index and its volumes, through the two-part test
 * format), files opened from entries, and the query cache as the actions keep it: dropped
 * when a file goes, read again when statuses or content change.
 */
import { describe, expect, it, vi } from 'vitest';
import { FORMATS } from '../formats/registry.ts';
import { nodeRef, type TreeRow } from '../worker/rpc/api.ts';
import { AUTO_DIGEST_QUIET_MS } from './digests.ts';
import { groupSources, isCompanionName } from './source-groups.ts';
import { kiwadFile, kiwadFileOf, twoPartFiles, twoPartFormat } from './testing/archives.ts';
import type { TestDecoder } from './testing/test-decoder.ts';
import { createTestState } from './testing/test-state.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const { state, decoders, files } = createTestState({ formats: [twoPartFormat, ...FORMATS] });
  const toasts = () => state.stores.toasts.getState().toasts.map((toast) => toast.message);
  return { state, decoders, files, toasts, actions: state.actions, queries: state.queries };
}

/** Every row of a file with its folders open. */
async function allRows(decoder: TestDecoder): Promise<TreeRow[]> {
  const count = await decoder.setAllExpanded(true);
  return decoder.getRows(0, count);
}

describe('sources', () => {
  it('opens an index dropped with its volumes as one session', async () => {
    const { files, actions } = setup();
    const { index, volumes } = twoPartFiles();
    await actions.openFiles([index, ...volumes]);
    expect(files().map((file) => file.name)).toEqual(['stuff.twop']);
    const [file] = files();
    expect(file?.summary?.missingSources).toEqual([]);
    expect(file?.summary?.sources).toEqual(['stuff.twop', 'data.001', 'data.002']);
    expect(file?.sources.map((source) => source.name)).toEqual([
      'stuff.twop',
      'data.001',
      'data.002',
    ]);
  });

  it('adds a volume dropped later to the session that lacks it, and reads what it holds', async () => {
    const { files, actions, queries, decoders } = setup();
    const { index, volumes } = twoPartFiles();
    await actions.openFiles([index]);
    const fileId = files()[0]!.id;
    expect(files()[0]?.summary?.missingSources.map((source) => source.name)).toEqual([
      'data.001',
      'data.002',
    ]);
    const three = (await allRows(decoders[0]!)).find((row) => row.name === 'three.txt')!;
    const query = queries.contentRange(fileId, nodeRef(three.entryIndex), 0, 100);
    const watcher = vi.fn();
    queries.cache.subscribe(query, watcher);
    await settle();
    expect(queries.cache.read(query.key)).toMatchObject({ status: 'error' });

    await actions.openFiles([volumes[1]!]);
    expect(files()).toHaveLength(1);
    expect(files()[0]?.summary?.missingSources.map((source) => source.name)).toEqual(['data.001']);
    await settle();
    const read = queries.cache.read<{ bytes: Uint8Array }>(query.key);
    expect(read.status === 'ok' && new TextDecoder().decode(read.value.bytes)).toBe('three');
  });

  it('says which offered files a session did not take', async () => {
    const { files, actions, toasts } = setup();
    const { index, volumes } = twoPartFiles();
    await actions.openFiles([index]);
    await actions.addSources(files()[0]!.id, [volumes[0]!, new File(['x'], 'other.bin')]);
    expect(files()[0]?.sources.map((source) => source.name)).toEqual(['stuff.twop', 'data.001']);
    expect(toasts()).toEqual(['stuff.twop: not a source it needs: other.bin']);
  });

  it('offers files whose names go together to one session; unrelated ones open side by side', () => {
    expect(isCompanionName('vehicles.idx', 'vehicles_0001.pkg')).toBe(true);
    expect(isCompanionName('data.idx', 'database.pkg')).toBe(false);
    const names = ['b.wad', 'vehicles_0001.pkg', 'vehicles.idx', 'a.wad'].map((name) => ({ name }));
    expect(
      groupSources(names).map((group) => [group.main.name, group.companions.map((c) => c.name)]),
    ).toEqual([
      ['b.wad', []],
      ['vehicles.idx', ['vehicles_0001.pkg']],
      ['a.wad', []],
    ]);
  });
});

describe('nested files', () => {
  const inner = kiwadFile('inner.wad', ['deep/one.txt', 'two.txt']);

  async function openOuter() {
    const context = setup();
    const innerBytes = new Uint8Array(await inner.arrayBuffer());
    const outer = kiwadFileOf('outer.wad', {
      'packs/inner.wad': innerBytes,
      'readme.txt': 'read me',
    });
    await context.actions.openFiles([outer]);
    const outerId = context.files()[0]!.id;
    const rows = await allRows(context.decoders[0]!);
    const entry = rows.find((row) => row.name === 'inner.wad')!;
    return { ...context, outerId, entryIndex: entry.entryIndex };
  }

  it('offers an entry whose content is a format of its own', async () => {
    const { queries, outerId, entryIndex } = await openOuter();
    const detected = await queries.cache.fetch(queries.detectedFormat(outerId, entryIndex));
    expect(detected).toEqual({ status: 'ok', value: { format: 'kiwad', label: 'KIWAD archive' } });
    const readme = await queries.cache.fetch(queries.detectedFormat(outerId, entryIndex + 1));
    expect(readme).toEqual({ status: 'ok', value: null });
  });

  it('opens an entry as a file of its own, right after its parent, and selects it', async () => {
    const { state, files, actions, outerId, entryIndex } = await openOuter();
    await actions.openFiles([kiwadFile('later.wad', ['x.txt'])]);
    await actions.openNested(outerId, entryIndex);
    expect(files().map((file) => [file.name, file.parentId, file.parentPath])).toEqual([
      ['outer.wad', null, null],
      ['inner.wad', outerId, 'packs/inner.wad'],
      ['later.wad', null, null],
    ]);
    const child = files()[1]!;
    expect(child.status).toBe('ready');
    expect(child.summary?.entryCount).toBe(2);
    expect(state.stores.view.getState().selection).toEqual({ kind: 'file', fileId: child.id });
    // Asked again: the file already open is selected, not opened twice.
    actions.selectFile(outerId);
    await actions.openNested(outerId, entryIndex);
    expect(files()).toHaveLength(3);
    expect(state.stores.view.getState().selection).toEqual({ kind: 'file', fileId: child.id });
    // Its parent closes: so does it.
    actions.closeFile(outerId);
    expect(files().map((file) => file.name)).toEqual(['later.wad']);
  });

  it('keeps a nested file that is no archive as its own (raw) file', async () => {
    const { files, actions, outerId, entryIndex } = await openOuter();
    await actions.openNested(outerId, entryIndex + 1);
    expect(files()[1]).toMatchObject({ name: 'readme.txt', status: 'ready', parentId: outerId });
    expect(files()[1]?.summary?.format).toBe('raw');
  });

  it('opens only an entry a format knows when asked to (Enter in the tree)', async () => {
    const { files, actions, outerId, entryIndex } = await openOuter();
    await actions.openNested(outerId, entryIndex + 1, { onlyKnownFormat: true });
    expect(files()).toHaveLength(1);
    await actions.openNested(outerId, entryIndex, { onlyKnownFormat: true });
    expect(files().map((file) => file.name)).toEqual(['outer.wad', 'inner.wad']);
  });
});

describe('cached queries', () => {
  it('reads details again after a verify changes statuses', async () => {
    const { files, actions, queries, decoders } = setup();
    await actions.openFiles([kiwadFile('a.wad', ['one.txt', 'two.txt'])]);
    const fileId = files()[0]!.id;
    const query = queries.entryDetails(fileId, 0);
    queries.cache.subscribe(query, () => undefined);
    await settle();
    expect(queries.cache.read(query.key)).toMatchObject({ value: { status: 'unchecked' } });
    await actions.verifyAll(fileId);
    await settle();
    expect(queries.cache.read(query.key)).toMatchObject({ value: { status: 'ok' } });
    expect(decoders[0]!.calls.filter((call) => call === 'entryDetails 0')).toHaveLength(2);
  });

  it('answers for a file whose worker died without asking it', async () => {
    const { files, actions, queries, decoders } = setup();
    await actions.openFiles([kiwadFile('a.wad', ['one.txt'])]);
    const fileId = files()[0]!.id;
    const query = queries.contentRange(fileId, nodeRef(0), 0, 16);
    queries.cache.subscribe(query, () => undefined);
    await settle();
    expect(queries.cache.read(query.key)).toMatchObject({ status: 'ok' });
    decoders[0]!.crash('out of memory');
    await settle();
    expect(queries.cache.read(query.key)).toMatchObject({
      status: 'error',
      error: { message: expect.stringContaining('decoder of a.wad stopped') },
    });
  });

  it('computes digests on demand and keeps them per content', async () => {
    const { files, actions, queries, decoders } = setup();
    await actions.openFiles([kiwadFile('a.wad', ['one.txt'])]);
    const fileId = files()[0]!.id;
    const unsubscribe = queries.digests.subscribe(fileId, nodeRef(0), () => undefined, false);
    expect(queries.digests.read(fileId, nodeRef(0))).toEqual({ status: 'idle' });
    queries.digests.start(fileId, nodeRef(0));
    await vi.waitFor(() =>
      expect(queries.digests.read(fileId, nodeRef(0))).toMatchObject({
        status: 'ok',
        value: { crc32: expect.any(Number) },
      }),
    );
    unsubscribe();
    queries.digests.start(fileId, nodeRef(0));
    await settle();
    expect(decoders[0]!.calls.filter((call) => call.startsWith('digest'))).toHaveLength(1);
  });

  it('stops a digest nobody shows any more', async () => {
    const { files, actions, queries, decoders } = setup();
    await actions.openFiles([kiwadFile('a.wad', ['one.txt'])]);
    const fileId = files()[0]!.id;
    decoders[0]!.hold('digest');
    const unsubscribe = queries.digests.subscribe(fileId, nodeRef(0), () => undefined, true);
    // The automatic start, once the decoder is quiet and the page idle.
    await vi.waitFor(
      () => expect(queries.digests.read(fileId, nodeRef(0))).toMatchObject({ status: 'running' }),
      { timeout: AUTO_DIGEST_QUIET_MS * 4 },
    );
    unsubscribe();
    await settle();
    expect(decoders[0]!.calls).toContain('cancel digest');
    expect(queries.digests.read(fileId, nodeRef(0))).toEqual({ status: 'idle' });
  });
});
