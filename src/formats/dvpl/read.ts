/**
 * `.dvpl`: the wrapper DAVA's World of Tanks Blitz puts around every game file. The file is
 * the payload (the inner file, stored or compressed) followed by a 20-byte footer:
 *
 *   +0  u32 uncompressed size   +4  u32 compressed size (= file size − 20)
 *   +8  u32 CRC-32 (IEEE) of the payload as stored
 *   +12 u32 type: 0 stored, 1 LZ4 block, 2 LZ4-HC block, 3 zlib   +16 "DVPL"
 *
 * Checks run in the order the reference loader uses (spec.md): magic, compressed size, CRC,
 * decode, uncompressed size. Each failure names the footer field, or the payload byte where
 * decoding failed. A CRC mismatch does not stop the read (the payload still decodes, and the
 * mismatch is an issue and a verify status); anything else that fails is fatal.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ByteReader } from '../../binary/byte-reader.ts';
import { crc32Ieee } from '../../binary/crc32.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { hex, hex32 } from '../../binary/hex.ts';
import { hasZlibHeader, inflate } from '../../binary/inflate.ts';
import type { Issue, ParseResult } from '../model.ts';
import { decodeLz4Block } from './lz4-block.ts';
import { DVPL_TYPES, type DvplFile, type DvplFooter, type DvplType } from './types.ts';

export const DVPL_FORMAT = 'dvpl';
export const DVPL_FOOTER_SIZE = 20;
export const DVPL_MAGIC = 'DVPL';

/** Offsets of the footer's fields from the footer's start. */
export const DVPL_FOOTER_FIELD = {
  uncompressedSize: 0,
  compressedSize: 4,
  crc: 8,
  type: 12,
  magic: 16,
} as const;

/**
 * The largest payload we decode. Blitz files are at most tens of MiB; the cap keeps a
 * forged size from allocating gigabytes.
 */
export const DVPL_MAX_CONTENT = 1024 * 1024 * 1024;

/**
 * How much larger than its stored bytes a payload can decode to: an LZ4 extension byte
 * adds at most 255 output bytes, a deflate stream at most about 1032 per byte. A declared
 * size past this cannot be right, so it is refused before allocating.
 */
const MAX_RATIO: Record<DvplType, number> = { 0: 1, 1: 256, 2: 256, 3: 1040 };

const fail = (code: ErrorCode, offset: number, detail: string, path?: string) =>
  new FormatError({ code, offset, detail, format: DVPL_FORMAT, ...(path ? { path } : {}) });

export function isDvplType(type: number): type is DvplType {
  return Object.hasOwn(DVPL_TYPES, type);
}

/** "LZ4 block (1)", or "unknown (7)". */
export function dvplTypeName(type: number): string {
  return `${isDvplType(type) ? DVPL_TYPES[type] : 'unknown'} (${type})`;
}

/** Reads the 20 footer bytes, unchecked. */
export function parseDvplFooter(bytes: Uint8Array, footerOffset: number): DvplFooter {
  const reader = new ByteReader(bytes, footerOffset, DVPL_FORMAT);
  return {
    uncompressedSize: reader.u32le('uncompressed size'),
    compressedSize: reader.u32le('compressed size'),
    crc: reader.u32le('crc'),
    type: reader.u32le('type'),
    magic: reader.ascii(4, 'magic'),
  };
}

/** The footer's own checks, in order: the magic, then the compressed size. */
export function checkDvplFooter(footer: DvplFooter, footerOffset: number): void {
  if (footer.magic !== DVPL_MAGIC) {
    throw fail(
      ErrorCode.BAD_MAGIC,
      footerOffset + DVPL_FOOTER_FIELD.magic,
      'the file does not end with DVPL',
      'footer.magic',
    );
  }
  if (footer.compressedSize !== footerOffset) {
    throw fail(
      ErrorCode.SIZE_MISMATCH,
      footerOffset + DVPL_FOOTER_FIELD.compressedSize,
      `compressed size ${footer.compressedSize}, the payload before the footer has ${footerOffset} bytes`,
      'footer.compressedSize',
    );
  }
}

