/**
 * Whether a decoder is busy: the calls it has pending, and when it last started or finished
 * one. Work nobody asked for (a spare worker's warm-up, an automatic checksum) waits with
 * `whenQuiet()` until a file's decoder has been quiet for a while, so it never competes with
 * what a file just opened shows first (its rows, its view's first frame).
 */

/** How long a decoder must have had no call pending before it counts as quiet. */
export const QUIET_MS = 300;

export class CallActivity {
  private pending = 0;
  private lastActiveAt: number;
  /** Waiters for the next call to settle (then they look again). */
  private settleWaiters: (() => void)[] = [];
  private isStopped = false;

  constructor(private readonly now: () => number = Date.now) {
    this.lastActiveAt = now();
  }

  /** Counts `call` as pending until it settles. */
  track<T>(call: Promise<T>): Promise<T> {
    this.pending++;
    this.lastActiveAt = this.now();
    return call.finally(() => {
      this.pending--;
      this.lastActiveAt = this.now();
      const waiters = this.settleWaiters;
      this.settleWaiters = [];
      for (const wake of waiters) wake();
    });
  }

  get pendingCalls(): number {
    return this.pending;
  }

  /** Whether no call has been pending for `quietMs` now (a stopped decoder is quiet). */
  isQuiet(quietMs = QUIET_MS): boolean {
    return this.isStopped || (this.pending === 0 && this.now() - this.lastActiveAt >= quietMs);
  }

  /**
   * Resolves once no call has been pending for `quietMs` (a call started meanwhile starts the
   * wait again), or once the decoder is stopped (a dead worker's calls never settle).
   */
  async whenQuiet(quietMs = QUIET_MS): Promise<void> {
    for (;;) {
      if (this.isStopped) return;
      if (this.pending > 0) {
        await new Promise<void>((wake) => this.settleWaiters.push(wake));
        continue;
      }
      const waited = this.now() - this.lastActiveAt;
      if (waited >= quietMs) return;
      await new Promise((wake) => setTimeout(wake, quietMs - waited));
    }
  }

  /** The decoder is gone: every wait ends. */
  stop(): void {
    this.isStopped = true;
    const waiters = this.settleWaiters;
    this.settleWaiters = [];
    for (const wake of waiters) wake();
  }
}
