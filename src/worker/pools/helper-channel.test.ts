import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { openHelperChannel } from './helper-channel.ts';

/** The two handlers a channel sets, called as a worker would. */
interface FakeWorker {
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null;
}

function channelOf() {
  const worker: FakeWorker = { onmessage: null, onerror: null };
  let brokenCount = 0;
  const channel = openHelperChannel<string>(worker as unknown as Worker, 'test helper', () => {
    brokenCount++;
  });
  const wait = (id: number) =>
    new Promise<string>((resolve, reject) => channel.pending.set(id, { resolve, reject }));
  return { worker, channel, wait, broken: () => brokenCount };
}

describe('openHelperChannel', () => {
  it('answers each request by its id, and forgets it', async () => {
    const { worker, channel, wait } = channelOf();
    const first = wait(1);
    const second = wait(2);
    worker.onmessage!({ data: { id: 2, ok: true, answer: 'two' } });
    worker.onmessage!({ data: { id: 1, ok: true, answer: 'one' } });
    await expect(first).resolves.toBe('one');
    await expect(second).resolves.toBe('two');
    expect(channel.pending.size).toBe(0);
    // A reply to nothing pending (a cancelled request) is ignored.
    worker.onmessage!({ data: { id: 7, ok: true, answer: 'late' } });
  });

  it('rejects a request with the error the helper sent, offset included', async () => {
    const { worker, wait } = channelOf();
    const failed = wait(3);
    worker.onmessage!({
      data: {
        id: 3,
        ok: false,
        error: { code: ErrorCode.UNEXPECTED_EOF, offset: 0x40, detail: 'cut' },
      },
    });
    const error = await failed.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe(ErrorCode.UNEXPECTED_EOF);
    expect((error as FormatError).offset).toBe(0x40);
  });

  it('a helper that fails rejects all it holds and tells its pool', async () => {
    const { worker, channel, wait, broken } = channelOf();
    const held = [wait(1), wait(2)];
    let prevented = false;
    worker.onerror!({ message: 'boom', preventDefault: () => (prevented = true) });
    for (const request of held) {
      await expect(request).rejects.toThrow(/test helper stopped: boom/);
    }
    expect(prevented).toBe(true);
    expect(broken()).toBe(1);
    expect(channel.pending.size).toBe(0);
  });
});
