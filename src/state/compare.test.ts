import { describe, expect, it, vi } from 'vitest';
import { createDelveState } from './store.ts';
import { kiwadFileOf } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';

async function setUp() {
  const createDecoder = vi.fn(() => createTestDecoder());
  const state = createDelveState({
    createDecoder,
    saveBlob: vi.fn(),
    fetch: vi.fn(),
    now: () => 0,
  });
  await state.actions.openFiles([
    kiwadFileOf('old.wad', { 'a/same.txt': 'same', 'a/gone.txt': 'gone', 'b/edit.txt': '1' }),
    kiwadFileOf('new.wad', { 'a/same.txt': 'same', 'b/edit.txt': '2', 'c/new.txt': 'n' }),
  ]);
  const [oldFile, newFile] = state.stores.files.getState().files;
  const comparison = () => state.compare.store.getState().comparison;
  /** Waits until the comparison shown has ended. */
  const settled = () =>
    vi.waitFor(() => {
      if (comparison()?.status !== 'done') throw new Error('still comparing');
    });
  return { state, createDecoder, oldFile: oldFile!, newFile: newFile!, comparison, settled };
}

const COUNTS = { added: 1, removed: 1, changed: 1, unchanged: 1 };

describe('comparing two open files', () => {
  it("runs in the old file's own decoder: no worker is started for it", async () => {
    const { state, createDecoder, oldFile, newFile, comparison } = await setUp();
    const decoders = createDecoder.mock.calls.length;
    const factsAsked = vi.spyOn(newFile.decoder, 'nodeFacts');
    await state.compare.actions.compareFiles(oldFile.id, newFile.id);
    expect(comparison()).toMatchObject({ status: 'done', counts: COUNTS });
    expect(createDecoder.mock.calls.length).toBe(decoders);
    expect(factsAsked).toHaveBeenCalledTimes(1);
    const rows = await state.compare.actions.diffRows(0, 10);
    expect(rows.map((row) => row.path)).toContain('c/new.txt');
  });

  it('asks the files the picker offers for their facts as it opens, and compares from them', async () => {
    const { state, oldFile, newFile, comparison } = await setUp();
    const factsAsked = vi.spyOn(newFile.decoder, 'nodeFacts');
    const ownAsked = vi.spyOn(oldFile.decoder, 'nodeFacts');
    state.compare.actions.openComparePicker(oldFile.id);
    expect(factsAsked).toHaveBeenCalledTimes(1);
    await state.compare.actions.compareFiles(oldFile.id, newFile.id);
    expect(comparison()).toMatchObject({ status: 'done', counts: COUNTS });
    expect(factsAsked).toHaveBeenCalledTimes(1);
    expect(ownAsked).not.toHaveBeenCalled();
  });

  it('runs again in a decoder of its own when the old file is closed', async () => {
    const { state, createDecoder, oldFile, newFile, comparison, settled } = await setUp();
    await state.compare.actions.compareFiles(oldFile.id, newFile.id, 'b/edit.txt');
    const decoders = createDecoder.mock.calls.length;
    state.actions.closeFile(oldFile.id);
    expect(createDecoder.mock.calls.length).toBe(decoders + 1);
    await settled();
    expect(comparison()).toMatchObject({ counts: COUNTS, selectedPath: 'b/edit.txt' });
    const at = await state.compare.actions.diffRowOfPath('b/edit.txt');
    const [row] = await state.compare.actions.diffRows(at, 1);
    const side = await state.compare.actions.diffSide('old', row!.diff!.oldIndex, 64);
    expect(side.ok && new TextDecoder().decode(side.value.bytes!)).toBe('1');
  });

  it("swapped, runs in the other file's decoder, and the first forgets it", async () => {
    const { state, oldFile, newFile, comparison } = await setUp();
    await state.compare.actions.compareFiles(oldFile.id, newFile.id);
    const released = vi.spyOn(oldFile.decoder, 'diffRelease');
    const hosted = vi.spyOn(newFile.decoder, 'compare');
    await state.compare.actions.swapComparison();
    expect(released).toHaveBeenCalledTimes(1);
    expect(hosted).toHaveBeenCalledTimes(1);
    expect(comparison()).toMatchObject({
      status: 'done',
      counts: { added: 1, removed: 1, changed: 1, unchanged: 1 },
    });
  });
});
