/**
 * The logical buffer L = header ‖ inflate(main block) (spec §1). Uncompressed: L is the
 * file. Compressed: the main block is a zlib stream (RFC 1950, `78 9C` or `78 DA`) that
 * should run to EOF and inflate to exactly the header's mainBlockLength; editors that leave
 * bytes after the stream are read anyway, and those bytes are kept as trailing data.
 *
 * Where the stream ends is not something fflate reports, so it is found from the stream's
 * own Adler-32 trailer: normally the last 4 bytes of the file; otherwise the first place the
 * trailer appears at which the deflate data before it inflates completely.
 */
import { hexOffset } from '../../binary/hex.ts';
import { inflateSync } from 'fflate';
import { adler32 } from '../../binary/adler32.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { hasZlibHeader, inflate } from '../../binary/inflate.ts';
import type { Issue } from '../model.ts';
import {
  WWD_FORMAT,
  WWD_HEADER_FIELD,
  WWD_HEADER_SIZE,
  WWD_MAX_INFLATE_RATIO,
  WWD_MAX_LOGICAL_SIZE,
  wwdError,
} from './layout.ts';

export interface LogicalBuffer {
  logical: Uint8Array;
  /** N: bytes of the stored main block (the zlib stream alone when there is trailing data). */
  storedLength: number;
  trailingData: { fileOffset: number; bytes: Uint8Array } | null;
}

/** Candidate stream ends tried before giving up on locating the Adler-32 trailer. */
const MAX_END_CANDIDATES = 8;
const PATH = 'header.mainBlockLength';

export async function buildLogicalBuffer(
  file: Uint8Array,
  isCompressed: boolean,
  mainBlockLength: number,
  issues: Issue[],
): Promise<LogicalBuffer> {
  const stored = file.subarray(WWD_HEADER_SIZE);
  if (!isCompressed) {
    if (mainBlockLength !== 0) {
      issues.push({
        severity: 'warning',
        code: 'MAIN_BLOCK_LENGTH',
        message: `uncompressed level declares a main-block length of ${mainBlockLength} (expected 0); ignored`,
        span: { offset: WWD_HEADER_FIELD.mainBlockLength, length: 4 },
      });
    }
    return { logical: file, storedLength: stored.length, trailingData: null };
  }
  const lengthAt = WWD_HEADER_FIELD.mainBlockLength;
  if (WWD_HEADER_SIZE + mainBlockLength > WWD_MAX_LOGICAL_SIZE) {
    const detail = `main block inflates to ${mainBlockLength} bytes, above the ${WWD_MAX_LOGICAL_SIZE}-byte limit`;
    throw wwdError(ErrorCode.TOO_LARGE, lengthAt, detail, PATH);
  }
  if (mainBlockLength > stored.length * WWD_MAX_INFLATE_RATIO + 1024) {
    const detail = `main block declares ${mainBlockLength} bytes, more than ${stored.length} zlib bytes can hold`;
    throw wwdError(ErrorCode.SIZE_MISMATCH, lengthAt, detail, PATH);
  }
  if (!hasZlibHeader(stored)) {
    const detail = 'header flags say compressed, but the main block is not a zlib stream';
    throw wwdError(ErrorCode.DECOMPRESS_FAILED, WWD_HEADER_SIZE, detail, 'mainBlock');
  }
  // Inflated straight after the header: L is allocated and written once.
  const logical = new Uint8Array(WWD_HEADER_SIZE + mainBlockLength);
  logical.set(file.subarray(0, WWD_HEADER_SIZE));
  const inflated = await inflateMainBlock(
    stored,
    mainBlockLength,
    logical.subarray(WWD_HEADER_SIZE),
  );
  const storedLength = findStreamEnd(stored, inflated, issues);
  const trailingData =
    storedLength < stored.length
      ? { fileOffset: WWD_HEADER_SIZE + storedLength, bytes: stored.slice(storedLength) }
      : null;
  if (trailingData) {
    issues.push({
      severity: 'warning',
      code: 'TRAILING_DATA',
      message: `${trailingData.bytes.length} bytes after the end of the zlib stream (file offset ${hexOffset(trailingData.fileOffset)}); kept, not part of the level`,
    });
  }
  return { logical, storedLength, trailingData };
}

async function inflateMainBlock(
  stored: Uint8Array,
  expectedSize: number,
  into: Uint8Array,
): Promise<Uint8Array> {
  const options = { container: 'zlib', expectedSize, offset: WWD_HEADER_SIZE, into } as const;
  const withContext = (error: unknown): unknown => {
    if (!(error instanceof FormatError)) return error;
    // The inflate helper reports its stream offset; a length disagreement is the header's.
    if (error.code === ErrorCode.SIZE_MISMATCH) {
      return wwdError(error.code, WWD_HEADER_FIELD.mainBlockLength, error.detail, PATH);
    }
    return error.withContext(WWD_FORMAT, 'mainBlock');
  };
  try {
    return await inflate(stored, options);
  } catch (error) {
    // Browsers' DecompressionStream rejects bytes after the stream; fflate ignores them.
    if (error instanceof FormatError && error.code === ErrorCode.DECOMPRESS_FAILED) {
      try {
        return await inflate(stored, { ...options, engine: 'fflate' });
      } catch (retryError) {
        throw withContext(retryError);
      }
    }
    throw withContext(error);
  }
}

function readTrailer(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0
  );
}

/**
 * Length of the zlib stream inside `stored`. A stream whose trailer is the last 4 bytes runs
 * to EOF (every real file). Otherwise the trailer is searched for and each hit is confirmed
 * by inflating the deflate data before it; a stream whose trailer is nowhere (corrupt, or
 * cut) is reported and taken to run to EOF.
 */
function findStreamEnd(stored: Uint8Array, inflated: Uint8Array, issues: Issue[]): number {
  const trailer = adler32(inflated);
  const end = stored.length;
  if (end >= 6 && readTrailer(stored, end - 4) === trailer) return end;
  const bytes = [trailer >>> 24, (trailer >>> 16) & 0xff, (trailer >>> 8) & 0xff, trailer & 0xff];
  let candidates = 0;
  for (let at = 2; at + 4 <= end && candidates < MAX_END_CANDIDATES; at++) {
    if (stored[at] !== bytes[0] || readTrailer(stored, at) !== trailer) continue;
    candidates++;
    if (inflatesCompletely(stored.subarray(2, at), inflated.length)) return at + 4;
  }
  issues.push({
    severity: 'warning',
    code: 'ZLIB_CHECKSUM',
    message: 'the zlib stream has no matching Adler-32 trailer: its data may be damaged',
  });
  return end;
}

function inflatesCompletely(deflateData: Uint8Array, size: number): boolean {
  try {
    return inflateSync(deflateData, { out: new Uint8Array(size + 1) }).length === size;
  } catch {
    return false;
  }
}
