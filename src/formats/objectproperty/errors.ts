/** The format's id and its error helper: every problem is a FormatError at a byte and bit. */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';

export const OBJECT_PROPERTY_FORMAT = 'objectproperty';

/** A FormatError at bit `bit` of the stream: its byte offset, the bit named in the detail. */
export function errorAtBit(code: ErrorCode, bit: number, detail: string): FormatError {
  return new FormatError({
    code,
    offset: Math.floor(bit / 8),
    detail: `${detail} (bit ${bit})`,
    format: OBJECT_PROPERTY_FORMAT,
  });
}

export { ErrorCode };
