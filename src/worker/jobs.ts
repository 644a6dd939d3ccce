/**
 * Cancellation and progress pacing for long worker jobs (verify, zip, digest).
 * `cancel()` on the API cancels every running job; each job checks its token between chunks.
 */
import { ErrorCode, FormatError } from '../binary/format-error.ts';

export class CancelToken {
  isCancelled = false;
  throwIfCancelled(): void {
    if (this.isCancelled) {
      throw new FormatError({ code: ErrorCode.CANCELLED, offset: 0, detail: 'cancelled by the user' });
    }
  }
}

export class JobRegistry {
  private readonly running = new Set<CancelToken>();

  async run<T>(job: (token: CancelToken) => Promise<T>): Promise<T> {
    const token = new CancelToken();
    this.running.add(token);
    try {
      return await job(token);
    } finally {
      this.running.delete(token);
    }
  }

  cancelAll(): void {
    for (const token of this.running) token.isCancelled = true;
  }
}

/** Calls `report` at most every `intervalMs`, plus whenever `force` is set (start and end). */
export function throttle<T>(report: (value: T) => void, intervalMs = 50): (value: T, force?: boolean) => void {
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
