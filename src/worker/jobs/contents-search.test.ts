/**
 * Search in contents through the decoder's API, in process: matches in compressed and
 * stored entries (a large stored one read in slices, with a match across a slice's end),
 * a folder's scope, batches that add up to every match, the hit limit, a cancel, a bad
 * pattern answered as data with its offset.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../binary/format-error.ts';
import { GREP_SLICE } from '../../formats/content-grep.ts';
import { writeKiwad } from '../../formats/kiwad/write.ts';
import type { ContentHit, ContentSearchQuery, ContentSearchUpdate, Result } from '../rpc/api.ts';
import { createDecoderImpl } from '../rpc/impl.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** A stored entry large enough to be read in slices, the needle across the second slice's end. */
function bigStored(): Uint8Array {
  const bytes = new Uint8Array(5 * GREP_SLICE).fill(0x2e);
  bytes.set(encode('NEEDLE'), 2 * GREP_SLICE - 3);
  return bytes;
}

async function opened() {
  const decoder = createDecoderImpl({ startsHelpersAhead: false });
  const bytes = writeKiwad([
    { name: 'a/packed.txt', data: encode('x'.repeat(5000) + ' NEEDLE in packed\n') },
    { name: 'a/stored.ogg', data: encode('OggS NEEDLE stored') },
    { name: 'b/big.ogg', data: bigStored() },
    { name: 'b/other.txt', data: encode('no match here') },
  ]);
  const answer = await decoder.open(
    [{ name: 't.wad', blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }],
    () => undefined,
  );
  if (!answer.ok) throw new Error(answer.error.message);
  return decoder;
}

function query(pattern: string, extra: Partial<ContentSearchQuery> = {}): ContentSearchQuery {
  return { mode: 'text', pattern, nodeIds: [], maxHits: 1000, ...extra };
}

async function collect<T extends { hits: ContentHit[] }>(
  run: (onUpdate: (update: ContentSearchUpdate) => void) => Promise<Result<T>>,
) {
  const streamed: ContentHit[] = [];
  const result = await run((update) => streamed.push(...update.hits));
  if (!result.ok) throw new Error(result.error.message);
  return { all: [...streamed, ...result.value.hits], result: result.value };
}

describe('searchContents', () => {
  it('finds a string in compressed, stored and sliced entries', async () => {
    const decoder = await opened();
    const { all, result } = await collect((onUpdate) =>
      decoder.searchContents(query('NEEDLE'), onUpdate),
    );
    expect(all.map((hit) => [hit.path, hit.offset]).sort()).toEqual(
      [
        ['a/packed.txt', 5001],
        ['a/stored.ogg', 5],
        ['b/big.ogg', 2 * GREP_SLICE - 3],
      ].sort(),
    );
    expect(all.find((hit) => hit.path === 'a/packed.txt')!.context).toMatch(/NEEDLE in packed$/);
    expect(result).toMatchObject({ entriesDone: 4, entryCount: 4, hitCount: 3, skipped: 0 });
    expect(result.bytesDone).toBe(result.bytesTotal);
  });

  it('searches only under the given tree nodes', async () => {
    const decoder = await opened();
    const folder = decoder.nodeIdOfPath('a');
    const { all } = await collect((onUpdate) =>
      decoder.searchContents(query('NEEDLE', { nodeIds: [folder] }), onUpdate),
    );
    expect(all.map((hit) => hit.path).sort()).toEqual(['a/packed.txt', 'a/stored.ogg']);
  });

  it('stops at the hit limit and says so', async () => {
    const decoder = await opened();
    const { all, result } = await collect((onUpdate) =>
      decoder.searchContents(query('x', { maxHits: 10 }), onUpdate),
    );
    expect(all).toHaveLength(10);
    expect(result).toMatchObject({ hitCount: 10, isTruncated: true });
  });

  it('answers a cancel with CANCELLED, and a bad pattern with its offset', async () => {
    const decoder = await opened();
    const running = decoder.searchContents(query('NEEDLE'), () => undefined);
    decoder.cancel('search');
    const cancelled = await running;
    expect(cancelled.ok).toBe(false);
    if (!cancelled.ok) expect(cancelled.error.code).toBe(ErrorCode.CANCELLED);
    const bad = await decoder.searchContents(query('4B 4X', { mode: 'hex' }), () => undefined);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect([bad.error.code, bad.error.offset]).toEqual([ErrorCode.BAD_VALUE, 4]);
  });
});
