import { describe, expect, it } from 'vitest';
import { decodeText, decodeWindows1252, textSpanOfBytes } from './decode-text.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeText', () => {
  it('decodes valid UTF-8', () => {
    expect(decodeText(utf8('Größe 日本'), false)).toEqual({
      text: 'Größe 日本',
      encoding: 'UTF-8',
    });
  });
  it('strips a UTF-8 BOM and says so', () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]), false)).toEqual({
      text: 'A',
      encoding: 'UTF-8 (BOM)',
    });
  });
  it('falls back to windows-1252 for invalid UTF-8', () => {
    const bytes = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]); // "café €" in windows-1252
    expect(decodeText(bytes, false)).toEqual({ text: 'café €', encoding: 'windows-1252' });
  });
  it('maps the whole 0x80..0x9F block as browsers do', () => {
    const text = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, index) => 0x80 + index));
    expect(text).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ');
    expect(decodeWindows1252(Uint8Array.from([0x41, 0xa0, 0xff]))).toBe('A\u00A0ÿ');
    expect(decodeWindows1252(new Uint8Array(20_000).fill(0x41))).toHaveLength(20_000);
  });
  it('keeps UTF-8 when only the last character was cut by truncation', () => {
    const bytes = utf8('abc é');
    const cut = bytes.subarray(0, bytes.length - 1);
    expect(decodeText(cut, true)).toEqual({ text: 'abc ', encoding: 'UTF-8' });
    expect(decodeText(cut, false).encoding).toBe('windows-1252');
  });
  it('decodes UTF-16 with a BOM', () => {
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x48, 0, 0x69, 0]), false)).toEqual({
      text: 'Hi',
      encoding: 'UTF-16LE (BOM)',
    });
    expect(decodeText(Uint8Array.from([0xfe, 0xff, 0, 0x48, 0, 0x69]), false)).toEqual({
      text: 'Hi',
      encoding: 'UTF-16BE (BOM)',
    });
  });
});

describe('textSpanOfBytes', () => {
  const spanOf = (bytes: Uint8Array, offset: number, length: number) => {
    const decoded = decodeText(bytes, false);
    const span = textSpanOfBytes(bytes, decoded, offset, length);
    return span && decoded.text.slice(span.start, span.end);
  };
  it('maps a byte span past multi-byte characters to the characters it holds', () => {
    const bytes = utf8('Größe 日本 FINDME end');
    const at = utf8('Größe 日本 ').length;
    expect(spanOf(bytes, at, 6)).toBe('FINDME');
    expect(spanOf(bytes, utf8('Größe ').length, 6)).toBe('日本');
  });
  it('counts from after a UTF-8 mark, and not inside one', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('ab FIND')]);
    expect(spanOf(bytes, 6, 4)).toBe('FIND');
    expect(spanOf(bytes, 0, 4)).toBeNull();
  });
  it('refuses a span that starts or ends inside a character', () => {
    const bytes = utf8('x日本y');
    expect(spanOf(bytes, 2, 3)).toBeNull();
    expect(spanOf(bytes, 1, 2)).toBeNull();
  });
  it('maps UTF-16LE code units and windows-1252 bytes one to one', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x41, 0, 0x42, 0, 0x43, 0]);
    expect(spanOf(utf16, 4, 4)).toBe('BC');
    expect(spanOf(utf16, 3, 2)).toBeNull();
    const latin = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]);
    expect(spanOf(latin, 3, 3)).toBe('é €');
  });
  it('refuses a span past the bytes shown', () => {
    expect(spanOf(utf8('short'), 3, 5)).toBeNull();
  });
});
