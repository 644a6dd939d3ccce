/**
 * Automatic digests (digests.ts) wait until the file's decoder has been quiet: hashing a
 * whole file while the worker computes a view, or while the page draws it, held up what a
 * file just opened shows first. They still start by themselves afterwards.
 */
import { describe, expect, it, vi } from 'vitest';
import { nodeRef } from '../worker/rpc/api.ts';
import { AUTO_DIGEST_QUIET_MS, createDigestStore } from './digests.ts';
import { kiwadFile } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openedDecoder() {
  const decoder = createTestDecoder();
  const opened = await decoder.open(
    [{ name: 'a.wad', blob: kiwadFile('a.wad', ['one.txt']) }],
    () => undefined,
  );
  expect(opened.ok).toBe(true);
  return decoder;
}

const digestCalls = (calls: readonly string[]) => calls.filter((call) => call.startsWith('digest'));

describe('automatic digests', () => {
  it('wait until the decoder has had no call pending for a while, then start by themselves', async () => {
    const decoder = await openedDecoder();
    const digests = createDigestStore(() => decoder);
    const busy = decoder.hold('getRows');
    const rows = decoder.getRows(0, 10);
    const unsubscribe = digests.subscribe('f', nodeRef(0), () => undefined, true);
    await sleep(AUTO_DIGEST_QUIET_MS * 1.5);
    expect(digestCalls(decoder.calls)).toEqual([]);
    expect(digests.read('f', nodeRef(0))).toEqual({ status: 'idle' });
    busy.resolve();
    await rows;
    // Not at once: the page draws what the answer brought first.
    await sleep(AUTO_DIGEST_QUIET_MS / 3);
    expect(digestCalls(decoder.calls)).toEqual([]);
    await vi.waitFor(
      () =>
        expect(digests.read('f', nodeRef(0))).toMatchObject({
          status: 'ok',
          value: { crc32: expect.any(Number) },
        }),
      { timeout: AUTO_DIGEST_QUIET_MS * 4 },
    );
    expect(digestCalls(decoder.calls)).toHaveLength(1);
    unsubscribe();
  });

  it('never start for content nobody shows any more by the time the decoder is quiet', async () => {
    const decoder = await openedDecoder();
    const digests = createDigestStore(() => decoder);
    const busy = decoder.hold('getRows');
    const rows = decoder.getRows(0, 10);
    const unsubscribe = digests.subscribe('f', nodeRef(0), () => undefined, true);
    unsubscribe();
    busy.resolve();
    await rows;
    await sleep(AUTO_DIGEST_QUIET_MS * 1.5);
    expect(digestCalls(decoder.calls)).toEqual([]);
  });

  it('start at once when asked, busy decoder or not', async () => {
    const decoder = await openedDecoder();
    const digests = createDigestStore(() => decoder);
    decoder.hold('getRows');
    void decoder.getRows(0, 10);
    const unsubscribe = digests.subscribe('f', nodeRef(0), () => undefined, false);
    digests.start('f', nodeRef(0));
    await vi.waitFor(() => expect(digests.read('f', nodeRef(0))).toMatchObject({ status: 'ok' }));
    unsubscribe();
  });
});
