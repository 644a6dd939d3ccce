import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePageByte, decodeCodePage, encodeCodePage, type CodePage } from './code-pages.ts';

const allBytes = Uint8Array.from({ length: 256 }, (_, byte) => byte);

describe('decodeCodePage', () => {
  it('decodes the Bushy.wwd plane name both ways (spec wwd §3)', () => {
    const bytes = Uint8Array.from([0x54, 0xb3, 0x6f]);
    expect(decodeCodePage(bytes, 'cp1250')).toBe('Tło');
    expect(decodeCodePage(bytes, 'cp1252')).toBe('T³o');
  });

  it('maps 0x80..0x9F of windows-1252 to the typographic characters, not C1 controls', () => {
    expect(decodeCodePage(Uint8Array.from([0x80, 0x85, 0x99, 0x9f]), 'cp1252')).toBe('€…™Ÿ');
    // Undefined bytes keep the C1 control of the same value (WHATWG), so nothing is lost.
    expect(decodeCodePage(Uint8Array.from([0x81, 0x8d, 0x8f, 0x90, 0x9d]), 'cp1252')).toBe(
      '\u0081\u008d\u008f\u0090\u009d',
    );
    expect(decodeCodePage(Uint8Array.from([0xa0, 0xe9, 0xff]), 'cp1252')).toBe('\u00a0éÿ');
  });

  it('decodes windows-1250 letters', () => {
    const bytes = Uint8Array.from([0x8c, 0x9c, 0xa3, 0xb3, 0xaf, 0xbf, 0xca, 0xea, 0xd1, 0xf1]);
    expect(decodeCodePage(bytes, 'cp1250')).toBe('ŚśŁłŻżĘęŃń');
  });

  it('is ASCII below 0x80 in both code pages', () => {
    const ascii = allBytes.subarray(0, 0x80);
    const expected = String.fromCharCode(...ascii);
    expect(decodeCodePage(ascii, 'cp1252')).toBe(expected);
    expect(decodeCodePage(ascii, 'cp1250')).toBe(expected);
  });

  it('agrees with the platform windows-1250 decoder where it has one', () => {
    let platform: string | null = null;
    try {
      platform = new TextDecoder('windows-1250').decode(allBytes);
    } catch {
      // Builds without full ICU lack the label; the table tests above still hold.
    }
    if (platform !== null) expect(decodeCodePage(allBytes, 'cp1250')).toBe(platform);
  });

  it('handles inputs longer than one chunk', () => {
    const long = new Uint8Array(20000).fill(0x80);
    expect(decodeCodePage(long, 'cp1252')).toBe('€'.repeat(20000));
  });
});

describe('encodeCodePage', () => {
  it.each<CodePage>(['cp1252', 'cp1250'])('%s round-trips every byte', (codePage) => {
    const text = decodeCodePage(allBytes, codePage);
    expect(text).toHaveLength(256);
    expect(new Set(text).size).toBe(256);
    expect(encodeCodePage(text, codePage)).toEqual(allBytes);
  });

  it('throws RangeError for a character the code page lacks', () => {
    expect(() => encodeCodePage('Tło', 'cp1252')).toThrow(RangeError);
    expect(() => encodeCodePage('日本', 'cp1250')).toThrow(RangeError);
    expect(encodeCodePage('Tło', 'cp1250')).toEqual(Uint8Array.from([0x54, 0xb3, 0x6f]));
  });

  it('codePageByte gives one character’s byte or null', () => {
    expect(codePageByte('€', 'cp1252')).toBe(0x80);
    expect(codePageByte('ł', 'cp1252')).toBeNull();
    expect(codePageByte('ł', 'cp1250')).toBe(0xb3);
    expect(codePageByte('ab', 'cp1250')).toBeNull();
  });

  it('decode(encode(bytes)) is the identity for random bytes (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.constantFrom<CodePage>('cp1252', 'cp1250'),
        (bytes, codePage) => {
          expect(encodeCodePage(decodeCodePage(bytes, codePage), codePage)).toEqual(bytes);
        },
      ),
      { seed: 1250, numRuns: 200 },
    );
  });
});
