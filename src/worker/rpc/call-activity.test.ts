/**
 * A decoder's quiet (call-activity.ts): no call pending for a while; a call started or
 * settling meanwhile starts the wait again, and a stopped decoder ends every wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallActivity } from './call-activity.ts';

function deferred() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('CallActivity.whenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('waits for every pending call, then for the quiet time after the last one', async () => {
    const activity = new CallActivity();
    const call = deferred();
    void activity.track(call.promise);
    let isQuiet = false;
    void activity.whenQuiet(300).then(() => (isQuiet = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isQuiet).toBe(false);
    call.resolve();
    await vi.advanceTimersByTimeAsync(250);
    expect(isQuiet).toBe(false);
    // Another call, answered at once, starts the wait again.
    await activity.track(Promise.resolve());
    await vi.advanceTimersByTimeAsync(250);
    expect(isQuiet).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(isQuiet).toBe(true);
  });

  it('counts a failed call as settled', async () => {
    const activity = new CallActivity();
    await activity.track(Promise.reject(new Error('gone'))).catch(() => undefined);
    expect(activity.pendingCalls).toBe(0);
    let isQuiet = false;
    void activity.whenQuiet(100).then(() => (isQuiet = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(isQuiet).toBe(true);
  });

  it('ends every wait when stopped, calls still pending', async () => {
    const activity = new CallActivity();
    void activity.track(new Promise(() => undefined));
    let isDone = false;
    void activity.whenQuiet(100).then(() => (isDone = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isDone).toBe(false);
    activity.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(isDone).toBe(true);
  });
});