export interface DecodedPayload {
  bytes: Uint8Array;
  zeroOffsetMatches: number;
  firstZeroOffsetAt: number | null;
  isRawDeflate: boolean;
}

/**
 * Decodes the stored payload (which starts at file offset 0) by the footer's type, and
 * checks it comes out at the declared size. Throws FormatError.
 */
export async function decodeDvplPayload(
  payload: Uint8Array,
  footer: DvplFooter,
  footerOffset: number,
): Promise<DecodedPayload> {
  const { type, uncompressedSize: size } = footer;
  const sizeAt = footerOffset + DVPL_FOOTER_FIELD.uncompressedSize;
  if (!isDvplType(type)) {
    throw fail(
      ErrorCode.UNSUPPORTED_COMPRESSION,
      footerOffset + DVPL_FOOTER_FIELD.type,
      `storage type ${type} (known: 0 stored, 1 LZ4, 2 LZ4-HC, 3 zlib)`,
      'footer.type',
    );
  }
  if (size > DVPL_MAX_CONTENT) {
    throw fail(ErrorCode.TOO_LARGE, sizeAt, `declared size ${size} is over the limit`);
  }
  if (size > payload.length * MAX_RATIO[type] + 64) {
    throw fail(
      ErrorCode.SIZE_MISMATCH,
      sizeAt,
      `${payload.length} stored bytes cannot decode to ${size} as ${DVPL_TYPES[type]}`,
      'footer.uncompressedSize',
    );
  }
  const decoded: DecodedPayload = {
    bytes: payload,
    zeroOffsetMatches: 0,
    firstZeroOffsetAt: null,
    isRawDeflate: false,
  };
  if (type === 1 || type === 2) {
    let result;
    try {
      result = decodeLz4Block(payload, size, { format: DVPL_FORMAT });
    } catch (error) {
      // A block that writes past the declared size is a sound stream of another size: the
      // footer's field is what disagrees (the decoder names the sequence; keep it in the detail).
      if (error instanceof FormatError && error.code === ErrorCode.SIZE_MISMATCH) {
        const detail = `${error.detail} (the LZ4 sequence at ${hex(error.offset)})`;
        throw fail(ErrorCode.SIZE_MISMATCH, sizeAt, detail, 'footer.uncompressedSize');
      }
      throw error;
    }
    decoded.bytes = result.bytes;
    decoded.zeroOffsetMatches = result.zeroOffsetMatches;
    decoded.firstZeroOffsetAt = result.firstZeroOffsetAt;
  } else if (type === 3) {
    // Some tools write raw deflate under type 3: without a zlib header, read it as that.
    decoded.isRawDeflate = !hasZlibHeader(payload);
    try {
      decoded.bytes = await inflate(payload, {
        container: decoded.isRawDeflate ? 'raw' : 'zlib',
        expectedSize: size,
        offset: 0,
      });
    } catch (error) {
      // inflate reports a wrong output size at the stream; it is the declared size's.
      if (error instanceof FormatError && error.code === ErrorCode.SIZE_MISMATCH) {
        throw fail(ErrorCode.SIZE_MISMATCH, sizeAt, error.detail, 'footer.uncompressedSize');
      }
      throw error instanceof FormatError ? error.withContext(DVPL_FORMAT, 'payload') : error;
    }
  }
  if (decoded.bytes.length !== size) {
    throw fail(
      ErrorCode.SIZE_MISMATCH,
      sizeAt,
      `the payload decodes to ${decoded.bytes.length} bytes, the footer says ${size}`,
      'footer.uncompressedSize',
    );
  }
  return decoded;
}

/** A file too short to hold a footer. */
function tooShort(size: number): FormatError {
  return fail(
    ErrorCode.UNEXPECTED_EOF,
    0,
    `a .dvpl ends with a ${DVPL_FOOTER_SIZE}-byte footer; this file has ${size} bytes`,
  );
}

