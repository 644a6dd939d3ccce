/**
 * The decoder worker's codec service: content reads queue here one at a time; when several
 * are asked for at once (bulk extraction, zips: jobs/content-prefetch.ts), a large inflate
 * goes to whichever of this worker and its helpers (pools/content-pool.ts) has the fewest
 * waiting. Small ones stay here: for a few KiB the messages cost as much as the inflate.
 */
import { decodeHere, type CodecService } from '../../formats/services.ts';
import { ContentPool } from '../pools/content-pool.ts';

/** Content inflated to at least this many bytes may go to a helper worker. */
const HELPER_MIN_SIZE = 256 * 1024;

export function workerCodecs(pool = new ContentPool()): CodecService {
  let queuedHere = 0;
  let hereTail: Promise<unknown> = Promise.resolve();

  return {
    async decode(job) {
      if (
        queuedHere > 0 &&
        job.size >= HELPER_MIN_SIZE &&
        pool.isAvailable &&
        pool.leastPending < queuedHere
      ) {
        const stored = await job.readStored();
        const plan = job.plan(stored);
        if ('bytes' in plan) return plan;
        return { bytes: await pool.inflate(stored, plan), warning: null };
      }
      queuedHere++;
      const result = hereTail.then(() => decodeHere(job));
      hereTail = result.catch(() => undefined);
      try {
        return await result;
      } finally {
        queuedHere--;
      }
    },
  };
}
