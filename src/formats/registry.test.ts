import { describe, expect, it } from 'vitest';
import { DETECT_HEAD_LENGTH, FORMATS, detectFormat, formatModule } from './registry.ts';
import { writeKiwad } from './kiwad/write.ts';
import { draftWwdLevel } from './wwd/draft.ts';
import { writeWwd } from './wwd/write.ts';

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

describe('detectFormat: WWD', () => {
  const level = writeWwd(draftWwdLevel(), { compress: true });
  const head = level.subarray(0, DETECT_HEAD_LENGTH);

  it('detects a level by its header size 0x5F4 at offset 0, whatever the name', () => {
    expect(detectFormat(head, 'RETAIL01.WWD')).toBe('wwd');
    expect(detectFormat(head, 'WORLD.bin')).toBe('wwd');
    expect(detectFormat(Uint8Array.of(0xf4, 0x05, 0, 0), '')).toBe('wwd');
  });

  it('sends a .wwd with a damaged size field to the WWD decoder (for its clear error)', () => {
    const damaged = head.slice();
    damaged[0] = 0xba;
    damaged[1] = 0xad;
    expect(detectFormat(damaged, 'RETAIL01_badsig.WWD')).toBe('wwd');
    expect(detectFormat(damaged, 'level.wwd')).toBe('wwd');
    expect(detectFormat(damaged, 'level.bin')).toBe('raw');
    expect(detectFormat(new Uint8Array(0), 'empty.wwd')).toBe('wwd');
  });

  it('lets a magic win over the extension', () => {
    expect(detectFormat(writeKiwad([]).subarray(0, DETECT_HEAD_LENGTH), 'odd.wwd')).toBe('kiwad');
  });
});

describe('format registry', () => {
  it('has unique ids, raw last, and a module per id', () => {
    const ids = FORMATS.map((format) => format.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.at(-1)).toBe('raw');
    expect(formatModule('kiwad').extensions).toContain('.wad');
    expect(formatModule('wwd').extensions).toEqual(['.wwd']);
    expect(() => formatModule('nope')).toThrow(/unknown format/);
  });

  it('claims a file by name only for formats without a real magic (WWD)', () => {
    const claimsByName = FORMATS.filter((format) =>
      format.extensions.some((ext) => format.detect(new Uint8Array(0), `x${ext}`) === 'name'),
    ).map((format) => format.id);
    expect(claimsByName).toEqual(['wwd']);
  });
});
