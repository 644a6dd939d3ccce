import { describe, expect, it } from 'vitest';
import { extensionOf, looksLikeText, sniffBom, sniffKind } from './sniff.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
/** Pseudo-random binary with NULs, like compressed or packed data. */
const noise = (length: number) =>
  Uint8Array.from({ length }, (_, index) => (index * 2654435761) >>> 24);

describe('sniffKind: images by magic bytes', () => {
  it('PNG', () => {
    expect(
      sniffKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'a.bin'),
    ).toEqual({ kind: 'image', mime: 'image/png' });
  });
  it('JPEG', () => {
    expect(sniffKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'x')).toEqual({
      kind: 'image',
      mime: 'image/jpeg',
    });
  });
  it('GIF87a and GIF89a', () => {
    expect(sniffKind(ascii('GIF87a\x01\x00'), 'x').mime).toBe('image/gif');
    expect(sniffKind(ascii('GIF89a\x01\x00'), 'x').mime).toBe('image/gif');
    expect(sniffKind(ascii('GIF88a'), 'x').kind).not.toBe('image');
  });
  it('WebP is RIFF....WEBP', () => {
    expect(sniffKind(concat(ascii('RIFF'), bytes(0x24, 0, 0, 0), ascii('WEBPVP8 ')), 'x')).toEqual({
      kind: 'image',
      mime: 'image/webp',
    });
  });
  it('BMP needs a known info-header size, not just "BM"', () => {
    const header = new Uint8Array(54);
    header.set(ascii('BM'));
    header[14] = 40; // BITMAPINFOHEADER
    expect(sniffKind(header, 'x')).toEqual({ kind: 'image', mime: 'image/bmp' });
    header[14] = 124; // BITMAPV5HEADER
    expect(sniffKind(header, 'x').mime).toBe('image/bmp');
    expect(sniffKind(ascii('BMW owners manual, chapter one: the engine.'), 'notes').kind).toBe(
      'text',
    );
  });
  it('magic wins over a misleading extension', () => {
    expect(sniffKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'icon.txt').kind).toBe(
      'image',
    );
  });
  it('a truncated signature is not an image', () => {
    expect(sniffKind(bytes(0x89, 0x50, 0x4e), 'x').kind).toBe('binary');
  });
});

describe('sniffKind: audio by magic bytes', () => {
  it('WAV is RIFF....WAVE', () => {
    expect(sniffKind(concat(ascii('RIFF'), bytes(0x24, 0, 0, 0), ascii('WAVEfmt ')), 'x')).toEqual({
      kind: 'audio',
      mime: 'audio/wav',
    });
  });
  it('RIFF with another form type is neither', () => {
    expect(
      sniffKind(concat(ascii('RIFF'), bytes(0x24, 0, 0, 0), ascii('AVI LIST')), 'x').kind,
    ).toBe('binary');
  });
  it('Ogg', () => {
    expect(sniffKind(concat(ascii('OggS'), bytes(0, 2, 0, 0)), 'x')).toEqual({
      kind: 'audio',
      mime: 'audio/ogg',
    });
  });
  it('MP3 with an ID3 tag', () => {
    expect(sniffKind(concat(ascii('ID3'), bytes(4, 0, 0, 0, 0, 0, 0)), 'x')).toEqual({
      kind: 'audio',
      mime: 'audio/mpeg',
    });
  });
  it('MP3 frame sync: MPEG-1 layer III 128 kbit/s 44.1 kHz', () => {
    expect(sniffKind(bytes(0xff, 0xfb, 0x90, 0x64, 0, 0), 'x')).toEqual({
      kind: 'audio',
      mime: 'audio/mpeg',
    });
    expect(sniffKind(bytes(0xff, 0xf3, 0x40, 0xc4), 'x').mime).toBe('audio/mpeg'); // MPEG-2 layer III
  });
  it('frame sync with reserved fields is not audio', () => {
    expect(sniffKind(bytes(0xff, 0xfb, 0xf0, 0x64), 'x').kind).toBe('binary'); // bitrate index 1111
    expect(sniffKind(bytes(0xff, 0xfb, 0x9c, 0x64), 'x').kind).toBe('binary'); // sample rate 11
    expect(sniffKind(bytes(0xff, 0xeb, 0x90, 0x64), 'x').kind).toBe('binary'); // version 01 reserved
    expect(sniffKind(bytes(0xff, 0xfb, 0x00, 0x64), 'x').kind).toBe('binary'); // free bitrate
  });
  it('ADTS AAC', () => {
    expect(sniffKind(bytes(0xff, 0xf1, 0x50, 0x80, 0, 0x1f, 0xfc), 'x')).toEqual({
      kind: 'audio',
      mime: 'audio/aac',
    });
  });
  it('FLAC', () => {
    expect(sniffKind(concat(ascii('fLaC'), bytes(0, 0, 0, 34)), 'x')).toEqual({
      kind: 'audio',
      mime: 'audio/flac',
    });
  });
  it('JPEG is not taken for an MPEG frame', () => {
    expect(sniffKind(bytes(0xff, 0xd8, 0xff, 0xdb), 'x').kind).toBe('image');
  });
});

