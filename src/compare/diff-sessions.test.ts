import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../binary/format-error.ts';
import { MemoryByteSource } from '../binary/byte-source.ts';
import { readKiwad } from '../formats/kiwad/read.ts';
import { writeKiwad } from '../formats/kiwad/write.ts';
import { FILE_COLUMNS, dmlTable, writeDmlTables } from '../formats/dml/write.ts';
import { KaType } from '../formats/ka/types.ts';
import { intValue, textValue, v1Archive, writeKa } from '../formats/ka/write.ts';
import type { CancelSignal } from '../formats/model.ts';
import {
  diffSessions,
  diffSides,
  FIRST_BATCH,
  KEY_SCAN_STEP,
  type ComparedSide,
} from './diff-sessions.ts';
import { openMemory } from './testing/open-memory.ts';
import type { DiffRow } from './types.ts';

const text = (value: string) => new TextEncoder().encode(value);

type Files = Record<string, Uint8Array>;

function archive(files: Files, compress?: boolean): Uint8Array {
  return writeKiwad(
    Object.entries(files).map(([name, data]) => ({
      name,
      data,
      ...(compress === undefined ? {} : { compress }),
    })),
  );
}

async function diffArchives(oldFiles: Files, newFiles: Files, compareContent = false) {
  const oldSession = await openMemory(archive(oldFiles), 'old.wad');
  const newSession = await openMemory(archive(newFiles), 'new.wad');
  return diffSessions(oldSession, newSession, { compareContent });
}

const statusOf = (rows: readonly DiffRow[]) =>
  Object.fromEntries(rows.map((row) => [row.path, row.status]));

