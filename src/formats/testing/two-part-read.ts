/**
 * "Two-part" archives: a test-only format (not in the registry) with what the real formats
 * do not all have — an index file that names volume files, entries whose content lies in a
 * volume, a CRC-32 per entry. The conformance suite and the worker's tests use it for the
 * multi-source and capability paths (content, verify, sources). All integers little-endian.
 *
 *   0x00  magic `TWOP` (4 bytes)
 *   0x04  u32 volumeCount
 *   0x08  u32 entryCount
 *   0x0C  volumes: volumeCount × { u16 nameLength, name (UTF-8) }
 *         entries: entryCount × { u32 volume, u32 offset, u32 length, u32 crc32,
 *                                 u16 nameLength, name (UTF-8) }
 *
 * An entry's content is `length` bytes at `offset` of volume `volume`, stored as is.
 */
import { ByteReader, decodeUtf8OrLatin1 } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import type { ParseResult, Span } from '../model.ts';

export const TWO_PART_FORMAT = 'two-part';
export const TWO_PART_MAGIC = 'TWOP';
export const TWO_PART_HEADER_LENGTH = 12;
/** The smallest volume record (an empty name) and entry record. */
export const TWO_PART_MIN_VOLUME_LENGTH = 2;
export const TWO_PART_MIN_ENTRY_LENGTH = 18;
/** Offsets of an entry record's fields. */
export const TWO_PART_ENTRY_FIELD = {
  volume: 0,
  offset: 4,
  length: 8,
  crc: 12,
  nameLength: 16,
} as const;

export interface TwoPartEntry {
  name: string;
  /** Index into `TwoPartIndex.volumes`. */
  volume: number;
  /** Offset and length of the content in its volume. */
  offset: number;
  length: number;
  /** CRC-32 (IEEE) of the content. */
  crc: number;
  /** The entry's record in the index. */
  record: Span;
}

export interface TwoPartIndex {
  /** Volume file names, as the index spells them. */
  volumes: string[];
  entries: TwoPartEntry[];
}

function fail(code: ErrorCode, offset: number, detail: string, path: string): FormatError {
  return new FormatError({ code, offset, detail, format: TWO_PART_FORMAT, path });
}

function readName(reader: ByteReader, what: string): string {
  const length = reader.u16le(`${what}.nameLength`);
  return decodeUtf8OrLatin1(reader.bytesView(length, `${what}.name`)).text;
}

/** Reads an index; never throws for bad data (what was read stays, `fatal` says why it stopped). */
export function parseTwoPartIndex(bytes: Uint8Array): ParseResult<TwoPartIndex> {
  const index: TwoPartIndex = { volumes: [], entries: [] };
  const reader = new ByteReader(bytes, 0, TWO_PART_FORMAT);
  try {
    // Header
    if (bytes.length < 4 || reader.ascii(4, 'magic') !== TWO_PART_MAGIC) {
      throw fail(ErrorCode.BAD_MAGIC, 0, `not ${TWO_PART_MAGIC}`, 'magic');
    }
    const volumeCount = reader.u32le('volumeCount');
    const entryCount = reader.u32le('entryCount');
    const room = reader.remaining;
    if (volumeCount * TWO_PART_MIN_VOLUME_LENGTH + entryCount * TWO_PART_MIN_ENTRY_LENGTH > room) {
      throw fail(
        ErrorCode.BAD_COUNT,
        0x4,
        `${volumeCount} volumes and ${entryCount} entries do not fit in ${room} bytes`,
        'volumeCount',
      );
    }
    // Volumes
    for (let i = 0; i < volumeCount; i++) index.volumes.push(readName(reader, `volumes[${i}]`));
    // Entries
    for (let i = 0; i < entryCount; i++) {
      const start = reader.offset;
      const volume = reader.u32le(`entries[${i}].volume`);
      if (volume >= volumeCount) {
        throw fail(
          ErrorCode.BAD_VALUE,
          start,
          `entry ${i} names volume ${volume} of ${volumeCount}`,
          `entries[${i}].volume`,
        );
      }
      const offset = reader.u32le(`entries[${i}].offset`);
      const length = reader.u32le(`entries[${i}].length`);
      const crc = reader.u32le(`entries[${i}].crc`);
      const name = readName(reader, `entries[${i}]`);
      index.entries.push({
        name,
        volume,
        offset,
        length,
        crc,
        record: { offset: start, length: reader.offset - start },
      });
    }
    return { value: index, issues: [], fatal: null };
  } catch (error) {
    return { value: index, issues: [], fatal: toErrorInfo(error) };
  }
}
