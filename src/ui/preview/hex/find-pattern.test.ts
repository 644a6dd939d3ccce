import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_BYTES, parseFindInput } from './find-pattern.ts';

const patternOf = (input: string, mode: 'hex' | 'text' = 'hex') => {
  const parsed = parseFindInput(input, mode);
  return parsed.ok ? parsed.pattern : parsed.message;
};

describe('parseFindInput', () => {
  it('reads hex pairs with ?? wildcards, spaces optional', () => {
    expect(patternOf('4B 49 ?? 44')).toEqual([0x4b, 0x49, null, 0x44]);
    expect(patternOf('4b49??44')).toEqual([0x4b, 0x49, null, 0x44]);
    expect(patternOf('  ca FE\tba be ')).toEqual([0xca, 0xfe, 0xba, 0xbe]);
  });
  it('refuses what is not a byte pattern, saying why', () => {
    for (const input of ['', '4', '4B 4', 'XY', '4?', '?? ??', 'KIWAD']) {
      const parsed = parseFindInput(input, 'hex');
      expect(parsed.ok, input).toBe(false);
      if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(0);
    }
  });
  it('finds text as its UTF-8 bytes', () => {
    expect(patternOf('KIWAD', 'text')).toEqual([0x4b, 0x49, 0x57, 0x41, 0x44]);
    expect(patternOf('é', 'text')).toEqual([0xc3, 0xa9]);
    expect(parseFindInput('', 'text').ok).toBe(false);
  });
  it('caps the pattern length', () => {
    expect(parseFindInput('A'.repeat(MAX_PATTERN_BYTES), 'text').ok).toBe(true);
    expect(parseFindInput('A'.repeat(MAX_PATTERN_BYTES + 1), 'text').ok).toBe(false);
  });
});
