/**
 * UI-side handle on one decoder worker. The client is derived from the one contract,
 * `DecoderApi`: every method answers a promise of what the worker's method returns, function
 * arguments (progress callbacks) cross as comlink `proxy()`s, and `terminate()` ends the
 * worker. The worker releases each callback proxy when its call ends. One FileDecoder per
 * opened file.
 *
 * Start-up: loading and compiling the decoder bundle in a new worker takes 30–80 ms, all of it
 * before the first rows of a file can show. `FileDecoder.prewarm()` (called at page load)
 * starts one spare worker ahead of time; the next FileDecoder takes it, and a new spare is
 * started once that file's decoder has been quiet for a while and the page is idle. Its
 * warm-up (warm-up.ts) takes about half a second of CPU: started during the open, or while
 * the decoder computes the first view and the page draws it, it competes with both. A spare
 * has never seen a file, so one worker per file still holds.
 */
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import type { DecoderApi } from './api.ts';
import { SPARE_WORKER_NAME, WARM_UP_DONE } from './api.ts';
import { CallActivity, QUIET_MS } from './call-activity.ts';

export { CallActivity, QUIET_MS };

/** A worker that leaves a ping unanswered this long while calls are pending is stuck. */
export const WATCHDOG_MS = 10_000;
const HEARTBEAT_MS = 1_000;
/** How long the decoder that took the spare must have been quiet before the next starts. */
export const SPARE_QUIET_MS = 1_000;
/**
 * The localStorage key that turns spares off: with `off` stored under it, no decoder is
 * started ahead of time and each file's decoder starts (cold) when the file opens. For a
 * page that should spend no CPU on files not yet chosen: a low-power device, or a test run
 * (playwright.config.ts sets it; e2e/spare.spec.ts tests the spares themselves).
 */
export const SPARE_SETTING_KEY = 'delve:spare-decoder';

/** Whether the page wants spare decoders (SPARE_SETTING_KEY not set to `off`). */
function sparesWanted(): boolean {
  try {
    return globalThis.localStorage?.getItem(SPARE_SETTING_KEY) !== 'off';
  } catch {
    // Storage denied (a sandboxed frame, a privacy setting): spares as by default.
    return true;
  }
}

/** A method of the contract as the page calls it: the same arguments, the answer as a promise. */
type Promised<Method> = Method extends (...args: infer Args) => infer Answer
  ? (...args: Args) => Promise<Awaited<Answer>>
  : never;

/** The contract as the page sees it: every method of `DecoderApi`, answering promises. */
export type DecoderClient = { readonly [Name in keyof DecoderApi]: Promised<DecoderApi[Name]> };

export type DecoderMethod = keyof DecoderApi;

/**
 * Every method of the contract, and whether the watchdog counts its calls as pending work
 * (`ping` is the watchdog's own; `cancel` must get through to a busy worker). `satisfies`
 * makes a method added to `DecoderApi` fail to compile until it is listed here.
 */
const METHOD_KINDS = {
  open: 'tracked',
  addSources: 'tracked',
  prepareSideInput: 'tracked',
  getRows: 'tracked',
  rowCount: 'tracked',
  setExpanded: 'tracked',
  setAllExpanded: 'tracked',
  rowIndexOf: 'tracked',
  nodeIdOfPath: 'tracked',
  setFilter: 'tracked',
  entryDetails: 'tracked',
  readRange: 'tracked',
  readBlob: 'tracked',
  fileNameOf: 'tracked',
  detectContent: 'tracked',
  describeImage: 'tracked',
  decodeImage: 'tracked',
  imagePng: 'tracked',
  galleryImages: 'tracked',
  imageThumbnail: 'tracked',
  cancelThumbnails: 'untracked',
  galleryPngZip: 'tracked',
  documentView: 'tracked',
  viewRequest: 'tracked',
  findInContent: 'tracked',
  contentStrings: 'tracked',
  searchContents: 'tracked',
  exportListing: 'tracked',
  digest: 'tracked',
  verifyAll: 'tracked',
  zip: 'tracked',
  addFolderFiles: 'tracked',
  checkInstall: 'tracked',
  installReport: 'tracked',
  nodeFacts: 'tracked',
  compare: 'tracked',
  diffRows: 'tracked',
  diffShow: 'tracked',
  diffSetExpanded: 'tracked',
  diffRowOfPath: 'tracked',
  diffSide: 'tracked',
  diffExport: 'tracked',
  diffRelease: 'tracked',
  ping: 'untracked',
  cancel: 'untracked',
} as const satisfies Record<DecoderMethod, 'tracked' | 'untracked'>;