describe('diffSessions over archives', () => {
  const before: Files = {
    'Data/same.txt': text('same'),
    'Data/gone.txt': text('gone'),
    'Data/edit.xml': text('<a>1</a>'),
    'Data/grow.bin': new Uint8Array([1, 2, 3]),
    'old-name.txt': text('renamed'),
  };
  const after: Files = {
    'Data/same.txt': text('same'),
    'Data/edit.xml': text('<a>2</a>'),
    'Data/grow.bin': new Uint8Array([1, 2, 3, 4]),
    'Data/new.txt': text('new'),
    'new-name.txt': text('renamed'),
  };

  it('marks each path added, removed, changed or unchanged, a rename as removal plus addition', async () => {
    const { counts, rows } = await diffArchives(before, after);
    expect(statusOf(rows)).toEqual({
      'Data/same.txt': 'unchanged',
      'Data/gone.txt': 'removed',
      'Data/edit.xml': 'changed',
      'Data/grow.bin': 'changed',
      'Data/new.txt': 'added',
      'old-name.txt': 'removed',
      'new-name.txt': 'added',
    });
    expect(counts).toEqual({ added: 2, removed: 2, changed: 2, unchanged: 1 });
  });

  it('gives sizes and checksums of both sides, null on the side that lacks the node', async () => {
    const { rows } = await diffArchives(before, after);
    const added = rows.find((row) => row.path === 'Data/new.txt')!;
    expect(added).toMatchObject({ oldSize: null, oldCrc: null, oldIndex: -1, newSize: 3 });
    expect(added.newCrc).toEqual(expect.any(Number));
    const grown = rows.find((row) => row.path === 'Data/grow.bin')!;
    expect(grown).toMatchObject({ oldSize: 3, newSize: 4 });
    expect(grown.oldCrc).not.toBe(grown.newCrc);
  });

  it('decides by stored checksums without reading content; --content finds stale checksums', async () => {
    const data = text('the same length');
    const oldBytes = archive({ 'a.txt': data }, false);
    const newBytes = oldBytes.slice();
    const { value } = await readKiwad(new MemoryByteSource(newBytes));
    const entry = value.entries[0]!;
    newBytes[entry.dataOffset]! ^= 0xff; // bytes differ, the CRC field does not
    const oldSession = await openMemory(oldBytes, 'old.wad');
    const newSession = await openMemory(newBytes, 'new.wad');
    let reads = 0;
    for (const session of [oldSession, newSession]) {
      const content = session.content!;
      const read = content.read.bind(content);
      content.read = (index) => {
        reads++;
        return read(index);
      };
    }
    const byMetadata = await diffSessions(oldSession, newSession);
    expect(byMetadata.counts.unchanged).toBe(1);
    expect(reads).toBe(0);
    const byContent = await diffSessions(oldSession, newSession, { compareContent: true });
    expect(byContent.counts.changed).toBe(1);
    expect(reads).toBe(2);
  });

  it('streams rows in batches and reports progress to the total of both sides', async () => {
    const files: Files = {};
    for (let i = 0; i < 50; i++) files[`f${i}.txt`] = text(`file ${i}`);
    const oldSession = await openMemory(archive(files), 'old.wad');
    const newSession = await openMemory(archive({ ...files, 'extra.txt': text('x') }), 'n.wad');
    const batches: number[] = [];
    let last = { done: 0, total: 0 };
    const { rows } = await diffSessions(oldSession, newSession, {
      batchSize: 16,
      onRows: (batch) => batches.push(batch.length),
      onProgress: (done, total) => (last = { done, total }),
    });
    expect(batches.slice(0, 3)).toEqual([16, 16, 16]);
    expect(batches.reduce((sum, n) => sum + n, 0)).toBe(rows.length);
    expect(last).toEqual({ done: 101, total: 101 });
  });

  it('sends a small first batch, so the first rows go out early, then larger ones', async () => {
    const files: Files = {};
    for (let i = 0; i < 5000; i++) files[`f${String(i).padStart(5, '0')}`] = text(String(i));
    const session = await openMemory(archive(files), 'a.wad');
    const batches: number[] = [];
    await diffSessions(session, session, { onRows: (batch) => batches.push(batch.length) });
    expect(batches[0]).toBe(FIRST_BATCH);
    expect(batches.slice(0, 3)).toEqual([FIRST_BATCH, FIRST_BATCH * 2, FIRST_BATCH * 4]);
    expect(Math.max(...batches)).toBe(2000);
    expect(batches.reduce((sum, n) => sum + n, 0)).toBe(5000);
  });

  it('sends the rows before an early miss at once, and pauses while it reads the old side', async () => {
    /** Paths in order, each with a checksum that decides, no session needed. */
    const sideOfPaths = (paths: readonly string[]): ComparedSide => ({
      count: paths.length,
      path: (index) => paths[index]!,
      size: () => 1,
      checksum: () => 1,
      session: () => Promise.reject(new Error('the checksums decide')),
    });
    const oldPaths = Array.from(
      { length: KEY_SCAN_STEP * 3 },
      (_, i) => `f${String(i).padStart(6, '0')}`,
    );
    const newPaths = [...oldPaths.slice(0, 3), 'added', ...oldPaths.slice(3)];
    const events: string[] = [];
    const { counts } = await diffSides(sideOfPaths(oldPaths), sideOfPaths(newPaths), {
      onRows: (batch) => events.push(`rows ${batch.length}`),
      pause: () => (events.push('pause'), Promise.resolve()),
    });
    expect(counts).toEqual({ added: 1, removed: 0, changed: 0, unchanged: oldPaths.length });
    // The three rows decided before the miss go out (a pause after them), then a pause after
    // each further step of the scan: three steps read the old side to its end.
    expect(events.slice(0, 4)).toEqual(['rows 3', 'pause', 'pause', `rows ${FIRST_BATCH * 2}`]);
  });

  it('stops with CANCELLED when cancelled between batches', async () => {
    const files: Files = {};
    for (let i = 0; i < 20; i++) files[`f${i}`] = text(String(i));
    const session = await openMemory(archive(files), 'a.wad');
    let isCancelled = false;
    const signal: CancelSignal = {
      get isCancelled() {
        return isCancelled;
      },
      throwIfCancelled() {
        if (isCancelled)
          throw new FormatError({ code: ErrorCode.CANCELLED, offset: 0, detail: 'cancelled' });
      },
    };
    const run = diffSessions(session, session, {
      batchSize: 4,
      signal,
      onRows: () => (isCancelled = true),
    });
    await expect(run).rejects.toMatchObject({ code: ErrorCode.CANCELLED });
  });
});

