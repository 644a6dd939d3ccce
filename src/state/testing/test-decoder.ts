/**
 * The decoder the state tests use: the real worker implementation (`createDecoderImpl`), run
 * in-process and wrapped into the same client shape as a worker's (client.ts builds both),
 * with answers that come back asynchronously. On top, what tests need of a worker that
 * misbehaves or is slow: `crash()` plays a dying worker (no call answers again), `hold()`
 * keeps a method's answers until released (its work runs at once; a job cancelled while its
 * answer is held answers CANCELLED, as one cancelled before it ended), `answer()` replaces a
 * method's answer, and `sendsLateProgress` plays comlink's ordering (progress goes through its
 * own port, so one report can arrive after the result).
 */
import type { FormatModule } from '../../formats/model.ts';
import type { DecoderApi, JobKind, Result } from '../../worker/rpc/api.ts';
import {
  CallActivity,
  createDecoderClient,
  type CallDecoder,
  type DecoderMethod,
  type FileDecoder,
} from '../../worker/rpc/client.ts';
import { createDecoderImpl } from '../../worker/rpc/impl.ts';
import { cancelledError } from '../errors.ts';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

export interface TestDecoder extends FileDecoder {
  /** The implementation answering, for looking inside. */
  readonly impl: DecoderApi;
  /** Calls in order, `method args`: `readBlob node:0`, `zip 3,4`, `getRows 0 200`, `open a.wad`. */
  readonly calls: string[];
  readonly isTerminated: boolean;
  /** Whether `cancel` was called. */
  readonly isCancelled: boolean;
  /** Holds the answers of a method (its work runs) until the returned gate is resolved. */
  hold(method: DecoderMethod): Deferred<void>;
  /** Answers every later call of a method with this, without asking the implementation. */
  answer<M extends DecoderMethod>(method: M, value: Awaited<ReturnType<DecoderApi[M]>>): void;
  /** Sends each call's first progress report again, after its answer. */
  sendsLateProgress: boolean;
  /** Plays a worker that dies: crash listeners hear `message`; no call answers again. */
  crash(message: string): void;
}

const JOB_OF: Partial<Record<DecoderMethod, JobKind>> = {
  verifyAll: 'verify',
  zip: 'zip',
  digest: 'digest',
  checkInstall: 'install',
};

/** An argument as the call log shows it. */
function describe(arg: unknown): string {
  if (Array.isArray(arg)) {
    return arg
      .map((item) =>
        typeof item === 'object' && item && 'name' in item ? String(item.name) : String(item),
      )
      .join(',');
  }
  if (typeof arg === 'object' && arg !== null && 'kind' in arg) {
    return (arg.kind === 'node' || arg.kind === 'stored') && 'index' in arg
      ? `${String(arg.kind)}:${String(arg.index)}`
      : String(arg.kind);
  }
  return String(arg);
}

const never = new Promise<never>(() => undefined);

/** A test decoder over the real implementation; `formats` as `createDecoderImpl` takes them. */
export function createTestDecoder(
  options: { formats?: readonly FormatModule[] } = {},
): TestDecoder {
  const impl = createDecoderImpl({
    startsHelpersAhead: false,
    ...(options.formats ? { formats: options.formats } : {}),
  });
  const calls: string[] = [];
  const holds = new Map<DecoderMethod, Deferred<void>>();
  const answers = new Map<DecoderMethod, unknown>();
  /** Jobs whose answers are held; a cancel releases them with CANCELLED. */
  const heldJobs = new Set<{ kind: JobKind; cancelled: Deferred<void>; isCancelled: boolean }>();
  const crashListeners: ((message: string) => void)[] = [];
  let hasCrashed = false;

  const activity = new CallActivity();
  const answerCall: CallDecoder = async (method, args) => {
    const described = args.filter((arg) => typeof arg !== 'function').map(describe);
    calls.push([method, ...described].join(' '));
    if (hasCrashed) return never;
    if (method === 'cancel') {
      state.isCancelled = true;
      const kind = args[0] as JobKind | undefined;
      for (const job of heldJobs) {
        if (kind !== undefined && job.kind !== kind) continue;
        job.isCancelled = true;
        job.cancelled.resolve();
      }
    }
    // The first progress report, and the callback it went to, for a late copy.
    let first: { callback: (...a: unknown[]) => void; report: unknown[] } | null = null;
    const wired = args.map((arg) => {
      if (typeof arg !== 'function') return arg;
      const callback = arg as (...a: unknown[]) => void;
      return (...report: unknown[]) => {
        first ??= { callback, report };
        if (!hasCrashed) callback(...report);
      };
    });
    const run = impl[method] as (...a: unknown[]) => unknown;
    let answer: unknown = answers.has(method) ? answers.get(method) : await run(...wired);
    const gate = holds.get(method);
    const jobKind = JOB_OF[method];
    if (gate) {
      const job = { kind: jobKind ?? 'verify', cancelled: deferred(), isCancelled: false };
      if (jobKind) heldJobs.add(job);
      await Promise.race([gate.promise, job.cancelled.promise]);
      heldJobs.delete(job);
      if (job.isCancelled) answer = { ok: false, error: cancelledError() } satisfies Result<never>;
    }
    if (hasCrashed) return never;
    const late = first as { callback: (...a: unknown[]) => void; report: unknown[] } | null;
    if (state.sendsLateProgress && late) setTimeout(() => late.callback(...late.report), 0);
    return answer;
  };
  // Calls count as pending as a worker's do, for `whenQuiet`.
  const client = createDecoderClient((method, args, kind) => {
    const answer = answerCall(method, args, kind);
    return kind === 'untracked' ? answer : activity.track(answer);
  });

  const state = {
    ...client,
    impl,
    calls,
    isTerminated: false,
    isCancelled: false,
    sendsLateProgress: false,
    hold(method: DecoderMethod) {
      const gate = deferred();
      holds.set(method, gate);
      void gate.promise.then(() => {
        if (holds.get(method) === gate) holds.delete(method);
      });
      return gate;
    },
    answer(method: DecoderMethod, value: unknown) {
      answers.set(method, value);
    },
    crash(message: string) {
      hasCrashed = true;
      activity.stop();
      for (const listener of crashListeners) listener(message);
    },
    onCrash(listener: (message: string) => void) {
      crashListeners.push(listener);
    },
    whenQuiet: (quietMs?: number) => activity.whenQuiet(quietMs),
    terminate() {
      state.isTerminated = true;
      activity.stop();
    },
  };
  return state;
}