export type MethodKind = (typeof METHOD_KINDS)[DecoderMethod];

export const DECODER_METHODS = Object.keys(METHOD_KINDS) as DecoderMethod[];

/** How a client reaches its decoder: one call of one method, whatever carries it. */
export type CallDecoder = (
  method: DecoderMethod,
  args: unknown[],
  kind: MethodKind,
) => Promise<unknown>;

/**
 * A client over any carrier (a worker, or the implementation in-process in tests). The
 * decoded document is asked for once per client: the open asks as soon as a document is read
 * (state/open-actions.ts), before the view that shows it has mounted, and the view then finds
 * the answer on its way. A failed call (a dead worker) is not kept, nor one answered before
 * `open` has (a view that answers while the file is read covers only what was read then).
 */
export function createDecoderClient(call: CallDecoder): DecoderClient {
  const client: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of DECODER_METHODS) {
    client[method] = (...args) => call(method, args, METHOD_KINDS[method]);
  }
  let documentViewCall: Promise<unknown> | null = null;
  /** Whether `open` has answered: a view answered before then covers what was read so far. */
  let isOpened = false;
  const open = client.open!;
  client.open = (...args) => {
    const pending = open(...args);
    pending.then(
      () => (isOpened = true),
      () => undefined,
    );
    return pending;
  };
  /** Whether the call in `documentViewCall` was made once `open` had answered. */
  let isCallFinal = false;
  client.documentView = () => {
    // One asked while the file was read answers for part of it: once open, ask anew.
    if (!documentViewCall || (isOpened && !isCallFinal)) {
      const pending = call('documentView', [], METHOD_KINDS.documentView);
      documentViewCall = pending;
      isCallFinal = isOpened;
      const forget = () => {
        if (documentViewCall === pending) documentViewCall = null;
      };
      // Kept only when it is the opened file's: one given while the file is read is not.
      pending.then(() => (isCallFinal ? undefined : forget()), forget);
    }
    return documentViewCall;
  };
  // Built from the method list, which `satisfies` ties to DecoderApi: the one cast.
  return client as unknown as DecoderClient;
}

/** A decoder for one opened file: the contract, plus the life of what runs it. */
export interface FileDecoder extends DecoderClient {
  /**
   * Called once with a message when the decoder dies: a failed load, an uncaught error, or
   * the watchdog finding it stuck. It is terminated by then; open the file anew to retry.
   */
  onCrash(listener: (message: string) => void): void;
  /**
   * Resolves once no call has been pending for `quietMs` (or once the decoder is gone): work
   * nobody asked for waits for it, so that it does not compete with what the file shows first.
   */
  whenQuiet(quietMs?: number): Promise<void>;
  terminate(): void;
}

/** A decoder worker; a spare is named so that it warms itself up (warm-up.ts). */
function startWorker(isSpare = false): Worker {
  const name = isSpare ? SPARE_WORKER_NAME : 'delve-decoder';
  return new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module', name });
}

/** The worker started ahead of time, and why it failed if it did before anyone listened. */
interface Spare {
  worker: Worker;
  failure: string | null;
  stopListening(): void;
}

let spare: Spare | null = null;
/** Settles when the spare being warmed up is warm (or failed); null when none is warming. */
let spareWarming: Promise<void> | null = null;
/** When the last spare finished warming up (ms, Date.now). */
let spareWarmedAt = -Infinity;
/** Every decoder of an open file, for `whenAllQuiet`. */
const liveConnections = new Set<WorkerConnection>();

/**
 * Resolves once every decoder has had no call pending for `quietMs` and no spare is warming
 * up: the moment for background work of the page's own (the offline cache's install), which
 * must not compete with a file's open, its first view or a check the person started.
 */
