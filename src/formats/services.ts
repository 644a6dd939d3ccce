/**
 * What a format's session may ask of the machine it runs on, typed by what it does: read
 * ranges ahead, decode stored bytes (perhaps on another core), checksum many ranges (perhaps
 * on a pool of workers), pause between batches, and see what a file inside the file is (a
 * wrapper's payload) through the host's registry. The decoder worker injects its pools
 * (worker/services/); the CLI and tests use `inlineServices()`, which does everything on
 * the calling thread. Sessions never see a Worker, and format folders never import the
 * registry: the host that holds it passes detection in (registry.ts `withNestedFiles`).
 */
import type { ByteSource } from '../binary/byte-source.ts';
import { readCoalesced, type IndexedRange } from '../binary/coalesced-read.ts';
import { crc32Ieee, isAllZero } from '../binary/crc32.ts';
import { kiCrcKernel } from '../binary/ki-crc-wasm.ts';
import { inflate, type InflateOptions } from '../binary/inflate.ts';
import { ReadAheadSource } from '../binary/read-ahead-source.ts';
import type { CancelSignal, Content, FormatModule, Session, ViewJob } from './model.ts';

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

/** A file inside a file, opened as a file of its own. */
export interface NestedFile {
  format: FormatModule;
  source: ByteSource;
  session: Session;
}

/**
 * Files inside files (a wrapper's payload), seen as the host sees any file: the registry's
 * detection on their head, tail and name, then that format's session.
 */
export interface NestedFileService {
  /**
   * The format of some bytes named `name`: its id and label (the raw format's when no other
   * knows them), or null when the host detects nothing (no registry).
   */
  identify(bytes: Uint8Array, name: string): { id: string; label: string } | null;
  /** Opens the bytes as a file of their own, with the same services. Throws what `open` throws. */
  open(bytes: Uint8Array, name: string): Promise<NestedFile>;
}

/** For hosts that open no nested files (tests of one format, fuzzing): no format knows them. */
export const NO_NESTED_FILES: NestedFileService = {
  identify: () => null,
  open: () => Promise.reject(new Error('this host opens no nested files')),
};

export interface FormatServices {
  ranges: RangeService;
  codecs: CodecService;
  checksums: ChecksumService;
  /** Between batches of a long parse: lets the host answer other requests. */
  pause(): Promise<void>;
  /** Whether helpers a session may want later are started ahead (off for warm-ups). */
  readonly startsHelpersAhead: boolean;
  /** What a file inside the file is, and its session (registry.ts `withNestedFiles`). */
  nested: NestedFileService;
}

/** Runs a decode job on this thread. */
export async function decodeHere(job: DecodeJob): Promise<Content> {
  const stored = await job.readStored();
  const plan = job.plan(stored);
  if ('bytes' in plan) return plan;
  return { bytes: await inflate(stored, plan), warning: null };
}

/**
 * Checksums of ranges on this thread: coalesced reads in windows, a running checksum and
 * all-zero state per range fed chunk by chunk in offset order, `checkpoint` between reads.
 */
export async function hashRangesHere(
  source: ByteSource,
  kind: ChecksumKind,
  ranges: readonly IndexedRange[],
  report: (index: number, value: number, isAllZero: boolean) => void,
  options: { windowSize: number; checkpoint: () => void | Promise<void> },
): Promise<void> {
  const kernel = kind === 'ki-crc' ? kiCrcKernel() : null;
  let value = 0;
  let isZero = true;
  await readCoalesced(
    source,
    ranges,
    (range, chunk, isFirst, isLast) => {
      if (isFirst) {
        value = 0;
        isZero = true;
      }
      if (kernel) {
        value = kernel.kiCrc(chunk, value);
        // Still zero so far means value is 0 here, so the kernel's answer is exact.
        if (isZero) isZero = kernel.lastWasAllZero();
      } else {
        value = crc32Ieee(chunk, value);
        if (isZero) isZero = isAllZero(chunk);
      }
      if (isLast) report(range.index, value >>> 0, isZero);
    },
    options,
  );
}

/** A view request on the calling thread, never cancelled: the CLI and tests. */
export function inlineViewJob(): ViewJob {
  return {
    signal: { isCancelled: false, throwIfCancelled: () => undefined },
    pause: () => Promise.resolve(),
    progress: () => undefined,
  };
}

/**
 * Everything on the calling thread: the CLI, tests, and hosts without workers. Nested files
 * are known only when the caller passes the registry's (registry.ts `inlineRegistryServices`).
 */
export function inlineServices(nested: NestedFileService = NO_NESTED_FILES): FormatServices {
  return {
    ranges: { readAhead: (source) => new ReadAheadSource(source) },
    codecs: { decode: decodeHere },
    checksums: {
      forRanges: (source, kind) => ({
        prepare: () => undefined,
        run: (ranges, report, signal) =>
          hashRangesHere(source, kind, ranges, report, {
            windowSize: 8 * 1024 * 1024,
            checkpoint: () => signal.throwIfCancelled(),
          }),
      }),
    },
    pause: () => Promise.resolve(),
    startsHelpersAhead: false,
    nested,
  };
}
