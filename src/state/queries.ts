/**
 * What views read from a file, by file id: the queries of the cache (query-cache.ts), the
 * hex view's page caches (content-pages.ts) and the digests (digests.ts). Each query asks the
 * file's decoder; a closed file or a dead worker answers an error at once instead of a call
 * that would never return. hooks.ts binds these to React.
 */
import { ErrorCode } from '../binary/format-error.ts';
import {
  nodeRef,
  type ByteRange,
  type ContentRef,
  type DecodedImage,
  type DocumentView,
  type EntryDetails,
  type ImageInfo,
  type SurfaceRef,
  type JobProgress,
  type DetectedFormat,
  type Result,
} from '../worker/rpc/api.ts';
import type { FileDecoder } from '../worker/rpc/client.ts';
import { createContentPages, type ContentPagesStore } from './content-pages.ts';
import { refKey } from './content-ref.ts';
import { createDigestStore, type DigestStore } from './digests.ts';
import { errorInfoOf, failure } from './errors.ts';
import { createQueryCache, type Query, type QueryCache } from './query-cache.ts';
import type { OpenFile } from './types.ts';

/** Content as an object URL (for <img> and <audio>), revoked when it leaves the cache. */
export interface ContentUrl {
  url: string;
  /** Bytes of the content. */
  size: number;
}

/** Per-file memory of views (a level view's camera), dropped with the file. */
export interface FileMemory {
  recall<T>(fileId: string, slot: string): T | undefined;
  remember<T>(fileId: string, slot: string, value: T): void;
}

export interface Queries {
  cache: QueryCache;
  pages: ContentPagesStore;
  digests: DigestStore;
  memory: FileMemory;
  entryDetails(fileId: string, entryIndex: number): Query<EntryDetails>;
  contentRange(fileId: string, ref: ContentRef, offset: number, length: number): Query<ByteRange>;
  contentBlob(fileId: string, ref: ContentRef): Query<Blob>;
  /** The content typed as `mime` (the worker does not know what the bytes are). */
  contentUrl(fileId: string, ref: ContentRef, mime: string): Query<ContentUrl>;
  documentView(fileId: string): Query<DocumentView>;
  /**
   * An answer of the file's decoded view to `query` (plain data, typed by the view that
   * asks); cached by `queryKey`, which must name the query.
   */
  viewAnswer<T>(fileId: string, queryKey: string, query: unknown): Query<T>;
  /**
   * The same question asked once and not cached: for actions whose answer is big and used
   * once (an export, a copy), which would only crowd the cache.
   */
  askView<T>(
    fileId: string,
    query: unknown,
    onProgress?: (progress: JobProgress) => void,
  ): Promise<Result<T>>;
  /** Stops the file's running view requests (they answer CANCELLED). */
  cancelView(fileId: string): void;
  /** The image some content holds (a texture, or an entry that is an image file); null: none. */
  imageInfo(fileId: string, ref: ContentRef): Query<ImageInfo | null>;
  /** One surface decoded to RGBA in the worker: not cached (big, and held by the view). */
  decodeImage(fileId: string, ref: ContentRef, surface: SurfaceRef): Promise<Result<DecodedImage>>;
  /** One surface as a PNG made in the worker, for a download. */
  imagePng(fileId: string, ref: ContentRef, surface: SurfaceRef): Promise<Result<Blob>>;
  /** The format an entry's content would open as (for a nested open); `raw` when none. */
  detectedFormat(fileId: string, entryIndex: number): Query<DetectedFormat | null>;
  /** Content may have changed: after an added source, failed reads are tried again. */
  contentChanged(fileId: string): void;
  /** Checksum states changed (a verify): details are read again. */
  statusesChanged(fileId: string): void;
  /** The file closed or its worker died: everything of it goes. */
  dropFile(fileId: string): void;
}

