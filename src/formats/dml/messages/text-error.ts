/** Errors in DML text a user gives (a protocol file, pasted hex): binary/text-error.ts, as DML's. */
import { ErrorCode, type FormatError } from '../../../binary/format-error.ts';
import { textError as anyTextError } from '../../../binary/text-error.ts';
import { DML_FORMAT } from '../read.ts';

export function textError(
  text: string,
  offset: number,
  detail: string,
  code: ErrorCode = ErrorCode.BAD_VALUE,
): FormatError {
  return anyTextError(text, offset, detail, code, DML_FORMAT);
}
