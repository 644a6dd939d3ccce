/**
 * The decoder worker's implementation of DecoderApi for one opened file: it detects the
 * format, streams entries into the tree, serves pages of rows and byte ranges, and runs
 * cancellable jobs. Every method returns errors as data (Result), never throws across
 * the boundary.
 */
import { BlobByteSource, type ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { digestBytes, digestRange } from '../../binary/hashes.ts';
import type { ArchiveAdapter } from '../adapters/adapter.ts';
import {
  LOGICAL,
  WHOLE_FILE,
  type ByteRange,
  type DecoderApi,
  type EntryDetails,
  type EntryStatus,
  type JobKind,
  type FileSummary,
  type Result,
  type TreeRow,
} from './api.ts';
import { EntryTree } from '../tree/entry-tree.ts';
import { JobRegistry, throttle, yieldBriefly } from '../jobs/jobs.ts';
import { readInOrder } from '../jobs/content-prefetch.ts';
import { openFile } from './open-file.ts';
import { buildZip } from '../jobs/zip-builder.ts';

/** Paths cut out per step after an open (EntryTree.preparePaths): ~2 ms each. */
const PREPARE_PATHS_STEP = 25_000;
/** How long after an open's answer that starts: the page renders the opened file first. */
const PREPARE_PATHS_DELAY_MS = 100;
/** Trees smaller than this leave their paths to the first filter (~15 ms for this many). */
const PREPARE_PATHS_MIN_NODES = 200_000;

const STATUS_NAMES: EntryStatus[] = ['unchecked', 'ok', 'mismatch', 'unpatched', 'error'];
const CACHE_BYTES = 256 * 1024 * 1024;
/** The start of a file kept by its source: a header and the first slice of a KIWAD journal (64 KiB). */
const OPEN_HEAD_SIZE = 128 * 1024;

function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}
function failed<T>(error: unknown): Result<T> {
  return { ok: false, error: toErrorInfo(error) };
}
async function attempt<T>(work: () => Promise<T> | T): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    return failed(error);
  }
}

interface OpenedFile {
  blob: Blob;
  source: ByteSource;
  adapter: ArchiveAdapter | null;
}

/** Inflated contents of recently viewed entries, so paging a hex view does not re-inflate. */
class ContentCache {
  private readonly items = new Map<number, Uint8Array>();
  private bytes = 0;
  get(key: number): Uint8Array | undefined {
    const value = this.items.get(key);
    if (value) {
      this.items.delete(key);
      this.items.set(key, value);
    }
    return value;
  }
  set(key: number, value: Uint8Array): void {
    if (value.length > CACHE_BYTES) return;
    this.items.set(key, value);
    this.bytes += value.length;
    for (const [oldKey, oldValue] of this.items) {
      if (this.bytes <= CACHE_BYTES) break;
      this.items.delete(oldKey);
      this.bytes -= oldValue.length;
    }
  }
}

export interface DecoderOptions {
  /** Start helper workers an opened file may want later (OpenHooks); off for the warm-up. */
  startsHelpersAhead?: boolean;
}

