/**
 * KIWAD entry data, read on demand one entry's range at a time: content (stored bytes as
 * is, zlib entries inflated to exactly their declared size), the KI-CRC check with
 * unpatched-placeholder detection, and the details-panel fields. Re-exported by read.ts.
 */
import { forEachChunk, type ByteSource } from '../../binary/byte-source.ts';
import { isAllZero, kiCrc } from '../../binary/crc32.ts';
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hashes.ts';
import { hasZlibHeader, inflate } from '../../binary/inflate.ts';
import { KIWAD_FORMAT, kiwadError } from './layout.ts';
import type { KiwadEntry, KiwadEntryStatus } from './types.ts';

const CHECK_CHUNK = 4 * 1024 * 1024;
/** Deflate cannot expand past ~1032:1; a larger declared size is a lie, refused before allocating. */
const MAX_INFLATE_RATIO = 1032;

function checkEntryRange(source: ByteSource, entry: KiwadEntry): void {
  if (entry.dataOffset + entry.storedSize > source.size) {
    throw kiwadError(
      ErrorCode.OUT_OF_BOUNDS,
      entry.recordSpan.offset,
      `entry ${entry.index} data ends past end of file`,
      `entries[${entry.index}].dataOffset`,
    );
  }
}

/**
 * The content of an entry: stored bytes as is, compressed ones inflated to exactly
 * `uncompressedSize`. A "compressed" entry without a zlib header comes back raw with a
 * warning. Throws FormatError (OUT_OF_BOUNDS, DECOMPRESS_FAILED, SIZE_MISMATCH).
 */
export async function readKiwadEntry(
  source: ByteSource,
  entry: KiwadEntry,
): Promise<{ bytes: Uint8Array; warning: string | null }> {
  checkEntryRange(source, entry);
  const stored = await source.read(entry.dataOffset, entry.storedSize);
  if (!entry.isCompressed) return { bytes: stored, warning: null };
  if (!hasZlibHeader(stored)) {
    return {
      bytes: stored,
      warning: `entry ${entry.index} is marked compressed but is not a zlib stream; showing the stored bytes`,
    };
  }
  const path = `entries[${entry.index}]`;
  if (entry.uncompressedSize > entry.storedSize * MAX_INFLATE_RATIO + 1024) {
    throw kiwadError(
      ErrorCode.SIZE_MISMATCH,
      entry.dataOffset,
      `entry ${entry.index} declares ${entry.uncompressedSize} bytes, more than ${entry.storedSize} zlib bytes can hold`,
      `${path}.uncompressedSize`,
    );
  }
  try {
    const bytes = await inflate(stored, {
      container: 'zlib',
      expectedSize: entry.uncompressedSize,
      offset: entry.dataOffset,
    });
    return { bytes, warning: null };
  } catch (error) {
    throw error instanceof FormatError ? error.withContext(KIWAD_FORMAT, path) : error;
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
  checkEntryRange(source, entry);
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
  if (crc === entry.crc) return 'ok';
  return crc === 0 && isZero ? 'unpatched' : 'mismatch';
}

/** Label/value pairs of an entry for a details panel. */
export function kiwadEntryFields(entry: KiwadEntry): Array<[string, string]> {
  const bytes = (count: number) => `${count.toLocaleString('en-US')} bytes`;
  return [
    ['Data offset', hexOffset(entry.dataOffset)],
    ['Uncompressed size', bytes(entry.uncompressedSize)],
    ['Stored size', bytes(entry.storedSize)],
    ['Compressed', entry.isCompressed ? 'yes (zlib)' : 'no (stored)'],
    ['Compressed-size field', hex32(entry.compressedSize)],
    ['CRC (KI-CRC of stored bytes)', hex32(entry.crc)],
    ['Name length (with NUL)', String(entry.nameLength)],
    ['Record offset', `${hexOffset(entry.recordSpan.offset)} (${entry.recordSpan.length} bytes)`],
  ];
}
