/**
 * The one error type of every decoder. It carries a stable code, the absolute byte
 * offset where the problem was found, the format, and a field path such as
 * `entries[12].dataOffset`. Tests assert `code` and `offset`, never message text.
 */
import { hexOffset } from './hex.ts';
export const ErrorCode = {
  BAD_MAGIC: 'BAD_MAGIC',
  UNEXPECTED_EOF: 'UNEXPECTED_EOF',
  OUT_OF_BOUNDS: 'OUT_OF_BOUNDS',
  BAD_COUNT: 'BAD_COUNT',
  BAD_VALUE: 'BAD_VALUE',
  OVERLAP: 'OVERLAP',
  UNSUPPORTED_VERSION: 'UNSUPPORTED_VERSION',
  /** Content packed with a method Delve does not decode (it is listed, never unpacked). */
  UNSUPPORTED_COMPRESSION: 'UNSUPPORTED_COMPRESSION',
  DECOMPRESS_FAILED: 'DECOMPRESS_FAILED',
  /** Pixels stored in a layout Delve does not decode (named in the message). */
  UNSUPPORTED_PIXEL_FORMAT: 'UNSUPPORTED_PIXEL_FORMAT',
  SIZE_MISMATCH: 'SIZE_MISMATCH',
  TOO_LARGE: 'TOO_LARGE',
  /** A file the opened one refers to (a volume) has not been given. */
  MISSING_SOURCE: 'MISSING_SOURCE',
  CANCELLED: 'CANCELLED',
  /** The bytes could not be fetched (a remote file: network, CORS or HTTP failure). */
  READ_FAILED: 'READ_FAILED',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Short human phrases per code, used to build messages like `out of bounds at 0x1F4: ...`. */
const codePhrase: Record<ErrorCode, string> = {
  BAD_MAGIC: 'bad magic',
  UNEXPECTED_EOF: 'unexpected end of data',
  OUT_OF_BOUNDS: 'out of bounds',
  BAD_COUNT: 'bad count',
  BAD_VALUE: 'bad value',
  OVERLAP: 'overlapping data',
  UNSUPPORTED_VERSION: 'unsupported version',
  UNSUPPORTED_COMPRESSION: 'unsupported compression',
  DECOMPRESS_FAILED: 'decompression failed',
  UNSUPPORTED_PIXEL_FORMAT: 'unsupported pixel format',
  SIZE_MISMATCH: 'size mismatch',
  TOO_LARGE: 'too large',
  MISSING_SOURCE: 'missing file',
  CANCELLED: 'cancelled',
  READ_FAILED: 'read failed',
  INTERNAL: 'internal error',
};

export { hexOffset } from './hex.ts';

export interface FormatErrorInit {
  code: ErrorCode;
  /** Absolute byte offset in the file (or in the decompressed stream, for formats that say so). */
  offset: number;
  /** What went wrong, in a few words: `entry 12 data ends past end of file`. */
  detail: string;
  format?: string;
  /** Field path, e.g. `entries[12].dataOffset`. */
  path?: string;
}

export class FormatError extends Error {
  override readonly name = 'FormatError';
  readonly code: ErrorCode;
  readonly offset: number;
  readonly detail: string;
  readonly format: string;
  readonly path: string;

  constructor(init: FormatErrorInit) {
    super(`${codePhrase[init.code]} at ${hexOffset(init.offset)}: ${init.detail}`);
    this.code = init.code;
    this.offset = init.offset;
    this.detail = init.detail;
    this.format = init.format ?? '';
    this.path = init.path ?? '';
  }

  /** A copy with format (and path prefix) filled in, for errors raised by the generic reader. */
  withContext(format: string, path?: string): FormatError {
    return new FormatError({
      code: this.code,
      offset: this.offset,
      detail: this.detail,
      format: this.format || format,
      path: path && this.path ? `${path}.${this.path}` : path || this.path,
    });
  }
}

/** Plain, structured-cloneable form of an error, for the worker boundary and the CLI. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  offset: number | null;
  format: string;
  path: string;
}

/** An error of the program itself (not of a file's bytes) as data: INTERNAL, no offset by default. */
export function internalErrorInfo(message: string, offset: number | null = null): ErrorInfo {
  return { code: ErrorCode.INTERNAL, message, offset, format: '', path: '' };
}

/**
 * What went wrong without the code and offset that `message` starts with (`entry 0 data
 * ends past end of file` of `out of bounds at 0xE: entry 0 …`): for a message that names the
 * same offset again in other words.
 */
export function detailOf(info: ErrorInfo): string {
  const prefix =
    info.offset === null ? null : `${codePhrase[info.code]} at ${hexOffset(info.offset)}: `;
  return prefix !== null && info.message.startsWith(prefix)
    ? info.message.slice(prefix.length)
    : info.message;
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof FormatError) {
    return {
      code: error.code,
      message: error.message,
      offset: error.offset,
      format: error.format,
      path: error.path,
    };
  }
  return internalErrorInfo(error instanceof Error ? error.message : String(error));
}

/** The fields of an error as plain data (a helper worker's answer), rebuilt by `new FormatError`. */
export interface ErrorFields {
  code: ErrorCode;
  offset: number;
  detail: string;
  format: string;
  path: string;
}

/** Any error as FormatError fields; anything else becomes INTERNAL at `offset`. */
export function toErrorFields(error: unknown, offset = 0): ErrorFields {
  if (error instanceof FormatError) {
    const { code, offset: at, detail, format, path } = error;
    return { code, offset: at, detail, format, path };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { code: ErrorCode.INTERNAL, offset, detail, format: '', path: '' };
}
