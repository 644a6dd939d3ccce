/// <reference lib="webworker" />
/**
 * Checksum worker of a decoder worker's Verify all (crc-pipeline.ts): one of a pool, each
 * reading its own tasks (runs of ranges) straight from the file and hashing them
 * (crc-share.ts, with the WebAssembly kernel of ki-crc-wasm.ts), so reading and hashing spread
 * over the cores. Answers each window with
 * the ranges that ended in it, then `done` per task; a failure answers `failed` and stops.
 * A task of whole files (install verification) answers each file's checksum, `read` bytes
 * as it goes, and `file-failed` for a file that cannot be read, then goes on.
 */
import { toErrorFields } from '../../binary/format-error.ts';
import { kiCrcKernel } from '../../binary/ki-crc-wasm.ts';
import type { IndexedRange } from '../../binary/coalesced-read.ts';
import type { CrcPoolReply, CrcPoolRequest } from './crc-pipeline.ts';
import { hashFiles, hashShare } from './crc-share.ts';

let blob: Blob | null = null;
let windowSize = 0;
let maxGap = 0;
// Tasks run one after another, in the order they came.
let queue: Promise<void> = Promise.resolve();
let hasFailed = false;

const reply = (message: CrcPoolReply, transfer: Transferable[] = []) =>
  self.postMessage(message, transfer);

async function runTask(id: number, packed: Float64Array): Promise<void> {
  if (hasFailed) return;
  const ranges: IndexedRange[] = [];
  for (let at = 0; at < packed.length; at += 3) {
    ranges.push({ index: packed[at]!, offset: packed[at + 1]!, length: packed[at + 2]! });
  }
  try {
    await hashShare(blob!, ranges, {
      windowSize,
      maxGap,
      kernel: kiCrcKernel(),
      onResults: (results) => reply({ kind: 'results', results }, [results.buffer]),
    });
    reply({ kind: 'done', id });
  } catch (error) {
    hasFailed = true;
    const { code, offset, detail } = toErrorFields(error, ranges[0]?.offset ?? 0);
    reply({ kind: 'failed', code, offset, detail });
  }
}

/**
 * A run over made-up data while the worker waits for its first task (CrcPool.start): a
 * new worker runs its reads and hashing in the engine's slower tiers, with a young heap
 * that collects garbage often, and a pool's first Verify all took ~100 ms longer than the
 * next on the same workers (docs/PERFORMANCE.md). 24 MiB of zeros, one Blob of a 1 MiB
 * part used again (nothing copied), in ranges of the sizes archives have: many of a few
 * KiB, a few of MiBs.
 */
async function warmUp(): Promise<void> {
  const unit = new Blob([new Uint8Array(1024 * 1024)]);
  const zeros = new Blob(Array.from({ length: 24 }, () => unit));
  const ranges: IndexedRange[] = [];
  let offset = 0;
  for (let index = 0; offset < 16 * 1024 * 1024; index++) {
    const length = 1024 + ((index * 2654435761) % 6144);
    ranges.push({ index, offset, length });
    offset += length;
  }
  for (let index = ranges.length; offset + 3 * 1024 * 1024 <= zeros.size; index++) {
    ranges.push({ index, offset, length: 3 * 1024 * 1024 - 5 });
    offset += 3 * 1024 * 1024;
  }
  const options = { windowSize, maxGap, kernel: kiCrcKernel(), onResults: () => undefined };
  await hashShare(zeros, ranges, options);
}

/**
 * A task of whole files (install verification): each file's checksum, `read` bytes as they
 * go, and `file-failed` for one that cannot be read (the next goes on).
 */
async function runFiles(id: number, blobs: readonly Blob[], indexes: Float64Array): Promise<void> {
  if (hasFailed) return;
  await hashFiles(blobs, indexes, {
    windowSize,
    maxGap,
    kernel: kiCrcKernel(),
    onResults: (results) => reply({ kind: 'results', results }, [results.buffer]),
    onRead: (bytes) => reply({ kind: 'read', bytes }),
    onFailure: (index, detail) => reply({ kind: 'file-failed', index, detail }),
  });
  reply({ kind: 'done', id });
}

self.onmessage = (event: MessageEvent<CrcPoolRequest>) => {
  const request = event.data;
  if (request.kind === 'start') {
    ({ blob, windowSize, maxGap } = request);
    // A failed warm-up changes nothing: the tasks then run as they would have anyway.
    if (request.warmUp) queue = queue.then(warmUp).catch(() => undefined);
    return;
  }
  if (request.kind === 'files') {
    queue = queue.then(() => runFiles(request.id, request.blobs, request.indexes));
    return;
  }
  queue = queue.then(() => runTask(request.id, request.ranges));
};
