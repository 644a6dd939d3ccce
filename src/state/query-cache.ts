/**
 * The query cache: what views read from a file's worker (entry details, byte ranges, blobs,
 * document views, detected formats), keyed by file id and kept between renders. A query is
 * loaded when its first subscriber comes (useSyncExternalStore subscribes after the render
 * that shows "loading") and shared by every view that asks for the same thing; late answers
 * of a query loaded again are dropped by generation, so a view never shows a stale one.
 *
 * Queries nobody watches stay for a while (a selection that comes back shows at once) within
 * a budget of entries and bytes, oldest out first. A file that closes or whose worker dies
 * loses everything; `invalidate` loads a file's queries again when what they read changed
 * (statuses after a verify, content after a source was added).
 *
 * No React here: hooks.ts binds it, tests drive it directly.
 */
import type { ErrorInfo, Result } from '../worker/rpc/api.ts';
import { errorInfoOf } from './errors.ts';

export type QueryState<T> =
  { status: 'loading' } | { status: 'ok'; value: T } | { status: 'error'; error: ErrorInfo };

/** The one "loading" state: snapshots of queries not loaded yet are all this object. */
export const LOADING: QueryState<never> = Object.freeze({ status: 'loading' });

/** What a query reads, so a change of one kind reloads only the queries that read it. */
export type QueryTopic = 'details' | 'content' | 'view';

export interface Query<T> {
  /** Unique in the app (it starts with the file id). */
  key: string;
  fileId: string;
  topic: QueryTopic;
  load(): Promise<Result<T>>;
  /** Bytes the value holds, for the budget of unwatched queries (default 1 KiB). */
  weigh?(value: T): number;
  /** Frees what the value holds (an object URL) when it leaves the cache. */
  release?(value: T): void;
}

export interface QueryCache {
  /** The query's state now; LOADING when it has not been asked for. */
  read<T>(key: string): QueryState<T>;
  /** Watches a query; the first subscriber starts its load. Returns the unsubscribe. */
  subscribe<T>(query: Query<T>, listener: () => void): () => void;
  /** The query's value, loaded (or reused) without watching it: for actions. */
  fetch<T>(query: Query<T>): Promise<QueryState<T>>;
  /**
   * What a file's queries of these topics read has changed: watched ones load again (keeping
   * their value until the new one comes; a failed one shows loading), unwatched ones are
   * forgotten. `onlyFailed` touches only the queries that failed, and with `alsoEmpty` those
   * that answered nothing (null) as well: a source added since may hold what they asked for.
   */
  invalidate(
    fileId: string,
    topics: readonly QueryTopic[],
    options?: { onlyFailed?: boolean; alsoEmpty?: boolean },
  ): void;
  /** Forgets all of a file (closed, or its worker died); watched queries load again and fail. */
  dropFile(fileId: string): void;
  /**
   * What this one query reads is growing (a file still being read): loads it again if it is
   * held and not loading already, keeping its value until the new one comes.
   */
  refresh(query: Query<unknown>): void;
  /**
   * An answer the worker sent ahead of the question (with a report): the query's value, if
   * it has none yet. A load in flight still lands after it, as the newer answer.
   */
  seed<T>(query: Query<T>, value: T): void;
}

export interface QueryCacheLimits {
  /** Unwatched queries kept at most. */
  idleEntries: number;
  /** Bytes their values may hold together. */
  idleBytes: number;
}

/** Whether `options` asks for empty answers too and the entry's is one (null). */
function isEmptyAnswer(entry: Entry, options: { alsoEmpty?: boolean }): boolean {
  return options.alsoEmpty === true && entry.state.status === 'ok' && entry.state.value === null;
}

const DEFAULT_LIMITS: QueryCacheLimits = { idleEntries: 300, idleBytes: 64 * 1024 * 1024 };
const DEFAULT_WEIGHT = 1024;

interface Entry {
  query: Query<unknown>;
  state: QueryState<unknown>;
  /** Bumped by each load: answers of an older one are dropped. */
  generation: number;
  /** The load in flight, settled once its answer is applied (or dropped). */
  pending: Promise<void> | null;
  listeners: Set<() => void>;
  weight: number;
}

