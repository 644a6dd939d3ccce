import { describe, expect, it } from 'vitest';
import type { TreeRow } from '../worker/rpc/api.ts';
import { createRowCache, ROW_PAGE_SIZE, type RowSource } from './row-cache.ts';

type NameOf = (index: number, version: number) => string;
const versionedName: NameOf = (index, version) => `v${version}-${index}`;

function row(index: number, version: number, nameOf = versionedName): TreeRow {
  return {
    nodeId: index,
    parentId: -1,
    depth: 1,
    name: nameOf(index, version),
    path: nameOf(index, version),
    isFolder: false,
    isExpanded: false,
    entryIndex: index,
    size: 1,
    storedSize: 1,
    isCompressed: false,
    checksum: null,
    status: 'unchecked',
    entryCount: 0,
    kind: 'entry',
    columnSet: 'default',
    cells: {},
  };
}

function setup(rowCount: number, nameOf = versionedName) {
  const requests: [number, number][] = [];
  const answers: (() => void)[] = [];
  const source: RowSource = {
    rowsVersion: 1,
    rowCount,
    hasCrashed: false,
    decoder: {
      getRows(start, count) {
        requests.push([start, count]);
        const version = source.rowsVersion;
        return new Promise((resolve) => {
          answers.push(() =>
            resolve(Array.from({ length: count }, (_, at) => row(start + at, version, nameOf))),
          );
        });
      },
    },
  };
  const cache = createRowCache((fileId) => (fileId === 'f1' ? source : undefined));
  const answerAll = async () => {
    for (const answer of answers.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { cache, source, requests, answerAll };
}

describe('row cache', () => {
  it('fetches only the pages it is asked for, once', async () => {
    const { cache, requests, answerAll } = setup(450);
    cache.request('f1', 190, 210);
    cache.request('f1', 195, 205);
    expect(requests).toEqual([
      [0, ROW_PAGE_SIZE],
      [ROW_PAGE_SIZE, ROW_PAGE_SIZE],
    ]);
    expect(cache.getRow('f1', 200)).toBeUndefined();
    const tick = cache.getTick();
    await answerAll();
    expect(cache.getTick()).toBeGreaterThan(tick);
    expect(cache.getRow('f1', 200)?.name).toBe('v1-200');
    cache.request('f1', 440, 460);
    expect(requests.at(-1)).toEqual([400, 50]);
  });

  it('shows old rows until the new version arrives, and drops stale answers', async () => {
    const { cache, source, requests, answerAll } = setup(10);
    cache.request('f1', 0, 9);
    await answerAll();
    source.rowsVersion = 2;
    expect(cache.getRow('f1', 3)?.name).toBe('v1-3');
    expect(cache.getCurrentRow('f1', 3)).toBeUndefined();
    cache.request('f1', 0, 9);
    expect(requests).toHaveLength(2);
    expect(cache.getRow('f1', 3)?.name).toBe('v1-3');
    await answerAll();
    expect(cache.getRow('f1', 3)?.name).toBe('v2-3');
    // An answer that arrives after another bump is not stored as current.
    source.rowsVersion = 3;
    cache.request('f1', 0, 9);
    source.rowsVersion = 4;
    await answerAll();
    expect(cache.getCurrentRow('f1', 3)).toBeUndefined();
  });

  it('asks nothing of a crashed or empty file', () => {
    const { cache, source, requests } = setup(0);
    cache.request('f1', 0, 10);
    source.rowCount = 5;
    source.hasCrashed = true;
    cache.request('f1', 0, 10);
    cache.request('f2', 0, 10);
    expect(requests).toEqual([]);
  });

  it('keeps the objects of rows that a new version did not change', async () => {
    // Odd rows change with each version, even rows stay the same.
    const { cache, source, answerAll } = setup(10, (index, version) =>
      index % 2 === 1 ? `v${version}-${index}` : `same-${index}`,
    );
    cache.request('f1', 0, 9);
    await answerAll();
    const before = [cache.getRow('f1', 2), cache.getRow('f1', 3)];
    source.rowsVersion = 2;
    cache.request('f1', 0, 9);
    await answerAll();
    expect(cache.getRow('f1', 2)).toBe(before[0]);
    expect(cache.getRow('f1', 3)).not.toBe(before[1]);
    expect(cache.getRow('f1', 3)?.name).toBe('v2-3');
  });

  it('loads a row of the current version, from the cache or from the worker', async () => {
    const { cache, source, requests, answerAll } = setup(10);
    cache.request('f1', 0, 9);
    await answerAll();
    expect((await cache.loadRow('f1', 3))?.name).toBe('v1-3');
    expect(requests).toHaveLength(1);
    // Right after the rows changed, the page is refetched: the row is asked for on its own.
    source.rowsVersion = 2;
    const loading = cache.loadRow('f1', 3);
    expect(requests.at(-1)).toEqual([3, 1]);
    await answerAll();
    expect((await loading)?.name).toBe('v2-3');
    expect(await cache.loadRow('f1', 10)).toBeUndefined();
  });
});
