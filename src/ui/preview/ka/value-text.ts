/**
 * Text of keyed-archive values for people: numbers with thousands separators (keeping every
 * digit the file's value has), component and row labels of vectors, matrices and boxes,
 * colours as CSS and hex, integers also in hex, byte arrays in rows of 16. Pure, so the
 * render tests and the panes agree on what a value reads as.
 */
import { quotedText } from '../../../binary/quoted-text.ts';
import { formatCount } from '../../format.ts';
import type { KaDisplayValue } from './ka-view-types.ts';

/** `1234567.25` → `1,234,567.25`; text that is not a plain decimal (`1e+21`, `NaN`) as is. */
export function groupDigits(text: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/**
 * A number as its shortest text (the session already rounds f32 values to the digits that
 * read back the same), grouped; `-0` keeps its sign.
 */
export function numberText(value: number): string {
  if (Object.is(value, -0)) return '-0';
  return groupDigits(String(value));
}

const INT_WIDTHS: Readonly<Record<string, number>> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
};

/** An integer type's value as unsigned hex of its width (`-1` int16 → `0xFFFF`); null for others. */
export function intHex(value: number, typeName: string): string | null {
  const width = INT_WIDTHS[typeName];
  if (width === undefined || !Number.isInteger(value)) return null;
  const unsigned = BigInt.asUintN(width * 8, BigInt(value));
  return `0x${unsigned
    .toString(16)
    .toUpperCase()
    .padStart(width * 2, '0')}`;
}

/** Names of the components of a row of numbers, by the value's DAVA type name. */
export function componentLabels(typeName: string, count: number): string[] {
  switch (typeName) {
    case 'Rect':
      return ['x', 'y', 'dx', 'dy'];
    case 'Quaternion':
    case 'Vector4':
    case 'Vector3':
    case 'Vector2':
      return ['x', 'y', 'z', 'w'].slice(0, count);
    default:
      return Array.from({ length: count }, (_, index) => String(index));
  }
}

/** Names of the rows of a grid: a box's corners, else the row number. */
export function rowLabels(typeName: string, count: number): string[] {
  if (typeName === 'AABBox3' || typeName === 'AABBox2') return ['min', 'max'].slice(0, count);
  return Array.from({ length: count }, (_, index) => `row ${index}`);
}

type Color = Extract<KaDisplayValue, { kind: 'color' }>;

/** A colour channel as 0..1 (DAVA colours may go past 1 for HDR; NaN shows as 0). */
function channel(value: number): number {
  return Number.isNaN(value) ? 0 : Math.min(1, Math.max(0, value));
}

/** The colour for a swatch's background: `rgb(255 128 0 / 0.5)`, each channel clamped. */
export function colorCss({ r, g, b, a }: Color): string {
  const byte = (value: number) => Math.round(channel(value) * 255);
  return `rgb(${byte(r)} ${byte(g)} ${byte(b)} / ${channel(a)})`;
}

/** `#FF8000CC`, clamped as the swatch is. */
export function colorHex({ r, g, b, a }: Color): string {
  const byte = (value: number) =>
    Math.round(channel(value) * 255)
      .toString(16)
      .toUpperCase()
      .padStart(2, '0');
  return `#${byte(r)}${byte(g)}${byte(b)}${byte(a)}`;
}

/** Whether a channel is outside 0..1 (the swatch then shows it clamped). */
export function isClamped({ r, g, b, a }: Color): boolean {
  return [r, g, b, a].some((value) => channel(value) !== value);
}

/** Lower-case hex of a byte array (two digits a byte) in rows of 16 bytes, spaced. */
export function hexRows(hex: string): string[] {
  const rows: string[] = [];
  for (let at = 0; at < hex.length; at += 32) {
    rows.push(hex.slice(at, at + 32).replace(/(..)(?!$)/g, '$1 '));
  }
  return rows;
}

/**
 * An 8-byte array read as a little-endian u64 (how DAVA stores ids such as `#id`): its hex
 * and decimal; null for other lengths.
 */
export function bytesAsU64(hex: string, length: number): { hex: string; decimal: string } | null {
  if (length !== 8 || hex.length < 16) return null;
  let value = 0n;
  for (let byte = 7; byte >= 0; byte--) {
    value = (value << 8n) | BigInt(Number.parseInt(hex.slice(byte * 2, byte * 2 + 2), 16));
  }
  return { hex: `0x${value.toString(16).toUpperCase()}`, decimal: value.toString() };
}

/** `0xABC` id as the session names string ids: eight hex digits. */
export function stringIdText(id: number): string {
  return `#0x${(id >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
}

const list = (numbers: readonly number[]) => numbers.map(numberText).join(', ');

/** One line for a value (search results). */
export function valueLine(value: KaDisplayValue): string {
  switch (value.kind) {
    case 'none':
      return '(none)';
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'number':
      return numberText(value.value);
    case 'bigint':
      return `${groupDigits(value.decimal)} (${value.hex})`;
    case 'numbers':
      return `[${list(value.values)}]`;
    case 'rows':
      return `[${value.rows.map((row) => `[${list(row)}]`).join(', ')}]`;
    case 'color':
      return `rgba(${list([value.r, value.g, value.b, value.a])})`;
    case 'transform':
      return `t [${list(value.translation)}] s [${list(value.scale)}] r [${list(value.rotation)}]`;
    case 'text':
      return quotedText(value.text);
    case 'stringId':
      return value.text === null
        ? `${stringIdText(value.id)} (not in the string table)`
        : `${stringIdText(value.id)} → ${quotedText(value.text)}`;
    case 'wideString':
      return quotedText(value.text);
    case 'bytes':
      return `${formatCount(value.length)} bytes: ${value.hex.slice(0, 32)}${value.length > 16 ? '…' : ''}`;
    case 'archive':
      return `{${formatCount(value.count)} keys}`;
    case 'array':
      return `[${formatCount(value.count)} values]`;
  }
}
