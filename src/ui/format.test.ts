import { describe, expect, it } from 'vitest';
import {
  asSentence,
  formatCountOf,
  formatExactBytes,
  formatHex32,
  formatOffset,
  formatRatio,
  formatSize,
  progressFraction,
} from './format.ts';

describe('format', () => {
  it('sizes in binary units, exact bytes with separators', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.50 KiB');
    expect(formatSize(1024 * 1024 * 42.5)).toBe('42.5 MiB');
    expect(formatExactBytes(1_572_864)).toBe('1,572,864 bytes');
    expect(formatExactBytes(1)).toBe('1 byte');
  });

  it('counts, ratios and progress', () => {
    expect(formatCountOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(formatCountOf(12_345, 'entry', 'entries')).toBe('12,345 entries');
    expect(formatRatio(50, 100)).toBe('50%');
    expect(formatRatio(1, 0)).toBe('—');
    expect(progressFraction(5, 0)).toBeNull();
    expect(progressFraction(15, 10)).toBe(1);
  });

  it('offsets and 32-bit checksums in upper-case hex', () => {
    expect(formatOffset(500)).toBe('0x1F4');
    expect(formatHex32(0xcbf43926)).toBe('0xCBF43926');
    expect(formatHex32(0)).toBe('0x00000000');
    expect(formatHex32(-1)).toBe('0xFFFFFFFF'); // signed input is shown unsigned
  });

  it('a decoder message as a sentence of its own', () => {
    expect(asSentence('out of bounds at 0xE: entry 0 data ends past end of file')).toBe(
      'Out of bounds at 0xE: entry 0 data ends past end of file.',
    );
    expect(asSentence('Done.')).toBe('Done.');
    expect(asSentence('  ')).toBe('');
  });
});
