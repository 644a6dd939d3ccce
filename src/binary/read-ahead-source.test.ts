import { describe, expect, it } from 'vitest';
import { MemoryByteSource, type ByteSource } from './byte-source.ts';
import { readCoalesced } from './coalesced-read.ts';
import { ReadAheadSource } from './read-ahead-source.ts';

const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 31) & 0xff);

function counting(source: ByteSource): { source: ByteSource; reads: () => number } {
  let reads = 0;
  return {
    source: {
      name: source.name,
      size: source.size,
      read: (offset, length) => {
        reads++;
        return source.read(offset, length);
      },
    },
    reads: () => reads,
  };
}

describe('ReadAheadSource', () => {
  it('serves small reads in file order from one window, as copies', async () => {
    const inner = counting(new MemoryByteSource(bytes));
    const source = new ReadAheadSource(inner.source, 4096);
    for (let at = 0; at < 4000; at += 100) {
      const got = await source.read(at, 100);
      expect(got).toEqual(bytes.subarray(at, at + 100));
      got.fill(0);
    }
    expect(inner.reads()).toBe(1);
    expect(await source.read(0, 10)).toEqual(bytes.subarray(0, 10));
  });

  it('lets reads in flight at once share the window they fall in, and keeps a few windows', async () => {
    const inner = counting(new MemoryByteSource(bytes));
    const source = new ReadAheadSource(inner.source, 1000);
    const offsets = [0, 100, 200, 950, 300, 1500, 1200, 400];
    const got = await Promise.all(offsets.map((at) => source.read(at, 100)));
    got.forEach((part, i) => expect(part).toEqual(bytes.subarray(offsets[i], offsets[i]! + 100)));
    // [0, 1000) serves 0–400; 950 straddles its end and starts [950, 1950), which serves
    // 1200 and 1500 too.
    expect(inner.reads()).toBe(2);
    expect(await source.read(10, 20)).toEqual(bytes.subarray(10, 30));
    expect(inner.reads()).toBe(2);
  });

  it('forgets a window whose read failed, so the next read tries again', async () => {
    let failNext = true;
    const inner = new MemoryByteSource(bytes);
    const source = new ReadAheadSource(
      {
        name: inner.name,
        size: inner.size,
        read: (offset, length) => {
          if (failNext) {
            failNext = false;
            return Promise.reject(new Error('disk went away'));
          }
          return inner.read(offset, length);
        },
      },
      1000,
    );
    await expect(Promise.all([source.read(0, 10), source.read(20, 10)])).rejects.toThrow(
      'disk went away',
    );
    expect(await source.read(20, 10)).toEqual(bytes.subarray(20, 30));
  });

  it('passes large reads through and still refuses ranges outside the source', async () => {
    const inner = counting(new MemoryByteSource(bytes));
    const source = new ReadAheadSource(inner.source, 4096);
    expect(await source.read(100, 2000)).toEqual(bytes.subarray(100, 2100));
    await expect(source.read(9_990, 20)).rejects.toMatchObject({ code: 'OUT_OF_BOUNDS' });
    expect((await source.read(9_000, 1000)).length).toBe(1000);
  });
});

describe('readCoalesced', () => {
  it('hands out every range in offset order, with or without read-ahead', async () => {
    const ranges = [
      { index: 0, offset: 5000, length: 3000 },
      { index: 1, offset: 0, length: 10 },
      { index: 2, offset: 20, length: 0 },
      { index: 3, offset: 9000, length: 1000 },
    ];
    for (const readAhead of [0, 1, 3]) {
      const seen: string[] = [];
      const parts = new Map<number, number[]>();
      await readCoalesced(
        new MemoryByteSource(bytes),
        ranges,
        (range, chunk, isFirst, isLast) => {
          seen.push(`${range.index}${isFirst ? '<' : ''}${isLast ? '>' : ''}`);
          parts.set(range.index, [...(parts.get(range.index) ?? []), ...chunk]);
        },
        { windowSize: 1024, maxGap: 64, readAhead },
      );
      expect(seen).toEqual(['1<>', '2<>', '0<', '0', '0>', '3<>']);
      for (const range of ranges) {
        expect(parts.get(range.index)).toEqual([
          ...bytes.subarray(range.offset, range.offset + range.length),
        ]);
      }
    }
  });
});
