/**
 * The services a decoder worker gives the sessions it opens (formats/services.ts): its
 * content helpers, its checksum pool, read-ahead windows, pauses that let the worker
 * answer the page between batches of a long parse, and nested files seen through the
 * formats it opens files with (the registry's, or a test's own).
 */
import { HttpByteSource } from '../../binary/http-source.ts';
import { ReadAheadSource } from '../../binary/read-ahead-source.ts';
import type { FormatModule } from '../../formats/model.ts';
import { FORMATS, withNestedFiles } from '../../formats/registry.ts';
import type { FormatServices } from '../../formats/services.ts';
import { yieldBriefly } from '../jobs/jobs.ts';
import { workerChecksums } from './checksums.ts';
import { workerCodecs } from './codecs.ts';

/**
 * Read-ahead window over a remote file: it keeps its own blocks, and every byte of a window
 * is a byte over the network, so a preview of one small entry fetches 256 KiB, not 2 MiB.
 */
const REMOTE_READ_AHEAD = 256 * 1024;

export function workerServices(options: {
  startsHelpersAhead: boolean;
  formats?: readonly FormatModule[];
}): FormatServices {
  const services: Omit<FormatServices, 'nested'> = {
    ranges: {
      readAhead: (source) =>
        source instanceof HttpByteSource
          ? new ReadAheadSource(source, REMOTE_READ_AHEAD)
          : new ReadAheadSource(source),
    },
    codecs: workerCodecs(),
    checksums: workerChecksums(),
    pause: yieldBriefly,
    startsHelpersAhead: options.startsHelpersAhead,
  };
  return withNestedFiles(services, options.formats ?? FORMATS);
}