describe('sniffKind: text', () => {
  it('plain ASCII with no known extension', () => {
    expect(sniffKind(ascii('Hello, world.\r\nSecond line\twith a tab.\n'), 'README')).toEqual({
      kind: 'text',
      mime: 'text/plain',
    });
  });
  it('valid UTF-8 with many non-ASCII characters', () => {
    expect(sniffKind(ascii('Größe: 12 — 日本語のテキスト、たくさんの文字。'), 'names').kind).toBe(
      'text',
    );
  });
  it('windows-1252 accents in mostly ASCII text', () => {
    const text = concat(
      ascii('caf'),
      bytes(0xe9),
      ascii(' cr'),
      bytes(0xe8),
      ascii('me br'),
      bytes(0xfb),
      ascii('l'),
      bytes(0xe9),
      ascii('e and more plain words'),
    );
    expect(sniffKind(text, 'menu').kind).toBe('text');
  });
  it('a NUL byte makes it binary, even with a text extension', () => {
    expect(sniffKind(concat(ascii('BINd'), bytes(0, 0, 0, 1, 2, 3)), 'ObjectProperty.xml')).toEqual(
      { kind: 'binary', mime: 'application/octet-stream' },
    );
    expect(sniffKind(concat(ascii('a=1'), bytes(0)), 'game.ini').kind).toBe('binary');
  });
  it('too many control bytes is binary', () => {
    const head = ascii('abcdefghij'.repeat(5));
    head[3] = 0x01;
    head[13] = 0x02;
    expect(sniffKind(head, 'x').kind).toBe('binary');
  });
  it('a known extension accepts text the ratio test would refuse', () => {
    const head = concat(ascii('key=value'), bytes(0x01, 0x02, 0x03), ascii('\n'));
    expect(sniffKind(head, 'x').kind).toBe('binary');
    expect(sniffKind(head, 'Settings.INI')).toEqual({ kind: 'text', mime: 'text/plain' });
  });
  it('MIME follows the extension', () => {
    expect(sniffKind(ascii('{"a": 1}'), 'data.json').mime).toBe('application/json');
    expect(sniffKind(ascii('<?xml version="1.0"?><a/>'), 'Root.xml').mime).toBe('text/xml');
    expect(sniffKind(ascii('local x = 1'), 'script.lua').mime).toBe('text/x-lua');
    expect(sniffKind(ascii('a,b\n1,2\n'), 't.csv').mime).toBe('text/csv');
    expect(sniffKind(ascii('<html></html>'), 'index.html').mime).toBe('text/html');
  });
  it('known text extensions', () => {
    for (const name of [
      'a.txt',
      'a.xml',
      'a.json',
      'a.lua',
      'a.ini',
      'a.cfg',
      'a.csv',
      'a.html',
      'a.md',
      'a.log',
    ]) {
      // Control-heavy but NUL-free: accepted only because of the extension.
      expect(sniffKind(bytes(0x01, 0x02, 0x41), name).kind, name).toBe('text');
    }
  });
  it('UTF-16 with a BOM is text despite its NULs', () => {
    expect(sniffKind(bytes(0xff, 0xfe, 0x41, 0, 0x42, 0), 'strings.txt')).toEqual({
      kind: 'text',
      mime: 'text/plain; charset=utf-16le',
    });
    expect(sniffKind(bytes(0xfe, 0xff, 0, 0x41), 'x').mime).toBe('text/plain; charset=utf-16be');
    expect(sniffKind(bytes(0xef, 0xbb, 0xbf, 0x41), 'x.json').mime).toBe(
      'application/json; charset=utf-8',
    );
  });
  it('a UTF-8 character cut at the end of the head is still text', () => {
    const full = ascii('plain text then é');
    expect(sniffKind(full.subarray(0, full.length - 1), 'x').kind).toBe('text');
  });
});

describe('sniffKind: binary', () => {
  it('empty content with no text extension', () => {
    expect(sniffKind(new Uint8Array(0), 'x')).toEqual({
      kind: 'binary',
      mime: 'application/octet-stream',
    });
  });
  it('empty content with a text extension is (empty) text', () => {
    expect(sniffKind(new Uint8Array(0), 'empty.txt').kind).toBe('text');
  });
  it('noise', () => {
    expect(sniffKind(noise(4096), 'data.bin').kind).toBe('binary');
  });
  it('KIWAD header', () => {
    expect(
      sniffKind(concat(ascii('KIWAD'), bytes(2, 0, 0, 0, 5, 0, 0, 0, 1)), 'Root.wad').kind,
    ).toBe('binary');
  });
  it('mostly high bytes that are not UTF-8', () => {
    const head = Uint8Array.from({ length: 200 }, (_, index) => 0x80 + (index % 0x7f));
    expect(looksLikeText(head)).toBe(false);
  });
});

describe('helpers', () => {
  it('extensionOf', () => {
    expect(extensionOf('Data/GameData/Root.WAD')).toBe('wad');
    expect(extensionOf('C:\\dir.d\\file')).toBe('');
    expect(extensionOf('.gitignore')).toBe('');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('noext')).toBe('');
  });
  it('sniffBom', () => {
    expect(sniffBom(bytes(0xef, 0xbb, 0xbf))).toBe('utf-8');
    expect(sniffBom(bytes(0xff, 0xfe))).toBe('utf-16le');
    expect(sniffBom(bytes(0xfe, 0xff))).toBe('utf-16be');
    expect(sniffBom(bytes(0x41))).toBeNull();
  });
});
