import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../binary/byte-source.ts';
import type { ContentCapability } from '../formats/model.ts';
import { readingOrder } from './read-order.ts';

const volumeA = new MemoryByteSource(new Uint8Array(100), 'a.pkg');
const volumeB = new MemoryByteSource(new Uint8Array(100), 'b.pkg');

/** Node i lies at places[i] (null: nowhere; 'throw': placing it fails). */
function contentAt(
  places: ({ source: MemoryByteSource; offset: number } | null | 'throw')[],
): ContentCapability {
  return {
    storedSpan: () => null,
    read: () => Promise.reject(new Error('not read here')),
    storedBytes: (index) => {
      const place = places[index]!;
      if (place === 'throw') throw new Error('its volume is missing');
      return place && { source: place.source, span: { offset: place.offset, length: 1 } };
    },
  };
}

describe('readingOrder', () => {
  it('goes through each source by offset, then the entries it cannot place, in node order', () => {
    const order = readingOrder(
      contentAt([
        { source: volumeB, offset: 50 },
        null,
        { source: volumeA, offset: 30 },
        { source: volumeB, offset: 10 },
        'throw',
        { source: volumeA, offset: 5 },
        { source: volumeB, offset: 10 },
      ]),
      7,
    );
    // b.pkg is met first, so its entries come first.
    expect([...order]).toEqual([3, 6, 0, 5, 2, 1, 4]);
  });

  it('falls back to the stored span when the format gives no stored bytes', () => {
    const content: ContentCapability = {
      storedSpan: (index) => ({ source: volumeA, span: { offset: 90 - index * 10, length: 5 } }),
      read: () => Promise.reject(new Error('not read here')),
    };
    expect([...readingOrder(content, 4)]).toEqual([3, 2, 1, 0]);
  });
});
