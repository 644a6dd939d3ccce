import { describe, expect, it } from 'vitest';
import { quotedText } from './quoted-text.ts';

describe('quotedText', () => {
  it('quotes text as it is: one backslash stays one, quotes stay quotes', () => {
    expect(quotedText('..\\CLAW.REZ')).toBe('"..\\CLAW.REZ"');
    expect(quotedText('..\\CLAW.REZ')).toHaveLength(13);
    expect(quotedText('say "hi"')).toBe('"say "hi""');
    expect(quotedText('')).toBe('""');
    expect(quotedText('Żółw € 日本')).toBe('"Żółw € 日本"');
  });

  it('shows control characters as their pictures', () => {
    expect(quotedText('a\u0000b\nc\td\u007f')).toBe('"a␀b␊c␉d␡"');
  });
});
