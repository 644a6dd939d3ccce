import { describe, expect, it, vi } from 'vitest';
import { selectedRowCount, isFocusTheSelection } from './selection-actions.ts';
import { walkSelection, WALK_CHUNK_ROWS } from './selection-walk.ts';
import { createDelveState } from './store.ts';
import { kiwadFile } from './testing/archives.ts';
import { createTestDecoder, type TestDecoder } from './testing/test-decoder.ts';

// Rows with every folder open: 0 Textures, 1 a.dds, 2 b.dds, 3 Voices, 4 c.ogg, 5 readme.txt.
// Folded: 0 Textures, 1 Voices, 2 readme.txt. Entries are 10 bytes each.
const PATHS = ['Textures/a.dds', 'Textures/b.dds', 'Voices/c.ogg', 'readme.txt'];

function setup() {
  const decoders: TestDecoder[] = [];
  const saveBlob = vi.fn<(blob: Blob, name: string) => void>();
  const state = createDelveState({
    createDecoder: () => {
      const decoder = createTestDecoder();
      decoders.push(decoder);
      return decoder;
    },
    saveBlob,
    fetch: vi.fn(),
    now: () => 0,
  });
  const view = () => state.stores.view.getState();
  const fileIds = () => state.stores.files.getState().files.map((file) => file.id);
  /** The focused row's name, or the selection's kind. */
  const focusName = () => {
    const { selection } = view();
    return selection?.kind === 'row' ? selection.row.name : selection?.kind;
  };
  return { state, decoders, saveBlob, view, fileIds, focusName, actions: state.actions };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const aFile = (name: string, paths: readonly string[] = PATHS) => kiwadFile(name, paths);

/** A decoder with one archive of `paths` open. */
async function openedDecoder(paths: readonly string[]): Promise<TestDecoder> {
  const decoder = createTestDecoder();
  const file = aFile('big.wad', paths);
  await decoder.open([{ name: file.name, blob: file }], () => undefined);
  return decoder;
}

async function openExpanded() {
  const context = setup();
  await context.actions.openFiles([aFile('demo.wad')]);
  const [fileId] = context.fileIds();
  if (!fileId) throw new Error('no file');
  await context.actions.expandAll(fileId);
  return { ...context, fileId };
}

describe('clicks', () => {
  it('Ctrl+click adds to the focused row and toggles; the focus follows the click', async () => {
    const { view, actions, fileId, focusName } = await openExpanded();
    await actions.clickRow(fileId, 1, 'replace');
    expect(view().multi).toBeNull();
    expect(focusName()).toBe('a.dds');
    await actions.clickRow(fileId, 4, 'toggle');
    expect(view().multi).toEqual({
      fileId,
      spans: [
        [1, 1],
        [4, 4],
      ],
      anchor: 4,
    });
    expect(focusName()).toBe('c.ogg');
    await actions.clickRow(fileId, 1, 'toggle');
    expect(view().multi?.spans).toEqual([[4, 4]]);
    // The focus may sit on a row that is not selected (details still show it).
    expect(focusName()).toBe('a.dds');
    expect(selectedRowCount(view())).toBe(1);
    expect(isFocusTheSelection(view())).toBe(false);
  });

  it('Shift+click selects from the anchor; Ctrl+Shift+click adds the range', async () => {
    const { view, actions, fileId, focusName } = await openExpanded();
    await actions.clickRow(fileId, 4, 'replace');
    await actions.clickRow(fileId, 1, 'range');
    expect(view().multi).toEqual({ fileId, spans: [[1, 4]], anchor: 4 });
    expect(focusName()).toBe('a.dds');
    await actions.clickRow(fileId, 2, 'range'); // the anchor stays: 2..4
    expect(view().multi?.spans).toEqual([[2, 4]]);
    await actions.clickRow(fileId, 0, 'toggle'); // anchor moves to 0
    await actions.clickRow(fileId, -1, 'add-range'); // the file's own row too
    expect(view().multi?.spans).toEqual([
      [-1, 0],
      [2, 4],
    ]);
    expect(view().selection).toEqual({ kind: 'file', fileId });
  });

  it('a click in another file starts a new selection there', async () => {
    const { view, actions, fileIds } = setup();
    await actions.openFiles([aFile('a.wad'), aFile('b.wad')]);
    const [first, second] = fileIds() as [string, string];
    actions.setFileExpanded(first, true);
    actions.setFileExpanded(second, true);
    await actions.clickRow(first, 0, 'replace');
    await actions.clickRow(first, 2, 'range');
    expect(view().multi).toMatchObject({ fileId: first, spans: [[0, 2]] });
    await actions.clickRow(second, 1, 'toggle');
    expect(view().multi).toEqual({ fileId: second, spans: [[1, 1]], anchor: 1 });
    await actions.clickRow(first, 2, 'range'); // Shift+click elsewhere: a plain click
    expect(view().multi).toBeNull();
    expect(view().selection).toMatchObject({ fileId: first, rowIndex: 2 });
  });
});

describe('keyboard actions', () => {
  it('Ctrl+A takes every row shown of the focused file; Escape leaves the focused row', async () => {
    const { view, actions, fileId, focusName } = await openExpanded();
    await actions.clickRow(fileId, 3, 'replace');
    actions.selectAllRows();
    expect(view().multi).toEqual({ fileId, spans: [[-1, 5]], anchor: 3 });
    expect(selectedRowCount(view())).toBe(7);
    actions.clearMarks();
    expect(view().multi).toBeNull();
    expect(focusName()).toBe('Voices');
  });

  it('Ctrl+arrows move the focus and keep the rows; Ctrl+Space toggles the focused row', async () => {
    const { view, actions, fileId, focusName } = await openExpanded();
    await actions.clickRow(fileId, 0, 'replace');
    await actions.moveFocus(fileId, 2);
    expect(view().multi?.spans).toEqual([[0, 0]]);
    expect(focusName()).toBe('b.dds');
    actions.toggleFocused();
    expect(view().multi?.spans).toEqual([
      [0, 0],
      [2, 2],
    ]);
    actions.toggleFocused();
    expect(view().multi?.spans).toEqual([[0, 0]]);
  });

  it('a plain select drops the multi-selection', async () => {
    const { view, actions, fileId } = await openExpanded();
    actions.selectAllRows();
    await actions.selectRowAt(fileId, 2);
    expect(view().multi).toBeNull();
  });
});

describe('rows that move', () => {
  it('follows expanding and collapsing a folder', async () => {
    const { view, actions, fileIds, decoders } = setup();
    await actions.openFiles([aFile('demo.wad')]);
    const [fileId] = fileIds() as [string];
    await actions.clickRow(fileId, 1, 'replace'); // Voices
    await actions.clickRow(fileId, 2, 'range'); // .. readme.txt
    const [textures, voices] = await decoders[0]!.getRows(0, 2);
    await actions.setRowExpanded(fileId, textures!, true); // two rows appear at 1
    expect(view().multi).toMatchObject({ spans: [[3, 4]], anchor: 3 });
    await actions.setRowExpanded(fileId, textures!, false);
    expect(view().multi).toMatchObject({ spans: [[1, 2]], anchor: 1 });
    // A selected row inside a folder that closes leaves the selection.
    await actions.setRowExpanded(fileId, voices!, true); // 1 Voices, 2 c.ogg, 3 readme.txt
    await actions.clickRow(fileId, 2, 'toggle');
    expect(view().multi?.spans).toEqual([[1, 3]]);
    await actions.setRowExpanded(fileId, voices!, false);
    expect(view().multi?.spans).toEqual([[1, 2]]);
  });

  it('falls back to the focused row after a filter or expand-all', async () => {
    const { view, actions, fileId } = await openExpanded();
    actions.selectAllRows();
    await actions.setFilter('.dds');
    expect(view().multi).toBeNull();
    actions.selectAllRows();
    await actions.expandAll(fileId);
    expect(view().multi).toBeNull();
  });
});

describe('what a selection amounts to', () => {
  it('sums the entries once: a folder covers the rows below it', async () => {
    const { view, actions, fileId } = await openExpanded();
    await actions.clickRow(fileId, 0, 'replace'); // Textures
    await actions.clickRow(fileId, 2, 'range'); // + a.dds, b.dds (inside Textures)
    await actions.clickRow(fileId, 5, 'toggle'); // + readme.txt
    await settle();
    expect(view().summary).toMatchObject({ entryCount: 3, size: 30 });
    expect(view().summary?.of).toBe(view().multi);
  });

  it('zips the selected rows under one name; a folder stands for its rows', async () => {
    const { actions, fileId, decoders, saveBlob } = await openExpanded();
    const idOf = (path: string) => decoders[0]!.nodeIdOfPath(path);
    await actions.clickRow(fileId, 0, 'replace');
    await actions.clickRow(fileId, 2, 'range');
    await actions.clickRow(fileId, 4, 'toggle');
    await actions.downloadSelection();
    expect(decoders[0]?.calls.filter((call) => call.startsWith('zip'))).toEqual([
      `zip ${await idOf('Textures')},${await idOf('Voices/c.ogg')}`,
    ]);
    expect(saveBlob.mock.calls.map((call) => call[1])).toEqual(['demo-selection.zip']);
  });

  it('with a filter, a folder row zips only its matches', async () => {
    const { actions, fileId, decoders } = await openExpanded();
    await actions.setFilter('a.dds');
    await actions.clickRow(fileId, 0, 'replace'); // Textures, with a.dds shown below it
    await actions.downloadSelection();
    const aDds = await decoders[0]!.nodeIdOfPath('Textures/a.dds');
    expect(decoders[0]?.calls.filter((call) => call.startsWith('zip'))).toEqual([`zip ${aDds}`]);
  });

  it('Ctrl+A without a filter zips the whole archive', async () => {
    const { actions, decoders, saveBlob } = await openExpanded();
    actions.selectAllRows();
    await actions.downloadSelection();
    expect(decoders[0]?.calls.filter((call) => call.startsWith('zip'))).toEqual(['zip ']);
    expect(saveBlob).toHaveBeenCalledTimes(1);
  });

  it('one entry left selected downloads as itself', async () => {
    const { actions, fileId, decoders, saveBlob } = await openExpanded();
    await actions.clickRow(fileId, 1, 'replace');
    await actions.clickRow(fileId, 5, 'toggle'); // a.dds, readme.txt
    await actions.clickRow(fileId, 1, 'toggle'); // readme.txt alone; the focus on a.dds
    await actions.downloadSelection();
    expect(decoders[0]?.calls).toContain('readBlob node:3');
    expect(saveBlob.mock.calls[0]?.[1]).toBe('readme.txt');
  });

  it('walks a selection larger than one chunk in several calls', async () => {
    const paths = Array.from({ length: WALK_CHUNK_ROWS * 2 + 10 }, (_, at) => `f/${at}.bin`);
    const decoder = await openedDecoder(paths);
    await decoder.setFilter('.bin');
    const rowCount = await decoder.rowCount(); // f + every entry
    decoder.calls.length = 0;
    const walk = await walkSelection(decoder, [[-1, -1]], {
      rowCount,
      isFiltered: true,
      fileEntryCount: paths.length,
      fileSize: paths.length * 10,
    });
    expect(walk.nodeIds).toHaveLength(paths.length);
    expect(walk.size).toBe(paths.length * 10);
    expect(decoder.calls.filter((call) => call.startsWith('getRows'))).toHaveLength(3);
  });

  it('stops a walk between chunks when asked', async () => {
    const paths = Array.from({ length: WALK_CHUNK_ROWS * 3 }, (_, at) => `f/${at}.bin`);
    const decoder = await openedDecoder(paths);
    await decoder.setAllExpanded(true);
    let calls = 0;
    const walk = await walkSelection(decoder, [[1, WALK_CHUNK_ROWS * 3]], {
      rowCount: WALK_CHUNK_ROWS * 3 + 1,
      isFiltered: false,
      fileEntryCount: paths.length,
      fileSize: 0,
      isCancelled: () => ++calls > 1,
    });
    expect(walk.isCancelled).toBe(true);
    expect(walk.nodeIds).toHaveLength(WALK_CHUNK_ROWS);
  });
});
