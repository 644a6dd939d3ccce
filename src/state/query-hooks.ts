/**
 * React bindings of the query cache (queries.ts): views name a file by id and what they want
 * of it, and get `{status: 'loading' | 'ok' | 'error'}` back. Loads start when the first view
 * subscribes, are shared by views that ask the same, and are kept by file id; no view fetches
 * in an effect of its own. Every hook reads through useSyncExternalStore, so the server render
 * (tests) shows "loading" without asking anything.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type {
  ByteRange,
  ContentRef,
  DecodedImage,
  DocumentView,
  EntryDetails,
  DetectedFormat,
  ImageInfo,
  SurfaceRef,
  JobProgress,
  Result,
} from '../worker/rpc/api.ts';
import { delve } from './app.ts';
import type { ContentPagesSnapshot } from './content-pages.ts';
import { refFromKey, refKey } from './content-ref.ts';
import type { DigestState } from './digests.ts';
import type { ContentUrl } from './queries.ts';
import { LOADING, type Query, type QueryState } from './query-cache.ts';

export type { ContentPagesSnapshot, ContentUrl, DigestState, QueryState };

const { queries } = delve;
const noSubscription = () => () => undefined;

/** A query's state, loading it when first watched. A null query stays LOADING (nothing asked). */
function useQuery<T>(query: Query<T> | null): QueryState<T> {
  const subscribe = useCallback(
    (listener: () => void) => (query ? queries.cache.subscribe(query, listener) : () => undefined),
    [query],
  );
  const getSnapshot = useCallback(
    () => (query ? queries.cache.read<T>(query.key) : LOADING),
    [query],
  );
  return useSyncExternalStore(query ? subscribe : noSubscription, getSnapshot, getSnapshot);
}

/** The same ContentRef object for as long as it means the same content (for dependency lists). */
function useStableRef(ref: ContentRef): ContentRef {
  const key = refKey(ref);
  return useMemo(() => refFromKey(key), [key]);
}

/** Everything about one node, with its checksum state (read again after a verify). */
export function useEntryDetails(
  fileId: string | null,
  entryIndex: number,
): QueryState<EntryDetails> {
  const query = useMemo(
    () => (fileId === null || entryIndex < 0 ? null : queries.entryDetails(fileId, entryIndex)),
    [fileId, entryIndex],
  );
  return useQuery(query);
}

/** Bytes `[offset, offset + length)` of some content, with the content's total size. */
export function useContentRange(
  fileId: string,
  ref: ContentRef,
  offset: number,
  length: number,
): QueryState<ByteRange> {
  const stable = useStableRef(ref);
  const query = useMemo(
    () => queries.contentRange(fileId, stable, offset, length),
    [fileId, stable, offset, length],
  );
  return useQuery(query);
}

/** The whole content as a Blob. */
export function useContentBlob(fileId: string, ref: ContentRef): QueryState<Blob> {
  const stable = useStableRef(ref);
  const query = useMemo(() => queries.contentBlob(fileId, stable), [fileId, stable]);
  return useQuery(query);
}

/** The whole content as an object URL typed `mime` (for <img>, <audio>); the cache revokes it. */
export function useContentUrl(
  fileId: string,
  ref: ContentRef,
  mime: string,
): QueryState<ContentUrl> {
  const stable = useStableRef(ref);
  const query = useMemo(() => queries.contentUrl(fileId, stable, mime), [fileId, stable, mime]);
  return useQuery(query);
}

/** The session's decoded view (`capabilities.view`), e.g. a level. */
export function useDocumentView(fileId: string | null): QueryState<DocumentView> {
  const query = useMemo(() => (fileId === null ? null : queries.documentView(fileId)), [fileId]);
  return useQuery(query);
}

/**
 * An answer of the file's decoded view (`capabilities.view`) to `query`, a JSON value (its
 * text is its cache key, so a new object asking the same asks nothing new); null asks nothing.
 */
export function useViewAnswer<T>(fileId: string | null, query: unknown): QueryState<T> {
  const queryKey = query === null ? null : JSON.stringify(query);
  const result = useMemo(
    () =>
      fileId === null || queryKey === null
        ? null
        : queries.viewAnswer<T>(fileId, queryKey, JSON.parse(queryKey) as unknown),
    [fileId, queryKey],
  );
  return useQuery(result);
}