async function whenAllQuiet(quietMs: number): Promise<void> {
  for (;;) {
    if (spareWarming) {
      await spareWarming;
      continue;
    }
    const sinceWarm = Date.now() - spareWarmedAt;
    if (sinceWarm < quietMs) {
      await new Promise((wake) => setTimeout(wake, quietMs - sinceWarm));
      continue;
    }
    const live = [...liveConnections];
    await Promise.all(live.map((connection) => connection.whenQuiet(quietMs)));
    // A call, a new file or a new spare may have started while the others were waited for.
    const isQuiet =
      spareWarming === null &&
      Date.now() - spareWarmedAt >= quietMs &&
      live.length === liveConnections.size &&
      live.every((connection) => liveConnections.has(connection) && connection.isQuiet(quietMs));
    if (isQuiet) return;
  }
}

/** The spare worker, unless there is none or it failed to start (then it is ended). */
function takeSpare(): Worker | null {
  const taken = spare;
  spare = null;
  if (!taken) return null;
  taken.stopListening();
  if (taken.failure === null) return taken.worker;
  taken.worker.terminate();
  return null;
}

/** When the person last moved, scrolled, dragged or typed on the page (ms, Date.now). */
let lastInputAt = -Infinity;
let isWatchingInput = false;

function watchInput(): void {
  if (isWatchingInput || typeof addEventListener !== 'function') return;
  isWatchingInput = true;
  const note = () => {
    lastInputAt = Date.now();
  };
  for (const type of ['pointermove', 'pointerdown', 'wheel', 'keydown', 'scroll']) {
    addEventListener(type, note, { capture: true, passive: true });
  }
}

/**
 * Starts the next spare when the page has a moment, so it does not delay what runs now: its
 * warm-up is seconds of a core's time, which a pan or a scroll of the file just opened would
 * lose frames to on a two-core machine. It waits for SPARE_QUIET_MS without input, then idle.
 */
function prewarmWhenIdle(): void {
  watchInput();
  const sinceInput = Date.now() - lastInputAt;
  if (sinceInput < SPARE_QUIET_MS) {
    setTimeout(prewarmWhenIdle, SPARE_QUIET_MS - sinceInput);
    return;
  }
  prewarmWhenPageIdle();
}

function prewarmWhenPageIdle(): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(() => prewarm(), { timeout: 2_000 });
  } else {
    setTimeout(() => prewarm(), 0);
  }
}

/**
 * Starts a spare decoder worker for the next FileDecoder, if there is none yet. Without
 * Worker support (tests under Node) it does nothing.
 */
function prewarm(): void {
  // From the first spare on, so that input before the next one is due is seen.
  watchInput();
  if (spare !== null || typeof Worker === 'undefined' || !sparesWanted()) return;
  const worker = startWorker(true);
  const started: Spare = { worker, failure: null, stopListening: () => undefined };
  let warmed: () => void = () => undefined;
  const warming = new Promise<void>((done) => {
    warmed = () => {
      if (spareWarming === warming) {
        spareWarming = null;
        spareWarmedAt = Date.now();
      }
      done();
    };
  });
  spareWarming = warming;
  // An error event is not kept for listeners added later: remember it, so a spare that
  // failed to load is not handed to a file (whose open would then wait for the watchdog).
  const onError = (event: ErrorEvent) => {
    event.preventDefault();
    started.failure = event.message || 'the decoder worker failed';
    warmed();
  };
  // Marked on the page's timeline, for anyone measuring: the spare has compiled the open.
  const onMessage = (event: MessageEvent) => {
    const data = event.data as Record<string, unknown> | null;
    const elapsed = data?.[WARM_UP_DONE];
    if (typeof elapsed === 'number') {
      performance.mark('delve:decoder-warm', { detail: { warmUpMs: elapsed } });
      warmed();
    }
  };
  worker.addEventListener('error', onError);
  worker.addEventListener('message', onMessage);
  started.stopListening = () => {
    worker.removeEventListener('error', onError);
    worker.removeEventListener('message', onMessage);
    // Taken by a file: its own calls count from now on.
    warmed();
  };
  spare = started;
}