export function createQueryCache(limits: QueryCacheLimits = DEFAULT_LIMITS): QueryCache {
  const entries = new Map<string, Entry>();
  /** Settled entries nobody watches, least recently used first. */
  const idle = new Set<string>();
  let idleBytes = 0;

  function setIdle(key: string, entry: Entry, isIdle: boolean): void {
    if (idle.has(key) === isIdle) return;
    if (isIdle) {
      idle.add(key);
      idleBytes += entry.weight;
    } else {
      idle.delete(key);
      idleBytes -= entry.weight;
    }
  }

  function releaseValue(entry: Entry, state: QueryState<unknown>): void {
    if (state.status === 'ok') entry.query.release?.(state.value);
  }

  function forget(key: string, entry: Entry): void {
    setIdle(key, entry, false);
    entries.delete(key);
    entry.generation++;
    releaseValue(entry, entry.state);
  }

  function trim(): void {
    for (const key of idle) {
      if (idle.size <= limits.idleEntries && idleBytes <= limits.idleBytes) break;
      const entry = entries.get(key);
      if (entry) forget(key, entry);
      else idle.delete(key);
    }
  }

  function notify(entry: Entry): void {
    for (const listener of [...entry.listeners]) listener();
  }

  /** Settled and unwatched: it may go once the budget is exceeded. */
  function settleIdle(key: string, entry: Entry): void {
    if (entry.listeners.size > 0 || entry.pending !== null) return;
    setIdle(key, entry, true);
    trim();
  }

  function load(key: string, entry: Entry): Promise<void> {
    const generation = ++entry.generation;
    const { query } = entry;
    const settled: Promise<void> = Promise.resolve()
      .then(() => query.load())
      .then(
        (result): QueryState<unknown> =>
          result.ok
            ? { status: 'ok', value: result.value }
            : { status: 'error', error: result.error },
        (error: unknown): QueryState<unknown> => ({ status: 'error', error: errorInfoOf(error) }),
      )
      .then((state) => {
        if (entry.pending === settled) entry.pending = null;
        if (entries.get(key) !== entry || entry.generation !== generation) {
          // Superseded: nobody will see this value, so free it now.
          if (state.status === 'ok') query.release?.(state.value);
          return;
        }
        const previous = entry.state;
        entry.state = state;
        entry.weight =
          state.status === 'ok' ? (query.weigh?.(state.value) ?? DEFAULT_WEIGHT) : DEFAULT_WEIGHT;
        if (previous !== state) releaseValue(entry, previous);
        notify(entry);
        settleIdle(key, entry);
      });
    entry.pending = settled;
    return settled;
  }

  /** A new entry for `query`, loading, not loaded yet. */
  function added(query: Query<unknown>): Entry {
    const entry: Entry = {
      query,
      state: LOADING,
      generation: 0,
      pending: null,
      listeners: new Set(),
      weight: DEFAULT_WEIGHT,
    };
    entries.set(query.key, entry);
    return entry;
  }

  function ensure(query: Query<unknown>): Entry {
    let entry = entries.get(query.key);
    if (entry) {
      // The latest definition loads it next time (it closes over the same file and args).
      entry.query = query;
      return entry;
    }
    entry = added(query);
    void load(query.key, entry);
    return entry;
  }

  function reload(key: string, entry: Entry, showLoading: boolean): void {
    setIdle(key, entry, false);
    if (showLoading && entry.state !== LOADING) {
      releaseValue(entry, entry.state);
      entry.state = LOADING;
      notify(entry);
    }
    void load(key, entry);
  }

  function entriesOf(fileId: string): [string, Entry][] {
    return [...entries].filter(([, entry]) => entry.query.fileId === fileId);
  }

  return {
    read<T>(key: string): QueryState<T> {
      return (entries.get(key)?.state ?? LOADING) as QueryState<T>;
    },

    subscribe(query, listener) {
      const entry = ensure(query as Query<unknown>);
      const { key } = query;
      entry.listeners.add(listener);
      setIdle(key, entry, false);
      // The state may have moved between the render that read it and this subscription.
      if (entry.state !== LOADING) listener();
      return () => {
        entry.listeners.delete(listener);
        if (entries.get(key) === entry) settleIdle(key, entry);
      };
    },

    async fetch<T>(query: Query<T>): Promise<QueryState<T>> {
      const entry = ensure(query as Query<unknown>);
      // Another load may start while we wait (an invalidation): wait for the last one.
      while (entry.pending !== null) await entry.pending;
      if (entries.get(query.key) === entry) {
        // Touched: it becomes the most recently used of the idle ones.
        if (idle.has(query.key)) {
          setIdle(query.key, entry, false);
          setIdle(query.key, entry, true);
        }
      }
      return entry.state as QueryState<T>;
    },

    invalidate(fileId, topics, options = {}) {
      for (const [key, entry] of entriesOf(fileId)) {
        if (!topics.includes(entry.query.topic)) continue;
        if (
          options.onlyFailed &&
          entry.state.status !== 'error' &&
          !isEmptyAnswer(entry, options)
        ) {
          continue;
        }
        if (entry.listeners.size === 0 && entry.pending === null) forget(key, entry);
        else reload(key, entry, entry.state.status === 'error');
      }
    },

    seed(query, value) {
      let entry = entries.get(query.key);
      if (entry && entry.state !== LOADING) return;
      entry ??= added(query as Query<unknown>);
      entry.state = { status: 'ok', value };
      entry.weight = query.weigh?.(value) ?? DEFAULT_WEIGHT;
      notify(entry);
      settleIdle(query.key, entry);
    },

    refresh(query) {
      const entry = entries.get(query.key);
      if (entry && entry.pending === null) reload(query.key, entry, false);
    },

    dropFile(fileId) {
      for (const [key, entry] of entriesOf(fileId)) {
        if (entry.listeners.size === 0) forget(key, entry);
        else reload(key, entry, true);
      }
    },
  };
}
