import { describe, expect, it, vi } from 'vitest';
import { createDelveState } from './store.ts';
import { kiwadFile } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';

const PATHS = ['Textures/Deep/a.dds', 'Textures/b.dds', 'Voices/c.ogg', 'readme.txt'];

async function opened() {
  const state = createDelveState({
    createDecoder: () => createTestDecoder(),
    saveBlob: vi.fn(),
    fetch: vi.fn(),
    now: () => 0,
  });
  await state.actions.openFiles([kiwadFile('demo.wad', PATHS)]);
  const file = state.stores.files.getState().files[0]!;
  return { state, fileId: file.id };
}

describe('revealPath', () => {
  it('opens the folders above a node and selects its row', async () => {
    const { state, fileId } = await opened();
    state.actions.setFileExpanded(fileId, false);
    expect(await state.actions.revealPath(fileId, 'Textures/Deep/a.dds')).toBe(true);
    const { selection } = state.stores.view.getState();
    expect(selection?.kind === 'row' && selection.row.path).toBe('Textures/Deep/a.dds');
    // Rows, folders first: Textures, Deep, a.dds, b.dds, Voices, readme.txt.
    expect(selection?.kind === 'row' && selection.rowIndex).toBe(2);
    expect(state.stores.files.getState().files[0]!.isExpanded).toBe(true);
  });

  it('answers false for a path no node has, and leaves the selection', async () => {
    const { state, fileId } = await opened();
    state.actions.selectFile(fileId);
    expect(await state.actions.revealPath(fileId, 'Textures/missing.dds')).toBe(false);
    expect(state.stores.view.getState().selection).toEqual({ kind: 'file', fileId });
  });

  it('answers false when the filter hides the node', async () => {
    const { state, fileId } = await opened();
    await state.actions.setFilter('*.ogg');
    expect(await state.actions.revealPath(fileId, 'readme.txt')).toBe(false);
  });
});

describe('revealEntry', () => {
  it('reveals a node by its index, as revealPath does by its path', async () => {
    const { state, fileId } = await opened();
    state.actions.setFileExpanded(fileId, false);
    const file = state.stores.files.getState().files[0]!;
    const index = PATHS.indexOf('Voices/c.ogg');
    const details = await file.decoder.entryDetails(index);
    expect(details.ok && details.value.path).toBe('Voices/c.ogg');
    expect(await state.actions.revealEntry(fileId, index)).toBe(true);
    const { selection } = state.stores.view.getState();
    expect(selection?.kind === 'row' && selection.row.path).toBe('Voices/c.ogg');
  });

  it('answers false for an index no node has', async () => {
    const { state, fileId } = await opened();
    expect(await state.actions.revealEntry(fileId, 99)).toBe(false);
  });
});
