import { describe, expect, it } from 'vitest';
import type { FindQuery } from '../rpc/api.ts';
import {
  findInContent,
  findStrings,
  firstMatch,
  lastMatch,
  SEARCH_CHUNK,
  STRING_TEXT_CAP,
  type ContentReader,
  type SearchSteps,
} from './content-search.ts';
import { CancelToken } from './jobs.ts';

/** A reader over bytes that counts its reads and never hands out more than asked. */
function readerOver(bytes: Uint8Array): ContentReader & { reads: number; largest: number } {
  const reader = {
    size: bytes.length,
    reads: 0,
    largest: 0,
    read(offset: number, length: number) {
      reader.reads++;
      reader.largest = Math.max(reader.largest, length);
      return Promise.resolve(bytes.slice(offset, offset + length));
    },
  };
  return reader;
}

function steps(token = new CancelToken(), onPause = () => undefined): SearchSteps {
  return { token, pause: () => Promise.resolve(onPause()), progress: () => undefined };
}

const find = (bytes: Uint8Array, query: FindQuery) =>
  findInContent(readerOver(bytes), query, steps());

/** Mostly zeros, with `pattern` written at each offset. */
function contentWith(size: number, pattern: number[], offsets: number[]): Uint8Array {
  const bytes = new Uint8Array(size);
  for (const offset of offsets) bytes.set(pattern, offset);
  return bytes;
}

describe('firstMatch and lastMatch', () => {
  const bytes = Uint8Array.from([0x4b, 0x49, 0x57, 0x44, 0x4b, 0x49, 0x00, 0x44, 0x4b]);
  it('match fixed bytes and wildcards, from either end', () => {
    expect(firstMatch(bytes, [0x4b, 0x49, null, 0x44], 0, bytes.length)).toBe(0);
    expect(firstMatch(bytes, [0x4b, 0x49, null, 0x44], 1, bytes.length)).toBe(4);
    expect(lastMatch(bytes, [0x4b, 0x49, null, 0x44], 0, bytes.length)).toBe(4);
    expect(lastMatch(bytes, [0x4b, 0x49, null, 0x44], 0, 4)).toBe(0);
    expect(firstMatch(bytes, [null, 0x44, 0x4b], 0, bytes.length)).toBe(2);
    expect(firstMatch(bytes, [null, 0x44, 0x4b], 3, bytes.length)).toBe(6);
    expect(firstMatch(bytes, [0x44, 0x4b, 0x4b], 0, bytes.length)).toBe(-1);
  });
  it('never match past the bytes', () => {
    expect(firstMatch(bytes, [0x4b, 0x49, null], 7, bytes.length)).toBe(-1);
    expect(lastMatch(bytes, [0x00, 0x44, 0x4b, null], 0, bytes.length)).toBe(-1);
  });
  it('a pattern of wildcards only matches anywhere it fits', () => {
    expect(firstMatch(bytes, [null, null], 3, bytes.length)).toBe(3);
    expect(lastMatch(bytes, [null, null], 0, bytes.length)).toBe(7);
  });
});

