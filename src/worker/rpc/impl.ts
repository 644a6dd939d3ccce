/**
 * The decoder worker's implementation of DecoderApi for one opened session: it opens the
 * session through the registry, streams its nodes into the tree, serves pages of rows and
 * byte ranges, and runs cancellable jobs. Nothing here knows a format: what a session can do
 * it says through its capabilities. Every method returns errors as data (Result), never
 * throws across the boundary.
 */
import { BlobByteSource, type ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { digestBytes, digestRange } from '../../binary/hashes.ts';
import { HttpByteSource } from '../../binary/http-source.ts';
import { installReport } from '../../formats/install-report.ts';
import type {
  ContentRef,
  FileTail,
  FormatModule,
  InstallCheckResult,
  Session,
  Span,
  ViewCapability,
} from '../../formats/model.ts';
import {
  DETECT_HEAD_LENGTH,
  DETECT_TAIL_LENGTH,
  tailOf,
  FORMATS,
  RAW_FORMAT,
  detectFormat,
  formatModule,
  sideInputKinds,
  type FormatId,
} from '../../formats/registry.ts';
import { readInOrder } from '../jobs/content-prefetch.ts';
import {
  findInContent,
  findStrings,
  type ContentReader,
  type SearchSteps,
} from '../jobs/content-search.ts';
import { JobRegistry, throttle, yieldBriefly } from '../jobs/jobs.ts';
import { searchContents } from '../jobs/contents-search.ts';
import { listingText, ownColumnIds } from '../jobs/listing-export.ts';
import { compileGrep } from '../../binary/grep-query.ts';
import { installCheckJob } from '../jobs/install-check.ts';
import { recheckMissing, verifyAll } from '../jobs/verify-all.ts';
import { buildZip } from '../jobs/zip-builder.ts';
import { documentNodeFileName } from '../jobs/content-names.ts';
import { workerServices } from '../services/services.ts';
import { EntryTree } from '../tree/entry-tree.ts';
import type {
  ByteRange,
  DecoderApi,
  EntryDetails,
  FileSummary,
  FolderItem,
  JobKind,
  JobProgress,
  NamedSource,
  TreeRow,
  ZipResult,
} from './api.ts';
import { ContentCache } from './content-cache.ts';
import { browserImageDecoder, createGallery, extensionOfPath, thumbnailBitmap } from './gallery.ts';
import { ThumbnailPool, type ThumbnailHelpers } from '../pools/thumbnail-pool.ts';
import { createImageAccess } from './images.ts';
import { buildPngZip } from '../jobs/png-zip.ts';
import { encodePngRgba } from '../../binary/tiny-png.ts';
import { transfer } from 'comlink';
import { attempt, attemptNow } from './result.ts';
import { openSession } from './open-file.ts';
import { unwrapSource } from '../../formats/wrapped-sources.ts';
import { NodeStatuses } from '../jobs/statuses.ts';
import { sessionTotals } from './totals.ts';
import { createCompareMethods } from './compare.ts';
import { nodeFactsBuffers, nodeFactsOf } from '../../compare/node-facts.ts';

/** Paths cut out per step after an open (EntryTree.preparePaths): ~2 ms each. */
const PREPARE_PATHS_STEP = 25_000;
/** How long after an open's answer that starts: the page renders the opened file first. */
const PREPARE_PATHS_DELAY_MS = 100;
/** Trees smaller than this leave their paths to the first filter (~15 ms for this many). */
const PREPARE_PATHS_MIN_NODES = 200_000;
/** The start of a file kept by its source: a header and the first slice of a table (64 KiB). */
const OPEN_HEAD_SIZE = 128 * 1024;
/**
 * A file up to this size is read whole by the open's first read: each Blob read is a round
 * trip to the browser's file reader, which on a busy machine costs tens of milliseconds, and
 * an open reads the head, the tail (detection) and often all of a small file (a level).
 */
const OPEN_WHOLE_FILE_SIZE = 2 * 1024 * 1024;

const openHeadSize = (file: NamedSource): number =>
  'blob' in file && file.blob.size <= OPEN_WHOLE_FILE_SIZE ? file.blob.size : OPEN_HEAD_SIZE;

interface Opened {
  sources: ByteSource[];
  session: Session | null;
  /** The view the session offered while it opens, answering for what was read so far. */
  openingView: ViewCapability | null;
}

export interface DecoderOptions {
  /** Start helper workers a session may want later; off for the warm-up. */
  startsHelpersAhead?: boolean;
  /** The formats it reads: the registry's, or (tests) modules of their own first. */
  formats?: readonly FormatModule[];
  /** Workers that make gallery thumbnails beside it (default: a pool sized to the cores). */
  thumbnailHelpers?: ThumbnailHelpers | null;
}

/** A local file as a Blob source; a remote one read by Range requests with the worker's fetch. */
function sourceOf(file: NamedSource, headSize: number): ByteSource {
  if ('blob' in file) return new BlobByteSource(file.blob, file.name, { headSize });
  return new HttpByteSource(file.url, file.size, file.name, {
    fetch: (url, init) => fetch(url, init),
    head: file.head,
  });
}

function internal(detail: string): FormatError {
  return new FormatError({ code: ErrorCode.INTERNAL, offset: 0, detail });
}

/** A slice of bytes `[offset, offset + length)` clamped to `total`. */
function clampRange(offset: number, length: number, total: number): Span {
  const start = Math.min(Math.max(0, offset), total);
  return { offset: start, length: Math.max(0, Math.min(length, total - start)) };
}

export function createDecoderImpl(options: DecoderOptions = {}): DecoderApi {
  const formats = options.formats ?? FORMATS;
  const services = workerServices({
    startsHelpersAhead: options.startsHelpersAhead ?? true,
    formats,
  });
  let tree = new EntryTree();
  const jobs = new JobRegistry<JobKind>();
  const cache = new ContentCache();
  const warnings = new Map<number, string | null>();
  const statuses = new NodeStatuses();
  /** Set once Verify all has run: whether its last run was cancelled. */
  let lastVerify: { cancelled: boolean } | null = null;
  /** The last install check's result, for its report. */
  let lastInstall: InstallCheckResult | null = null;
  /** The folder handed over for the next install check. */
  let folder: FolderItem[] = [];
  let opened: Opened | null = null;

  function current(): Opened {
    if (!opened) throw internal('no file is open');
    return opened;
  }
  function sessionOf(): Session {
    const session = current().session;
    if (!session) throw internal('the file is still opening');
    return session;
  }
  /** The session's view, or while it opens, the view it offered then (null: none). */
  function viewOf(): ViewCapability | null {
    const { openingView } = current();
    return !current().session && openingView ? openingView : (sessionOf().view ?? null);
  }
  function contentOf(session: Session) {
    if (!session.content) {
      throw new FormatError({
        code: ErrorCode.BAD_VALUE,
        offset: 0,
        detail: `a ${session.label} has no content to read`,
      });
    }
    return session.content;
  }

  /**
   * Where a reference's bytes lie in a source as they are: the file, a stored entry, the
   * file as its own logical bytes. Null when they must be decoded.
   */
  function storedRange(ref: ContentRef): { source: ByteSource; span: Span } | null {
    const { sources, session } = current();
    const file = sources[0]!;
    if (ref.kind === 'file' || (ref.kind === 'logical' && !session?.logical)) {
      return { source: file, span: { offset: 0, length: file.size } };
    }
    if (ref.kind === 'logical') return null;
    if (ref.kind === 'stored') return storedBytesOf(ref.index);
    return contentOf(sessionOf()).storedSpan(ref.index);
  }

  /**
   * A node's bytes as stored (still compressed): where the session says, else (content it
   * can read) its stored span. Throws when no open source holds them.
   */
  function storedBytesOf(index: number): { source: ByteSource; span: Span } {
    const content = contentOf(sessionOf());
    const why = content.unavailable?.(index) ?? null;
    const range = content.storedBytes
      ? content.storedBytes(index)
      : why === null
        ? content.storedSpan(index)
        : null;
    if (range) return range;
    throw new FormatError({
      code: ErrorCode.MISSING_SOURCE,
      offset: 0,
      detail: why ?? `node ${index} is not stored as it is: its content is decoded`,
    });
  }

  /** Decoded bytes of a reference: the session's logical bytes, or a node's content (cached). */
  async function decoded(ref: ContentRef): Promise<Uint8Array> {
    if (ref.kind === 'logical') {
      const logical = sessionOf().logical;
      if (logical) return logical;
    }
    if (ref.kind !== 'node') throw internal('the file and stored bytes are read by range');
    const cached = cache.get(ref.index);
    if (cached) return cached;
    const result = await contentOf(sessionOf()).read(ref.index);
    warnings.set(ref.index, result.warning);
    cache.set(ref.index, result.bytes);
    return result.bytes;
  }

  /** The format some content would open as: its head and tail read by range where it can be. */
  async function formatOfContent(ref: ContentRef, name: string): Promise<FormatId> {
    const range = storedRange(ref);
    let head: Uint8Array;
    let tail: FileTail;
    if (range) {
      const { source, span } = range;
      head = await source.read(span.offset, Math.min(span.length, DETECT_HEAD_LENGTH));
      const tailLength = Math.min(span.length, DETECT_TAIL_LENGTH);
      tail = {
        bytes: await source.read(span.offset + span.length - tailLength, tailLength),
        size: span.length,
      };
    } else {
      const bytes = await decoded(ref);
      head = bytes.subarray(0, DETECT_HEAD_LENGTH);
      tail = tailOf(bytes);
    }
    return detectFormat(head, name, formats, tail);
  }

  const imageAccess = createImageAccess({
    session: sessionOf,
    content: (index) => decoded({ kind: 'node', index }),
    formatOf: (index, name) => formatOfContent({ kind: 'node', index }, name),
    services,
  });

  const gallery = createGallery({
    session: sessionOf,
    entriesUnder: (nodeIds) => tree.entriesUnder(nodeIds),
    pathOf: (index) => {
      const node = tree.nodeOf(index);
      return node >= 0 ? tree.pathOf(node) : sessionOf().nodeTable().path(index);
    },
    holderOf: (ref) => imageAccess.holderOf(ref),
    content: (index) => decoded({ kind: 'node', index }),
    nestedFile: (ref) => imageAccess.nestedFile(ref),
    services,
    browserImages: browserImageDecoder(),
    helpers:
      options.thumbnailHelpers === undefined ? new ThumbnailPool() : options.thumbnailHelpers,
  });

  /** Some content read in slices, for searches: stored bytes by range, others decoded once. */
  async function readerOf(ref: ContentRef): Promise<ContentReader> {
    const range = storedRange(ref);
    if (range) {
      const { source, span } = range;
      return {
        size: span.length,
        read: (offset, length) => source.read(span.offset + offset, length),
      };
    }
    const data = await decoded(ref);
    return {
      size: data.length,
      read: async (offset, length) => data.subarray(offset, offset + length),
    };
  }

  /** A search job over some content: cancellable, with progress in bytes. */
  function searchJob<T>(
    kind: 'find' | 'strings',
    ref: ContentRef,
    onProgress: (progress: JobProgress) => void,
    search: (reader: ContentReader, steps: SearchSteps) => Promise<T>,
  ) {
    return attempt(() =>
      jobs.run(kind, async (token) => {
        const report = throttle(onProgress);
        const steps: SearchSteps = {
          token,
          pause: yieldBriefly,
          progress: (done, total) => report({ done, total, label: 'searching' }),
        };
        return search(await readerOf(ref), steps);
      }),
    );
  }

  /** A node's content, for zips: stored ranges read as they are, others decoded. */
  async function nodeContent(index: number): Promise<Uint8Array> {
    const range = storedRange({ kind: 'node', index });
    if (range) return range.source.read(range.span.offset, range.span.length);
    return decoded({ kind: 'node', index });
  }

  function summary(session: Session, name: string): FileSummary {
    const { sources } = current();
    const root = tree.node(0);
    const count = session.nodeCount();
    // An archive's tree root already sums every node (no walk over a million of them).
    const entrySums =
      session.layout === 'archive' && root.entryCount === count
        ? { totalSize: root.size, totalStoredSize: root.storedSize }
        : null;
    const { totalSize, totalStoredSize } = sessionTotals(session, sources[0]!.size, entrySums);
    return {
      name,
      size: sources[0]!.size,
      format: session.format as FormatId,
      formatLabel: session.label,
      facts: session.facts,
      layout: session.layout,
      columnSets: { ...session.columnSets },
      capabilities: {
        content: session.content !== undefined,
        verify: session.verify !== undefined,
        view: session.view?.kind ?? null,
        sources: session.sources !== undefined,
        wrappedNode: session.wrappedNode ?? null,
        installCheck: session.installCheck !== undefined,
      },
      sources: session.sources?.used() ?? [sources[0]!.name],
      missingSources: session.sources?.missing() ?? [],
      entryCount: count,
      totalSize,
      totalStoredSize,
      issues: session.issues,
      fatal: session.fatal,
      rowCount: tree.rowCount(),
      verifySummary: lastVerify ? statuses.tally(count, lastVerify.cancelled) : null,
    };
  }

  /**
   * In a big tree, once the page has had a moment to show the opened file, the paths left
   * for later are cut out in small steps between other requests (EntryTree.preparePaths).
   * A smaller tree leaves them to the first filter, which then takes a few milliseconds
   * more, and keeps the memory they would take (~37 bytes a path) until then.
   */
  function preparePathsLater(forTree: EntryTree): void {
    if (forTree.nodeCount < PREPARE_PATHS_MIN_NODES) return;
    const step = () => {
      if (tree !== forTree || forTree.preparePaths(PREPARE_PATHS_STEP)) return;
      void yieldBriefly().then(step);
    };
    setTimeout(step, PREPARE_PATHS_DELAY_MS);
  }

  function row(session: Session | null, nodeId: number): TreeRow {
    const node = tree.node(nodeId);
    const index = node.entryIndex;
    const table = index >= 0 && session ? session.nodeTable() : null;
    const columnSet = (index >= 0 && session?.columnSetOf?.(index)) || 'default';
    const cells: TreeRow['cells'] = {};
    if (table && session?.cell) {
      for (const column of session.columnSets[columnSet] ?? []) {
        if (column.kind === 'text' || column.kind === 'number' || column.kind === 'hex') {
          cells[column.id] = session.cell(index, column.id);
        }
      }
    }
    return {
      nodeId,
      parentId: node.parentId,
      depth: node.depth,
      name: node.name,
      path: tree.pathOf(nodeId),
      kind: table
        ? (table.kind?.(index) ?? (session!.layout === 'archive' ? 'entry' : 'section'))
        : 'folder',
      isFolder: node.isFolder,
      isExpanded: node.isExpanded,
      entryIndex: index,
      size: node.size,
      storedSize: node.storedSize,
      isCompressed: table?.isCompressed?.(index) ?? false,
      checksum: table?.checksum?.(index) ?? null,
      status: index >= 0 ? statuses.get(index) : 'unchecked',
      entryCount: node.entryCount,
      columnSet,
      cells,
    };
  }

  const api: DecoderApi = {
    ...createCompareMethods({
      services,
      formats,
      jobs,
      sourceOf: (file) => sourceOf(file, 0),
      ownSession: () => opened?.session ?? null,
    }),
    nodeFacts() {
      const result = attemptNow(() => nodeFactsOf(sessionOf()));
      return result.ok ? transfer(result, nodeFactsBuffers(result.value)) : result;
    },
    open: (files, onProgress, openOptions = {}) =>
      attempt(async () => {
        if (files.length === 0) throw internal('no file to open');
        // The start of the file (all of a small one) is read once for the detection, the
        // header and the table.
        const sources = files.map((file, i) => sourceOf(file, i === 0 ? openHeadSize(file) : 0));
        const file: Opened = { sources, session: null, openingView: null };
        opened = file;
        file.session = await openSession(
          sources,
          services,
          onProgress,
          (opening) => {
            tree = opening;
          },
          formats,
          openOptions,
          (view) => {
            file.openingView = view;
          },
        );
        const value = summary(file.session, files[0]!.name);
        preparePathsLater(tree);
        return value;
      }),

    prepareSideInput: (kind, file) =>
      attempt(async () => {
        const prepare = sideInputKinds(formats).find((each) => each.kind === kind)?.prepare;
        if (!prepare) return null;
        const prepared = await prepare(new Uint8Array(await file.blob.arrayBuffer()));
        // A Blob crosses to the page without a copy, and the page keeps it as it is.
        return new Blob([prepared as Uint8Array<ArrayBuffer>]);
      }),

    addSources: (files: NamedSource[]) =>
      attempt(async () => {
        const session = sessionOf();
        const taker = session.sources;
        if (!taker) {
          throw new FormatError({
            code: ErrorCode.BAD_VALUE,
            offset: 0,
            detail: `a ${session.label} takes no other files`,
          });
        }
        // A wrapped file (`tank.dds.dvpl`) is offered as the file it wraps, as at the open.
        for (const file of files) {
          taker.add(await unwrapSource(sourceOf(file, 0), services, formats));
        }
        // Content that failed for want of a source may read now, and nodes that were missing
        // can be checked: their state says so, not "missing" still.
        cache.clear();
        recheckMissing(session, statuses);
        return summary(session, current().sources[0]!.name);
      }),

    getRows(start, count) {
      const session = opened?.session ?? null;
      return Array.from(tree.rowNodes(start, count), (nodeId) => row(session, nodeId));
    },
    rowCount: () => tree.rowCount(),
    setExpanded(nodeId, isExpanded) {
      tree.setExpanded(nodeId, isExpanded);
      return tree.rowCount();
    },
    setAllExpanded(isExpanded) {
      tree.setAllExpanded(isExpanded);
      return tree.rowCount();
    },
    rowIndexOf: (nodeId) => tree.rowIndexOf(nodeId),
    nodeIdOfPath: (path) => tree.nodeOfPath(path),
    setFilter(pattern) {
      const matchCount = tree.setFilter(pattern);
      return { rowCount: tree.rowCount(), matchCount };
    },

    entryDetails: (entryIndex) =>
      attemptNow((): EntryDetails => {
        const session = sessionOf();
        return {
          ...session.details(entryIndex),
          status: statuses.get(entryIndex),
          unavailable: session.content?.unavailable?.(entryIndex) ?? null,
        };
      }),

    readRange: (ref, offset, length) =>
      attempt(async (): Promise<ByteRange> => {
        const range = storedRange(ref);
        if (range) {
          const slice = clampRange(offset, length, range.span.length);
          const bytes = await range.source.read(range.span.offset + slice.offset, slice.length);
          return { bytes: bytes.slice(), totalSize: range.span.length, warning: null };
        }
        const data = await decoded(ref);
        const slice = clampRange(offset, length, data.length);
        return {
          bytes: data.slice(slice.offset, slice.offset + slice.length),
          totalSize: data.length,
          warning: ref.kind === 'node' ? (warnings.get(ref.index) ?? null) : null,
        };
      }),

    readBlob: (ref) =>
      attempt(async () => {
        const range = storedRange(ref);
        // Bytes that sit in a file as they are: a slice, nothing is read to download them.
        if (range && range.source instanceof BlobByteSource) {
          return range.source.blob.slice(range.span.offset, range.span.offset + range.span.length);
        }
        const bytes = range
          ? await range.source.read(range.span.offset, range.span.length)
          : await decoded(ref);
        return new Blob([bytes as Uint8Array<ArrayBuffer>]);
      }),

    fileNameOf: (ref, name) =>
      attempt(async () => {
        const session = sessionOf();
        if (session.layout !== 'document' || ref.kind !== 'node') return name;
        return documentNodeFileName(name, await decoded(ref), formats);
      }),

    describeImage: (ref) => imageAccess.describe(ref),
    decodeImage: (ref, surface) => imageAccess.decode(ref, surface),
    imagePng: (ref, surface) => imageAccess.png(ref, surface),

    galleryImages: (scope) =>
      attempt(() => jobs.run('gallery', (token) => gallery.list(scope, token))),

    imageThumbnail: async (ref, request) => {
      const answer = await attempt(() => gallery.thumbnail(ref, request.box, request.id));
      if (!answer.ok) return answer;
      const bitmap = await thumbnailBitmap(answer.value);
      if (bitmap) {
        const value = { ...answer.value, rgba: new Uint8Array(0), bitmap };
        return transfer({ ok: true, value }, [bitmap]);
      }
      // A thumbnail that is a view of a bigger buffer is copied: only its own bytes move.
      const { rgba } = answer.value;
      const own = rgba.byteLength === rgba.buffer.byteLength ? rgba : rgba.slice();
      return transfer({ ok: true, value: { ...answer.value, rgba: own } }, [own.buffer]);
    },

    cancelThumbnails: (ids) => gallery.cancelThumbnails(ids),

    galleryPngZip: (scope, onProgress) =>
      attempt(() =>
        jobs.run('png-zip', async (token): Promise<ZipResult> => {
          const items = await gallery.list(scope, token);
          const report = throttle(onProgress, 50);
          const outcome = await buildPngZip(
            items.map((item) => ({
              path: item.path,
              async png() {
                const ref = { kind: 'node', index: item.entryIndex } as const;
                const image = await gallery.imageOf(ref);
                // A PNG is stored as it is: converting it would only re-encode its pixels.
                if (image.kind === 'browser' && extensionOfPath(item.path) === 'png') {
                  return { bytes: await decoded(ref), isOwnBytes: true };
                }
                const { width, height, rgba } = await gallery.pixelsOf(image, null, token);
                return { bytes: encodePngRgba(width, height, rgba), isOwnBytes: false };
              },
            })),
            token,
            (done, total, label) => report({ done, total, label }, done === total),
            yieldBriefly,
          );
          return outcome;
        }),
      ),

    detectContent: (ref, name) =>
      attempt(async () => {
        const format = await formatOfContent(ref, name);
        if (format === RAW_FORMAT) return null;
        return { format, label: formatModule(format, formats).label };
      }),

    digest: (ref, onProgress) =>
      attempt(() =>
        jobs.run('digest', async (token) => {
          const report = throttle(onProgress);
          const range = storedRange(ref);
          if (range) {
            const { source, span } = range;
            return digestRange(
              source,
              span.offset,
              span.length,
              (done) => report({ done, total: span.length, label: 'hashing' }),
              () => token.isCancelled,
              // A file's checksums start once the page is idle: its next question is not kept waiting.
              yieldBriefly,
            ).catch((error: unknown) => {
              token.throwIfCancelled();
              throw error;
            });
          }
          report({ done: 0, total: 1, label: 'inflating' }, true);
          const data = await decoded(ref);
          token.throwIfCancelled();
          return digestBytes(data);
        }),
      ),

    verifyAll: (onProgress) =>
      attempt(() =>
        jobs.run('verify', async (token) => {
          const summary = await verifyAll(sessionOf(), statuses, onProgress, token);
          lastVerify = { cancelled: summary.cancelled };
          return summary;
        }),
      ),

    addFolderFiles(files, isFirst) {
      if (isFirst) folder = [];
      for (const file of files) folder.push(file);
      return folder.length;
    },

    checkInstall: async (onProgress) => {
      const files = folder;
      folder = [];
      const opened = attemptNow(sessionOf);
      if (!opened.ok) return opened;
      // A list that was not read to its end is no list to check against: its error, with
      // the offset where it stopped.
      if (opened.value.fatal) return { ok: false, error: opened.value.fatal };
      return attempt(() =>
        jobs.run('install', async (token) => {
          const result = await installCheckJob(
            opened.value,
            files,
            services.checksums,
            onProgress,
            token,
          );
          lastInstall = result;
          return result;
        }),
      );
    },

    installReport: (kind) =>
      attemptNow(() => {
        if (!lastInstall) throw internal('no install check has run');
        const type = kind === 'json' ? 'application/json' : 'text/csv';
        return new Blob([installReport(lastInstall, kind)], { type });
      }),

    zip: (nodeIds, onProgress, options = {}) =>
      attempt(() =>
        jobs.run('zip', async (token): Promise<ZipResult> => {
          const session = sessionOf();
          const content = contentOf(session);
          const table = session.nodeTable();
          // Nodes whose content cannot be read stay out, counted, rather than failing the zip.
          let leftOut = 0;
          let leftOutReason: string | null = null;
          const indexes = tree.entriesUnder(nodeIds).filter((index) => {
            const why = content.unavailable?.(index) ?? null;
            if (why === null) return true;
            leftOut++;
            leftOutReason ??= `${table.path(index)}: ${why}`;
            return false;
          });
          // Nodes are read a few ahead of the zip, so helper workers inflate in parallel.
          const readAhead = readInOrder(indexes, nodeContent, (index) => table.size(index));
          const folder = options.folder === undefined ? '' : `${options.folder}/`;
          const items = indexes.map((index, position) => ({
            path: `${folder}${table.path(index)}`,
            size: table.size(index),
            read: () => readAhead(position),
          }));
          const report = throttle(onProgress, 50);
          // A document's nodes are named by keys: they get the extension of what they hold.
          const nameOf =
            session.layout === 'document'
              ? (path: string, data: Uint8Array) => documentNodeFileName(path, data, formats)
              : undefined;
          const blob = await buildZip(
            items,
            token,
            (done, total, label) => report({ done, total, label }, done === total),
            nameOf ? { nameOf } : {},
          );
          return { blob, entryCount: items.length, leftOut, leftOutReason };
        }),
      ),

    documentView: () => {
      // A model that did not decode is no level or tree to show: its error, with its offset.
      const fatal = opened?.session?.fatal;
      if (fatal) return { ok: false, error: fatal };
      return attemptNow(() => {
        const view = viewOf();
        if (!view) {
          throw new FormatError({
            code: ErrorCode.BAD_VALUE,
            offset: 0,
            detail: 'this file has no decoded view',
          });
        }
        return { kind: view.kind, data: view.data() };
      });
    },

    viewRequest: (query, onProgress) =>
      attempt(() =>
        jobs.run('view', async (token) => {
          const view = viewOf();
          if (!view?.request) {
            throw new FormatError({
              code: ErrorCode.BAD_VALUE,
              offset: 0,
              detail: 'this file has no decoded view that answers questions',
            });
          }
          const report = onProgress ? throttle(onProgress) : null;
          return view.request(query, {
            signal: token,
            pause: yieldBriefly,
            progress: (done, total, label) => report?.({ done, total, label }),
          });
        }),
      ),

    findInContent: (ref, query, onProgress) =>
      searchJob('find', ref, onProgress, (reader, steps) => findInContent(reader, query, steps)),

    searchContents: (query, onUpdate) =>
      attempt(() =>
        jobs.run('search', (token) => {
          const compiled = compileGrep(query);
          const session = sessionOf();
          return searchContents({
            query: compiled,
            indexes: tree.entriesUnder(query.nodeIds),
            table: session.nodeTable(),
            content: contentOf(session),
            storedRange: (index) => storedRange({ kind: 'node', index }),
            maxHits: query.maxHits,
            token,
            onUpdate,
          });
        }),
      ),

    exportListing: (scope, kind) =>
      attemptNow(() => {
        const session = sessionOf();
        const pageSize = 10_000;
        function* pages() {
          if (scope === 'visible') {
            const count = tree.rowCount();
            for (let start = 0; start < count; start += pageSize) {
              yield Array.from(tree.rowNodes(start, pageSize), (nodeId) => row(session, nodeId));
            }
            return;
          }
          const nodes = tree
            .entriesUnder([])
            .map((index) => tree.nodeOf(index))
            .filter((nodeId) => nodeId >= 0);
          for (let start = 0; start < nodes.length; start += pageSize) {
            yield nodes.slice(start, start + pageSize).map((nodeId) => row(session, nodeId));
          }
        }
        const text = listingText(pages(), ownColumnIds(session.columnSets), kind);
        return new Blob(text, { type: kind === 'csv' ? 'text/csv' : 'application/json' });
      }),

    contentStrings: (ref, query, onProgress) =>
      searchJob('strings', ref, onProgress, (reader, steps) => findStrings(reader, query, steps)),

    ping: () => 'pong',

    cancel(kind) {
      jobs.cancel(kind);
    },
  };
  return api;
}
