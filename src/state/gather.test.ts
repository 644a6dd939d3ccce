/**
 * Drops that a format gathers (model.ts `gather`): the files it gathers open as one
 * session under the name it gives, with the other ways to open them as choices; choosing
 * another reopens in place; the rest of a dropped folder stays closed; a gatherer's
 * mistakes lose no file.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DroppedFile, FileGroup, FormatModule } from '../formats/model.ts';
import { FORMATS, formatModule } from '../formats/registry.ts';
import { gatherDrop, preloadGatherers } from './gather-drop.ts';
import { MAX_FOLDER_FILES } from './open-actions.ts';
import { createDelveState } from './store.ts';
import { kiwadFile, twoPartFiles, twoPartFormat } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';
import type { DroppedItem } from './types.ts';

/** Gathers `<root>/build-N/*.twop` with the root's `vol/` volumes; newest build first. */
function gatherBuilds(files: readonly DroppedFile[]): FileGroup[] {
  const builds = new Map<string, number[]>();
  const volumes: number[] = [];
  files.forEach(({ path }, at) => {
    const build = /^game\/(build-\d+)\/[^/]+\.twop$/.exec(path);
    if (build) builds.set(build[1]!, [...(builds.get(build[1]!) ?? []), at]);
    if (/^game\/vol\//.test(path)) volumes.push(at);
  });
  if (builds.size === 0) return [];
  const names = [...builds.keys()].sort().reverse();
  return [
    {
      note: `the newest of ${names.length} builds`,
      choices: names.map((name) => ({
        label: name,
        name: `game (${name})`,
        files: [...builds.get(name)!, ...volumes],
      })),
    },
  ];
}

const gatheringFormat: FormatModule = { ...twoPartFormat, gather: async () => gatherBuilds };

function setup(formats: readonly FormatModule[] = [gatheringFormat]) {
  const state = createDelveState({
    createDecoder: () => createTestDecoder({ formats: [twoPartFormat, ...FORMATS] }),
    saveBlob: vi.fn(),
    fetch: vi.fn(),
    now: () => 0,
    formats,
  });
  const files = () => state.stores.files.getState().files;
  const toasts = () => state.stores.toasts.getState().toasts.map((toast) => toast.message);
  return { state, files, toasts, actions: state.actions };
}

const at = (path: string, file: File): DroppedItem => ({ path, file });

/** A game folder: two builds of the index, its volumes, and files nobody gathers. */
function gameFolder(extra = 0): DroppedItem[] {
  const { index, volumes } = twoPartFiles();
  return [
    at('game/build-1/stuff.twop', index),
    at('game/build-2/stuff.twop', index),
    ...volumes.map((volume) => at(`game/vol/${volume.name}`, volume)),
    at('game/readme.wad', kiwadFile('readme.wad', ['x.txt'])),
    ...Array.from({ length: extra }, (_, n) =>
      at(`game/misc/${n}.wad`, kiwadFile(`${n}.wad`, ['y.txt'])),
    ),
  ];
}

describe('gathered drops', () => {
  it('opens what a format gathers as one session, named by it, with its choices', async () => {
    const { files, actions, toasts } = setup();
    await actions.openFiles(gameFolder());
    expect(files().map((file) => file.name)).toEqual(['game (build-2)']);
    const [file] = files();
    expect(file?.summary?.sources).toEqual(['stuff.twop', 'data.001', 'data.002']);
    expect(file?.summary?.missingSources).toEqual([]);
    expect(file?.fileSet?.note).toBe('the newest of 2 builds');
    expect(file?.fileSet?.sets.map((set) => set.label)).toEqual(['build-2', 'build-1']);
    expect(file?.fileSet?.chosen).toBe(0);
    // The folder's other file belongs to no gathered group: it stays closed, and is named.
    expect(toasts()).toEqual([
      '1 other file of the folder was left closed (not part of what was opened): game/readme.wad; drop a file on its own to open it',
    ]);
  });

  it('opens the game-folder sample with no file left over, and names files a real install leaves', async () => {
    const sample = (await formatModule('wows').sample!()).files;
    const items = sample.map(({ path, bytes }) =>
      at(path, new File([bytes as Uint8Array<ArrayBuffer>], path)),
    );
    const { files, actions, toasts } = setup(FORMATS);
    await actions.openFiles(items);
    expect(files().map((file) => file.name)).toEqual(['World_of_Warships (build 7012345)']);
    expect(files()[0]?.fileSet?.note).toContain('bin/7013345 has no idx/ folder');
    expect(toasts()).toEqual([]);

    const { actions: again, toasts: toastsAgain } = setup(FORMATS);
    const exe = new File([new Uint8Array(4)], 'WorldOfWarships64.exe');
    await again.openFiles([...items, at('World_of_Warships/bin/7012345/bin64/' + exe.name, exe)]);
    expect(toastsAgain()).toEqual([
      expect.stringContaining(
        'left closed (not part of what was opened): World_of_Warships/bin/7012345/bin64/WorldOfWarships64.exe;',
      ),
    ]);
  });

  it('opens another choice in the place of the one it replaces, selected', async () => {
    const { files, actions, state } = setup();
    await actions.openFiles([kiwadFile('first.wad', ['a.txt'])]);
    await actions.openFiles(gameFolder());
    const gathered = files()[1]!;
    await actions.chooseFileSet(gathered.id, 1);
    expect(files().map((file) => file.name)).toEqual(['first.wad', 'game (build-1)']);
    const replaced = files()[1]!;
    expect(replaced.id).not.toBe(gathered.id);
    expect(replaced.fileSet?.chosen).toBe(1);
    expect(replaced.status).toBe('ready');
    expect(state.stores.view.getState().selection).toEqual({ kind: 'file', fileId: replaced.id });
  });

  it('without a gathered group, opens a small folder file by file, and leaves a large one closed', async () => {
    const { files, actions, toasts } = setup([]);
    await actions.openFiles([
      at('docs/a.wad', kiwadFile('a.wad', ['1.txt'])),
      at('docs/b.wad', kiwadFile('b.wad', ['2.txt'])),
    ]);
    expect(files().map((file) => file.name)).toEqual(['a.wad', 'b.wad']);
    const many = Array.from({ length: MAX_FOLDER_FILES + 1 }, (_, n) =>
      at(`big/${n}.wad`, kiwadFile(`${n}.wad`, ['z.txt'])),
    );
    await actions.openFiles([...many, kiwadFile('loose.wad', ['l.txt'])]);
    expect(files().map((file) => file.name)).toEqual(['a.wad', 'b.wad', 'loose.wad']);
    expect(toasts().at(-1)).toMatch(
      /^65 other files of the folder were left closed \(more than 64\): big\/0\.wad, big\/1\.wad, big\/2\.wad and 62 more;/,
    );
  });

  it('skips a group with files out of range, taken already, or no choices, losing no file', async () => {
    const items = gameFolder();
    const bad: FormatModule = {
      ...twoPartFormat,
      gather: async () => () => [
        { note: 'out of range', choices: [{ label: 'x', name: 'x', files: [99] }] },
        { note: 'no choices', choices: [] },
        { note: 'ok', choices: [{ label: 'y', name: 'y', files: [0] }] },
        { note: 'taken', choices: [{ label: 'z', name: 'z', files: [0, 1] }] },
      ],
    };
    const { groups, rest } = await gatherDrop(items, [bad]);
    expect(groups.map((group) => group.note)).toEqual(['ok']);
    expect(rest.map((item) => item.path)).toEqual(items.slice(1).map((item) => item.path));
  });

  it('loads the gatherers once, ahead of the first drop when preloaded', async () => {
    const load = vi.fn(async () => gatherBuilds);
    const formats: FormatModule[] = [{ ...twoPartFormat, gather: load }];
    preloadGatherers(formats);
    expect(load).toHaveBeenCalledTimes(1);
    const first = await gatherDrop(gameFolder(), formats);
    const second = await gatherDrop(gameFolder(), formats);
    expect(load).toHaveBeenCalledTimes(1);
    expect(first.groups.map((group) => group.note)).toEqual(['the newest of 2 builds']);
    expect(second.groups.map((group) => group.note)).toEqual(['the newest of 2 builds']);
  });

  it('loads a gatherer again at the next drop when its load failed', async () => {
    let fails = true;
    const load = vi.fn(async () => {
      if (fails) throw new Error('offline');
      return gatherBuilds;
    });
    const formats: FormatModule[] = [{ ...twoPartFormat, gather: load }];
    await expect(gatherDrop(gameFolder(), formats)).rejects.toThrow('offline');
    fails = false;
    const { groups } = await gatherDrop(gameFolder(), formats);
    expect(groups).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
