import { describe, expect, it } from 'vitest';
import {
  byteAscii,
  byteHex,
  formatRowOffset,
  offsetDigits,
  parseOffsetInput,
} from './hex-format.ts';

const offsetOf = (input: string) => {
  const parsed = parseOffsetInput(input);
  return parsed.ok ? parsed.offset : null;
};

describe('parseOffsetInput', () => {
  it('reads hex by default, with or without 0x', () => {
    expect(offsetOf('1F4')).toBe(0x1f4);
    expect(offsetOf('1f4')).toBe(0x1f4);
    expect(offsetOf('0x1F4')).toBe(0x1f4);
    expect(offsetOf('0X1f4')).toBe(0x1f4);
    expect(offsetOf('1F4h')).toBe(0x1f4);
    expect(offsetOf('0')).toBe(0);
    expect(offsetOf('100')).toBe(0x100);
    expect(offsetOf('ABCD')).toBe(0xabcd);
  });
  it('reads decimal with # (before or after) or a d suffix', () => {
    expect(offsetOf('#500')).toBe(500);
    expect(offsetOf('500#')).toBe(500);
    expect(offsetOf('500d')).toBe(500);
    expect(offsetOf('500D')).toBe(500);
    expect(offsetOf('1D')).toBe(1); // documented: digits + d is decimal
    expect(offsetOf('0x1D')).toBe(0x1d); // 0x forces hex
  });
  it('ignores surrounding space and digit separators', () => {
    expect(offsetOf('  0x1F4  ')).toBe(0x1f4);
    expect(offsetOf('0x0010_0000')).toBe(0x100000);
    expect(offsetOf('#1,048,576')).toBe(1048576);
    expect(offsetOf('12 34')).toBe(0x1234);
  });
  it('rejects what is not an offset, with a message', () => {
    for (const input of ['', '   ', 'xyz', '0x', '#', '-5', '1.5', '#1F', '0x1G', '12dh5', 'g']) {
      const parsed = parseOffsetInput(input);
      expect(parsed.ok, input).toBe(false);
      if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(0);
    }
  });
  it('rejects offsets beyond 2^53', () => {
    expect(parseOffsetInput('0x20000000000000').ok).toBe(false);
    expect(offsetOf('0x1FFFFFFFFFFFFF')).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('hex formatting', () => {
  it('byteHex is two upper-case digits', () => {
    expect(byteHex(0)).toBe('00');
    expect(byteHex(0x0a)).toBe('0A');
    expect(byteHex(0xff)).toBe('FF');
  });
  it('byteAscii shows printable ASCII, dots for the rest', () => {
    expect(byteAscii(0x41)).toBe('A');
    expect(byteAscii(0x20)).toBe(' ');
    expect(byteAscii(0x7e)).toBe('~');
    expect(byteAscii(0x7f)).toBe('.');
    expect(byteAscii(0x0a)).toBe('.');
    expect(byteAscii(0x00)).toBe('.');
    expect(byteAscii(0xe9)).toBe('.');
  });
  it('offsetDigits is at least 8 and grows for files past 4 GiB', () => {
    expect(offsetDigits(0)).toBe(8);
    expect(offsetDigits(0x1_0000_0000)).toBe(8);
    expect(offsetDigits(0x1_0000_0001)).toBe(9);
    expect(offsetDigits(2 ** 40)).toBe(10);
  });
  it('formatRowOffset pads to the digit count', () => {
    expect(formatRowOffset(0x1f0, 8)).toBe('000001F0');
    expect(formatRowOffset(0x1_2345_6780, 9)).toBe('123456780');
  });
});
