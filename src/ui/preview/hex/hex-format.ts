/**
 * Pure text helpers of the hex view: offset formatting, byte cells, and the "Go to offset"
 * parser. The UI may not import decoder code, so these small helpers live here.
 */

/** Bytes shown on one row. */
export const BYTES_PER_ROW = 16;

/** Two upper-case hex digits for every byte value, built once (rows render thousands of cells). */
const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, value) =>
  value.toString(16).toUpperCase().padStart(2, '0'),
);

export function byteHex(value: number): string {
  return BYTE_HEX[value & 0xff] ?? '??';
}

/** Printable ASCII as itself, everything else as `.` (bytes above 0x7E are not one character in any single encoding). */
export function byteAscii(value: number): string {
  return value >= 0x20 && value <= 0x7e ? String.fromCharCode(value) : '.';
}

/** Hex digits needed for the largest offset of `totalSize` bytes; never fewer than 8. */
export function offsetDigits(totalSize: number): number {
  const largest = Math.max(0, totalSize - 1);
  return Math.max(8, largest.toString(16).length);
}

/** An offset padded to `digits` upper-case hex digits, without prefix (the column header says hex). */
export function formatRowOffset(offset: number, digits: number): string {
  return offset.toString(16).toUpperCase().padStart(digits, '0');
}

export type OffsetParse = { ok: true; offset: number } | { ok: false; message: string };

/**
 * Parses the "Go to offset" field. Hex by default, as offsets are shown: `1F4`, `0x1F4`, `1F4h`.
 * Decimal with `#` (before or after) or a `d` suffix: `#500`, `500#`, `500d`. Since `d` is also
 * a hex digit, a bare value of decimal digits followed by `d` is read as decimal; write `0x` to
 * force hex. Spaces, `_` and `,` separators are ignored.
 */
export function parseOffsetInput(input: string): OffsetParse {
  const text = input.replace(/[\s_,]/g, '');
  if (text === '') return { ok: false, message: 'enter an offset, e.g. 1F4, 0x1F4 or 500d' };
  let digits: string;
  let radix: 10 | 16;
  let match: RegExpExecArray | null;
  if ((match = /^0x([0-9a-f]+)$/i.exec(text)) !== null) {
    digits = match[1] ?? '';
    radix = 16;
  } else if ((match = /^#([0-9]+)$/.exec(text) ?? /^([0-9]+)[#d]$/i.exec(text)) !== null) {
    digits = match[1] ?? '';
    radix = 10;
  } else if ((match = /^([0-9a-f]+)h?$/i.exec(text)) !== null) {
    digits = match[1] ?? '';
    radix = 16;
  } else {
    return {
      ok: false,
      message: `"${input.trim()}" is not an offset: use hex (1F4, 0x1F4) or decimal (500d, #500)`,
    };
  }
  const offset = Number.parseInt(digits, radix);
  if (!Number.isSafeInteger(offset)) return { ok: false, message: 'offset is too large' };
  return { ok: true, offset };
}