/** The last part of a `/`-separated path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function createQueries(getFile: (fileId: string) => OpenFile | undefined): Queries {
  const cache = createQueryCache();

  function decoderOf(fileId: string): FileDecoder | null {
    const file = getFile(fileId);
    return file && !file.hasCrashed ? file.decoder : null;
  }

  /** One call to a file's decoder; a rejected call becomes an error answer. */
  function ask<T>(
    fileId: string,
    what: string,
    call: (decoder: FileDecoder) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    const file = getFile(fileId);
    if (!file) return Promise.resolve(failure(`${what} failed: the file is closed`));
    if (file.hasCrashed) {
      return Promise.resolve(failure(`${what} failed: the decoder of ${file.name} stopped`));
    }
    return call(file.decoder).catch((error: unknown): Result<T> => ({
      ok: false,
      error: errorInfoOf(error, what),
    }));
  }

  const key = (fileId: string, ...parts: (string | number)[]) => [fileId, ...parts].join('\u0000');

  const contentBlob = (fileId: string, ref: ContentRef): Query<Blob> => ({
    key: key(fileId, 'blob', refKey(ref)),
    fileId,
    topic: 'content',
    load: () => ask(fileId, 'reading the content', (decoder) => decoder.readBlob(ref)),
    weigh: (blob) => blob.size,
  });

  const entryDetails = (fileId: string, entryIndex: number): Query<EntryDetails> => ({
    key: key(fileId, 'details', entryIndex),
    fileId,
    topic: 'details',
    load: () =>
      ask(fileId, `reading entry #${entryIndex}`, (decoder) => decoder.entryDetails(entryIndex)),
  });

  const pages = createContentPages((fileId, ref, offset, length) =>
    ask(fileId, `reading bytes at 0x${offset.toString(16).toUpperCase()}`, (decoder) =>
      decoder.readRange(ref, offset, length),
    ),
  );
  const digests = createDigestStore(decoderOf);
  const memories = new Map<string, Map<string, unknown>>();
  const memory: FileMemory = {
    recall: <T>(fileId: string, slot: string) => memories.get(fileId)?.get(slot) as T | undefined,
    remember(fileId, slot, value) {
      if (!getFile(fileId)) return;
      const slots = memories.get(fileId) ?? new Map<string, unknown>();
      slots.set(slot, value);
      memories.set(fileId, slots);
    },
  };

  return {
    cache,
    pages,
    digests,
    memory,
    entryDetails,
    contentBlob,

    contentRange: (fileId, ref, offset, length) => ({
      key: key(fileId, 'range', refKey(ref), offset, length),
      fileId,
      topic: 'content',
      load: () =>
        ask(fileId, 'reading the content', (decoder) => decoder.readRange(ref, offset, length)),
      weigh: (range) => range.bytes.length,
    }),

    contentUrl: (fileId, ref, mime) => ({
      key: key(fileId, 'url', refKey(ref), mime),
      fileId,
      topic: 'content',
      async load(): Promise<Result<ContentUrl>> {
        const blob = await cache.fetch(contentBlob(fileId, ref));
        if (blob.status === 'error') return { ok: false, error: blob.error };
        if (blob.status !== 'ok') return failure('reading the content failed');
        // Slicing re-types the bytes and shares them: no copy.
        const typed = blob.value.slice(0, blob.value.size, mime);
        return { ok: true, value: { url: URL.createObjectURL(typed), size: typed.size } };
      },
      weigh: (content) => content.size,
      release: (content) => URL.revokeObjectURL(content.url),
    }),

    documentView: (fileId) => ({
      key: key(fileId, 'view'),
      fileId,
      topic: 'view',
      load: () => ask(fileId, 'reading the document', (decoder) => decoder.documentView()),
    }),

    viewAnswer: <T>(fileId: string, queryKey: string, query: unknown): Query<T> => ({
      key: key(fileId, 'view', queryKey),
      fileId,
      topic: 'view',
      async load() {
        const viewRequest = (decoder: FileDecoder) => decoder.viewRequest(query);
        const answer = await ask(fileId, 'asking the decoded view', viewRequest);
        // A cancel meant for an export (`cancelView`) also stops the answers a view watches
        // (a page of rows) that were running then: those are asked again, not kept as errors.
        if (answer.ok || answer.error.code !== ErrorCode.CANCELLED) return answer as Result<T>;
        return (await ask(fileId, 'asking the decoded view', viewRequest)) as Result<T>;
      },
    }),

    askView: <T>(
      fileId: string,
      query: unknown,
      onProgress?: (progress: JobProgress) => void,
    ): Promise<Result<T>> =>
      ask(fileId, 'asking the decoded view', (decoder) =>
        onProgress ? decoder.viewRequest(query, onProgress) : decoder.viewRequest(query),
      ) as Promise<Result<T>>,

    cancelView(fileId) {
      decoderOf(fileId)?.cancel('view');
    },

    imageInfo: (fileId, ref) => ({
      key: key(fileId, 'image', refKey(ref)),
      fileId,
      topic: 'content',
      load: () => ask(fileId, 'reading the image', (decoder) => decoder.describeImage(ref)),
    }),

    decodeImage: (fileId, ref, surface) =>
      ask(fileId, 'decoding the image', (decoder) => decoder.decodeImage(ref, surface)),

    imagePng: (fileId, ref, surface) =>
      ask(fileId, 'exporting the image', (decoder) => decoder.imagePng(ref, surface)),

    detectedFormat: (fileId, entryIndex) => ({
      key: key(fileId, 'format', entryIndex),
      fileId,
      topic: 'content',
      async load(): Promise<Result<DetectedFormat | null>> {
        const details = await cache.fetch(entryDetails(fileId, entryIndex));
        if (details.status === 'error') return { ok: false, error: details.error };
        if (details.status !== 'ok') return failure('reading the entry failed');
        const name = baseName(details.value.path);
        return ask(fileId, `detecting the format of ${name}`, (decoder) =>
          decoder.detectContent(nodeRef(entryIndex), name),
        );
      },
    }),

    contentChanged(fileId) {
      // Content a source lacked may read now, and an image or format not found may be found.
      cache.invalidate(fileId, ['content', 'view'], { onlyFailed: true, alsoEmpty: true });
      // Details say why content is unavailable; that may have changed.
      cache.invalidate(fileId, ['details']);
      pages.retryFailed(fileId);
      digests.retryFailed(fileId);
    },

    statusesChanged(fileId) {
      cache.invalidate(fileId, ['details']);
    },

    dropFile(fileId) {
      cache.dropFile(fileId);
      pages.dropFile(fileId);
      digests.dropFile(fileId);
      memories.delete(fileId);
    },
  };
}
