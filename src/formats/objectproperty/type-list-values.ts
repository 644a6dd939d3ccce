/**
 * What every type list reader shares (type-list.ts for XML, type-list-json.ts for wiztype
 * JSON, type-list-json-parse.ts its reference): the error, numbers given as numbers or text,
 * and the enum options that are no value.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import type { EnumOption } from './types.ts';

/** Options every enum dump carries that are no value of it. */
export const SPECIAL_OPTIONS: ReadonlySet<string> = new Set(['__DEFAULT', '__BASECLASS']);

export const listError = (offset: number, detail: string) =>
  new FormatError({ code: ErrorCode.BAD_VALUE, offset, detail, format: OBJECT_PROPERTY_FORMAT });

/** A number a list gives as a number or as text (`"7"`, `"0x10"`, `"-1"`), as u32. */
export function u32Of(value: unknown, what: string, offset = 0): number {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) {
    throw listError(offset, `${what} is not an integer: ${JSON.stringify(value)}`);
  }
  return number >>> 0;
}

export function enumOptionsOf(options: Iterable<[string, unknown]>, what: string): EnumOption[] {
  const list: EnumOption[] = [];
  for (const [name, value] of options) {
    if (SPECIAL_OPTIONS.has(name)) continue;
    list.push({ name, value: u32Of(value, `${what} option ${name}`) });
  }
  return list;
}
