import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascii, ByteChunks, isPlainJsonText } from './byte-chunks.ts';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('ByteChunks', () => {
  it('writes numbers as JSON.stringify does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.nat(),
          fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
          fc.double(),
          fc.constantFrom(0, 9, 10, 99, 100, 2 ** 32, 2 ** 53, -1, NaN, Infinity, -0),
        ),
        (value) => {
          const out = new ByteChunks(16);
          out.number(value);
          expect(decode(out.take())).toBe(JSON.stringify(value));
        },
      ),
    );
  });

  it('keeps every byte across growth and chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 40 }), (texts) => {
        const out = new ByteChunks(8);
        const chunks: Uint8Array[] = [];
        for (const piece of texts) {
          out.text(piece);
          out.put(ascii('|'));
          if (out.isFull) chunks.push(out.take());
        }
        chunks.push(out.take());
        expect(chunks.map(decode).join('')).toBe(texts.map((piece) => `${piece}|`).join(''));
      }),
    );
  });

  it('knows which bytes JSON writes as they are', () => {
    const plain = (text: string) => {
      const bytes = new TextEncoder().encode(`x${text}x`);
      return isPlainJsonText(bytes, 1, bytes.length - 1);
    };
    expect(plain('content/gui/a b.dds')).toBe(true);
    expect(plain('')).toBe(true);
    for (const text of ['"', '\\', '\t', '\u0000', '\u007f', 'é']) expect(plain(text)).toBe(false);
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (plain(text)) expect(JSON.stringify(text)).toBe(`"${text}"`);
      }),
    );
  });
});