/**
 * Starts loading the answer `useViewAnswer` will ask for, now: an event handler about to show
 * it (a sort clicked) has the worker at work while the page renders, instead of after.
 */
export function prefetchViewAnswer(fileId: string, query: unknown): void {
  const queryKey = JSON.stringify(query);
  void queries.cache.fetch(queries.viewAnswer(fileId, queryKey, JSON.parse(queryKey) as unknown));
}

/**
 * One question to the file's decoded view, not cached (not a hook: for event handlers whose
 * answer is big and used once, an export or a copy).
 */
export function askView<T>(
  fileId: string,
  query: unknown,
  onProgress?: (progress: JobProgress) => void,
): Promise<Result<T>> {
  return queries.askView<T>(fileId, query, onProgress);
}

/** Stops the file's running view requests (an export, a search): they answer CANCELLED. */
export function cancelView(fileId: string): void {
  queries.cancelView(fileId);
}

/** The image some content holds (null when none): a texture, or an entry that is an image file. */
export function useImageInfo(fileId: string, ref: ContentRef): QueryState<ImageInfo | null> {
  const stable = useStableRef(ref);
  const query = useMemo(() => queries.imageInfo(fileId, stable), [fileId, stable]);
  return useQuery(query);
}

/** One surface decoded in the worker (not a hook, not cached: the view holds the pixels). */
export function decodeImage(
  fileId: string,
  ref: ContentRef,
  surface: SurfaceRef,
): Promise<Result<DecodedImage>> {
  return queries.decodeImage(fileId, ref, surface);
}

/** One surface as a PNG made in the worker, for "Export PNG". */
export function imagePng(
  fileId: string,
  ref: ContentRef,
  surface: SurfaceRef,
): Promise<Result<Blob>> {
  return queries.imagePng(fileId, ref, surface);
}

/** The format an entry's content would open as (null when none): offers a nested open. */
export function useDetectedFormat(
  fileId: string | null,
  entryIndex: number,
): QueryState<DetectedFormat | null> {
  const query = useMemo(
    () => (fileId === null || entryIndex < 0 ? null : queries.detectedFormat(fileId, entryIndex)),
    [fileId, entryIndex],
  );
  return useQuery(query);
}

/**
 * Pages of some content for the hex view: say what is on screen with `pages.want(start,
 * end)`, read bytes with `pages.byteAt(offset)`; `version` moves when a page arrives.
 */
export function useContentPages(
  fileId: string,
  ref: ContentRef,
  size: number,
): ContentPagesSnapshot {
  const stable = useStableRef(ref);
  const subscribe = useCallback(
    (listener: () => void) => queries.pages.subscribe(fileId, stable, size, listener),
    [fileId, stable, size],
  );
  const getSnapshot = useCallback(
    () => queries.pages.read(fileId, stable, size),
    [fileId, stable, size],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export interface DigestJob {
  state: DigestState;
  start(): void;
  cancel(): void;
}

/**
 * Checksums of some content, computed on demand (`start`), or by themselves once the page is
 * idle with `auto`. Kept per file and content; a running one stops when no view shows it.
 */
export function useDigest(
  fileId: string,
  ref: ContentRef,
  options: { auto?: boolean } = {},
): DigestJob {
  const stable = useStableRef(ref);
  const auto = options.auto ?? false;
  const subscribe = useCallback(
    (listener: () => void) => queries.digests.subscribe(fileId, stable, listener, auto),
    [fileId, stable, auto],
  );
  const getSnapshot = useCallback(() => queries.digests.read(fileId, stable), [fileId, stable]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useMemo(
    () => ({
      state,
      start: () => queries.digests.start(fileId, stable),
      cancel: () => queries.digests.cancel(fileId, stable),
    }),
    [state, fileId, stable],
  );
}

/**
 * What a view wants to find again when it comes back to a file (a level view's camera),
 * kept while the file is open. Not a subscription: read it when mounting.
 */
export const fileMemory = {
  recall<T>(fileId: string, slot: string): T | undefined {
    return queries.memory.recall<T>(fileId, slot);
  },
  remember<T>(fileId: string, slot: string, value: T): void {
    queries.memory.remember(fileId, slot, value);
  },
};
