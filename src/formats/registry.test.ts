import { describe, expect, it } from 'vitest';
import { DETECT_HEAD_LENGTH, FORMATS, detectFormat, formatInfo } from './registry.ts';
import { writeKiwad } from './kiwad/write.ts';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('detectFormat', () => {
  it('detects KIWAD by its magic, whatever the name', () => {
    const head = writeKiwad([]).subarray(0, DETECT_HEAD_LENGTH);
    expect(detectFormat(head, 'Root.wad')).toBe('kiwad');
    expect(detectFormat(head, 'renamed.bin')).toBe('kiwad');
    expect(detectFormat(ascii('KIWAD'), '')).toBe('kiwad');
  });

  it('falls back to raw, also for a .wad without the magic', () => {
    expect(detectFormat(ascii('KIWA'), 'short.wad')).toBe('raw');
    expect(detectFormat(ascii('kiwad lower case'), 'x.wad')).toBe('raw');
    expect(detectFormat(new Uint8Array(0), 'empty.wad')).toBe('raw');
    expect(detectFormat(ascii('PK\x03\x04'), 'a.zip')).toBe('raw');
  });
});

describe('format table', () => {
  it('has unique ids, raw last, and a row per id', () => {
    const ids = FORMATS.map((format) => format.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.at(-1)).toBe('raw');
    expect(formatInfo('kiwad').extensions).toContain('.wad');
  });
});
