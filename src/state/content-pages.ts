/**
 * Page caches of content the hex view shows, one per (file, content, size), kept by the state
 * layer so a view gets them by file id: it says which bytes are on screen (`want`) and reads
 * them back (`byteAt`); a page that arrives bumps the snapshot's version. A few caches nobody
 * shows stay (going back to an entry shows its bytes at once); a closed or crashed file's go.
 */
import type { ByteRange, ContentRef, Result } from '../worker/rpc/api.ts';
import { ContentPageCache } from './page-cache.ts';
import { refKey } from './content-ref.ts';

export interface ContentPagesSnapshot {
  pages: ContentPageCache;
  /** Bumped when a page arrives or fails. */
  version: number;
}

export type ContentLoader = (
  fileId: string,
  ref: ContentRef,
  offset: number,
  length: number,
) => Promise<Result<ByteRange>>;

export interface ContentPagesStore {
  /** The pages of some content (made on first ask; nothing is read until `want`). */
  read(fileId: string, ref: ContentRef, size: number): ContentPagesSnapshot;
  subscribe(fileId: string, ref: ContentRef, size: number, listener: () => void): () => void;
  /** Forgets a file's pages; views that show them get fresh (empty) ones. */
  dropFile(fileId: string): void;
  /** Content may have become readable (a source was added): pages that failed are read again. */
  retryFailed(fileId: string): void;
}

/** Unwatched caches kept (each holds up to 2 MiB). */
const IDLE_CACHES = 4;

interface Entry {
  fileId: string;
  ref: ContentRef;
  size: number;
  snapshot: ContentPagesSnapshot;
  listeners: Set<() => void>;
}

export function createContentPages(load: ContentLoader): ContentPagesStore {
  const entries = new Map<string, Entry>();
  const idle = new Set<string>();

  const keyOf = (fileId: string, ref: ContentRef, size: number) =>
    `${fileId}\u0000${refKey(ref)}\u0000${size}`;

  function notify(entry: Entry): void {
    for (const listener of [...entry.listeners]) listener();
  }

  /** A new cache for the entry; only the one it holds reports changes. */
  function makePages(entry: Omit<Entry, 'snapshot'> & { snapshot?: ContentPagesSnapshot }) {
    const { fileId, ref, size } = entry;
    const pages: ContentPageCache = new ContentPageCache({
      load: (offset, length) => load(fileId, ref, offset, length),
      totalSize: size,
      onChange: () => {
        if (entry.snapshot?.pages !== pages) return;
        entry.snapshot = { pages, version: entry.snapshot.version + 1 };
        notify(entry as Entry);
      },
    });
    return pages;
  }

  function ensure(fileId: string, ref: ContentRef, size: number): [string, Entry] {
    const key = keyOf(fileId, ref, size);
    const found = entries.get(key);
    if (found) return [key, found];
    const partial: Omit<Entry, 'snapshot'> & { snapshot?: ContentPagesSnapshot } = {
      fileId,
      ref,
      size,
      listeners: new Set(),
    };
    partial.snapshot = { pages: makePages(partial), version: 0 };
    const entry = partial as Entry;
    entries.set(key, entry);
    idle.add(key);
    trim();
    return [key, entry];
  }

  function trim(): void {
    for (const key of idle) {
      if (idle.size <= IDLE_CACHES) break;
      idle.delete(key);
      entries.get(key)?.snapshot.pages.dispose();
      entries.delete(key);
    }
  }

  /** A fresh cache in place of the entry's (watchers re-render and ask for their bytes). */
  function renew(entry: Entry): void {
    entry.snapshot.pages.dispose();
    entry.snapshot = { pages: makePages(entry), version: entry.snapshot.version + 1 };
    notify(entry);
  }

  function entriesOf(fileId: string): [string, Entry][] {
    return [...entries].filter(([, entry]) => entry.fileId === fileId);
  }

  return {
    read: (fileId, ref, size) => ensure(fileId, ref, size)[1].snapshot,

    subscribe(fileId, ref, size, listener) {
      const [key, entry] = ensure(fileId, ref, size);
      entry.listeners.add(listener);
      idle.delete(key);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size > 0 || entries.get(key) !== entry) return;
        idle.add(key);
        trim();
      };
    },

    dropFile(fileId) {
      for (const [key, entry] of entriesOf(fileId)) {
        if (entry.listeners.size > 0) {
          renew(entry);
        } else {
          entry.snapshot.pages.dispose();
          entries.delete(key);
          idle.delete(key);
        }
      }
    },

    retryFailed(fileId) {
      for (const [, entry] of entriesOf(fileId)) {
        if (entry.snapshot.pages.error !== null) renew(entry);
      }
    },
  };
}
