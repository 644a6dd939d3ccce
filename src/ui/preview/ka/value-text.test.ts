import { describe, expect, it } from 'vitest';
import {
  bytesAsU64,
  colorCss,
  groupDigits,
  hexRows,
  intHex,
  numberText,
  stringIdText,
  valueLine,
} from './value-text.ts';

describe('value text', () => {
  it('groups the whole part of plain decimals only, keeping every digit', () => {
    expect(groupDigits('1234567.0625')).toBe('1,234,567.0625');
    expect(groupDigits('-1000')).toBe('-1,000');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('1e+21')).toBe('1e+21');
    expect(groupDigits('NaN')).toBe('NaN');
    expect(numberText(-0)).toBe('-0');
    expect(numberText(0.1)).toBe('0.1');
  });

  it('shows integers as unsigned hex of their width', () => {
    expect(intHex(-1, 'int16')).toBe('0xFFFF');
    expect(intHex(255, 'uint8')).toBe('0xFF');
    expect(intHex(1, 'int32')).toBe('0x00000001');
    expect(intHex(1.5, 'float')).toBeNull();
  });

  it('clamps colours for CSS, NaN as 0', () => {
    expect(colorCss({ kind: 'color', r: Number.NaN, g: 1, b: 0.2, a: 3 })).toBe(
      'rgb(0 255 51 / 1)',
    );
  });

  it('reads an 8-byte array as a little-endian u64, and nothing else', () => {
    expect(bytesAsU64('0100000000000000', 8)).toEqual({ hex: '0x1', decimal: '1' });
    expect(bytesAsU64('ffffffffffffffff', 8)?.decimal).toBe('18446744073709551615');
    expect(bytesAsU64('01020304', 4)).toBeNull();
  });

  it('cuts hex into rows of 16 bytes', () => {
    expect(hexRows('00'.repeat(17))).toEqual([`${'00 '.repeat(15)}00`, '00']);
    expect(hexRows('')).toEqual([]);
  });

  it('one line per value for search results', () => {
    expect(stringIdText(0xab)).toBe('#0x000000AB');
    expect(valueLine({ kind: 'stringId', id: 1, text: null })).toBe(
      '#0x00000001 (not in the string table)',
    );
    expect(
      valueLine({
        kind: 'rows',
        rows: [
          [1, 2],
          [3, 4000],
        ],
      }),
    ).toBe('[[1, 2], [3, 4,000]]');
    expect(valueLine({ kind: 'bigint', decimal: '-12345', hex: '0xFF' })).toBe('-12,345 (0xFF)');
  });
});
