/**
 * Install checks through the state layer and the real worker implementation: a list opened,
 * a folder checked against it as a job with progress, its result kept per file, its report
 * saved; a cancel that leaves partial results marked; a list whose read stopped; a file
 * closed with its check.
 */
import { describe, expect, it, vi } from 'vitest';
import { createDelveState } from './store.ts';
import { installFiles, kiwadFile, type InstallFile } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';
import type { FolderPick } from './types.ts';

function setup() {
  const saveBlob = vi.fn<(blob: Blob, name: string) => void>();
  const state = createDelveState({
    createDecoder: () => createTestDecoder(),
    saveBlob,
    fetch: vi.fn(),
    now: () => performance.now(),
  });
  const file = () => state.stores.files.getState().files[0]!;
  const check = () => state.stores.installChecks.getState().checks[file().id] ?? null;
  return { state, saveBlob, file, check, actions: state.actions };
}

const FILES: InstallFile[] = [
  { path: 'Bin/Client.exe', content: 'client' },
  { path: 'Bin/Missing.dll', content: 'never there' },
  { path: 'Data/GameData/Root.wad', content: 'root wad' },
  { path: 'Data/GameData/Music.wad', content: 'music', isDynamic: true },
];

/** The folder: Missing.dll left out, Root.wad changed (same size), Music.wad grown, a log added. */
function pickOf(items: { file: File; path: string }[]): FolderPick {
  const kept = items.filter((item) => !item.path.endsWith('Missing.dll'));
  const changed = kept.map((item) =>
    item.path.endsWith('Root.wad')
      ? { ...item, file: new File(['ROOT WAD'], 'Root.wad') }
      : item.path.endsWith('Music.wad')
        ? { ...item, file: new File(['music, and more'], 'Music.wad') }
        : item,
  );
  return {
    name: 'Game',
    items: [...changed, { path: 'Game/Logs/a.log', file: new File(['log'], 'a.log') }],
    failures: [],
    unreadNote: null,
  };
}

