import { describe, expect, it, vi } from 'vitest';
import { consumeLaunchedFiles, type LaunchParamsLike } from './launch-queue.ts';

/** A launch queue that hands launches to the consumer when the test says. */
function fakeQueue() {
  let consumer: ((params: LaunchParamsLike) => void) | null = null;
  return {
    setConsumer: (next: (params: LaunchParamsLike) => void) => {
      consumer = next;
    },
    launch: (params: LaunchParamsLike) => consumer?.(params),
  };
}

const handleOf = (file: File) => ({ kind: 'file', getFile: () => Promise.resolve(file) });

describe('consumeLaunchedFiles', () => {
  it('answers false where there is no launch queue', () => {
    expect(consumeLaunchedFiles(undefined, vi.fn(), vi.fn())).toBe(false);
  });

  it('opens the files of each launch together', async () => {
    const queue = fakeQueue();
    const openFiles = vi.fn(() => Promise.resolve());
    expect(consumeLaunchedFiles(queue, openFiles, vi.fn())).toBe(true);
    const a = new File(['a'], 'a.wad');
    const b = new File(['b'], 'b.idx');
    queue.launch({ files: [handleOf(a), handleOf(b)] });
    await vi.waitFor(() => expect(openFiles).toHaveBeenCalledTimes(1));
    expect(openFiles).toHaveBeenCalledWith([a, b]);
  });

  it('skips directories and launches without files; says which reads failed', async () => {
    const queue = fakeQueue();
    const openFiles = vi.fn(() => Promise.resolve());
    const notify = vi.fn();
    consumeLaunchedFiles(queue, openFiles, notify);
    queue.launch({});
    queue.launch({ files: [{ kind: 'directory' }] });
    const good = new File(['x'], 'level.wwd');
    queue.launch({
      files: [{ kind: 'file', getFile: () => Promise.reject(new Error('gone')) }, handleOf(good)],
    });
    await vi.waitFor(() => expect(openFiles).toHaveBeenCalledTimes(1));
    expect(openFiles).toHaveBeenCalledWith([good]);
    expect(notify).toHaveBeenCalledWith('1 launched file could not be read');
  });
});
