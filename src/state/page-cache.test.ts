import { describe, expect, it } from 'vitest';
import type { ByteRange, Result } from '../worker/rpc/api.ts';
import { ContentPageCache } from './page-cache.ts';

interface Call {
  offset: number;
  length: number;
  resolve: (result: Result<ByteRange>) => void;
  reject: (error: unknown) => void;
}

/** A loader whose reads stay pending until the test settles them, in any order. */
function manualLoader() {
  const calls: Call[] = [];
  const load = (offset: number, length: number) =>
    new Promise<Result<ByteRange>>((resolve, reject) => {
      calls.push({ offset, length, resolve, reject });
    });
  return { calls, load };
}

const ok = (
  offset: number,
  length: number,
  totalSize: number,
  warning: string | null = null,
): Result<ByteRange> => ({
  ok: true,
  value: {
    bytes: Uint8Array.from({ length }, (_, index) => (offset + index) & 0xff),
    totalSize,
    warning,
  },
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ContentPageCache', () => {
  it('fetches the pages of the wanted range, at most maxInFlight at a time, clipped to the size', async () => {
    const loader = manualLoader();
    let changes = 0;
    const cache = new ContentPageCache({
      load: loader.load,
      totalSize: 250,
      pageSize: 100,
      maxInFlight: 2,
      onChange: () => changes++,
    });
    cache.want(0, 250);
    expect(loader.calls.map((call) => [call.offset, call.length])).toEqual([
      [0, 100],
      [100, 100],
    ]);
    loader.calls[0]?.resolve(ok(0, 100, 250));
    await flush();
    expect(changes).toBe(1);
    expect(cache.byteAt(5)).toBe(5);
    expect(cache.byteAt(150)).toBeUndefined();
    // The third page starts as soon as a slot frees, and is only 50 bytes long.
    expect(loader.calls[2]).toMatchObject({ offset: 200, length: 50 });
  });

  it('drops queued pages that scrolled out of view', async () => {
    const loader = manualLoader();
    const cache = new ContentPageCache({
      load: loader.load,
      totalSize: 10_000,
      pageSize: 100,
      maxInFlight: 1,
      onChange: () => {},
    });
    cache.want(0, 500); // pages 0..4, only page 0 starts
    cache.want(9000, 9100); // the view jumped: pages 1..4 are forgotten
    loader.calls[0]?.resolve(ok(0, 100, 10_000));
    await flush();
    expect(loader.calls.map((call) => call.offset)).toEqual([0, 9000]);
  });

  it('evicts the least recently used page past capacity', async () => {
    const loader = manualLoader();
    const cache = new ContentPageCache({
      load: loader.load,
      totalSize: 1000,
      pageSize: 100,
      capacity: 2,
      maxInFlight: 4,
      onChange: () => {},
    });
    cache.want(0, 200);
    loader.calls[0]?.resolve(ok(0, 100, 1000));
    loader.calls[1]?.resolve(ok(100, 100, 1000));
    await flush();
    cache.want(0, 100); // touch page 0: page 1 is now the oldest
    cache.want(500, 600);
    loader.calls[2]?.resolve(ok(500, 100, 1000));
    await flush();
    expect(cache.byteAt(0)).toBe(0);
    expect(cache.byteAt(100)).toBeUndefined();
    expect(cache.byteAt(500)).toBe(500 & 0xff);
  });

  it('keeps the first warning and the first error, and does not retry a failed page', async () => {
    const loader = manualLoader();
    const cache = new ContentPageCache({
      load: loader.load,
      totalSize: 300,
      pageSize: 100,
      maxInFlight: 3,
      onChange: () => {},
    });
    cache.want(0, 300);
    loader.calls[0]?.resolve(ok(0, 100, 300, 'shown raw: not a zlib stream'));
    loader.calls[1]?.resolve({
      ok: false,
      error: {
        code: 'OUT_OF_BOUNDS',
        message: 'out of bounds at 0x64: entry data ends past end of file',
        offset: 100,
        format: 'kiwad',
        path: '',
      },
    });
    loader.calls[2]?.reject(new Error('worker died'));
    await flush();
    expect(cache.warning).toBe('shown raw: not a zlib stream');
    expect(cache.error?.offset).toBe(100);
    expect(cache.hasFailedAt(150)).toBe(true);
    expect(cache.hasFailedAt(250)).toBe(true);
    expect(cache.hasFailedAt(50)).toBe(false);
    cache.want(0, 300);
    expect(loader.calls).toHaveLength(3);
  });

  it('ignores results that arrive after dispose', async () => {
    const loader = manualLoader();
    let changes = 0;
    const cache = new ContentPageCache({
      load: loader.load,
      totalSize: 100,
      pageSize: 100,
      onChange: () => changes++,
    });
    cache.want(0, 100);
    cache.dispose();
    loader.calls[0]?.resolve(ok(0, 100, 100));
    await flush();
    expect(changes).toBe(0);
    expect(cache.byteAt(0)).toBeUndefined();
    cache.want(0, 100);
    expect(loader.calls).toHaveLength(1);
  });

  it('requests nothing for empty content or an empty range', () => {
    const loader = manualLoader();
    const empty = new ContentPageCache({ load: loader.load, totalSize: 0, onChange: () => {} });
    empty.want(0, 0);
    const cache = new ContentPageCache({
      load: loader.load,
      totalSize: 1000,
      pageSize: 100,
      onChange: () => {},
    });
    cache.want(300, 300);
    expect(loader.calls).toHaveLength(0);
  });
});
