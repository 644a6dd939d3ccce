import { describe, expect, it } from 'vitest';
import {
  describeFailures,
  itemsOfInputFiles,
  walkDirectoryHandle,
  walkEntries,
  YIELD_MS,
  type DirectoryHandleLike,
  type EntryLike,
  type FileHandleLike,
} from './folder-walk.ts';

/** A folder as a test writes it: a name maps to a file's text, a failure, or a subfolder. */
interface FakeTree {
  [name: string]: string | Unreadable | FakeTree;
}

/** A file (or, where a folder is expected, a folder listing) that fails with this message. */
class Unreadable {
  constructor(readonly message: string) {}
}

const notReadable = (message: string) => new DOMException(message, 'NotReadableError');

interface EntryOptions {
  /** Entries per readEntries call (Chromium gives at most 100). */
  batchSize?: number;
  /** Counts readEntries calls, by directory path. */
  calls?: Map<string, number>;
  /** Names of folders whose listing fails after its first batch. */
  failingFolders?: Set<string>;
}

/** A drop entry over a fake tree, with the async callbacks the browser's API has. */
function fakeEntry(
  name: string,
  node: FakeTree[string],
  parent: string,
  options: EntryOptions = {},
): EntryLike {
  const fullPath = `${parent}/${name}`;
  if (typeof node === 'string' || node instanceof Unreadable) {
    return {
      name,
      fullPath,
      isFile: true,
      isDirectory: false,
      file(onFile: (file: File) => void, onError?: (error: DOMException) => void) {
        queueMicrotask(() => {
          if (node instanceof Unreadable) onError?.(notReadable(node.message));
          else onFile(new File([node], name));
        });
      },
    } as EntryLike;
  }
  const children = Object.entries(node).map(([childName, child]) =>
    fakeEntry(childName, child, fullPath, options),
  );
  const batchSize = options.batchSize ?? 100;
  return {
    name,
    fullPath,
    isFile: false,
    isDirectory: true,
    createReader() {
      let at = 0;
      return {
        readEntries(
          onEntries: (entries: EntryLike[]) => void,
          onError?: (e: DOMException) => void,
        ) {
          options.calls?.set(fullPath, (options.calls.get(fullPath) ?? 0) + 1);
          setTimeout(() => {
            if (at > 0 && options.failingFolders?.has(name)) {
              onError?.(notReadable('the folder went away'));
              return;
            }
            const batch = children.slice(at, at + batchSize);
            at += batch.length;
            onEntries(batch);
          }, 0);
        },
      };
    },
  } as EntryLike;
}

const rootEntries = (tree: FakeTree, options?: EntryOptions) =>
  Object.entries(tree).map(([name, node]) => fakeEntry(name, node, '', options));

/** A directory handle over a fake tree, as showDirectoryPicker resolves to. */
function fakeHandle(name: string, tree: FakeTree, failingFolders = new Set<string>()) {
  const handle: DirectoryHandleLike = {
    kind: 'directory',
    name,
    async *values() {
      let count = 0;
      for (const [childName, node] of Object.entries(tree)) {
        if (count++ > 0 && failingFolders.has(name)) throw notReadable('the folder went away');
        await Promise.resolve();
        if (typeof node === 'string' || node instanceof Unreadable) {
          const file: FileHandleLike = {
            kind: 'file',
            name: childName,
            getFile: () =>
              node instanceof Unreadable
                ? Promise.reject(notReadable(node.message))
                : Promise.resolve(new File([node], childName)),
          };
          yield file;
        } else {
          yield fakeHandle(childName, node, failingFolders);
        }
      }
    },
  };
  return handle;
}

const paths = (result: { items: { path: string }[] }) => result.items.map((item) => item.path);

const game: FakeTree = {
  data: { 'a.wad': 'A', sub: { 'b.wad': 'B', 'c.txt': 'C' } },
  'readme.txt': 'hello',
};

