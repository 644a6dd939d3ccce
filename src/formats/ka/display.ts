/**
 * Values as people read them: one short line for the tree's value column and details, and
 * the typed shape the KA view shows (types.ts KaDisplayValue). Pure; ids are resolved
 * through the nearest top archive's table.
 */
import { quotedText } from '../../binary/quoted-text.ts';
import { hex32 } from '../../binary/hex.ts';
import type { Span } from '../model.ts';
import { wideText, type KaStringTable } from './read-value.ts';
import {
  KA_TYPE_NAMES,
  KaType,
  f32FromBits,
  f64FromBits,
  type KaArchive,
  type KaDisplayValue,
  type KaKey,
  type KaValue,
} from './types.ts';

/** Bytes of a byte array shown as hex, at most. */
const SHOWN_BYTES = 4096;

export function typeName(type: number): string {
  return KA_TYPE_NAMES[type] ?? `type ${type}`;
}

/** The shortest decimal text that reads back as the same f32 (5.6, not 5.599999904632568). */
export function f32Text(bits: number): string {
  const value = f32FromBits(bits);
  if (!Number.isFinite(value)) return String(value);
  if (Object.is(value, -0)) return '-0';
  for (let digits = 1; digits <= 9; digits++) {
    const text = value.toPrecision(digits);
    if (Math.fround(Number(text)) === value) return String(Number(text));
  }
  return String(value);
}

export function f32Number(bits: number): number {
  return Number(f32Text(bits));
}

export function idText(id: number): string {
  return hex32(id);
}

/** The table a nested archive's values resolve through: its own when it is a top archive. */
export function tableOf(archive: KaArchive, inherited: KaStringTable | null): KaStringTable | null {
  if (archive.kind !== 'top') return inherited;
  const byId = new Map<number, string>();
  for (const { id, text } of archive.strings) if (!byId.has(id)) byId.set(id, text);
  return { strings: archive.strings, byId };
}

export function keyText(key: KaKey, table: KaStringTable | null): string {
  if (key.kind === 'text') return key.text;
  return table?.byId.get(key.id) ?? `#${idText(key.id)}`;
}

/** Rows of `width` numbers. */
function rows(values: readonly number[], width: number): number[][] {
  const out: number[][] = [];
  for (let at = 0; at < values.length; at += width) out.push(values.slice(at, at + width));
  return out;
}

/** The f32 components of a float value as rows: matrices row-major, boxes min/max. */
export function floatRows(type: number, numbers: readonly number[]): number[][] | null {
  switch (type) {
    case KaType.MATRIX2:
      return rows(numbers, 2);
    case KaType.MATRIX3:
    case KaType.AABBOX3:
      return rows(numbers, 3);
    case KaType.MATRIX4:
      return rows(numbers, 4);
    case KaType.AABBOX2:
      return rows(numbers, 2);
    case KaType.TRANSFORM:
      return [numbers.slice(0, 3), numbers.slice(3, 6), numbers.slice(6, 10)];
    default:
      return null;
  }
}

export function bytesHex(bytes: Uint8Array, limit = bytes.length): string {
  let text = '';
  for (let index = 0; index < Math.min(limit, bytes.length); index++) {
    text += bytes[index]!.toString(16).padStart(2, '0');
  }
  return text;
}

/** The value shaped for the view. `span` is where the value's bytes are. */
export function displayValue(
  value: KaValue,
  table: KaStringTable | null,
  span: Span,
): KaDisplayValue {
  switch (value.kind) {
    case 'none':
      return { kind: 'none' };
    case 'bool':
      return { kind: 'bool', value: value.byte !== 0, byte: value.byte };
    case 'int':
      return { kind: 'number', value: value.value };
    case 'int64': {
      const unsigned = BigInt.asUintN(64, value.value);
      return {
        kind: 'bigint',
        decimal: value.value.toString(),
        hex: `0x${unsigned.toString(16).toUpperCase()}`,
      };
    }
    case 'float64':
      return { kind: 'number', value: f64FromBits(value.bits) };
    case 'floats': {
      const numbers = value.bits.map(f32Number);
      if (value.type === KaType.FLOAT) return { kind: 'number', value: numbers[0]! };
      if (value.type === KaType.COLOR) {
        const [r, g, b, a] = numbers as [number, number, number, number];
        return { kind: 'color', r, g, b, a };
      }
      if (value.type === KaType.TRANSFORM) {
        return {
          kind: 'transform',
          translation: numbers.slice(0, 3),
          scale: numbers.slice(3, 6),
          rotation: numbers.slice(6),
        };
      }
      const grid = floatRows(value.type, numbers);
      return grid ? { kind: 'rows', rows: grid } : { kind: 'numbers', values: numbers };
    }
    case 'text':
      return { kind: 'text', text: value.text };
    case 'stringId':
      return { kind: 'stringId', id: value.id, text: table?.byId.get(value.id) ?? null };
    case 'wideString':
      return {
        kind: 'wideString',
        text: wideText(value.units, value.width),
        width: value.width,
        isAmbiguous: value.isAmbiguous,
      };
    case 'bytes': {
      const bodyStart = span.offset + 5;
      return {
        kind: 'bytes',
        hex: bytesHex(value.bytes, SHOWN_BYTES),
        length: value.bytes.length,
        span: { offset: bodyStart, length: value.bytes.length },
        isTruncated: value.bytes.length > SHOWN_BYTES,
      };
    }
    case 'archive':
      return {
        kind: 'archive',
        archiveKind: value.archive.kind,
        count: value.archive.entries.length,
      };
    case 'array':
      return { kind: 'array', count: value.items.length };
  }
}

function list(numbers: readonly number[]): string {
  return `[${numbers.join(', ')}]`;
}

/** One line for a value (the tree's value column clips it further). */
export function valueText(value: KaValue, table: KaStringTable | null, limit = 200): string {
  let text: string;
  switch (value.kind) {
    case 'none':
      text = '(none)';
      break;
    case 'bool':
      text = value.byte === 0 ? 'false' : value.byte === 1 ? 'true' : `true (${value.byte})`;
      break;
    case 'int':
    case 'int64':
      text = String(value.value);
      break;
    case 'float64':
      text = String(f64FromBits(value.bits));
      break;
    case 'floats': {
      const numbers = value.bits.map(f32Number);
      const grid = floatRows(value.type, numbers);
      text =
        value.type === KaType.FLOAT
          ? String(numbers[0])
          : grid
            ? `[${grid.map(list).join(', ')}]`
            : list(numbers);
      break;
    }
    case 'text':
      text = quotedText(value.text);
      break;
    case 'stringId': {
      const resolved = table?.byId.get(value.id);
      text =
        resolved === undefined ? `#${idText(value.id)} (not in the table)` : quotedText(resolved);
      break;
    }
    case 'wideString':
      text = `${quotedText(wideText(value.units, value.width))} (UTF-${value.width === 4 ? 32 : 16}${value.isAmbiguous ? ', width ambiguous' : ''})`;
      break;
    case 'bytes':
      text = `${value.bytes.length} bytes: ${bytesHex(value.bytes, 32)}${value.bytes.length > 32 ? '…' : ''}`;
      break;
    case 'archive':
      text = `{${value.archive.entries.length} keys}`;
      break;
    case 'array':
      text = `[${value.items.length} values]`;
      break;
  }
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
