import { describe, expect, it } from 'vitest';
import { parseHex } from './parse-hex.ts';

describe('parseHex', () => {
  it('reads pairs, runs, 0x prefixes, commas and line breaks', () => {
    const parsed = parseHex('0D F0 11\n0x00,0xab\t01020304');
    expect(parsed).toEqual({
      ok: true,
      bytes: Uint8Array.of(0x0d, 0xf0, 0x11, 0, 0xab, 1, 2, 3, 4),
    });
  });

  it('names the character that cannot be read', () => {
    expect(parseHex('00 0g')).toEqual({ ok: false, at: 4, detail: '"g" is not a hex digit' });
    expect(parseHex('00 1 22')).toEqual({ ok: false, at: 3, detail: 'a lone hex digit' });
    expect(parseHex('001')).toEqual({ ok: false, at: 2, detail: 'a lone hex digit' });
    expect(parseHex('  ')).toEqual({ ok: false, at: 0, detail: 'no bytes' });
  });
});
