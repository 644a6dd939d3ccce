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
import { ErrorCode, FormatError } from '../binary/format-error.ts';
import { kiCrcKernel } from '../binary/ki-crc-wasm.ts';
import { inflate, type InflateOptions } from '../binary/inflate.ts';
import { decodePixels } from '../binary/pixels/decode.ts';
import { ReadAheadSource } from '../binary/read-ahead-source.ts';
import type { DecodedImage, EncodedSurface } from './image-types.ts';
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

/** A whole file to hash: the caller's index for it, and its bytes. */
export interface IndexedSource {
  index: number;
  source: ByteSource;
}

/** Where a run over whole files reports. */
export interface FileChecksumSink {
  /** A file's checksum, unsigned. */
  checksum(index: number, value: number): void;
  /** A file that could not be read (changed or gone since it was listed, no permission): why. */
  failure(index: number, message: string): void;
  /** Bytes read and hashed since the last call (progress). */
  bytes(count: number): void;
}

/** Checksums of whole files, each read in slices, never whole (install verification). */
export interface FileChecksums {
  /**
   * Hashes every file, reporting each once, in any order. A file that cannot be read is a
   * `failure`, and the run goes on; it rejects only when cancelled or its helpers fail.
   */
  run(files: readonly IndexedSource[], sink: FileChecksumSink, signal: CancelSignal): Promise<void>;
}

export interface ChecksumService {
  /** A checksummer for ranges of `source`; `totalBytes` (what a full run reads) picks the engine. */
  forRanges(source: ByteSource, kind: ChecksumKind, totalBytes: number): RangeChecksums;
  /** A checksummer for many whole files; `totalBytes` (what a full run reads) picks the engine. */
  forFiles(kind: ChecksumKind, totalBytes: number): FileChecksums;
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

/** A file the user gave beside the files they open (a type list, a protocol file). */
export interface SideInputFile {
  name: string;
  /** The file's bytes, or (`isPrepared`) what its kind's `prepare` made of them. */
  bytes: Uint8Array;
  /** Whether `bytes` are the prepared form (model.ts `SideInputKind.prepare`). */
  isPrepared?: boolean;
}

/**
 * User-supplied inputs that outlive a file — type lists, protocol files — kept by the host
 * and never uploaded. A format names the kind it reads (the CLI's option says which, see
 * model.ts `CliOption.sideInput`) and builds what it needs of the files itself.
 */
export interface SideInputService {
  /**
   * The files given of `kind`, in the order given ([] when none). The host returns the same
   * array while the set is unchanged, so a format may cache what it builds of it by identity
   * (parse and index once).
   */
  files(kind: string): readonly SideInputFile[];
}

/** No side inputs: every kind has no files. */
export const NO_SIDE_INPUTS: SideInputService = { files: () => [] };

/** Side inputs held as lists by kind (the CLI's, tests'). */
export function sideInputsOf(
  byKind: Readonly<Record<string, readonly SideInputFile[]>>,
): SideInputService {
  return { files: (kind) => byKind[kind] ?? [] };
}

/** Pixel decoding: any stored surface to 8-bit RGBA (binary/pixels/decode.ts). */
export interface PixelService {
  /** Throws FormatError (UNSUPPORTED_PIXEL_FORMAT naming the codec, truncated data). */
  decode(surface: EncodedSurface): Promise<DecodedImage>;
}

/** Decodes on the calling thread. */
export const PIXELS_HERE: PixelService = {
  decode: (surface) =>
    Promise.resolve(
      decodePixels(surface.encoding, surface.bytes, surface.width, surface.height, surface.offset),
    ),
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
  /** Files the user gave beside the opened ones (type lists); absent: none. */
  sideInputs?: SideInputService;
  /** Pixel decoding; absent: on the calling thread (`PIXELS_HERE`). */
  pixels?: PixelService;
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

/** Why a read failed, in a line: a FormatError's message, an Error's, or the value. */
export function readFailureText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * Whole files hashed one after another on this thread, each read in windows of `windowSize`
 * (never whole), `checkpoint` between reads. A file whose read fails is reported and the
 * next goes on; a cancel (the checkpoint's throw) ends the run.
 */
export async function hashFilesHere(
  kind: ChecksumKind,
  files: readonly IndexedSource[],
  sink: FileChecksumSink,
  options: { windowSize: number; checkpoint: () => void | Promise<void> },
): Promise<void> {
  const kernel = kind === 'ki-crc' ? kiCrcKernel() : null;
  for (const { index, source } of files) {
    await options.checkpoint();
    let value = 0;
    let offset = 0;
    try {
      while (offset < source.size) {
        const length = Math.min(options.windowSize, source.size - offset);
        const chunk = await source.read(offset, length);
        value = kernel ? kernel.kiCrc(chunk, value) : crc32Ieee(chunk, value);
        offset += length;
        sink.bytes(length);
        if (offset < source.size) await options.checkpoint();
      }
    } catch (error) {
      // A cancel is the run's end, not this file's failure.
      if (error instanceof FormatError && error.code === ErrorCode.CANCELLED) throw error;
      sink.failure(index, readFailureText(error));
      continue;
    }
    sink.checksum(index, value >>> 0);
  }
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
      forFiles: (kind) => ({
        run: (files, sink, signal) =>
          hashFilesHere(kind, files, sink, {
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
