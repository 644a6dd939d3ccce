import { describe, expect, it } from 'vitest';
import { encodePng } from '../../binary/tiny-png.ts';
import { encodeWav } from '../../binary/tiny-wav.ts';
import { KaType } from '../../formats/ka/types.ts';
import { floatsValue, textValue, v1Archive, writeKa } from '../../formats/ka/write.ts';
import { writeKiwad } from '../../formats/kiwad/write.ts';
import { FORMATS } from '../../formats/registry.ts';
import { documentNodeFileName, extensionOfContent } from './content-names.ts';

const text = (value: string) => new TextEncoder().encode(value);
const extensionOf = (bytes: Uint8Array) => extensionOfContent(bytes, FORMATS);

describe('extensionOfContent', () => {
  it('names formats Delve reads by their own extension', () => {
    const ka = writeKa(v1Archive([['title', textValue('x')]]));
    expect(extensionOf(ka)).toBe('.ka');
    expect(extensionOf(writeKiwad([{ name: 'a.txt', data: text('a') }]))).toBe('.wad');
  });

  it('names common media by their magic', () => {
    expect(extensionOf(encodePng(2, 2, () => [0, 0, 0, 255]))).toBe('.png');
    expect(extensionOf(encodeWav(new Int16Array(4), { sampleRate: 8000 }))).toBe('.wav');
  });

  it('tells text, XML and binary apart', () => {
    expect(extensionOf(text('plain words\r\n\tand more — with UTF-8'))).toBe('.txt');
    expect(extensionOf(text('  <?xml version="1.0"?><a/>'))).toBe('.xml');
    expect(extensionOf(Uint8Array.of(5, 0, 116, 105, 116, 108, 101))).toBe('.bin');
    expect(extensionOf(Uint8Array.of(0xc3, 0x28, 0x41))).toBe('.bin');
    expect(extensionOf(new Uint8Array(0))).toBe('.bin');
  });
});

describe('documentNodeFileName', () => {
  it('adds the extension of the content to a key, once', () => {
    const position = writeKa(v1Archive([['position', floatsValue(KaType.VECTOR3, [1, 2, 3])]]));
    expect(documentNodeFileName('scene/settings', position, FORMATS)).toBe('scene/settings.ka');
    expect(documentNodeFileName('notes.txt', text('hello'), FORMATS)).toBe('notes.txt');
    expect(documentNodeFileName('sceneFile.version', Uint8Array.of(1, 0), FORMATS)).toBe(
      'sceneFile.version.bin',
    );
  });
});
