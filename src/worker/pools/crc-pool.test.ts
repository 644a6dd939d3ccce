import { describe, expect, it } from 'vitest';
import { BlobByteSource, MemoryByteSource } from '../../binary/byte-source.ts';
import { kiCrc } from '../../binary/crc32.ts';
import { jsKiCrcKernel, kiCrcKernel, type KiCrcKernel } from '../../binary/ki-crc-wasm.ts';
import type { IndexedRange } from '../../binary/coalesced-read.ts';
import { planReads } from '../../binary/coalesced-read.ts';
import {
  blobOf,
  canPipeline,
  poolSize,
  sortedByOffset,
  splitFileTasks,
  splitTasks,
  taskBytesFor,
} from './crc-pipeline.ts';
import { hashFiles, hashShare, planStreams } from './crc-share.ts';

const MiB = 1024 * 1024;
const bytes = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 31 + (i >> 7)) & 0xff);
bytes.fill(0, 12_000, 12_500);

function unpack(task: Float64Array): number[][] {
  const out: number[][] = [];
  for (let at = 0; at < task.length; at += 3) out.push([task[at]!, task[at + 1]!, task[at + 2]!]);
  return out;
}

describe('sortedByOffset', () => {
  it('keeps ranges already in offset order as they are, and sorts others by offset, then index', () => {
    const inOrder: IndexedRange[] = [
      { index: 3, offset: 0, length: 4 },
      { index: 1, offset: 4, length: 0 },
      { index: 2, offset: 4, length: 8 },
    ];
    expect(sortedByOffset(inOrder)).toBe(inOrder);
    const shuffled = [inOrder[2]!, inOrder[0]!, inOrder[1]!];
    expect(sortedByOffset(shuffled)).toEqual(inOrder);
    expect(shuffled[0]).toBe(inOrder[2]);
  });
});

describe('splitTasks', () => {
  const sorted: IndexedRange[] = [
    { index: 4, offset: 0, length: 10 },
    { index: 2, offset: 10, length: 30 },
    { index: 0, offset: 40, length: 5 },
    { index: 1, offset: 45, length: 0 },
    { index: 3, offset: 45, length: 50 },
  ];

  it('cuts consecutive ranges into tasks of at least taskBytes, the last one smaller', () => {
    const tasks = splitTasks(sorted, 35).map(unpack);
    expect(tasks).toEqual([
      [
        [4, 0, 10],
        [2, 10, 30],
      ],
      [
        [0, 40, 5],
        [1, 45, 0],
        [3, 45, 50],
      ],
    ]);
  });

  it('keeps every range exactly once, in order', () => {
    for (const taskBytes of [1, 7, 40, 1000]) {
      const flat = splitTasks(sorted, taskBytes).flatMap(unpack);
      expect(flat.map(([index]) => index)).toEqual([4, 2, 0, 1, 3]);
    }
    expect(splitTasks([], 10)).toEqual([]);
  });
});

describe('pool sizing', () => {
  it('runs one worker more than the cores, at least 2, at most 6, never more than tasks', () => {
    expect(poolSize(1, 100)).toBe(2);
    expect(poolSize(2, 100)).toBe(3);
    expect(poolSize(4, 100)).toBe(5);
    expect(poolSize(32, 100)).toBe(6);
    expect(poolSize(8, 2)).toBe(2);
    expect(poolSize(8, 1)).toBe(1);
  });

  it('makes about four tasks per worker, between one window and 128 MiB', () => {
    expect(taskBytesFor(1024 * MiB, 3, 32 * MiB)).toBe(Math.ceil((1024 * MiB) / 12));
    expect(taskBytesFor(100 * MiB, 3, 32 * MiB)).toBe(32 * MiB);
    expect(taskBytesFor(10_000 * MiB, 3, 32 * MiB)).toBe(128 * MiB);
  });
});

describe('blobOf and canPipeline', () => {
  it('finds the Blob under a BlobByteSource only', () => {
    const blob = new Blob([bytes]);
    expect(blobOf(new BlobByteSource(blob))).toBe(blob);
    expect(blobOf(new MemoryByteSource(bytes))).toBeNull();
  });

  it('never starts the pool without Worker (Node, tests)', () => {
    expect(canPipeline(new BlobByteSource(new Blob([bytes])), 1024 * MiB)).toBe(false);
  });
});

describe('planStreams', () => {
  it('keeps reads that go forward within maxGap in one run, and starts anew otherwise', () => {
    const ranges: IndexedRange[] = [
      { index: 0, offset: 0, length: 100 },
      { index: 1, offset: 100, length: 100 },
      { index: 2, offset: 250, length: 100 },
      { index: 3, offset: 1000, length: 100 },
      { index: 4, offset: 1050, length: 300 },
    ];
    const reads = planReads(ranges, 200, 0);
    const runs = planStreams(reads, 60);
    expect(runs.map((run) => [run.start, run.end, run.reads.length])).toEqual([
      [0, 350, 2],
      // Range 4 overlaps range 3 and is larger than a window: its chunks go back to 1050.
      [1000, 1100, 1],
      [1050, 1350, 2],
    ]);
  });
});

