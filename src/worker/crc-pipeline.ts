/**
 * Verify all on two cores: this worker reads the stored ranges in coalesced windows and a
 * helper (crc-helper.worker.ts) hashes them, the windows transferred, not copied. In one
 * worker, reading a window (a Blob read costs the reading thread about as much as hashing
 * the bytes does) and hashing it add up; split, they overlap (docs/PERFORMANCE.md).
 * Used only where it pays: a browser with Worker, more than one core, a Blob-backed
 * source (each read is its own buffer, safe to transfer), and enough bytes.
 */
import { BlobByteSource, type ByteSource } from '../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../binary/format-error.ts';
import { readCoalesced, type CoalesceOptions, type IndexedRange } from './coalesced-reader.ts';

export interface CrcWindowRequest {
  id: number;
  window: ArrayBuffer;
  /** Per piece: range index, start in the window, length, flags (1 first, 2 last). */
  pieces: Float64Array;
}

export interface CrcWindowReply {
  id: number;
  /** Per range that ended in the window: index, KI-CRC, 1 when all zero. */
  results: Float64Array;
}

/** Below this many bytes the helper's start-up costs more than it saves. */
const MIN_PIPELINE_BYTES = 64 * 1024 * 1024;
/** Windows handed to the helper and not yet answered, at most. */
const MAX_IN_FLIGHT = 2;

export function canPipeline(source: ByteSource, totalBytes: number): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    (navigator.hardwareConcurrency || 1) > 1 &&
    source instanceof BlobByteSource &&
    totalBytes >= MIN_PIPELINE_BYTES
  );
}

/**
 * Reads `ranges` and calls `onRange(index, crc, isAllZero)` for each, in offset order;
 * hashing happens on a helper worker. `options.checkpoint` runs between reads (throw to stop).
 */
export async function crcPipeline(
  source: ByteSource,
  ranges: readonly IndexedRange[],
  onRange: (index: number, crc: number, isAllZero: boolean) => void,
  options: CoalesceOptions,
): Promise<void> {
  const helper = new Worker(new URL('./crc-helper.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, () => void>();
  let failure: Error | null = null;
  helper.onmessage = (event: MessageEvent<CrcWindowReply>) => {
    const { id, results } = event.data;
    for (let at = 0; at < results.length; at += 3) {
      onRange(results[at]!, results[at + 1]!, results[at + 2] === 1);
    }
    waiting.get(id)?.();
    waiting.delete(id);
  };
  const stopped = new Promise<never>((_, reject) => {
    helper.onerror = (event) => {
      event.preventDefault();
      failure = new FormatError({ code: ErrorCode.INTERNAL, offset: 0, detail: `checksum helper stopped: ${event.message}` });
      reject(failure);
    };
  });
  stopped.catch(() => undefined);
  const answered: Promise<void>[] = [];
  let nextId = 1;
  let window: ArrayBufferLike | null = null;
  let pieces: number[] = [];
  const send = async () => {
    if (!window) return;
    const id = nextId++;
    const request: CrcWindowRequest = { id, window: window as ArrayBuffer, pieces: Float64Array.from(pieces) };
    answered.push(new Promise<void>((resolve) => waiting.set(id, resolve)));
    helper.postMessage(request, [request.window, request.pieces.buffer]);
    window = null;
    pieces = [];
    while (answered.length >= MAX_IN_FLIGHT) await Promise.race([answered.shift()!, stopped]);
  };
  try {
    await readCoalesced(
      source,
      ranges,
      (range, chunk, isFirst, isLast) => {
        window = chunk.buffer;
        pieces.push(range.index, chunk.byteOffset, chunk.length, (isFirst ? 1 : 0) | (isLast ? 2 : 0));
      },
      {
        ...options,
        checkpoint: async () => {
          await send();
          await options.checkpoint?.();
        },
      },
    );
    await send();
    await Promise.race([Promise.all(answered), stopped]);
    if (failure) throw failure;
  } finally {
    helper.terminate();
  }
}