describe('walkEntries', () => {
  it('walks nested folders, with paths from the root of the drop', async () => {
    const result = await walkEntries(rootEntries({ game, 'loose.bin': 'L' }));
    expect(paths(result)).toEqual([
      'game/data/a.wad',
      'game/data/sub/b.wad',
      'game/data/sub/c.txt',
      'game/readme.txt',
      'loose.bin',
    ]);
    expect(result.failures).toEqual([]);
    const loose = result.items.find((item) => item.path === 'loose.bin')!;
    expect(loose.file.name).toBe('loose.bin');
    expect(await loose.file.text()).toBe('L');
  });

  it('calls readEntries until it returns an empty batch', async () => {
    const many: FakeTree = {};
    for (let at = 0; at < 250; at++) many[`f${String(at).padStart(3, '0')}.bin`] = String(at);
    const calls = new Map<string, number>();
    const result = await walkEntries(rootEntries({ many }, { batchSize: 100, calls }));
    expect(result.items).toHaveLength(250);
    expect(result.items[249]!.path).toBe('many/f249.bin');
    // 100 + 100 + 50, then the empty batch that ends the listing.
    expect(calls.get('/many')).toBe(4);
  });

  it('reports a file that cannot be read by its path and keeps the others', async () => {
    const tree: FakeTree = {
      game: { 'a.wad': 'A', 'bad.wad': new Unreadable('file is locked'), 'c.wad': 'C' },
    };
    const result = await walkEntries(rootEntries(tree));
    expect(paths(result)).toEqual(['game/a.wad', 'game/c.wad']);
    expect(result.failures).toEqual([{ path: 'game/bad.wad', message: 'file is locked' }]);
  });

  it('keeps what a folder listed before its listing failed', async () => {
    const tree: FakeTree = { game: { flaky: { 'a.wad': 'A', 'b.wad': 'B' }, 'ok.wad': 'O' } };
    const result = await walkEntries(
      rootEntries(tree, { batchSize: 1, failingFolders: new Set(['flaky']) }),
    );
    expect(paths(result)).toEqual(['game/flaky/a.wad', 'game/ok.wad']);
    expect(result.failures).toEqual([{ path: 'game/flaky', message: 'the folder went away' }]);
  });

  it('gives nothing for an empty folder', async () => {
    const result = await walkEntries(rootEntries({ empty: {}, game: { nothing: {} } }));
    expect(result).toEqual({ items: [], failures: [] });
  });

  it('reports progress and stops when aborted', async () => {
    const seen: number[] = [];
    const result = await walkEntries(rootEntries({ game }), {
      onProgress: ({ read }) => seen.push(read),
    });
    expect(result.items).toHaveLength(4);
    expect(Math.max(...seen)).toBe(4);

    const controller = new AbortController();
    const walk = walkEntries(rootEntries({ game }), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(walk).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lets the event loop run while walking thousands of files', async () => {
    const many: FakeTree = {};
    for (let at = 0; at < 5_000; at++) many[`f${at}`] = 'x';
    const entries = rootEntries({ many }, { batchSize: 5_000 });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const started = performance.now();
    const result = await walkEntries(entries);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(result.items).toHaveLength(5_000);
    // A walk that took several yield periods must have let timers run in between.
    if (elapsed > 4 * YIELD_MS) expect(ticks).toBeGreaterThan(0);
  });
});

describe('walkDirectoryHandle', () => {
  it('walks handles, with paths under the picked folder', async () => {
    const result = await walkDirectoryHandle(fakeHandle('game', game));
    expect(paths(result)).toEqual([
      'game/data/a.wad',
      'game/data/sub/b.wad',
      'game/data/sub/c.txt',
      'game/readme.txt',
    ]);
    expect(await result.items[1]!.file.text()).toBe('B');
  });

  it('takes another prefix, or none', async () => {
    const tree: FakeTree = { 'a.wad': 'A', sub: { 'b.wad': 'B' } };
    expect(paths(await walkDirectoryHandle(fakeHandle('game', tree), 'install'))).toEqual([
      'install/a.wad',
      'install/sub/b.wad',
    ]);
    expect(paths(await walkDirectoryHandle(fakeHandle('game', tree), ''))).toEqual([
      'a.wad',
      'sub/b.wad',
    ]);
  });

  it('reports unreadable files and folders, keeps the rest, and skips empty folders', async () => {
    const tree: FakeTree = {
      'bad.pkg': new Unreadable('permission denied'),
      empty: {},
      flaky: { 'first.pkg': 'F', 'second.pkg': 'S' },
      'ok.pkg': 'O',
    };
    const result = await walkDirectoryHandle(fakeHandle('wows', tree, new Set(['flaky'])));
    expect(paths(result)).toEqual(['wows/flaky/first.pkg', 'wows/ok.pkg']);
    expect(result.failures).toEqual([
      { path: 'wows/flaky', message: 'the folder went away' },
      { path: 'wows/bad.pkg', message: 'permission denied' },
    ]);
  });

  it('rejects with an AbortError once aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      walkDirectoryHandle(fakeHandle('game', game), 'game', { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('itemsOfInputFiles', () => {
  it('uses the relative path of a folder input, else the name', () => {
    const inFolder = new File(['a'], 'a.wad');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'game/data/a.wad' });
    const loose = new File(['b'], 'b.wad');
    expect(itemsOfInputFiles([inFolder, loose]).map((item) => item.path)).toEqual([
      'game/data/a.wad',
      'b.wad',
    ]);
  });
});

describe('describeFailures', () => {
  it('names the file and what failed, then the others by path', () => {
    expect(describeFailures([])).toBeNull();
    expect(describeFailures([{ path: 'game/a.wad', message: 'locked' }])).toBe(
      'game/a.wad: could not be read: locked',
    );
    const many = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({
      path: `g/${name}`,
      message: 'x',
    }));
    expect(describeFailures(many)).toBe(
      'g/a: could not be read: x; also not read: g/b, g/c, g/d and 2 more',
    );
  });
});
