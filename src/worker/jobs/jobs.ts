/**
 * Cancellation and progress pacing for long worker jobs (verify, zip, digest).
 * `cancel(kind)` on the API cancels running jobs of that kind (all without one); each job
 * checks its token between chunks.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';

export class CancelToken {
  isCancelled = false;
  throwIfCancelled(): void {
    if (this.isCancelled) {
      throw new FormatError({
        code: ErrorCode.CANCELLED,
        offset: 0,
        detail: 'cancelled by the user',
      });
    }
  }
}

export class JobRegistry<Kind extends string> {
  private readonly running = new Map<CancelToken, Kind>();

  async run<T>(kind: Kind, job: (token: CancelToken) => Promise<T>): Promise<T> {
    const token = new CancelToken();
    this.running.set(token, kind);
    try {
      return await job(token);
    } finally {
      this.running.delete(token);
    }
  }

  /** Cancels the running jobs of one kind, or all of them. */
  cancel(kind?: Kind): void {
    for (const [token, tokenKind] of this.running) {
      if (kind === undefined || kind === tokenKind) token.isCancelled = true;
    }
  }
}

/** Calls `report` at most every `intervalMs`, plus whenever `force` is set (start and end). */
export function throttle<T>(
  report: (value: T) => void,
  intervalMs = 50,
): (value: T, force?: boolean) => void {
  let last = 0;
  return (value, force = false) => {
    const now = Date.now();
    if (force || now - last >= intervalMs) {
      last = now;
      report(value);
    }
  };
}

/** Lets queued messages (getRows, cancel) run between chunks of a long job. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let yieldChannel: MessageChannel | null = null;
const yieldWaiters: (() => void)[] = [];

/**
 * Like yieldToEventLoop, through a message to itself: timers nested this deep wait at least
 * 4 ms each (the HTML timer clamp), a message does not. For yields every few milliseconds,
 * such as between the batches of an open.
 */
export function yieldBriefly(): Promise<void> {
  // Node (tests, the CLI): setImmediate; an open MessagePort would keep the process alive.
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel !== 'function') return yieldToEventLoop();
  if (!yieldChannel) {
    yieldChannel = new MessageChannel();
    yieldChannel.port1.onmessage = () => yieldWaiters.shift()?.();
  }
  const channel = yieldChannel;
  return new Promise((resolve) => {
    yieldWaiters.push(resolve);
    channel.port2.postMessage(null);
  });
}
