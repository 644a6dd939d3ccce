/**
 * A single download is named as the same node is named in a zip: an archive entry by its
 * own name, a document's node (a key) with the extension of what it holds.
 */
import { describe, expect, it, vi } from 'vitest';
import { createDelveState } from './store.ts';
import { kaFileOf, kiwadFileOf } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 400 && !check(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function downloadNames(file: File, paths: readonly string[]): Promise<string[]> {
  const saveBlob = vi.fn();
  const state = createDelveState({
    createDecoder: () => createTestDecoder(),
    saveBlob,
    fetch: vi.fn(),
    now: () => 0,
  });
  await state.actions.openFiles([file]);
  const files = () => state.stores.files.getState().files;
  await until(() => files()[0]?.status === 'ready');
  const opened = files()[0]!;
  await opened.decoder.setAllExpanded(true);
  const rows = await opened.decoder.getRows(0, 100);
  for (const path of paths) {
    const row = rows.find((each) => each.path === path);
    expect(row, path).toBeDefined();
    await state.actions.downloadEntry(opened.id, row!.entryIndex, row!.name);
  }
  return saveBlob.mock.calls.map(([, fileName]) => fileName as string);
}

describe('downloading one node', () => {
  it("gives a document's key the extension of what it holds", async () => {
    // A value's content is its bytes as stored (type and length first): binary, as in a zip.
    const names = await downloadNames(
      kaFileOf('scene.ka', { title: 'A level', author: 'someone' }),
      ['title', 'author'],
    );
    expect(names).toEqual(['title.bin', 'author.bin']);
  });

  it('keeps an archive entry its own name', async () => {
    const wad = kiwadFileOf('Root.wad', { 'Data/readme': 'no extension here' });
    expect(await downloadNames(wad, ['Data/readme'])).toEqual(['readme']);
  });
});