describe('install checks', () => {
  it('check a folder as a job, keep the result, and save the report', async () => {
    const { state, saveBlob, file, check, actions } = setup();
    const { list, items } = installFiles(FILES);
    await actions.openFiles([list]);
    expect(file().summary?.capabilities.installCheck).toBe(true);
    const seenJobs: string[] = [];
    const unsubscribe = state.stores.jobs.subscribe(({ jobs }) => {
      for (const job of jobs) if (!seenJobs.includes(job.label)) seenJobs.push(job.label);
    });
    await actions.checkInstall(file().id, pickOf(items));
    unsubscribe();
    expect(seenJobs).toEqual(['Checking Game against LatestFileList.bin']);
    expect(state.stores.jobs.getState().jobs).toEqual([]);
    expect(check()).toMatchObject({ status: 'done', folderName: 'Game', error: null });
    const result = check()!.result!;
    expect(result.files.map((entry) => entry.status)).toEqual([
      'ok',
      'missing',
      'crc-mismatch',
      'dynamic',
    ]);
    expect(result.unlisted).toEqual([{ path: 'Logs/a.log', size: 3 }]);
    expect(check()!.progress).toMatchObject({ filesDone: 4, fileCount: 4 });

    await actions.saveInstallReport(file().id, 'csv');
    const [blob, name] = saveBlob.mock.calls[0]!;
    expect(name).toBe('LatestFileList-install-check.csv');
    const lines = (await blob.text()).split('\r\n');
    expect(lines[0]).toBe(
      'path,status,expectedSize,actualSize,expectedCrc,actualCrc,foundAs,error',
    );
    expect(lines.at(-2)).toBe('Logs/a.log,unlisted,,3,,,,');
    await actions.saveInstallReport(file().id, 'json');
    const json = JSON.parse(await saveBlob.mock.calls[1]![0].text()) as Record<string, unknown>;
    expect(json).toMatchObject({ ok: 1, missing: 1, crcMismatch: 1, dynamic: 1, root: 'Game' });
    expect(saveBlob.mock.calls[1]![1]).toBe('LatestFileList-install-check.json');

    // Closing the file drops its check.
    actions.closeFile(file().id);
    expect(state.stores.installChecks.getState().checks).toEqual({});
  });

  it('a cancelled check keeps what it settled, the rest unchecked, marked cancelled', async () => {
    const { state, check, file, actions } = setup();
    const many = Array.from({ length: 5 }, (_, at) => ({
      path: `Data/f${at}.wad`,
      content: `${at}`,
    }));
    const { list, items } = installFiles(many);
    await actions.openFiles([list]);
    // Cancelled once the worker has begun (its first progress report).
    const unsubscribe = state.stores.installChecks.subscribe(({ checks }) => {
      const job = state.stores.jobs.getState().jobs[0];
      if (checks[file().id]?.progress && job && !job.isCancelling) actions.cancelJob(job.id);
    });
    await actions.checkInstall(file().id, {
      name: 'Game',
      items: [...items, { path: 'Game/extra.txt', file: new File(['x'], 'extra.txt') }],
      failures: [],
      unreadNote: null,
    });
    unsubscribe();
    const result = check()!.result!;
    expect(check()!.status).toBe('done');
    expect(result.cancelled).toBe(true);
    expect(result.counts.unchecked).toBeGreaterThan(0);
    expect(result.counts.ok + result.counts.unchecked).toBe(5);
    // What needs no reading is still told.
    expect(result.unlisted).toEqual([{ path: 'extra.txt', size: 1 }]);
  });

  it('a check cancelled while its files are handed over checks nothing, and says so', async () => {
    const { state, check, file, actions } = setup();
    const { list, items } = installFiles(FILES);
    await actions.openFiles([list]);
    const checking = actions.checkInstall(file().id, {
      name: 'Game',
      items,
      failures: [],
      unreadNote: null,
    });
    const [job] = state.stores.jobs.getState().jobs;
    expect(job?.kind).toBe('install');
    actions.cancelJob(job!.id);
    await checking;
    expect(check()).toMatchObject({ status: 'failed', result: null });
    expect(check()!.error?.code).toBe('CANCELLED');
    expect(state.stores.toasts.getState().toasts.at(-1)).toMatchObject({
      kind: 'info',
      message: 'LatestFileList.bin: checking Game cancelled',
    });
  });

  it('a list whose read stopped answers its error, with the offset, and checks nothing', async () => {
    const { check, file, actions, state } = setup();
    const { list, items } = installFiles(FILES);
    const bytes = new Uint8Array(await list.arrayBuffer());
    await actions.openFiles([
      new File([bytes.subarray(0, bytes.length - 4)], 'LatestFileList.bin'),
    ]);
    expect(file().summary?.capabilities.installCheck).toBe(true);
    await actions.checkInstall(file().id, { name: 'Game', items, failures: [], unreadNote: null });
    expect(check()).toMatchObject({ status: 'failed', result: null });
    expect(check()!.error?.message).toMatch(/^unexpected end of data at 0x[0-9A-F]+: /);
    expect(state.stores.toasts.getState().toasts.at(-1)?.message).toMatch(
      /^LatestFileList\.bin: checking Game failed: unexpected end of data at 0x/,
    );
  });

  it('files that could not be read are unreadable when listed, and their note is kept', async () => {
    const { check, file, actions } = setup();
    const { list, items } = installFiles(FILES.slice(0, 1));
    await actions.openFiles([list]);
    await actions.checkInstall(file().id, {
      name: 'Game',
      items: items.filter((item) => !item.path.endsWith('Client.exe')),
      failures: [{ path: 'Game/Bin/Client.exe', message: 'NotReadableError' }],
      unreadNote: 'Game/Bin/Client.exe: could not be read: NotReadableError',
    });
    expect(check()!.result!.files[0]).toMatchObject({
      status: 'unreadable',
      error: 'NotReadableError',
    });
    expect(check()!.unreadNote).toBe('Game/Bin/Client.exe: could not be read: NotReadableError');
  });

  it('is not offered by a file that lists no install', async () => {
    const { check, file, actions } = setup();
    await actions.openFiles([kiwadFile('demo.wad', ['a.txt'])]);
    expect(file().summary?.capabilities.installCheck).toBe(false);
    await actions.checkInstall(file().id, {
      name: 'Game',
      items: [],
      failures: [],
      unreadNote: null,
    });
    expect(check()).toBeNull();
  });

  it('its dialog opens for a file that lists an install only, and closes with the file', async () => {
    const { state, file, actions } = setup();
    const dialog = () => state.stores.installChecks.getState().dialogFileId;
    await actions.openFiles([kiwadFile('demo.wad', ['a.txt'])]);
    actions.openInstallCheck(file().id);
    expect(dialog()).toBeNull();
    await actions.openFiles([installFiles(FILES).list]);
    const list = state.stores.files.getState().files[1]!;
    actions.openInstallCheck(list.id);
    expect(dialog()).toBe(list.id);
    actions.closeInstallCheck();
    expect(dialog()).toBeNull();
    actions.openInstallCheck(list.id);
    actions.closeFile(list.id);
    expect(dialog()).toBeNull();
  });
});
