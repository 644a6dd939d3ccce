/**
 * Errors in text a user gives (a protocol file, pasted hex): a FormatError (BAD_VALUE) whose
 * offset is the character's in the text, with its line and column in the detail.
 */
import { ErrorCode, FormatError } from '../../../binary/format-error.ts';
import { DML_FORMAT } from '../read.ts';

export function textError(text: string, offset: number, detail: string): FormatError {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return new FormatError({
    code: ErrorCode.BAD_VALUE,
    offset,
    detail: `${detail} (line ${line}, column ${column})`,
    format: DML_FORMAT,
  });
}
