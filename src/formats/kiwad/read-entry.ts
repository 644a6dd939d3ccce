/**
 * KIWAD entry data, read on demand one entry's range at a time: content (stored bytes as
 * is, zlib entries inflated to exactly their declared size), the KI-CRC check with
 * unpatched-placeholder detection, and the details-panel fields. Re-exported by read.ts.
 */
import { forEachChunk, type ByteSource } from '../../binary/byte-source.ts';
import { isAllZero, kiCrc } from '../../binary/crc32.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hashes.ts';
import { hasZlibHeader, inflate, type InflateOptions } from '../../binary/inflate.ts';
import type { Content } from '../model.ts';
import { dataPastEnd } from './journal-checks.ts';
import { KIWAD_FORMAT, kiwadError } from './layout.ts';
import type { KiwadEntry, KiwadEntryStatus } from './types.ts';

const CHECK_CHUNK = 4 * 1024 * 1024;
/** Deflate cannot expand past ~1032:1; a larger declared size is a lie, refused before allocating. */
const MAX_INFLATE_RATIO = 1032;

/** Throws OUT_OF_BOUNDS when the entry's data ends past the end of the file. */
export function checkKiwadEntryRange(source: ByteSource, entry: KiwadEntry): void {
  if (entry.dataOffset + entry.storedSize > source.size) {
    throw kiwadError(
      ErrorCode.OUT_OF_BOUNDS,
      entry.recordSpan.offset,
      dataPastEnd(`entry ${entry.index} data`, entry.dataOffset, entry.storedSize, source.size),
      `entries[${entry.index}].dataOffset`,
    );
  }
}

/**
 * What an entry's stored bytes need: stored ones are the content as is; a "compressed"
 * entry without a zlib header comes back raw with a warning; a zlib one is inflated to
 * exactly `uncompressedSize`. Throws SIZE_MISMATCH for a size no zlib stream could reach.
 */
export function planKiwadContent(entry: KiwadEntry, stored: Uint8Array): InflateOptions | Content {
  if (!entry.isCompressed) return { bytes: stored, warning: null };
  if (!hasZlibHeader(stored)) {
    return {
      bytes: stored,
      warning: `entry ${entry.index} is marked compressed but is not a zlib stream; showing the stored bytes`,
    };
  }
  if (entry.uncompressedSize > entry.storedSize * MAX_INFLATE_RATIO + 1024) {
    throw kiwadError(
      ErrorCode.SIZE_MISMATCH,
      entry.dataOffset,
      `entry ${entry.index} declares ${entry.uncompressedSize} bytes, more than ${entry.storedSize} zlib bytes can hold`,
      `entries[${entry.index}].uncompressedSize`,
    );
  }
  return { container: 'zlib', expectedSize: entry.uncompressedSize, offset: entry.dataOffset };
}

/** An inflate error of an entry, with the format and the entry's path filled in. */
export function kiwadContentError(entry: KiwadEntry, error: unknown): unknown {
  return error instanceof FormatError
    ? error.withContext(KIWAD_FORMAT, `entries[${entry.index}]`)
    : error;
}

/**
 * The content of an entry: stored bytes as is, compressed ones inflated to exactly
 * `uncompressedSize` (planKiwadContent). Throws FormatError (OUT_OF_BOUNDS,
 * DECOMPRESS_FAILED, SIZE_MISMATCH).
 */
export async function readKiwadEntry(source: ByteSource, entry: KiwadEntry): Promise<Content> {
  checkKiwadEntryRange(source, entry);
  const stored = await source.read(entry.dataOffset, entry.storedSize);
  const plan = planKiwadContent(entry, stored);
  if ('bytes' in plan) return plan;
  try {
    return { bytes: await inflate(stored, plan), warning: null };
  } catch (error) {
    throw kiwadContentError(entry, error);
  }
}

/**
 * Checks an entry's stored bytes against its CRC, reading them in 4 MiB chunks:
 * `ok`, `unpatched` (a placeholder: every stored byte is zero) or `mismatch`.
 * Throws FormatError OUT_OF_BOUNDS or CANCELLED.
 */
export async function checkKiwadEntry(
  source: ByteSource,
  entry: KiwadEntry,
  isCancelled?: () => boolean,
): Promise<KiwadEntryStatus> {
  checkKiwadEntryRange(source, entry);
  let crc = 0;
  let isZero = true;
  await forEachChunk(source, entry.dataOffset, entry.storedSize, CHECK_CHUNK, (chunk, position) => {
    if (isCancelled?.()) {
      throw kiwadError(
        ErrorCode.CANCELLED,
        entry.dataOffset + position,
        'check cancelled',
        `entries[${entry.index}]`,
      );
    }
    crc = kiCrc(chunk, crc);
    if (isZero) isZero = isAllZero(chunk);
  });
  return kiwadEntryStatus(crc, entry.crc, isZero);
}

/**
 * The one status rule of a KIWAD entry: its KI-CRC matches; or the entry is a placeholder a
 * dynamic WAD fills in later (CRC 0 over stored bytes that are all zero); or it mismatches.
 */
export function kiwadEntryStatus(
  computed: number,
  stored: number,
  isAllZero: boolean,
): KiwadEntryStatus {
  if (computed === stored) return 'ok';
  return computed === 0 && isAllZero ? 'unpatched' : 'mismatch';
}

/**
 * What a KIWAD entry has beyond the facts every node shows (offset, sizes, compressed, stored
 * checksum, table record): the journal's raw fields and what its checksum is.
 */
export function kiwadEntryFields(entry: KiwadEntry): Array<[string, string]> {
  return [
    ['Compression', entry.isCompressed ? 'zlib' : 'stored'],
    ['Compressed-size field', hex32(entry.compressedSize)],
    ['Checksum kind', 'KI-CRC of the stored bytes'],
    ['Name length (with NUL)', String(entry.nameLength)],
  ];
}
