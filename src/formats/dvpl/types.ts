/**
 * The model of a `.dvpl` file (DAVA / World of Tanks Blitz): a payload followed by a
 * 20-byte footer. All integers are u32 little-endian. The UI may `import type` from here.
 */
import type { Span } from '../model.ts';

/** How the payload is stored (footer offset 12). */
export const DVPL_TYPES = {
  0: 'stored',
  1: 'LZ4 block',
  2: 'LZ4-HC block',
  3: 'zlib',
} as const;

/** A known type number: 0 stored, 1 LZ4, 2 LZ4-HC (same block format as 1), 3 zlib. */
export type DvplType = keyof typeof DVPL_TYPES;

/** The footer, the last 20 bytes of the file, as stored. */
export interface DvplFooter {
  /** Bytes of the decoded payload. */
  uncompressedSize: number;
  /** Bytes of the payload as stored; equals the file size minus 20 in a sound file. */
  compressedSize: number;
  /** CRC-32 (IEEE, as zip and zlib) of the payload as stored, unsigned. */
  crc: number;
  /** The storage type number (DvplType when known). */
  type: number;
  /** The four magic bytes as latin-1 text: `DVPL`. */
  magic: string;
}

/** What a read of a `.dvpl` gives. */
export interface DvplFile {
  /** Absolute offset of the footer: the file size minus 20. */
  footerOffset: number;
  /** Null when the file is too short to have one. */
  footer: DvplFooter | null;
  /** The payload as stored: `[0, footerOffset)`. */
  payloadSpan: Span;
  /** CRC-32 of the stored payload as computed; null when it was not read. */
  computedCrc: number | null;
  /** The decoded payload; null when decoding failed (the fatal error says why). */
  content: Uint8Array | null;
  /** Matches with offset 0 decoded as zero bytes (a real-data quirk; see lz4-block.ts). */
  zeroOffsetMatches: number;
  /** Type 3 only: the payload had no zlib header and was read as raw deflate. */
  isRawDeflate: boolean;
}

/** What the writer takes. */
export interface DvplWriteOptions {
  /** Default 1 (LZ4), as most Blitz files are. */
  type?: DvplType;
}
