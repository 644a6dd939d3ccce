/**
 * KIWAD layout constants shared by the reader (read.ts, read-entry.ts) and the writer
 * (write.ts), and the one way this format builds its errors. See spec.md.
 */
import { FormatError, type ErrorCode } from '../../binary/format-error.ts';

export const KIWAD_FORMAT = 'kiwad';
export const KIWAD_MAGIC = 'KIWAD';
/** Fixed part of a journal record; the name follows. */
export const KIWAD_RECORD_FIXED_LENGTH = 21;
/** Smallest possible record: fixed part + a name of one byte (the NUL). */
export const KIWAD_MIN_RECORD_LENGTH = 22;
/** Stored compressed-size value of stored (not compressed) entries in KI archives. */
export const KIWAD_STORED_MARKER = 0xffffffff;
/** Longest name accepted; real names are under 260 bytes. Guards memory against forged lengths. */
export const KIWAD_MAX_NAME_LENGTH = 1024 * 1024;
/** Offsets of the record fields relative to the record start. */
export const KIWAD_RECORD_FIELD = {
  dataOffset: 0x00,
  uncompressedSize: 0x04,
  compressedSize: 0x08,
  isCompressed: 0x0c,
  crc: 0x0d,
  nameLength: 0x11,
  name: 0x15,
} as const;

/** A FormatError of this format. */
export function kiwadError(
  code: ErrorCode,
  offset: number,
  detail: string,
  path: string,
): FormatError {
  return new FormatError({ code, offset, detail, format: KIWAD_FORMAT, path });
}
