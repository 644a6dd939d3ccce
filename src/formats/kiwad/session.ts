/**
 * A KIWAD archive as a session: the journal streams into the tree as columns (no object per
 * entry), entries are read on demand through the host's codec service, and Verify all runs
 * the KI-CRC over stored bytes through its checksum service.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import {
  ARCHIVE_COLUMNS,
  DEFAULT_COLUMNS,
  type NodeTable,
  type OpenRequest,
  type Session,
} from '../model.ts';
import type { RangeChecksums } from '../services.ts';
import {
  KiwadEntryColumns,
  NAME_HINT,
  checkKiwadEntryRange,
  kiwadContentError,
  kiwadEntryFields,
  kiwadEntryStatus,
  parseKiwadHeader,
  planKiwadContent,
  readKiwad,
} from './read.ts';
import { dataPastEnd } from './journal-checks.ts';
import type { KiwadEntry } from './types.ts';

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
 * closures would be thrown away at the next open (the spare worker's warm-up).
 */
class ColumnsNodeTable implements NodeTable {
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
  isCompressed(index: number): boolean {
    return this.table.isCompressed(index);
  }
  checksum(index: number): number {
    return this.table.crc(index);
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

/**
 * After opening an archive whose Verify all would use helper workers, they start this much
 * later, once the page has shown the archive: they take 20–30 ms to load, which a Verify
 * all then does not wait for (docs/PERFORMANCE.md).
 */
const CHECKSUM_HELPERS_DELAY_MS = 250;

export async function openKiwadSession({ sources, services, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  // The journal is read straight into columns (typed arrays plus the names' texts), which
  // stay as this archive's table; no object per entry is made or kept (entry-columns.ts).
  const table = new KiwadEntryColumns();
  const nodeTable = new ColumnsNodeTable(table);
  const declared = declaredCount(await source.read(0, Math.min(source.size, 14)));
  const result = await readKiwad(source, {
    columns: table,
    retainEntries: false,
    onRecords: (_columns, start, end) => sink.nodeRange(nodeTable, start, end, declared),
    // Between batches the host answers the page's first requests for rows.
    pause: () => services.pause(),
  });
  const archive = result.value;
  const header = archive.header;

  let storedTotal = 0;
  for (let i = 0; i < table.length; i++) storedTotal += table.storedSize(i);
  const checksums: RangeChecksums = services.checksums.forRanges(source, 'ki-crc', storedTotal);
  if (services.startsHelpersAhead) setTimeout(() => checksums.prepare(), CHECKSUM_HELPERS_DELAY_MS);

  // Content reads in file order (zips, bulk extraction) share windows instead of one read each.
  const contentSource: ByteSource = services.ranges.readAhead(source);

  const entryAt = (index: number): KiwadEntry => {
    if (!table.has(index)) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no entry ${index}`,
      });
    }
    return table.entry(index);
  };

  return {
    format: 'kiwad',
    label: `KIWAD v${header.version}`,
    facts: [
      ['Version', String(header.version)],
      ['Flags', header.flags === null ? '— (v1 has no flags byte)' : hexOffset(header.flags)],
      ['Entries declared', header.entryCount.toLocaleString('en-US')],
      ['Entries read', table.length.toLocaleString('en-US')],
      ['Header length', `${header.headerLength} bytes`],
      ['Journal ends at', hexOffset(archive.journalEnd)],
    ],
    // The reader streams every entry it read, even when it stops early, so the tree has them all.
    issues: result.issues,
    fatal: result.fatal,
    layout: 'archive',
    columnSets: { [DEFAULT_COLUMNS]: ARCHIVE_COLUMNS },
    nodeCount: () => table.length,
    nodeTable: () => nodeTable,
    details(index) {
      const entry = entryAt(index);
      return {
        index,
        path: entry.name,
        kind: 'entry',
        size: entry.uncompressedSize,
        storedSize: entry.storedSize,
        span: { offset: entry.dataOffset, length: entry.storedSize },
        spanBase: 'file',
        record: entry.recordSpan,
        isCompressed: entry.isCompressed,
        checksum: entry.crc,
        fields: kiwadEntryFields(entry),
      };
    },
    content: {
      // An entry of a damaged table may point past the end: known from the table, unread.
      unavailable(index) {
        const offset = table.dataOffset(index);
        const size = table.storedSize(index);
        return offset + size > source.size
          ? dataPastEnd('its data', offset, size, source.size)
          : null;
      },
      storedSpan(index) {
        const entry = entryAt(index);
        if (entry.isCompressed) return null;
        checkKiwadEntryRange(source, entry);
        return { source, span: { offset: entry.dataOffset, length: entry.storedSize } };
      },
      async read(index) {
        const entry = entryAt(index);
        checkKiwadEntryRange(source, entry);
        try {
          return await services.codecs.decode({
            size: entry.uncompressedSize,
            readStored: () => contentSource.read(entry.dataOffset, entry.storedSize),
            plan: (stored) => planKiwadContent(entry, stored),
          });
        } catch (error) {
          throw kiwadContentError(entry, error);
        }
      },
    },
    verify: {
      cost: (index) => table.storedSize(index),
      // Entries of a damaged table may point past the end: they cannot be checked.
      precheck: (index) =>
        table.dataOffset(index) + table.storedSize(index) > source.size ? 'error' : null,
      run(indexes, onStatus, signal) {
        const ranges = indexes.map((index) => ({
          index,
          offset: table.dataOffset(index),
          length: table.storedSize(index),
        }));
        return checksums.run(
          ranges,
          (index, crc, isAllZero) =>
            onStatus(index, kiwadEntryStatus(crc, table.crc(index), isAllZero)),
          signal,
        );
      },
    },
  };
}
