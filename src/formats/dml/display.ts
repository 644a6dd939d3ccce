/**
 * DML values as people and programs read them: the details pane's text (a CRC in hex and
 * decimal, a size in human units with its exact bytes, a FileType by its meaning — spec.md
 * "Record fields"), grid cells, and JSON values (a GID as exact decimal text, since JSON
 * numbers stop being exact at 2^53).
 */
import { hex32 } from '../../binary/hex.ts';
import { quotedText } from '../../binary/quoted-text.ts';
import type { GridCell } from '../model.ts';
import { DmlTag } from './tags.ts';
import type { DmlValue } from './types.ts';

const counts = new Intl.NumberFormat('en-US');
const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'];

/** What the patch list's `FileType` values mean (spec.md). */
const FILE_TYPES: Readonly<Record<number, string>> = {
  1: 'plain file',
  3: 'WAD',
  4: 'executable or DLL',
  5: 'dynamic WAD',
};

/** `1 record`, `2,048 records`. */
export function counted(count: number, noun: string): string {
  return `${counts.format(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** `3.37 MiB (3,533,042 bytes)`; below 1 KiB, `215 bytes`. */
export function sizeText(bytes: number): string {
  const exact = `${counts.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024) return exact;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ${UNITS[unit]!} (${exact})`;
}

/** The shortest decimal that reads back as the same 32-bit float. */
export function float32Text(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  for (let digits = 1; digits < 9; digits++) {
    const text = Number(value.toPrecision(digits));
    if (Math.fround(text) === value) return String(text);
  }
  return String(value);
}

/** Whether a field's name says it holds a checksum (`CRC`, `HeaderCRC`). */
const isChecksum = (name: string) => /crc/i.test(name);
/** Whether a field's name says it holds a byte count (`Size`, `CompressedHeaderSize`). */
const isSize = (name: string) => /size/i.test(name);

/** A value for the details pane and the CLI's text; a value not read is `—`. */
export function valueText(field: { name: string; tag: number }, value: DmlValue | null): string {
  if (value === null) return '— (not read)';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return quotedText(value);
  switch (field.tag) {
    case DmlTag.FLT:
      return float32Text(value);
    case DmlTag.DBL:
      return String(value);
    case DmlTag.INT:
    case DmlTag.UINT:
      if (isChecksum(field.name)) return `${hex32(value)} (${counts.format(value)})`;
      if (isSize(field.name) && value >= 0) return sizeText(value);
      if (field.name === 'FileType' && FILE_TYPES[value]) return `${value} (${FILE_TYPES[value]})`;
      return counts.format(value);
    default:
      return counts.format(value);
  }
}

/**
 * A value in a line of text (`ls`, a decoded message): numbers in decimal without
 * separators (a 32-bit float as its shortest decimal), GIDs exact, strings quoted; `—` for
 * a value not read.
 */
export function plainText(tag: number, value: DmlValue | null): string {
  if (value === null) return '—';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return quotedText(value);
  return tag === DmlTag.FLT ? float32Text(value) : String(value);
}

/**
 * A value in JSON: GID as decimal text, a 32-bit float as its shortest decimal, a float
 * that JSON cannot hold (NaN, ±Infinity) as its name in text; null when not read.
 */
export function jsonValue(tag: number, value: DmlValue | null): string | number | null {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isFinite(value)) return String(value);
  return tag === DmlTag.FLT ? Number(float32Text(value)) : value;
}

/** A value as a grid cell: GIDs as decimal text, a 32-bit float as its shortest decimal. */
export function cellValue(tag: number, value: DmlValue | null): GridCell {
  if (typeof value === 'bigint') return value.toString();
  if (tag === DmlTag.FLT && typeof value === 'number') return Number(float32Text(value));
  return value;
}
