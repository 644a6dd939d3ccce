/**
 * What a format's session may ask of the machine it runs on, typed by what it does: read
 * ranges ahead, decode stored bytes (perhaps on another core), checksum many ranges (perhaps
 * on a pool of workers), pause between batches. The decoder worker injects its pools
 * (worker/services/); the CLI and tests use `inlineServices()`, which does everything on
 * the calling thread. Sessions never see a Worker.
 */
import type { ByteSource } from '../binary/byte-source.ts';
import { readCoalesced, type IndexedRange } from '../binary/coalesced-read.ts';
import { crc32Ieee, isAllZero, kiCrc } from '../binary/crc32.ts';
import { inflate, type InflateOptions } from '../binary/inflate.ts';
import { ReadAheadSource } from '../binary/read-ahead-source.ts';
import type { CancelSignal, Content } from './model.ts';

export type { IndexedRange, InflateOptions };

/** One content read: its stored bytes, and how to turn them into content. */
export interface DecodeJob {
  /** Unpacked size (where to run it depends on it). */
  size: number;
  /** Reads the stored bytes; called once. */
  readStored(): Promise<Uint8Array>;
  /**
   * What the stored bytes need: an inflate (run here or on a helper core), or the content
   * as it is (stored entries, or bytes shown raw with a warning).
   */
  plan(stored: Uint8Array): InflateOptions | Content;
}

export interface CodecService {
  /** Runs a content read. Reads queue in order; when several wait, large inflates may go to other cores. */
  decode(job: DecodeJob): Promise<Content>;
}

/** The checksums the services can run over ranges. */
export type ChecksumKind = 'ki-crc' | 'crc32';

/** A checksum over ranges of one source, in helper workers where the machine has them. */
export interface RangeChecksums {
  /** Starts any helpers ahead of the first run (they take a while to load). */
  prepare(): void;
  /** Reports each range's checksum and whether all its bytes were zero, in any order. */
  run(
    ranges: readonly IndexedRange[],
    report: (index: number, value: number, isAllZero: boolean) => void,
    signal: CancelSignal,
  ): Promise<void>;
}

export interface ChecksumService {
  /** A checksummer for ranges of `source`; `totalBytes` (what a full run reads) picks the engine. */
  forRanges(source: ByteSource, kind: ChecksumKind, totalBytes: number): RangeChecksums;
}

export interface RangeService {
  /** A view of `source` that reads in windows ahead of in-order reads (bulk extraction). */
  readAhead(source: ByteSource): ByteSource;
}

export interface FormatServices {
  ranges: RangeService;
  codecs: CodecService;
  checksums: ChecksumService;
  /** Between batches of a long parse: lets the host answer other requests. */
  pause(): Promise<void>;
  /** Whether helpers a session may want later are started ahead (off for warm-ups). */
  readonly startsHelpersAhead: boolean;
}

/** Runs a decode job on this thread. */
export async function decodeHere(job: DecodeJob): Promise<Content> {
  const stored = await job.readStored();
  const plan = job.plan(stored);
  if ('bytes' in plan) return plan;
  return { bytes: await inflate(stored, plan), warning: null };
}

/** Checksum kernels for one thread: chained over chunks, starting from 0. */
const KERNELS: Record<ChecksumKind, { start: number; step(bytes: Uint8Array, previous: number): number; end(value: number): number }> = {
  'ki-crc': { start: 0, step: (bytes, previous) => kiCrc(bytes, previous), end: (value) => value >>> 0 },
  crc32: {
    start: 0,
    step: (bytes, previous) => crc32Ieee(bytes, previous),
    end: (value) => value >>> 0,
  },
};

/** Ranges checksummed on this thread with coalesced reads, a cancel check between windows. */
export function checksumsHere(source: ByteSource, kind: ChecksumKind): RangeChecksums {
  const kernel = KERNELS[kind];
  return {
    prepare: () => undefined,
    async run(ranges, report, signal) {
      let value = kernel.start;
      let isZero = true;
      await readCoalesced(
        source,
        ranges,
        (range, chunk, isFirst, isLast) => {
          if (isFirst) {
            value = kernel.start;
            isZero = true;
          }
          value = kernel.step(chunk, value);
          if (isZero) isZero = isAllZero(chunk);
          if (isLast) report(range.index, kernel.end(value), isZero);
        },
        { windowSize: 8 * 1024 * 1024, checkpoint: () => signal.throwIfCancelled() },
      );
    },
  };
}

/** Everything on the calling thread: the CLI, tests, and hosts without workers. */
export function inlineServices(): FormatServices {
  return {
    ranges: { readAhead: (source) => new ReadAheadSource(source) },
    codecs: { decode: decodeHere },
    checksums: { forRanges: (source, kind) => checksumsHere(source, kind) },
    pause: () => Promise.resolve(),
    startsHelpersAhead: false,
  };
}
