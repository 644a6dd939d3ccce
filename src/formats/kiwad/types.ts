/**
 * KIWAD (Wizard101 / Pirate101 `.wad`) model. All integers are little-endian on disk.
 * See spec.md beside this file.
 */
import type { Span } from '../model.ts';

export interface KiwadHeader {
  /** Format version (u32 at 0x5); 1 or 2 seen. */
  version: number;
  /** Number of journal entries (u32 at 0x9). */
  entryCount: number;
  /** Flags byte at 0xD, present only when version >= 2; null for v1. Bit 0 mmap, bit 1 prefetch. */
  flags: number | null;
  /** 13 for v1, 14 for v2+. The journal starts here. */
  headerLength: number;
}

export interface KiwadEntry {
  /** Position in the journal, 0-based. */
  index: number;
  /** Path with `/` separators, one trailing NUL stripped; UTF-8, latin-1 when not valid UTF-8. */
  name: string;
  /** Absolute offset of the stored bytes. */
  dataOffset: number;
  /** Size after inflating, in bytes. */
  uncompressedSize: number;
  /** Compressed-size field as stored (0xFFFFFFFF or 0 for stored entries in practice). */
  compressedSize: number;
  /** Decides stored vs zlib; the compressed-size field does not. */
  isCompressed: boolean;
  /** KI-CRC of the stored bytes, as recorded in the journal. */
  crc: number;
  /** Bytes in the archive: `isCompressed ? compressedSize : uncompressedSize`. */
  storedSize: number;
  /** Name-length field (counts the trailing NUL). */
  nameLength: number;
  /** The journal record (21 bytes + name). */
  recordSpan: Span;
}

export interface KiwadArchive {
  header: KiwadHeader;
  entries: KiwadEntry[];
  /** Absolute offset where the journal ends (first byte after the last record read). */
  journalEnd: number;
  fileSize: number;
}

/** Result of checking one entry's stored bytes against its CRC. */
export type KiwadEntryStatus = 'ok' | 'mismatch' | 'unpatched';

/** Input of the writer: one file to store. */
export interface KiwadWriteEntry {
  name: string;
  data: Uint8Array;
  /** Default: compress everything except .mp3 and .ogg. */
  compress?: boolean;
}

export interface KiwadWriteOptions {
  /** Default 1. */
  version?: number;
  /** v2+ only; default 0. */
  flags?: number;
  /** Keep the given order instead of sorting names by byte order. */
  keepOrder?: boolean;
}