describe('findInContent', () => {
  const pattern = [0xca, 0xfe, 0xba, 0xbe];

  it('finds a match that crosses the end of a chunk, going either way', async () => {
    const at = SEARCH_CHUNK - 2;
    const bytes = contentWith(SEARCH_CHUNK * 2 + 100, pattern, [at]);
    const query = { pattern: [0xca, null, 0xba, 0xbe], from: 0 };
    expect(await find(bytes, { ...query, direction: 'forward' })).toEqual({
      offset: at,
      length: 4,
      wrapped: false,
    });
    expect(await find(bytes, { ...query, from: bytes.length, direction: 'backward' })).toEqual({
      offset: at,
      length: 4,
      wrapped: false,
    });
  });

  it('goes to the next and previous match, and comes round the ends', async () => {
    const bytes = contentWith(3 * SEARCH_CHUNK, pattern, [10, 2 * SEARCH_CHUNK + 7]);
    const next = (from: number) => find(bytes, { pattern, from, direction: 'forward' });
    const previous = (from: number) => find(bytes, { pattern, from, direction: 'backward' });
    expect((await next(0))?.offset).toBe(10);
    expect((await next(11))?.offset).toBe(2 * SEARCH_CHUNK + 7);
    expect(await next(2 * SEARCH_CHUNK + 8)).toEqual({ offset: 10, length: 4, wrapped: true });
    expect((await previous(2 * SEARCH_CHUNK + 7))?.offset).toBe(10);
    expect(await previous(10)).toEqual({ offset: 2 * SEARCH_CHUNK + 7, length: 4, wrapped: true });
  });

  it('answers null when nothing matches, and for a pattern longer than the content', async () => {
    const bytes = contentWith(1000, [1, 2, 3], [500]);
    expect(await find(bytes, { pattern: [1, 2, 4], from: 0, direction: 'forward' })).toBeNull();
    expect(await find(bytes, { pattern: [1, 2, 4], from: 999, direction: 'backward' })).toBeNull();
    expect(await find(new Uint8Array(2), { pattern, from: 0, direction: 'forward' })).toBeNull();
  });

  it('reads in chunks, never the whole content at once', async () => {
    const reader = readerOver(new Uint8Array(4 * SEARCH_CHUNK));
    await findInContent(reader, { pattern, from: 0, direction: 'forward' }, steps());
    expect(reader.largest).toBeLessThanOrEqual(SEARCH_CHUNK + pattern.length);
    expect(reader.reads).toBeGreaterThanOrEqual(4);
  });

  it('stops with CANCELLED once cancelled between chunks', async () => {
    const token = new CancelToken();
    const reader = readerOver(new Uint8Array(4 * SEARCH_CHUNK));
    const search = findInContent(
      reader,
      { pattern, from: 0, direction: 'forward' },
      steps(token, () => {
        token.isCancelled = true;
      }),
    );
    await expect(search).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(reader.reads).toBe(1);
  });
});

describe('findStrings', () => {
  const encode = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

  it('lists runs of at least the minimum length with their offsets', async () => {
    const bytes = new Uint8Array(64);
    bytes.set(encode('KIWAD'), 2);
    bytes.set(encode('abc'), 20); // too short
    bytes.set(encode('tab\there'), 30);
    bytes.set(encode('end!'), 60); // runs to the end of the content
    const page = await findStrings(
      readerOver(bytes),
      { from: 0, minLength: 4, maxCount: 100 },
      steps(),
    );
    expect(page).toEqual({
      strings: [
        { offset: 2, length: 5, text: 'KIWAD' },
        { offset: 30, length: 8, text: 'tab\there' },
        { offset: 60, length: 4, text: 'end!' },
      ],
      next: null,
      totalSize: 64,
    });
  });

  it('keeps a string that crosses a chunk whole, and pages by maxCount', async () => {
    const bytes = new Uint8Array(2 * SEARCH_CHUNK);
    bytes.set(encode('first'), 100);
    bytes.set(encode('across the chunk'), SEARCH_CHUNK - 6);
    bytes.set(encode('last one'), SEARCH_CHUNK + 500);
    const reader = readerOver(bytes);
    const query = { minLength: 4, maxCount: 2 };
    const first = await findStrings(reader, { ...query, from: 0 }, steps());
    expect(first.strings).toEqual([
      { offset: 100, length: 5, text: 'first' },
      { offset: SEARCH_CHUNK - 6, length: 16, text: 'across the chunk' },
    ]);
    expect(first.next).toBe(SEARCH_CHUNK + 10);
    const second = await findStrings(reader, { ...query, from: first.next! }, steps());
    expect(second).toEqual({
      strings: [{ offset: SEARCH_CHUNK + 500, length: 8, text: 'last one' }],
      next: null,
      totalSize: bytes.length,
    });
  });

  it('sends at most the first characters of a very long run, with its full length', async () => {
    const bytes = new Uint8Array(1000).fill(0x41);
    const page = await findStrings(
      readerOver(bytes),
      { from: 0, minLength: 4, maxCount: 10 },
      steps(),
    );
    expect(page.strings).toHaveLength(1);
    expect(page.strings[0]!.length).toBe(1000);
    expect(page.strings[0]!.text).toBe('A'.repeat(STRING_TEXT_CAP));
  });
});