export function createDecoderImpl(options: DecoderOptions = {}): DecoderApi {
  const startsHelpersAhead = options.startsHelpersAhead ?? true;
  let tree = new EntryTree();
  const jobs = new JobRegistry<JobKind>();
  const cache = new ContentCache();
  const warnings = new Map<number, string | null>();
  let statuses = new Uint8Array(0);
  let opened: OpenedFile | null = null;

  function current(): OpenedFile {
    if (!opened)
      throw new FormatError({ code: ErrorCode.INTERNAL, offset: 0, detail: 'no file is open' });
    return opened;
  }
  function adapterOf(): ArchiveAdapter {
    const adapter = current().adapter;
    if (!adapter)
      throw new FormatError({
        code: ErrorCode.INTERNAL,
        offset: 0,
        detail: 'the file is still opening',
      });
    return adapter;
  }
  function statusOf(entryIndex: number): EntryStatus {
    return STATUS_NAMES[statuses[entryIndex] ?? 0] ?? 'unchecked';
  }
  function setStatus(entryIndex: number, status: EntryStatus): void {
    if (entryIndex >= statuses.length) {
      const grown = new Uint8Array(Math.max(entryIndex + 1, statuses.length * 2));
      grown.set(statuses);
      statuses = grown;
    }
    statuses[entryIndex] = STATUS_NAMES.indexOf(status);
  }

  /** Content of an entry (inflated), cached; the whole file is never loaded this way. */
  async function content(entryIndex: number): Promise<Uint8Array> {
    const cached = cache.get(entryIndex);
    if (cached) return cached;
    const adapter = adapterOf();
    const range = fileRange(entryIndex);
    if (range) return current().source.read(range.offset, range.length);
    const result = await adapter.readContent(entryIndex);
    warnings.set(entryIndex, result.warning);
    cache.set(entryIndex, result.bytes);
    return result.bytes;
  }

  /** The decoded bytes a LOGICAL reference means, when the file has them (documents). */
  function logicalOf(entryIndex: number): Uint8Array | null {
    return entryIndex === LOGICAL ? (opened?.adapter?.logical ?? null) : null;
  }

  /**
   * Where a reference's content lies in the file as is: the whole file, or a stored archive
   * entry. Null when it must be decoded (compressed entries, document sections).
   */
  function fileRange(entryIndex: number): { offset: number; length: number } | null {
    const { source } = current();
    if (entryIndex === WHOLE_FILE || entryIndex === LOGICAL)
      return { offset: 0, length: source.size };
    const adapter = adapterOf();
    const entry = adapter.entry(entryIndex);
    if (entry.isCompressed || adapter.kind === 'document') return null;
    return { offset: entry.dataOffset, length: entry.storedSize };
  }

  function summary(adapter: ArchiveAdapter, file: OpenedFile, name: string): FileSummary {
    let totalSize = 0;
    let totalStoredSize = 0;
    const root = tree.node(0);
    if (!adapter.isDocument && root.entryCount === adapter.entryCount()) {
      // The tree's root already sums every entry (no walk over a million entry objects).
      totalSize = root.size;
      totalStoredSize = root.storedSize;
    } else {
      for (let i = 0; i < adapter.entryCount(); i++) {
        const entry = adapter.entry(i);
        totalSize += entry.size;
        totalStoredSize += entry.storedSize;
      }
    }
    return {
      name,
      size: file.source.size,
      format: adapter.format,
      kind: adapter.kind,
      formatLabel: adapter.formatLabel,
      details: adapter.details,
      entryCount: adapter.entryCount(),
      totalSize,
      totalStoredSize,
      issues: adapter.issues,
      fatal: adapter.fatal,
      rowCount: tree.rowCount(),
    };
  }

  /**
   * In a big tree, once the page has had a moment to show the opened file, the entry paths
   * left for later are cut out in small steps between other requests (EntryTree.preparePaths).
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

  const api: DecoderApi = {
    open: (file, name, onProgress) =>
      attempt(async () => {
        // The start of the file is read once for the detection, the header and the table.
        const source = new BlobByteSource(file, name, { headSize: OPEN_HEAD_SIZE });
        const file_: OpenedFile = { blob: file, source, adapter: null };
        opened = file_;
        file_.adapter = await openFile(
          source,
          name,
          onProgress,
          (opening) => {
            tree = opening;
          },
          startsHelpersAhead,
        );
        const value = summary(file_.adapter, file_, name);
        preparePathsLater(tree);
        return value;
      }),

    getRows(start, count) {
      const adapter = opened?.adapter ?? null;
      const rows: TreeRow[] = [];
      for (const nodeId of tree.rowNodes(start, count)) {
        const node = tree.node(nodeId);
        const entry = node.entryIndex >= 0 && adapter ? adapter.entry(node.entryIndex) : null;
        rows.push({
          nodeId,
          parentId: node.parentId,
          depth: node.depth,
          name: node.name,
          path: tree.pathOf(nodeId),
          isFolder: node.isFolder,
          isExpanded: node.isExpanded,
          entryIndex: node.entryIndex,
          size: node.size,
          storedSize: node.storedSize,
          isCompressed: entry?.isCompressed ?? false,
          crc: entry?.crc ?? null,
          status: node.entryIndex >= 0 ? statusOf(node.entryIndex) : 'unchecked',
          entryCount: node.entryCount,
        });
      }
      return rows;
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
    setFilter(pattern) {
      const matchCount = tree.setFilter(pattern);
      return { rowCount: tree.rowCount(), matchCount };
    },

    entryDetails(entryIndex) {
      try {
        const adapter = adapterOf();
        const entry = adapter.entry(entryIndex);
        const details: EntryDetails = {
          entryIndex,
          path: entry.path,
          dataOffset: entry.dataOffset,
          size: entry.size,
          storedSize: entry.storedSize,
          isCompressed: entry.isCompressed,
          crc: entry.crc,
          status: statusOf(entryIndex),
          fields: adapter.fields(entryIndex),
          recordOffset: entry.recordOffset,
          recordLength: entry.recordLength,
          span:
            adapter.kind === 'document' ? { offset: entry.dataOffset, length: entry.size } : null,
        };
        return ok(details);
      } catch (error) {
        return failed(error);
      }
    },

    readRange: (entryIndex, offset, length) =>
      attempt(async (): Promise<ByteRange> => {
        const logical = logicalOf(entryIndex);
        const range = logical ? null : fileRange(entryIndex);
        if (range) {
          const start = Math.min(Math.max(0, offset), range.length);
          const take = Math.max(0, Math.min(length, range.length - start));
          const bytes = await current().source.read(range.offset + start, take);
          return { bytes: bytes.slice(), totalSize: range.length, warning: null };
        }
        const data = logical ?? (await content(entryIndex));
        const start = Math.min(Math.max(0, offset), data.length);
        return {
          bytes: data.slice(start, start + Math.max(0, length)),
          totalSize: data.length,
          warning: warnings.get(entryIndex) ?? null,
        };
      }),

    readBlob: (entryIndex) =>
      attempt(async () => {
        const logical = logicalOf(entryIndex);
        if (logical) return new Blob([logical as Uint8Array<ArrayBuffer>]);
        const range = fileRange(entryIndex);
        // Bytes that sit in the file as they are: a slice, nothing is read to download them.
        if (range) return current().blob.slice(range.offset, range.offset + range.length);
        return new Blob([(await content(entryIndex)) as Uint8Array<ArrayBuffer>]);
      }),

    digest: (entryIndex, onProgress) =>
      attempt(() =>
        jobs.run('digest', async (token) => {
          const report = throttle(onProgress);
          const logical = logicalOf(entryIndex);
          const range = logical ? null : fileRange(entryIndex);
          if (range) {
            return digestRange(
              current().source,
              range.offset,
              range.length,
              (done) => report({ done, total: range.length, label: 'hashing' }),
              () => token.isCancelled,
            ).catch((error: unknown) => {
              token.throwIfCancelled();
              throw error;
            });
          }
          report({ done: 0, total: 1, label: 'inflating' }, true);
          const data = logical ?? (await content(entryIndex));
          token.throwIfCancelled();
          return digestBytes(data);
        }),
      ),
    verifyAll: (onProgress) =>
      attempt(() =>
        jobs.run('verify', async (token) => {
          const adapter = adapterOf();
          const count = adapter.entryCount();
          const fileSize = current().source.size;
          const indexes: number[] = [];
          const tally = {
            ok: 0,
            mismatched: 0,
            unpatched: 0,
            errors: 0,
            checked: 0,
            cancelled: false,
          };
          let bytesTotal = 0;
          for (let i = 0; i < count; i++) {
            const storedSize = adapter.storedSize(i);
            // Entries of a damaged table may point past the end: they cannot be checked.
            if (adapter.dataOffset(i) + storedSize > fileSize) {
              setStatus(i, 'error');
              tally.errors++;
              tally.checked++;
              continue;
            }
            indexes.push(i);
            bytesTotal += storedSize;
          }
          let bytesDone = 0;
          const report = throttle(onProgress, 50);
          report({ entriesDone: 0, entryCount: count, bytesDone, bytesTotal }, true);
          try {
            await adapter.verify(
              indexes,
              (entryIndex, status, storedBytes) => {
                setStatus(entryIndex, status);
                tally.checked++;
                bytesDone += storedBytes;
                if (status === 'ok') tally.ok++;
                else if (status === 'mismatch') tally.mismatched++;
                else if (status === 'unpatched') tally.unpatched++;
                else tally.errors++;
                report({ entriesDone: tally.checked, entryCount: count, bytesDone, bytesTotal });
              },
              token,
            );
          } catch (error) {
            if (!token.isCancelled) throw error;
            tally.cancelled = true;
          }
          onProgress({ entriesDone: tally.checked, entryCount: count, bytesDone, bytesTotal });
          return tally;
        }),
      ),

    zip: (nodeIds, onProgress) =>
      attempt(() =>
        jobs.run('zip', async (token) => {
          const adapter = adapterOf();
          const entryIndexes = tree.entriesUnder(nodeIds);
          // Entries are read a few ahead of the zip, so helper workers inflate in parallel.
          const readAhead = readInOrder(
            entryIndexes,
            content,
            (entryIndex) => adapter.entry(entryIndex).size,
          );
          const items = entryIndexes.map((entryIndex, position) => {
            const entry = adapter.entry(entryIndex);
            return { path: entry.path, size: entry.size, read: () => readAhead(position) };
          });
          const report = throttle(onProgress, 50);
          return buildZip(items, token, (done, total, label) =>
            report({ done, total, label }, done === total),
          );
        }),
      ),

    documentView() {
      try {
        const document = adapterOf().document;
        if (!document) {
          throw new FormatError({
            code: ErrorCode.BAD_VALUE,
            offset: 0,
            detail: 'this file is not a document',
          });
        }
        return ok(document);
      } catch (error) {
        return failed(error);
      }
    },

    ping: () => 'pong',

    cancel(kind) {
      jobs.cancel(kind);
    },
  };
  return api;
}