describe('diffSessions over documents', () => {
  it('compares a document node by its value: one changed, one added, the rest unchanged', async () => {
    const oldDoc = writeKa(
      v1Archive([
        ['title', textValue('Old')],
        ['count', intValue(KaType.INT32, 3)],
      ]),
    );
    const newDoc = writeKa(
      v1Archive([
        ['title', textValue('New')],
        ['count', intValue(KaType.INT32, 3)],
        ['extra', textValue('x')],
      ]),
    );
    const oldSession = await openMemory(oldDoc, 'old.ka');
    const newSession = await openMemory(newDoc, 'new.ka');
    expect(oldSession.layout).toBe('document');
    const { rows } = await diffSessions(oldSession, newSession);
    const statuses = statusOf(rows);
    expect(statuses['title']).toBe('changed');
    expect(statuses['count']).toBe('unchanged');
    expect(statuses['extra']).toBe('added');
  });
});

describe('diffSessions over two LatestFileLists', () => {
  const file = (name: string, size: number, crc: number) => [name, '', 1, size, 0, 0, crc, 0];
  const list = (base: (string | number)[][]) =>
    writeDmlTables([
      dmlTable('About', [['Version', 'UINT']], [[1]]),
      dmlTable('Base', FILE_COLUMNS, base),
    ]);

  it('matches records by table and file name, so one added first shifts nothing', async () => {
    const oldList = list([
      file('Bin/a.dll', 10, 1),
      file('Bin/b.dll', 20, 2),
      file('Bin/gone.dll', 30, 3),
      file('Bin/c.dll', 40, 4),
    ]);
    const newList = list([
      file('Bin/new.dll', 5, 9),
      file('Bin/a.dll', 10, 1),
      file('Bin/b.dll', 21, 7),
      file('Bin/c.dll', 40, 4),
    ]);
    const oldSession = await openMemory(oldList, 'old.bin');
    const newSession = await openMemory(newList, 'LatestFileList.bin');
    expect(oldSession.format).toBe('dml');
    // The tree still names a record by its place, which the diff does not go by.
    expect(newSession.nodeTable().path(newSession.nodeCount() - 1)).toBe('Base/3 Bin∕c.dll');
    const { rows, counts } = await diffSessions(oldSession, newSession);
    const records = rows.filter((row) => row.path.startsWith('Base/Bin'));
    expect(Object.fromEntries(records.map((row) => [row.path, row.status]))).toEqual({
      'Base/Bin∕new.dll': 'added',
      'Base/Bin∕a.dll': 'unchanged',
      'Base/Bin∕b.dll': 'changed',
      'Base/Bin∕c.dll': 'unchanged',
      'Base/Bin∕gone.dll': 'removed',
    });
    // Tables, templates and fields too: each node of either side in one row.
    const total = counts.added + counts.removed + counts.changed + counts.unchanged;
    expect(total).toBe(rows.length);
    expect(counts.added + counts.unchanged + counts.changed).toBe(newSession.nodeCount());
    expect(counts.removed + counts.unchanged + counts.changed).toBe(oldSession.nodeCount());
  });
});

describe('diffSessions properties', () => {
  const names = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,3}(\/[a-z]{1,3}){0,2}\.[a-z]{1,3}$/), {
    maxLength: 12,
  });
  const filesOf = fc
    .tuple(names, fc.array(fc.uint8Array({ maxLength: 24 }), { minLength: 12, maxLength: 12 }))
    .map(([paths, contents]) => Object.fromEntries(paths.map((path, i) => [path, contents[i]!])));

  it('a file against itself is all unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(filesOf, async (files) => {
        const session = await openMemory(archive(files), 'a.wad');
        const { counts, rows } = await diffSessions(session, session);
        expect(counts).toEqual({ added: 0, removed: 0, changed: 0, unchanged: rows.length });
        expect(rows.length).toBe(Object.keys(files).length);
      }),
      { numRuns: 40 },
    );
  });

  it('swapping the sides swaps added and removed and keeps changed', async () => {
    await fc.assert(
      fc.asyncProperty(filesOf, filesOf, async (left, right) => {
        const a = await openMemory(archive(left), 'a.wad');
        const b = await openMemory(archive(right), 'b.wad');
        const forward = statusOf((await diffSessions(a, b)).rows);
        const backward = statusOf((await diffSessions(b, a)).rows);
        const swapped = Object.fromEntries(
          Object.entries(forward).map(([path, status]) => [
            path,
            status === 'added' ? 'removed' : status === 'removed' ? 'added' : status,
          ]),
        );
        expect(backward).toEqual(swapped);
      }),
      { numRuns: 40 },
    );
  });
});
