/**
 * The decoder worker's checksum service. Over a large Blob, or many files that are Blobs
 * (install verification), the KI-CRC runs on a pool of checksum workers
 * (pools/crc-pipeline.ts) that read and hash on every core; otherwise, and for other kinds,
 * on this thread over reads in large windows, yielding to the event loop so the worker
 * keeps answering.
 */
import type { CancelSignal } from '../../formats/model.ts';
import { hashFilesHere, hashRangesHere, type ChecksumService } from '../../formats/services.ts';
import { yieldToEventLoop } from '../jobs/jobs.ts';
import { blobOf, canPipeline, canPool, CrcPool, type PoolFile } from '../pools/crc-pipeline.ts';

/**
 * Large windows: a Blob read costs the reading thread per call, and 32 MiB reads ran about
 * 1.6× the throughput of 8 MiB ones (docs/PERFORMANCE.md).
 */
const WINDOW_SIZE = 32 * 1024 * 1024;
/** The longest this thread hashes before it lets other requests in, ms. */
const YIELD_EVERY_MS = 30;

/** Cancel checks, and a yield to the event loop every 30 ms. */
function checkpointOf(signal: CancelSignal): () => Promise<void> {
  let lastYield = Date.now();
  return async () => {
    signal.throwIfCancelled();
    if (Date.now() - lastYield > YIELD_EVERY_MS) {
      await yieldToEventLoop();
      lastYield = Date.now();
    }
  };
}

export function workerChecksums(): ChecksumService {
  return {
    forRanges(source, kind, totalBytes) {
      // The pool's workers run the KI-CRC kernel; it pays only for a large Blob.
      const pool =
        kind === 'ki-crc' && canPipeline(source, totalBytes) ? new CrcPool(source) : null;
      return {
        prepare: () => pool?.start(),
        run(ranges, report, signal) {
          let bytes = 0;
          for (const range of ranges) bytes += range.length;
          if (pool && canPipeline(source, bytes)) {
            return pool.run(ranges, report, {
              windowSize: WINDOW_SIZE,
              checkpoint: checkpointOf(signal),
            });
          }
          return hashRangesHere(source, kind, ranges, report, {
            windowSize: WINDOW_SIZE,
            checkpoint: checkpointOf(signal),
          });
        },
      };
    },
    forFiles(kind, totalBytes) {
      return {
        run(files, sink, signal) {
          const pooled = files.map(({ index, source }) => ({ index, blob: blobOf(source) }));
          const isPooled = (file: (typeof pooled)[number]): file is PoolFile => file.blob !== null;
          // A pool of their own for the run: an install is checked now and then.
          if (kind === 'ki-crc' && canPool(totalBytes) && pooled.every(isPooled)) {
            return new CrcPool(null).runFiles(pooled, sink, { checkpoint: checkpointOf(signal) });
          }
          return hashFilesHere(kind, files, sink, {
            windowSize: WINDOW_SIZE,
            checkpoint: checkpointOf(signal),
          });
        },
      };
    },
  };
}
