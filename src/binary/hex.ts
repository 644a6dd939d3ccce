/**
 * The one hex formatter: `0x` and upper-case digits, as every message, detail and view
 * shows numbers (`0x1F4`, `0x0000ABCD`).
 */

/** `0x` + upper-case hex of a non-negative integer, at least `digits` digits. */
export function hex(value: number, digits = 1): string {
  return '0x' + value.toString(16).toUpperCase().padStart(digits, '0');
}

/** An offset the way error messages show it: `0x1F4`. */
export function hexOffset(offset: number): string {
  return hex(offset);
}

/** A 32-bit value (a checksum, flags) as unsigned, 8 digits: `0x0000ABCD`. */
export function hex32(value: number): string {
  return hex(value >>> 0, 8);
}
