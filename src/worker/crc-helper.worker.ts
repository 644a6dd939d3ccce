/// <reference lib="webworker" />
/**
 * Checksum worker of a decoder worker's Verify all (crc-pipeline.ts): one of a pool, each
 * reading its own tasks (runs of ranges) straight from the file and hashing them
 * (crc-share.ts, with the WebAssembly kernel of ki-crc-wasm.ts), so reading and hashing spread
 * over the cores. Answers each window with
 * the ranges that ended in it, then `done` per task; a failure answers `failed` and stops.
 */
import { FormatError } from '../binary/format-error.ts';
import { kiCrcKernel } from '../binary/ki-crc-wasm.ts';
import type { IndexedRange } from './coalesced-reader.ts';
import type { CrcPoolReply, CrcPoolRequest } from './crc-pipeline.ts';
import { hashShare } from './crc-share.ts';

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
    const info =
      error instanceof FormatError
        ? { code: error.code, offset: error.offset, detail: error.detail }
        : { code: 'INTERNAL' as const, offset: ranges[0]?.offset ?? 0, detail: String(error) };
    reply({ kind: 'failed', ...info });
  }
}

self.onmessage = (event: MessageEvent<CrcPoolRequest>) => {
  const request = event.data;
  if (request.kind === 'start') {
    ({ blob, windowSize, maxGap } = request);
    return;
  }
  queue = queue.then(() => runTask(request.id, request.ranges));
};
