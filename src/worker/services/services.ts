/**
 * The services a decoder worker gives the sessions it opens (formats/services.ts): its
 * content helpers, its checksum pool, read-ahead windows, and pauses that let the worker
 * answer the page between batches of a long parse.
 */
import { ReadAheadSource } from '../../binary/read-ahead-source.ts';
import type { FormatServices } from '../../formats/services.ts';
import { yieldBriefly } from '../jobs/jobs.ts';
import { workerChecksums } from './checksums.ts';
import { workerCodecs } from './codecs.ts';

export function workerServices(options: { startsHelpersAhead: boolean }): FormatServices {
  return {
    ranges: { readAhead: (source) => new ReadAheadSource(source) },
    codecs: workerCodecs(),
    checksums: workerChecksums(),
    pause: yieldBriefly,
    startsHelpersAhead: options.startsHelpersAhead,
  };
}
