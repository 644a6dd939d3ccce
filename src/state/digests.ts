/**
 * Checksums of content (CRC-32, KI-CRC, MD5, SHA-1, SHA-256), computed in the worker on demand
 * and kept per (file, content): coming back to an entry shows its digests at once. A running
 * digest reports progress and can be cancelled; when nobody shows it any more it is cancelled
 * (the worker would otherwise keep hashing gigabytes nobody sees). Small content can be hashed
 * without asking (`auto`), once the file's decoder has been quiet for a while and then the
 * page is idle: a file just opened shows its rows and views first (hashing a whole level
 * while the worker computes its view and the page draws it held up the first frame).
 */
import type { ContentRef, Digests, ErrorInfo, JobProgress } from '../worker/rpc/api.ts';
import type { FileDecoder } from '../worker/rpc/client.ts';
import { refKey } from './content-ref.ts';
import { errorInfoOf, internalError } from './errors.ts';

export type DigestState =
  | { status: 'idle' }
  | { status: 'running'; progress: JobProgress | null; isCancelling: boolean }
  | { status: 'ok'; value: Digests }
  | { status: 'cancelled' }
  | { status: 'error'; error: ErrorInfo };

export interface DigestStore {
  read(fileId: string, ref: ContentRef): DigestState;
  /** Watches a digest; with `auto`, an idle one starts once the decoder is quiet and the page idle. */
  subscribe(fileId: string, ref: ContentRef, listener: () => void, auto: boolean): () => void;
  start(fileId: string, ref: ContentRef): void;
  cancel(fileId: string, ref: ContentRef): void;
  /** Forgets a closed or crashed file's digests (a running one's answer is dropped). */
  dropFile(fileId: string): void;
  /** Content may have become readable (a source was added): failed digests go back to idle. */
  retryFailed(fileId: string): void;
}

/** The longest an automatic digest waits for the page to be idle (once the decoder is quiet). */
export const AUTO_DIGEST_IDLE_TIMEOUT_MS = 500;
/** How long the file's decoder must have had no call pending before an automatic digest. */
export const AUTO_DIGEST_QUIET_MS = 1_000;
/** Finished digests kept (they are small). */
const KEPT_DIGESTS = 500;

const IDLE: DigestState = Object.freeze({ status: 'idle' });

interface Entry {
  fileId: string;
  ref: ContentRef;
  state: DigestState;
  /** Bumped by each run and by a cancel: answers of an older run are dropped. */
  run: number;
  listeners: Set<() => void>;
  /** Cancels a scheduled automatic start. */
  unschedule: (() => void) | null;
}

/** Runs `work` when the page is idle (or after the timeout); returns how to call it off. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: AUTO_DIGEST_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

/**
 * Runs `work` once `decoder` has been quiet (no call pending for AUTO_DIGEST_QUIET_MS) and
 * then the page is idle; returns how to call it off.
 */
function whenQuietThenIdle(decoder: FileDecoder | null, work: () => void): () => void {
  let callOff: (() => void) | null = null;
  let isCalledOff = false;
  const quiet = decoder ? decoder.whenQuiet(AUTO_DIGEST_QUIET_MS) : Promise.resolve();
  void quiet.then(() => {
    if (!isCalledOff) callOff = whenIdle(work);
  });
  return () => {
    isCalledOff = true;
    callOff?.();
  };
}

export function createDigestStore(decoderOf: (fileId: string) => FileDecoder | null): DigestStore {
  const entries = new Map<string, Entry>();
  const keyOf = (fileId: string, ref: ContentRef) => `${fileId}\u0000${refKey(ref)}`;

  function entryFor(fileId: string, ref: ContentRef): Entry {
    const key = keyOf(fileId, ref);
    let entry = entries.get(key);
    if (!entry) {
      entry = { fileId, ref, state: IDLE, run: 0, listeners: new Set(), unschedule: null };
      entries.set(key, entry);
      trim();
    }
    return entry;
  }

  function trim(): void {
    for (const [key, entry] of entries) {
      if (entries.size <= KEPT_DIGESTS) break;
      if (entry.listeners.size === 0 && entry.state.status !== 'running') entries.delete(key);
    }
  }

  function setState(entry: Entry, state: DigestState): void {
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }

  function start(entry: Entry): void {
    entry.unschedule?.();
    entry.unschedule = null;
    if (entry.state.status === 'running' || entry.state.status === 'ok') return;
    const decoder = decoderOf(entry.fileId);
    if (!decoder) {
      setState(entry, {
        status: 'error',
        error: internalError('the file is closed or its decoder stopped'),
      });
      return;
    }
    const run = ++entry.run;
    setState(entry, { status: 'running', progress: null, isCancelling: false });
    const onProgress = (progress: JobProgress) => {
      if (entry.run !== run || entry.state.status !== 'running') return;
      setState(entry, { ...entry.state, progress });
    };
    decoder
      .digest(entry.ref, onProgress)
      .then(
        (result): DigestState => {
          if (result.ok) return { status: 'ok', value: result.value };
          return result.error.code === 'CANCELLED'
            ? { status: 'cancelled' }
            : { status: 'error', error: result.error };
        },
        (error: unknown): DigestState => ({
          status: 'error',
          error: errorInfoOf(error, 'computing checksums'),
        }),
      )
      .then((state) => {
        if (entry.run === run) setState(entry, state);
      });
  }

  function cancel(entry: Entry): void {
    if (entry.state.status !== 'running' || entry.state.isCancelling) return;
    setState(entry, { ...entry.state, isCancelling: true });
    void decoderOf(entry.fileId)?.cancel('digest');
  }

  /** Nobody shows it any more: a running digest is stopped and forgotten. */
  function abandon(key: string, entry: Entry): void {
    entry.unschedule?.();
    entry.unschedule = null;
    if (entry.state.status !== 'running') return;
    entry.run++;
    entries.delete(key);
    void decoderOf(entry.fileId)?.cancel('digest');
  }

  return {
    read: (fileId, ref) => entries.get(keyOf(fileId, ref))?.state ?? IDLE,

    subscribe(fileId, ref, listener, auto) {
      const key = keyOf(fileId, ref);
      const entry = entryFor(fileId, ref);
      entry.listeners.add(listener);
      if (auto && entry.state === IDLE && entry.unschedule === null) {
        entry.unschedule = whenQuietThenIdle(decoderOf(fileId), () => {
          entry.unschedule = null;
          if (entry.listeners.size > 0 && entries.get(key) === entry) start(entry);
        });
      }
      return () => {
        entry.listeners.delete(listener);
        // A remount (StrictMode, a re-keyed parent) subscribes again in the same task.
        queueMicrotask(() => {
          if (entry.listeners.size === 0) abandon(key, entry);
        });
      };
    },

    start: (fileId, ref) => start(entryFor(fileId, ref)),
    cancel: (fileId, ref) => {
      const entry = entries.get(keyOf(fileId, ref));
      if (entry) cancel(entry);
    },

    dropFile(fileId) {
      for (const [key, entry] of [...entries]) {
        if (entry.fileId !== fileId) continue;
        entry.unschedule?.();
        entry.unschedule = null;
        entry.run++;
        // Watched ones stay, idle: their views may start them again (and fail if the file is gone).
        if (entry.listeners.size > 0) setState(entry, IDLE);
        else entries.delete(key);
      }
    },

    retryFailed(fileId) {
      for (const entry of entries.values()) {
        if (entry.fileId === fileId && entry.state.status === 'error') setState(entry, IDLE);
      }
    },
  };
}