describe('hashShare', () => {
  const ranges: IndexedRange[] = [
    { index: 0, offset: 0, length: 700 },
    { index: 1, offset: 700, length: 0 },
    { index: 2, offset: 720, length: 5_000 },
    { index: 3, offset: 5_900, length: 40 },
    { index: 4, offset: 5_920, length: 100 },
    { index: 5, offset: 12_000, length: 500 },
    { index: 6, offset: 19_000, length: 1_000 },
  ];

  async function run(
    blob: Blob,
    noStreams: boolean,
    kernel: KiCrcKernel = kiCrcKernel(),
    windowSize = 1024,
  ): Promise<Map<number, [number, boolean]>> {
    const seen = new Map<number, [number, boolean]>();
    await hashShare(blob, ranges, {
      windowSize,
      maxGap: 256,
      kernel,
      noStreams,
      onResults: (results) => {
        for (let at = 0; at < results.length; at += 3) {
          expect(seen.has(results[at]!)).toBe(false);
          seen.set(results[at]!, [results[at + 1]!, results[at + 2] === 1]);
        }
      },
    });
    return seen;
  }

  // Windows of 4 KiB give pieces long enough for the WebAssembly kernel's fold.
  for (const [noStreams, kernel, windowSize] of [
    [false, kiCrcKernel(), 1024],
    [true, kiCrcKernel(), 1024],
    [false, kiCrcKernel(), 4096],
    [false, jsKiCrcKernel(), 1024],
  ] as const) {
    const how = `${noStreams ? 'slice reads' : 'BYOB stream'}, ${windowSize} B windows, ${kernel.engine} kernel`;
    it(`gives each range its KI-CRC and all-zero flag (${how})`, async () => {
      const seen = await run(new Blob([bytes]), noStreams, kernel, windowSize);
      expect(seen.size).toBe(ranges.length);
      for (const range of ranges) {
        const data = bytes.subarray(range.offset, range.offset + range.length);
        expect(seen.get(range.index)).toEqual([kiCrc(data), data.every((byte) => byte === 0)]);
      }
      expect(seen.get(5)).toEqual([0, true]);
    });
  }

  it('rejects with a FormatError at the offset where the file ends early', async () => {
    const short = new Blob([bytes.subarray(0, 19_500)]);
    await expect(run(short, false)).rejects.toMatchObject({
      code: 'UNEXPECTED_EOF',
      offset: 19_500,
    });
  });

  it('reports a failing read as an INTERNAL FormatError at the read offset', async () => {
    const blob = new Blob([bytes]);
    // Only slice() is used on the slice-read path.
    const failing = {
      size: blob.size,
      slice: (start: number, end: number) =>
        start >= 12_000
          ? ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) } as Blob)
          : blob.slice(start, end),
    } as Blob;
    await expect(run(failing, true)).rejects.toMatchObject({ code: 'INTERNAL', offset: 12_000 });
  });
});

describe('splitFileTasks', () => {
  const file = (index: number, size: number) => ({ index, blob: new Blob([new Uint8Array(size)]) });

  it('hands the largest files out first, a large one alone, small ones together', () => {
    const files = [file(0, 10), file(1, 9 * MiB), file(2, 20), file(3, 3 * MiB), file(4, 6 * MiB)];
    const tasks = splitFileTasks(files).map((task) => task.map((each) => each.index));
    expect(tasks).toEqual([[1], [4, 3], [2, 0]]);
  });

  it('puts at most 64 files in a task', () => {
    const files = Array.from({ length: 130 }, (_, index) => file(index, 1));
    expect(splitFileTasks(files).map((task) => task.length)).toEqual([64, 64, 2]);
  });
});

describe('hashFiles', () => {
  const other = Uint8Array.from({ length: 5_000 }, (_, i) => (i * 7) & 0xff);

  async function hashAll(blobs: Blob[], windowSize: number) {
    const seen = new Map<number, number>();
    const failures: [number, string][] = [];
    let bytesRead = 0;
    await hashFiles(
      blobs,
      Float64Array.from(blobs, (_, at) => 10 + at),
      {
        windowSize,
        maxGap: 256,
        kernel: kiCrcKernel(),
        onResults: (results) => {
          for (let at = 0; at < results.length; at += 3) seen.set(results[at]!, results[at + 1]!);
        },
        onRead: (bytes) => (bytesRead += bytes),
        onFailure: (index, detail) => failures.push([index, detail]),
      },
    );
    return { seen, failures, bytesRead };
  }

  it('gives each whole file its KI-CRC, read in one go or as a stream of windows', async () => {
    for (const windowSize of [1024, 64 * 1024]) {
      const { seen, failures, bytesRead } = await hashAll(
        [new Blob([bytes]), new Blob([other]), new Blob([])],
        windowSize,
      );
      expect(failures).toEqual([]);
      expect(seen).toEqual(
        new Map([
          [10, kiCrc(bytes)],
          [11, kiCrc(other)],
          [12, 0],
        ]),
      );
      expect(bytesRead).toBe(bytes.length + other.length);
    }
  });

  it('reports a file that cannot be read, and goes on with the next', async () => {
    const unreadable = {
      size: 100,
      arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotReadableError')),
    } as unknown as Blob;
    const { seen, failures } = await hashAll([unreadable, new Blob([other])], 1024 * 1024);
    expect(failures).toEqual([[10, 'NotReadableError: gone']]);
    expect(seen).toEqual(new Map([[11, kiCrc(other)]]));
  });
});
