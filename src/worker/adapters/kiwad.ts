/**
 * KIWAD archives in the worker: streams the journal into the tree, reads entries on demand
 * and verifies KI-CRCs over stored bytes with coalesced reads.
 */
import { kiCrcKernel } from '../../binary/ki-crc-wasm.ts';
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import {
  KiwadEntryColumns,
  NAME_HINT,
  kiwadEntryFields,
  parseKiwadHeader,
  readKiwad,
  readKiwadEntry,
} from '../../formats/kiwad/read.ts';
import type { KiwadEntry } from '../../formats/kiwad/types.ts';
import type { EntryStatus } from '../rpc/api.ts';
import { readCoalesced } from '../../binary/coalesced-read.ts';
import { ContentPool } from '../pools/content-pool.ts';
import { canPipeline, CrcPool } from '../pools/crc-pipeline.ts';
import type { TreeEntrySource } from '../tree/entry-tree.ts';
import { ReadAheadSource } from '../../binary/read-ahead-source.ts';
import { yieldBriefly, yieldToEventLoop } from '../jobs/jobs.ts';
import type { ArchiveAdapter, OpenHooks } from './adapter.ts';

/** Entry count from the header, or 0 when the header itself is unreadable (the parse reports why). */
function declaredCount(head: Uint8Array): number {
  try {
    return parseKiwadHeader(head).entryCount;
  } catch {
    return 0;
  }
}

/**
 * The table's rows as the tree reads them, with what the reader's hot loop learnt of each
 * name (entry-columns.ts NAME_HINT). A class, not an object of closures: the tree's hot
 * loop calls these for every entry, and the engine's code optimised for one open's
 * closures would be thrown away at the next open (the spare worker's warm-up, warm-up.ts).
 */
class ColumnsTreeSource implements TreeEntrySource {
  constructor(private readonly table: KiwadEntryColumns) {}
  path(index: number): string {
    return this.table.name(index);
  }
  size(index: number): number {
    return this.table.uncompressedSizes[index]!;
  }
  storedSize(index: number): number {
    return this.table.storedSizes[index]!;
  }
  lastSlash(index: number): number {
    const table = this.table;
    return (table.nameHints[index]! & NAME_HINT.plain) !== 0 ? table.lastSlashes[index]! : -2;
  }
  sharesFolderWithPrevious(index: number): boolean {
    return (this.table.nameHints[index]! & NAME_HINT.sameFolder) !== 0;
  }
  commonWithPrevious(index: number): number {
    return this.table.commonLengths[index]!;
  }
  sortsAfterPrevious(index: number): boolean {
    const known = NAME_HINT.orderKnown | NAME_HINT.after;
    return (this.table.nameHints[index]! & known) === known;
  }
  /** The table's capacity: the reader sizes it by the journal bytes it has read. */
  expectedCount(): number {
    return this.table.capacity;
  }
}

/** Entries inflated to at least this many bytes may go to a helper worker. */
const HELPER_MIN_SIZE = 256 * 1024;
/**
 * After opening an archive whose Verify all would use the checksum pool, its workers start
 * this much later, once the page has shown the archive: they take 20–30 ms to load, which
 * a Verify all then does not wait for (docs/PERFORMANCE.md).
 */
const CRC_POOL_START_DELAY_MS = 250;

