/**
 * CrcPool's control of its workers (crc-pipeline.ts), with stand-in workers: Node has no
 * Worker, and what is checked here is what the pool does with answers, failures, silence
 * and errors, not the hashing (crc-pool.test.ts checks that, through hashShare).
 */
import { describe, expect, it } from 'vitest';
import { BlobByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { IndexedRange } from '../../binary/coalesced-read.ts';
import { CrcPool, type CrcPoolReply, type CrcPoolRequest } from './crc-pipeline.ts';

type Behaviour = (worker: StandInWorker, request: CrcPoolRequest) => void;

/** Answers each task as a checksum worker would: per range (index, index × 7, 0), then done. */
const answers: Behaviour = (worker, request) => {
  if (request.kind !== 'task') return;
  const results: number[] = [];
  for (let at = 0; at < request.ranges.length; at += 3) {
    const index = request.ranges[at]!;
    results.push(index, index * 7, 0);
  }
  worker.reply({ kind: 'results', results: Float64Array.from(results) });
  worker.reply({ kind: 'done', id: request.id });
};

class StandInWorker {
  onmessage: ((event: MessageEvent<CrcPoolReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  readonly requests: CrcPoolRequest[] = [];
  isTerminated = false;

  constructor(private readonly behaviour: Behaviour) {}

  postMessage(request: CrcPoolRequest): void {
    this.requests.push(request);
    setTimeout(() => this.behaviour(this, request), 0);
  }

  terminate(): void {
    this.isTerminated = true;
  }

  reply(data: CrcPoolReply): void {
    if (!this.isTerminated) this.onmessage?.({ data } as MessageEvent<CrcPoolReply>);
  }

  fail(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
}

const MiB = 1024 * 1024;
/** 40 ranges of 1 MiB, as offsets only: the stand-ins never read. */
const ranges: IndexedRange[] = Array.from({ length: 40 }, (_, index) => ({
  index,
  offset: index * MiB,
  length: MiB,
}));

function makePool(behaviour: Behaviour, stallMs = 15_000) {
  const made: StandInWorker[] = [];
  const pool = new CrcPool(new BlobByteSource(new Blob([new Uint8Array(16)]), 'test.wad'), {
    cores: 2,
    stallMs,
    createWorker: () => {
      const worker = new StandInWorker(behaviour);
      made.push(worker);
      return worker as unknown as Worker;
    },
  });
  return { pool, made };
}

async function runAll(pool: CrcPool, checkpoint?: () => void): Promise<Map<number, number>> {
  const seen = new Map<number, number>();
  await pool.run(
    ranges,
    (index, crc) => {
      expect(seen.has(index)).toBe(false);
      seen.set(index, crc);
    },
    checkpoint ? { checkpoint } : {},
  );
  return seen;
}

const startsOf = (worker: StandInWorker) =>
  worker.requests.filter((request) => request.kind === 'start');

describe('CrcPool', () => {
  it('hands every range to its workers, then replaces them with a new pool that warms up', async () => {
    const { pool, made } = makePool(answers);
    const seen = await runAll(pool);
    expect(seen.size).toBe(ranges.length);
    for (const range of ranges) expect(seen.get(range.index)).toBe(range.index * 7);
    // cores + 1 workers for the run, started by it: tasks waited, so no warm-up.
    const [first, next] = [made.slice(0, 3), made.slice(3)];
    expect(first).toHaveLength(3);
    for (const worker of first) {
      expect(startsOf(worker)).toMatchObject([{ kind: 'start', warmUp: false }]);
      expect(worker.isTerminated).toBe(true);
    }
    // Every worker had tasks.
    expect(first.every((worker) => worker.requests.some((r) => r.kind === 'task'))).toBe(true);
    expect(next).toHaveLength(3);
    for (const worker of next) {
      expect(startsOf(worker)).toMatchObject([{ kind: 'start', warmUp: true }]);
      expect(worker.isTerminated).toBe(false);
    }
    // The next run uses the pool that waited.
    await runAll(pool);
    expect(made).toHaveLength(9);
    expect(next.every((worker) => worker.requests.some((r) => r.kind === 'task'))).toBe(true);
    pool.terminate();
  });

  it("fails with the worker's error and its offset, and ends the pool", async () => {
    let tasks = 0;
    const { pool, made } = makePool((worker, request) => {
      if (request.kind === 'task' && ++tasks === 3) {
        worker.reply({
          kind: 'failed',
          code: 'UNEXPECTED_EOF',
          offset: 0x1234,
          detail: 'the file ended',
        });
      } else answers(worker, request);
    });
    const failure = await runAll(pool).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FormatError);
    expect(failure).toMatchObject({ code: 'UNEXPECTED_EOF', offset: 0x1234 });
    expect((failure as FormatError).detail).toContain('test.wad');
    expect(made).toHaveLength(3);
    expect(made.every((worker) => worker.isTerminated)).toBe(true);
  });

  it("fails a run in which no worker answers for stallMs, at the oldest task's offset", async () => {
    const { pool, made } = makePool(() => undefined, 120);
    const failure = await runAll(pool).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'INTERNAL', offset: 0 });
    expect((failure as FormatError).detail).toMatch(/stalled: no answer for 0\.12 s/);
    expect(made.every((worker) => worker.isTerminated)).toBe(true);
    expect(made).toHaveLength(3);
  });

  it('ends the pool when the checkpoint throws (a cancel), and starts no other', async () => {
    const { pool, made } = makePool(() => undefined);
    const cancel = new Error('cancelled');
    const failure = await runAll(pool, () => {
      throw cancel;
    }).catch((error: unknown) => error);
    expect(failure).toBe(cancel);
    expect(made.every((worker) => worker.isTerminated)).toBe(true);
    expect(made).toHaveLength(3);
  });

  it('replaces a waiting pool one of whose workers reported an error', async () => {
    const { pool, made } = makePool(answers);
    pool.start();
    expect(made).toHaveLength(3);
    made[1]!.fail('could not load the script');
    const seen = await runAll(pool);
    expect(seen.size).toBe(ranges.length);
    expect(made.slice(0, 3).every((worker) => worker.isTerminated)).toBe(true);
    expect(made.slice(0, 3).some((worker) => worker.requests.some((r) => r.kind === 'task'))).toBe(
      false,
    );
    pool.terminate();
  });
});

describe('CrcPool.runFiles', () => {
  /** Answers each files task per file: a failure for index 3, else (index × 7) and its size read. */
  const filesAnswers: Behaviour = (worker, request) => {
    if (request.kind !== 'files') return;
    request.blobs.forEach((blob, at) => {
      const index = request.indexes[at]!;
      if (index === 3) {
        worker.reply({ kind: 'file-failed', index, detail: 'NotReadableError: gone' });
        return;
      }
      worker.reply({ kind: 'results', results: Float64Array.of(index, index * 7, 0) });
      worker.reply({ kind: 'read', bytes: blob.size });
    });
    worker.reply({ kind: 'done', id: request.id });
  };

  it('hashes whole files on its workers, reports failures and bytes, then ends the workers', async () => {
    const made: StandInWorker[] = [];
    const pool = new CrcPool(null, {
      cores: 2,
      createWorker: () => {
        const worker = new StandInWorker(filesAnswers);
        made.push(worker);
        return worker as unknown as Worker;
      },
    });
    const files = Array.from({ length: 200 }, (_, index) => ({
      index,
      blob: new Blob([new Uint8Array(index + 1)]),
    }));
    const sums = new Map<number, number>();
    const failures: [number, string][] = [];
    let bytes = 0;
    await pool.runFiles(
      files,
      {
        checksum: (index, value) => sums.set(index, value),
        failure: (index, message) => failures.push([index, message]),
        bytes: (count) => (bytes += count),
      },
      {},
    );
    expect(failures).toEqual([[3, 'NotReadableError: gone']]);
    expect(sums.size).toBe(199);
    expect(sums.get(199)).toBe(199 * 7);
    expect(bytes).toBe((200 * 201) / 2 - 4);
    // No source: the workers start without a file, and none waits after the run.
    expect(made).toHaveLength(3);
    for (const worker of made) {
      expect(startsOf(worker)).toMatchObject([{ kind: 'start', blob: null, warmUp: false }]);
      expect(worker.isTerminated).toBe(true);
    }
    // The largest files went first.
    const first = made[0]!.requests.find((request) => request.kind === 'files');
    expect(first?.kind === 'files' && first.indexes[0]).toBe(199);
  });
});