/** One worker: its crash detection, its watchdog and its comlink channel. */
class WorkerConnection {
  private readonly worker: Worker;
  private readonly remote: Remote<DecoderApi>;
  private readonly crashListeners: ((message: string) => void)[] = [];
  private isTerminated = false;
  private readonly activity = new CallActivity();
  /** When the unanswered ping was sent; 0 when none is out. */
  private pingSentAt = 0;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  /**
   * Set when this decoder took the spare: starts the next one (once), when its open is done
   * and it has been quiet for SPARE_QUIET_MS since (or at once when it is ended).
   */
  private replaceSpare: (() => void) | null = null;

  constructor(private readonly watchdogMs: number) {
    const warm = takeSpare();
    this.worker = warm ?? startWorker();
    if (warm) {
      this.replaceSpare = () => {
        this.replaceSpare = null;
        // A closed file is panned no more: its replacement need not wait for quiet input.
        if (this.isTerminated) prewarmWhenPageIdle();
        else prewarmWhenIdle();
      };
    }
    this.remote = wrap<DecoderApi>(this.worker);
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.crash(event.message || 'the decoder worker failed');
    });
    this.worker.addEventListener('messageerror', () =>
      this.crash('a message from the decoder could not be read'),
    );
    // Watchdog: while calls are pending, the worker must keep answering pings. A decoder
    // stuck in a loop (or a worker that closed itself) does not, and is stopped.
    this.heartbeat = setInterval(() => this.checkHeartbeat(), HEARTBEAT_MS);
    liveConnections.add(this);
  }

  readonly call: CallDecoder = (method, args, kind) => {
    // Callbacks cannot be cloned: they cross as proxies, which the worker releases.
    const wired = args.map((arg) => (typeof arg === 'function' ? proxy(arg) : arg));
    const remoteMethod = this.remote[method] as unknown as (...a: unknown[]) => Promise<unknown>;
    const answer = remoteMethod(...wired);
    if (kind === 'untracked') return answer;
    const tracked = this.track(answer);
    if (method === 'open' && this.replaceSpare) {
      const replace = () => {
        void this.activity.whenQuiet(SPARE_QUIET_MS).then(() => this.replaceSpare?.());
      };
      tracked.then(replace, replace);
    }
    return tracked;
  };

  whenQuiet(quietMs?: number): Promise<void> {
    return this.activity.whenQuiet(quietMs);
  }

  isQuiet(quietMs: number): boolean {
    return this.activity.isQuiet(quietMs);
  }

  onCrash(listener: (message: string) => void): void {
    this.crashListeners.push(listener);
  }

  terminate(): void {
    if (this.isTerminated) return;
    this.isTerminated = true;
    liveConnections.delete(this);
    clearInterval(this.heartbeat);
    this.activity.stop();
    // A file closed (or stopped) before its open finished still leaves a spare behind.
    this.replaceSpare?.();
    this.remote[releaseProxy]();
    this.worker.terminate();
  }

  private checkHeartbeat(): void {
    if (this.isTerminated) return;
    const now = Date.now();
    if (this.pingSentAt !== 0) {
      if (now - this.pingSentAt > this.watchdogMs) {
        this.crash(
          `no answer for ${Math.round(this.watchdogMs / 1000)} s; the decoder was stopped`,
        );
      }
      return;
    }
    if (this.activity.pendingCalls === 0) return;
    this.pingSentAt = now;
    this.remote.ping().then(
      () => {
        this.pingSentAt = 0;
      },
      () => undefined,
    );
  }

  private crash(message: string): void {
    if (this.isTerminated) return;
    this.terminate();
    for (const listener of this.crashListeners) listener(message);
  }

  /** Counts a call as pending until it settles, for the watchdog and `whenQuiet`. */
  private track<T>(call: Promise<T>): Promise<T> {
    return this.activity.track(call);
  }
}

/** Starting decoders: `FileDecoder.start()` for each opened file, `prewarm()` at page load. */
export const FileDecoder = {
  prewarm,
  whenAllQuiet,
  /** A decoder in a worker of its own (the spare, when one is ready). */
  start(watchdogMs = WATCHDOG_MS): FileDecoder {
    const connection = new WorkerConnection(watchdogMs);
    return {
      ...createDecoderClient(connection.call),
      onCrash: (listener) => connection.onCrash(listener),
      whenQuiet: (quietMs) => connection.whenQuiet(quietMs),
      terminate: () => connection.terminate(),
    };
  },
};
