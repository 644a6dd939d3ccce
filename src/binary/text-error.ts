/**
 * Errors in text a user gives (a protocol file, a type list, pasted hex): a FormatError whose
 * offset is the character's in the text, with its line and column in the detail. BAD_VALUE,
 * or UNEXPECTED_EOF where the text ends before what it must hold.
 */
import { ErrorCode, FormatError } from './format-error.ts';

export function textError(
  text: string,
  offset: number,
  detail: string,
  code: ErrorCode = ErrorCode.BAD_VALUE,
  format = '',
): FormatError {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return new FormatError({
    code,
    offset,
    detail: `${detail} (line ${line}, column ${column})`,
    format,
  });
}