export async function openKiwad(hooks: OpenHooks): Promise<ArchiveAdapter> {
  const { source } = hooks;
  // The journal is read straight into columns (typed arrays plus the names' texts), which stay as
  // this archive's table; no object per entry is made or kept (entry-columns.ts).
  const table = new KiwadEntryColumns();
  const treeSource = new ColumnsTreeSource(table);
  const declared = declaredCount(await source.read(0, Math.min(source.size, 14)));
  const result = await readKiwad(source, {
    columns: table,
    retainEntries: false,
    onRecords: (_columns, start, end) => hooks.onEntryRange(treeSource, start, end, declared),
    // Between batches the worker answers the page's first requests for rows.
    pause: yieldBriefly,
  });
  const archive = result.value;
  const header = archive.header;
  const details: [string, string][] = [
    ['Format', 'KIWAD'],
    ['Version', String(header.version)],
    ['Flags', header.flags === null ? '— (v1 has no flags byte)' : hexOffset(header.flags)],
    ['Entries declared', header.entryCount.toLocaleString('en-US')],
    ['Entries read', table.length.toLocaleString('en-US')],
    ['Header length', `${header.headerLength} bytes`],
    ['Journal ends at', hexOffset(archive.journalEnd)],
  ];
  // The reader streams every entry it read, even when it stops early, so the tree has them all.
  const { issues, fatal } = result;

  // Verify all over a large archive reads and hashes on a pool of workers (crc-pipeline.ts),
  // started ahead and kept while the file is open.
  let storedTotal = 0;
  for (let i = 0; i < table.length; i++) storedTotal += table.storedSize(i);
  const crcPool = canPipeline(source, storedTotal) ? new CrcPool(source) : null;
  if (crcPool && hooks.startsHelpersAhead) {
    setTimeout(() => crcPool.start(), CRC_POOL_START_DELAY_MS);
  }

  // Content reads in file order (zips, bulk extraction) share windows instead of one read each.
  const contentSource = new ReadAheadSource(source);
  // Reads queue here one at a time; when several are asked for at once (content-prefetch.ts)
  // a large one goes to whichever of this worker and its helpers has the fewest waiting.
  // Small ones stay here: for a few KiB the messages cost as much as the inflate.
  const pool = new ContentPool();
  let queuedHere = 0;
  let hereTail: Promise<unknown> = Promise.resolve();
  const readContent = async (entryIndex: number) => {
    const entry = entryAt(entryIndex);
    if (
      queuedHere > 0 &&
      entry.isCompressed &&
      entry.uncompressedSize >= HELPER_MIN_SIZE &&
      pool.isAvailable &&
      pool.leastPending < queuedHere
    ) {
      const stored = await contentSource.read(entry.dataOffset, entry.storedSize);
      return pool.read(entry, stored, source.size);
    }
    queuedHere++;
    const result = hereTail.then(() => readKiwadEntry(contentSource, entry));
    hereTail = result.catch(() => undefined);
    try {
      return await result;
    } finally {
      queuedHere--;
    }
  };

  const checkIndex = (entryIndex: number): void => {
    if (!table.has(entryIndex)) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no entry ${entryIndex}`,
      });
    }
  };
  const entryAt = (entryIndex: number): KiwadEntry => {
    checkIndex(entryIndex);
    return table.entry(entryIndex);
  };

  return {
    format: 'kiwad',
    kind: 'archive',
    formatLabel: header.version >= 2 ? `KIWAD v${header.version}` : 'KIWAD v1',
    details,
    issues,
    fatal,
    entryCount: () => table.length,
    entry(entryIndex) {
      const entry = entryAt(entryIndex);
      return {
        path: entry.name,
        dataOffset: entry.dataOffset,
        size: entry.uncompressedSize,
        storedSize: entry.storedSize,
        isCompressed: entry.isCompressed,
        crc: entry.crc,
        recordOffset: entry.recordSpan.offset,
        recordLength: entry.recordSpan.length,
      };
    },
    dataOffset(entryIndex) {
      checkIndex(entryIndex);
      return table.dataOffset(entryIndex);
    },
    storedSize(entryIndex) {
      checkIndex(entryIndex);
      return table.storedSize(entryIndex);
    },
    fields: (entryIndex) => kiwadEntryFields(entryAt(entryIndex)),
    readContent,
    async verify(entryIndexes, onStatus, token) {
      const ranges = entryIndexes.map((index) => {
        checkIndex(index);
        return { index, offset: table.dataOffset(index), length: table.storedSize(index) };
      });
      const report = (index: number, crc: number, isZero: boolean) => {
        let status: EntryStatus;
        if (crc === table.crc(index)) status = 'ok';
        else if (crc === 0 && isZero) status = 'unpatched';
        else status = 'mismatch';
        onStatus(index, status, table.storedSize(index));
      };
      let lastYield = Date.now();
      const options = {
        // Large windows: a Blob read costs the reading thread per call, and 32 MiB reads ran
        // about 1.6× the throughput of 8 MiB ones (docs/PERFORMANCE.md).
        windowSize: 32 * 1024 * 1024,
        checkpoint: async () => {
          token.throwIfCancelled();
          if (Date.now() - lastYield > 30) {
            await yieldToEventLoop();
            lastYield = Date.now();
          }
        },
      };
      const totalBytes = ranges.reduce((sum, range) => sum + range.length, 0);
      if (crcPool && canPipeline(source, totalBytes)) {
        await crcPool.run(ranges, report, options);
        return;
      }
      // Running CRC and all-zero state per entry, fed chunk by chunk in offset order.
      const kernel = kiCrcKernel();
      let crc = 0;
      let isZero = true;
      await readCoalesced(
        source,
        ranges,
        (range, chunk, isFirst, isLast) => {
          if (isFirst) {
            crc = 0;
            isZero = true;
          }
          crc = kernel.kiCrc(chunk, crc);
          // Still zero so far means crc is 0 here, so the kernel's answer is exact.
          if (isZero) isZero = kernel.lastWasAllZero();
          if (isLast) report(range.index, crc, isZero);
        },
        options,
      );
    },
  };
}