/**
 * Reads a `.dvpl` from a source: the footer first (so a file that is not one is refused
 * before its payload is read), then the payload, its CRC, and the decode.
 */
export async function readDvpl(source: ByteSource): Promise<ParseResult<DvplFile>> {
  const footerOffset = Math.max(0, source.size - DVPL_FOOTER_SIZE);
  const file: DvplFile = {
    footerOffset,
    footer: null,
    payloadSpan: { offset: 0, length: footerOffset },
    computedCrc: null,
    content: null,
    zeroOffsetMatches: 0,
    isRawDeflate: false,
  };
  const issues: Issue[] = [];
  try {
    if (source.size < DVPL_FOOTER_SIZE) throw tooShort(source.size);
    const footer = parseDvplFooter(await source.read(footerOffset, DVPL_FOOTER_SIZE), footerOffset);
    checkDvplFooter(footer, footerOffset);
    file.footer = footer;
    if (footerOffset > DVPL_MAX_CONTENT) {
      throw fail(ErrorCode.TOO_LARGE, 0, `a payload of ${footerOffset} bytes is over the limit`);
    }
    const payload = await source.read(0, footerOffset);
    file.computedCrc = crc32Ieee(payload) >>> 0;
    if (file.computedCrc !== footer.crc) {
      issues.push({
        severity: 'error',
        code: 'CRC_MISMATCH',
        message: `payload CRC-32 is ${hex32(file.computedCrc)}, the footer says ${hex32(footer.crc)}`,
        span: { offset: footerOffset + DVPL_FOOTER_FIELD.crc, length: 4 },
        entryIndex: 0,
      });
    }
    const decoded = await decodeDvplPayload(payload, footer, footerOffset);
    file.content = decoded.bytes;
    file.zeroOffsetMatches = decoded.zeroOffsetMatches;
    file.isRawDeflate = decoded.isRawDeflate;
    if (decoded.firstZeroOffsetAt !== null) {
      issues.push({
        severity: 'warning',
        code: 'LZ4_ZERO_OFFSET',
        message: `${decoded.zeroOffsetMatches} LZ4 match(es) with offset 0, decoded as zero bytes (as the reference decoder does)`,
        span: { offset: decoded.firstZeroOffsetAt, length: 2 },
        entryIndex: 0,
      });
    }
    if (decoded.isRawDeflate) {
      issues.push({
        severity: 'info',
        code: 'RAW_DEFLATE',
        message: 'type 3 payload has no zlib header: read as raw deflate',
        span: { offset: 0, length: footerOffset },
        entryIndex: 0,
      });
    }
    return { value: file, issues, fatal: null };
  } catch (error) {
    return { value: file, issues, fatal: toErrorInfo(error) };
  }
}

/**
 * The strict form, for whole files in memory: the payload, or the first failure in check
 * order — a CRC mismatch included (BAD_VALUE at the footer's CRC field).
 */
export async function decodeDvpl(bytes: Uint8Array): Promise<DecodedPayload & DvplFooter> {
  if (bytes.length < DVPL_FOOTER_SIZE) throw tooShort(bytes.length);
  const footerOffset = bytes.length - DVPL_FOOTER_SIZE;
  const footer = parseDvplFooter(bytes.subarray(footerOffset), footerOffset);
  checkDvplFooter(footer, footerOffset);
  const payload = bytes.subarray(0, footerOffset);
  const crc = crc32Ieee(payload) >>> 0;
  if (crc !== footer.crc) {
    throw fail(
      ErrorCode.BAD_VALUE,
      footerOffset + DVPL_FOOTER_FIELD.crc,
      `payload CRC-32 is ${hex32(crc)}, the footer says ${hex32(footer.crc)}`,
      'footer.crc',
    );
  }
  return { ...footer, ...(await decodeDvplPayload(payload, footer, footerOffset)) };
}
