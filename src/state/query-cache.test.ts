import { describe, expect, it, vi } from 'vitest';
import type { Result } from '../worker/rpc/api.ts';
import { createQueryCache, LOADING, type Query, type QueryTopic } from './query-cache.ts';
import { deferred, type Deferred } from './testing/test-decoder.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** A query whose loads wait until the test answers them. */
function manualQuery(key: string, options: { fileId?: string; topic?: QueryTopic } = {}) {
  const loads: Deferred<Result<string>>[] = [];
  const released: string[] = [];
  const query: Query<string> = {
    key,
    fileId: options.fileId ?? 'f1',
    topic: options.topic ?? 'content',
    load: () => {
      const load = deferred<Result<string>>();
      loads.push(load);
      return load.promise;
    },
    weigh: (value) => value.length,
    release: (value) => released.push(value),
  };
  return { query, loads, released };
}

describe('query cache', () => {
  it('keeps an answer sent ahead: no load for it, and a value held already stays', async () => {
    const cache = createQueryCache();
    const ahead = manualQuery('f1/a');
    cache.seed(ahead.query, 'sent ahead');
    const watcher = vi.fn();
    cache.subscribe(ahead.query, watcher);
    expect(await cache.fetch(ahead.query)).toEqual({ status: 'ok', value: 'sent ahead' });
    expect(ahead.loads).toHaveLength(0);
    expect(watcher).toHaveBeenCalled();

    const held = manualQuery('f1/b');
    cache.subscribe(held.query, () => undefined);
    await settle();
    held.loads[0]!.resolve(ok('loaded'));
    await settle();
    cache.seed(held.query, 'older');
    expect(cache.read('f1/b')).toEqual({ status: 'ok', value: 'loaded' });
  });

  it('shows an answer sent ahead of a load in flight, and the load’s answer when it lands', async () => {
    const cache = createQueryCache();
    const { query, loads } = manualQuery('f1/a');
    const watcher = vi.fn();
    cache.subscribe(query, watcher);
    await settle();
    cache.seed(query, 'sent ahead');
    expect(cache.read('f1/a')).toEqual({ status: 'ok', value: 'sent ahead' });
    expect(watcher).toHaveBeenCalledTimes(1);
    loads[0]!.resolve(ok('loaded'));
    await settle();
    expect(cache.read('f1/a')).toEqual({ status: 'ok', value: 'loaded' });
  });

  it('loads once for every watcher, and tells them when the answer comes', async () => {
    const cache = createQueryCache();
    const { query, loads } = manualQuery('f1/a');
    expect(cache.read('f1/a')).toBe(LOADING);
    const first = vi.fn();
    const second = vi.fn();
    cache.subscribe(query, first);
    cache.subscribe(query, second);
    await settle();
    expect(loads).toHaveLength(1);
    loads[0]!.resolve(ok('bytes'));
    await settle();
    expect(cache.read('f1/a')).toEqual({ status: 'ok', value: 'bytes' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('turns a failed or rejected load into an error state', async () => {
    const cache = createQueryCache();
    const error = { code: 'BAD_MAGIC' as const, message: 'bad', offset: 0, format: 'x', path: '' };
    const failing = manualQuery('f1/a');
    cache.subscribe(failing.query, () => undefined);
    await settle();
    failing.loads[0]!.resolve({ ok: false, error });
    await settle();
    expect(cache.read('f1/a')).toEqual({ status: 'error', error });
    const rejecting: Query<string> = {
      key: 'f1/b',
      fileId: 'f1',
      topic: 'view',
      load: () => Promise.reject(new Error('worker gone')),
    };
    expect(await cache.fetch(rejecting)).toMatchObject({
      status: 'error',
      error: { code: 'INTERNAL', message: 'worker gone', offset: null },
    });
  });

  it('keeps a watched value while it loads again, and drops the older answer', async () => {
    const cache = createQueryCache();
    const { query, loads, released } = manualQuery('f1/d', { topic: 'details' });
    cache.subscribe(query, () => undefined);
    await settle();
    loads[0]!.resolve(ok('unchecked'));
    await settle();
    cache.invalidate('f1', ['details']);
    cache.invalidate('f1', ['details']);
    await settle();
    expect(loads).toHaveLength(3);
    expect(cache.read('f1/d')).toEqual({ status: 'ok', value: 'unchecked' });
    loads[2]!.resolve(ok('ok'));
    loads[1]!.resolve(ok('stale'));
    await settle();
    expect(cache.read('f1/d')).toEqual({ status: 'ok', value: 'ok' });
    expect(released).toEqual(['unchecked', 'stale']);
    // Other topics and files are left alone.
    cache.invalidate('f1', ['content']);
    cache.invalidate('f2', ['details']);
    await settle();
    expect(loads).toHaveLength(3);
  });

  it('refreshes one held query, keeping its value, once its load in flight is done', async () => {
    const cache = createQueryCache();
    const { query, loads } = manualQuery('f1/view', { topic: 'view' });
    const other = manualQuery('f1/rows', { topic: 'view' });
    cache.refresh(query);
    expect(loads).toHaveLength(0);
    cache.subscribe(query, () => undefined);
    cache.subscribe(other.query, () => undefined);
    await settle();
    // A load in flight already answers what is read now.
    cache.refresh(query);
    expect(loads).toHaveLength(1);
    loads[0]!.resolve(ok('3 tables'));
    await settle();
    cache.refresh(query);
    await settle();
    expect(loads).toHaveLength(2);
    expect(cache.read('f1/view')).toEqual({ status: 'ok', value: '3 tables' });
    loads[1]!.resolve(ok('9 tables'));
    await settle();
    expect(cache.read('f1/view')).toEqual({ status: 'ok', value: '9 tables' });
    // Only that query: another of the file and topic is left alone.
    expect(other.loads).toHaveLength(1);
  });

  it('after a source is added, loads again only what failed', async () => {
    const cache = createQueryCache();
    const good = manualQuery('f1/good');
    const bad = manualQuery('f1/bad');
    cache.subscribe(good.query, () => undefined);
    cache.subscribe(bad.query, () => undefined);
    await settle();
    good.loads[0]!.resolve(ok('here'));
    bad.loads[0]!.resolve({
      ok: false,
      error: { code: 'OUT_OF_BOUNDS', message: 'missing volume', offset: 0, format: '', path: '' },
    });
    await settle();
    cache.invalidate('f1', ['content'], { onlyFailed: true });
    expect(cache.read('f1/bad')).toBe(LOADING);
    await settle();
    expect(good.loads).toHaveLength(1);
    bad.loads[1]!.resolve(ok('there now'));
    await settle();
    expect(cache.read('f1/bad')).toEqual({ status: 'ok', value: 'there now' });
  });

  it('with alsoEmpty, loads again what answered nothing too, and leaves what answered', async () => {
    const cache = createQueryCache();
    const good = manualQuery('f1/good');
    // A query that may answer nothing (null), as an image description of a file without one.
    const empty = { loads: [] as Deferred<Result<string | null>>[] };
    const emptyQuery: Query<string | null> = {
      key: 'f1/empty',
      fileId: 'f1',
      topic: 'content',
      load: () => {
        const load = deferred<Result<string | null>>();
        empty.loads.push(load);
        return load.promise;
      },
    };
    cache.subscribe(good.query, () => undefined);
    cache.subscribe(emptyQuery, () => undefined);
    await settle();
    good.loads[0]!.resolve(ok('here'));
    empty.loads[0]!.resolve(ok(null));
    await settle();
    cache.invalidate('f1', ['content'], { onlyFailed: true });
    await settle();
    expect(empty.loads).toHaveLength(1);
    cache.invalidate('f1', ['content'], { onlyFailed: true, alsoEmpty: true });
    await settle();
    expect(good.loads).toHaveLength(1);
    expect(empty.loads).toHaveLength(2);
    empty.loads[1]!.resolve(ok('an image now'));
    await settle();
    expect(cache.read('f1/empty')).toEqual({ status: 'ok', value: 'an image now' });
  });

  it('forgets a closed file: unwatched values go, watched ones load again', async () => {
    const cache = createQueryCache();
    const watched = manualQuery('f1/w');
    const idle = manualQuery('f1/i');
    const other = manualQuery('f2/o', { fileId: 'f2' });
    cache.subscribe(watched.query, () => undefined);
    cache.subscribe(other.query, () => undefined);
    const fetching = cache.fetch(idle.query);
    await settle();
    for (const loads of [watched.loads, idle.loads, other.loads]) loads[0]!.resolve(ok('v'));
    await fetching;
    cache.dropFile('f1');
    expect(idle.released).toEqual(['v']);
    expect(watched.released).toEqual(['v']);
    expect(cache.read('f1/i')).toBe(LOADING);
    expect(cache.read('f1/w')).toBe(LOADING);
    expect(cache.read('f2/o')).toEqual({ status: 'ok', value: 'v' });
    await settle();
    expect(watched.loads).toHaveLength(2);
  });

  it('keeps unwatched values within its budget, oldest out first', async () => {
    const cache = createQueryCache({ idleEntries: 2, idleBytes: 1000 });
    const queries = ['a', 'b', 'c'].map((name) => manualQuery(`f1/${name}`));
    for (const { query, loads } of queries) {
      const fetching = cache.fetch(query);
      await settle();
      loads[0]!.resolve(ok(query.key));
      await fetching;
    }
    expect(queries[0]!.released).toEqual(['f1/a']);
    expect(cache.read('f1/a')).toBe(LOADING);
    expect(cache.read('f1/c')).toEqual({ status: 'ok', value: 'f1/c' });
    // A watched query is never evicted.
    const big = manualQuery('f1/big');
    const unsubscribe = cache.subscribe(big.query, () => undefined);
    await settle();
    big.loads[0]!.resolve(ok('x'.repeat(5000)));
    await settle();
    expect(cache.read('f1/big')).toMatchObject({ status: 'ok' });
    unsubscribe();
    expect(cache.read('f1/big')).toBe(LOADING);
  });
});
