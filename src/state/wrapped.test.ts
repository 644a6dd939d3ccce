/**
 * A wrapper (a session naming `wrappedNode`, as a `.dvpl` does) opens the file it wraps at
 * once, below itself, through the registry; a wrapper whose payload cannot be read opens
 * nothing more.
 */
import { describe, expect, it, vi } from 'vitest';
import { createDelveState } from './store.ts';
import { dvplFileOf, kiwadFileOf } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !check(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function setup() {
  const state = createDelveState({
    createDecoder: () => createTestDecoder(),
    saveBlob: vi.fn(),
    fetch: vi.fn(),
    now: () => 0,
  });
  return { actions: state.actions, files: () => state.stores.files.getState().files };
}

async function wrapped(type: 0 | 1 | 2 | 3): Promise<File> {
  return dvplFileOf(kiwadFileOf('Root.wad', { 'a.txt': 'inside the wrapper' }), type);
}

describe('wrappers', () => {
  it('a .dvpl opens the file it wraps below it, as what it is', async () => {
    for (const type of [0, 1, 3] as const) {
      const { actions, files } = setup();
      await actions.openFiles([await wrapped(type)]);
      await until(() => files().some((file) => file.parentId && file.summary));
      const [outer, inner] = files();
      expect(outer?.summary?.format, `type ${type}`).toBe('dvpl');
      expect(inner?.parentId).toBe(outer?.id);
      expect(inner?.name).toBe('Root.wad');
      expect(inner?.summary?.format).toBe('kiwad');
      expect(inner?.summary?.entryCount).toBe(1);
    }
  });

  it('a wrapper of a raw file opens nothing more: its entry is that file, named once', async () => {
    const { actions, files } = setup();
    const text = new TextEncoder().encode('plain words, no format\n'.repeat(20));
    const wrapper = await dvplFileOf(new File([text], 'lz4.txt'), 1);
    await actions.openFiles([wrapper]);
    await until(() => files()[0]?.status === 'ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(files()).toHaveLength(1);
    expect(files()[0]?.summary?.facts).toContainEqual(['Contents', 'lz4.txt: Raw file']);
    // Asked for, it opens as a raw file, under the same name the start page gives the format.
    await actions.openNested(files()[0]!.id, 0);
    await until(() => files()[1]?.status === 'ready');
    expect(files()[1]?.name).toBe('lz4.txt');
    expect(files()[1]?.summary?.formatLabel).toBe('Raw file');
  });

  it('a wrapper that cannot be decoded opens nothing more', async () => {
    const { actions, files } = setup();
    const good = new Uint8Array(await (await wrapped(1)).arrayBuffer());
    const broken = good.slice();
    broken[0] = broken[0]! ^ 0xff; // the CRC no longer holds; the LZ4 stream breaks
    broken[1] = 0xff;
    await actions.openFiles([new File([broken], 'Broken.wad.dvpl')]);
    await until(() => files()[0]?.status !== 'opening');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(files()[0]?.error).toMatchObject({
      code: expect.any(String),
      offset: expect.any(Number),
    });
    expect(files()).toHaveLength(1);
  });
});
