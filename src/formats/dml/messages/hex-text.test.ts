/** Hex text as people paste it, and the characters that cannot be part of it. */
import { describe, expect, it } from 'vitest';
import { parseHexText } from './hex-text.ts';

describe('hex text', () => {
  it.each<[string, string, number[]]>([
    ['pairs apart', '0D F0 24 00', [0x0d, 0xf0, 0x24, 0x00]],
    ['runs and line breaks', '0df0\r\n2400\n\t0a', [0x0d, 0xf0, 0x24, 0x00, 0x0a]],
    ['0x and commas', '0x0D, 0xf0,0X24 ,', [0x0d, 0xf0, 0x24]],
    ['a 0x run, bytes in the order written', '0xF00D', [0xf0, 0x0d]],
    ['nothing', '  \n ', []],
  ])('%s', (_what, text, bytes) => {
    expect([...parseHexText(text)]).toEqual(bytes);
  });

  it.each<[string, string, number, RegExp]>([
    [
      'a letter that is no hex digit',
      '0D F0\n 1G',
      8,
      /"G" is not a hex digit \(line 2, column 3\)/,
    ],
    ['an odd number of digits', '0D F0D', 3, /F0D has an odd number of hex digits/],
    ['0x alone', '0D 0x ', 3, /0x is not followed by hex digits/],
    ['a separator it does not take', '0D | F0', 3, /"\|" is not a hex digit/],
  ])('%s: BAD_VALUE at the character', (_what, text, offset, message) => {
    expect(() => parseHexText(text)).toThrow(
      expect.objectContaining({
        code: 'BAD_VALUE',
        offset,
        message: expect.stringMatching(message),
      }),
    );
  });
});
