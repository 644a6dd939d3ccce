import { describe, expect, it } from 'vitest';
import { DETECT_HEAD_LENGTH, FORMATS, detectFormat, formatModule, tailOf } from './registry.ts';
import { writeDvpl } from './dvpl/write.ts';
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

describe('detection by the end of the file', () => {
  const archive = writeKiwad([{ name: 'a.txt', data: ascii('inside a stored wrapper') }]);
  const wrapped = writeDvpl(archive, { type: 0 });
  const head = wrapped.subarray(0, DETECT_HEAD_LENGTH);

  it('a footer beats the magic of the file it wraps, whatever the name', () => {
    // The stored wrapper begins with the archive's own magic.
    expect(detectFormat(head, 'Root.wad')).toBe('kiwad');
    expect(detectFormat(head, 'Root.wad', FORMATS, tailOf(wrapped))).toBe('dvpl');
    expect(detectFormat(head, 'renamed.bin', FORMATS, tailOf(wrapped))).toBe('dvpl');
  });

  it('a tail that ends in the magic without a matching size proves nothing', () => {
    const text = ascii('a note that ends in DVPL');
    expect(detectFormat(text, 'note.txt', FORMATS, tailOf(text))).toBe('raw');
    const cut = wrapped.subarray(1);
    expect(detectFormat(cut.subarray(0, DETECT_HEAD_LENGTH), 'cut.bin', FORMATS, tailOf(cut))).toBe(
      'raw',
    );
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

  it('claims a file by name only for formats without a real magic (WWD) or with it at the end (DVPL)', () => {
    const claimsByName = FORMATS.filter((format) =>
      format.extensions.some((ext) => format.detect(new Uint8Array(0), `x${ext}`) === 'name'),
    ).map((format) => format.id);
    expect(claimsByName.sort()).toEqual(['dvpl', 'wwd']);
  });
});
