/**
 * The two-part test format as a module and session (two-part-read.ts says what the files
 * are). Not in the registry: tests pass it where a format list is taken (the conformance
 * suite, the worker's openers). It has every optional capability a multi-source archive
 * has: content read from volumes, CRC-32 verify through the checksum service, the volumes
 * it lacks (`sources.missing()`) and taking them later (`sources.add`). Volumes are matched
 * to the index's names by `ByteSource.name`, without folders and case.
 */
import { checkRange, type ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import {
  ARCHIVE_COLUMNS,
  DEFAULT_COLUMNS,
  type FormatModule,
  type NodeStatus,
  type NodeTable,
  type OpenRequest,
  type Session,
} from '../model.ts';
import {
  TWO_PART_FORMAT,
  TWO_PART_MAGIC,
  parseTwoPartIndex,
  type TwoPartEntry,
} from './two-part-read.ts';

/** Indexes above this are refused (the whole index is read at once). */
const MAX_INDEX_SIZE = 16 * 1024 * 1024;

/** A name as matched: no folders, lower case. */
function sourceKey(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).toLowerCase();
}

export async function openTwoPartSession({
  sources,
  services,
  sink,
}: OpenRequest): Promise<Session> {
  const indexSource = sources[0]!;
  if (indexSource.size > MAX_INDEX_SIZE) {
    throw new FormatError({
      code: ErrorCode.TOO_LARGE,
      offset: 0,
      detail: `an index of ${indexSource.size} bytes is above the ${MAX_INDEX_SIZE}-byte limit`,
      format: TWO_PART_FORMAT,
    });
  }
  const result = parseTwoPartIndex(await indexSource.read(0, indexSource.size));
  const { volumes, entries } = result.value;

  /** The volume sources by volume index; null while missing. */
  const volumeSources: (ByteSource | null)[] = volumes.map(() => null);
  const take = (source: ByteSource): boolean => {
    const at = volumes.findIndex(
      (name, index) => volumeSources[index] === null && sourceKey(name) === sourceKey(source.name),
    );
    if (at === -1) return false;
    volumeSources[at] = source;
    return true;
  };
  const unused = sources.slice(1).filter((source) => !take(source));

  const entryAt = (index: number): TwoPartEntry => {
    const entry = entries[index];
    if (!entry) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no entry ${index}`,
      });
    }
    return entry;
  };
  const table: NodeTable = {
    path: (index) => entryAt(index).name,
    size: (index) => entryAt(index).length,
    storedSize: (index) => entryAt(index).length,
    isCompressed: () => false,
    checksum: (index) => entryAt(index).crc,
  };
  // An archive: its rows go to the tree as a table (the index is read whole: one range).
  sink.nodeRange(table, 0, entries.length, entries.length);
  const missingMessage = (entry: TwoPartEntry): string | null =>
    volumeSources[entry.volume]
      ? null
      : `needs volume ${volumes[entry.volume]!}, which is not open`;
  /** The entry's volume, its range checked: throws FormatError when missing or too short. */
  const volumeOf = (index: number): { entry: TwoPartEntry; source: ByteSource } => {
    const entry = entryAt(index);
    const source = volumeSources[entry.volume];
    if (!source) {
      throw new FormatError({
        code: ErrorCode.MISSING_SOURCE,
        offset: entry.offset,
        detail: `entry ${entry.name} ${missingMessage(entry)!}`,
        format: TWO_PART_FORMAT,
        path: `entries[${index}].volume`,
      });
    }
    checkRange(source, entry.offset, entry.length);
    return { entry, source };
  };
  const precheck = (index: number): NodeStatus | null => {
    const entry = entryAt(index);
    const source = volumeSources[entry.volume];
    if (!source) return 'missing';
    return entry.offset + entry.length > source.size ? 'error' : null;
  };

  return {
    format: TWO_PART_FORMAT,
    label: `Two-part index (${volumes.length} volumes)`,
    facts: [
      ['Volumes', volumes.join(', ') || '—'],
      ['Entries', String(entries.length)],
    ],
    issues: unused.map((source) => ({
      severity: 'info' as const,
      code: 'UNUSED_SOURCE',
      message: `${source.name} is not a volume of this index`,
    })),
    fatal: result.fatal,
    layout: 'archive',
    columnSets: {
      [DEFAULT_COLUMNS]: [...ARCHIVE_COLUMNS, { id: 'volume', label: 'Volume', kind: 'text' }],
    },
    nodeCount: () => entries.length,
    nodeTable: () => table,
    cell: (index, columnId) => (columnId === 'volume' ? volumes[entryAt(index).volume]! : null),
    details(index) {
      const entry = entryAt(index);
      // The content lies in a volume, which details cannot name: the span is the record.
      return {
        index,
        path: entry.name,
        kind: 'entry',
        size: entry.length,
        storedSize: entry.length,
        span: entry.record,
        spanBase: 'file',
        record: entry.record,
        isCompressed: false,
        checksum: entry.crc,
        fields: [
          ['Volume', volumes[entry.volume]!],
          ['Offset in volume', hexOffset(entry.offset)],
          ['Length', String(entry.length)],
          ['CRC-32', hexOffset(entry.crc)],
        ],
      };
    },
    content: {
      storedSpan(index) {
        const { entry, source } = volumeOf(index);
        return { source, span: { offset: entry.offset, length: entry.length } };
      },
      async read(index) {
        const { entry, source } = volumeOf(index);
        return { bytes: await source.read(entry.offset, entry.length), warning: null };
      },
      unavailable: (index) => missingMessage(entryAt(index)),
    },
    verify: {
      cost: (index) => entryAt(index).length,
      precheck,
      async run(indexes, onStatus, signal) {
        // One checksum run per volume, over its entries' ranges.
        for (const [volume, source] of volumeSources.entries()) {
          const mine = indexes.filter((index) => entryAt(index).volume === volume);
          if (mine.length === 0) continue;
          if (!source) {
            for (const index of mine) onStatus(index, 'missing');
            continue;
          }
          const ranges = mine.map((index) => ({
            index,
            offset: entryAt(index).offset,
            length: entryAt(index).length,
          }));
          const total = ranges.reduce((sum, range) => sum + range.length, 0);
          await services.checksums
            .forRanges(source, 'crc32', total)
            .run(
              ranges,
              (index, crc) => onStatus(index, crc === entryAt(index).crc ? 'ok' : 'mismatch'),
              signal,
            );
        }
      },
    },
    sources: {
      missing: () =>
        volumes.flatMap((name, volume) =>
          volumeSources[volume]
            ? []
            : [{ name, nodeCount: entries.filter((entry) => entry.volume === volume).length }],
        ),
      add: take,
      used: () => [
        indexSource.name,
        ...volumeSources.flatMap((source) => (source ? [source.name] : [])),
      ],
    },
  };
}

const MAGIC = Uint8Array.from(TWO_PART_MAGIC, (char) => char.charCodeAt(0));

export const twoPartFormat = {
  id: TWO_PART_FORMAT,
  label: 'Two-part test archive',
  summary: 'test-only: an index naming volume files; content, CRC-32 verify, volumes added later',
  extensions: ['.twop'],
  detect: (head) => (MAGIC.every((byte, i) => head[i] === byte) ? 'magic' : null),
  open: openTwoPartSession,
  fuzzTarget: async () => (await import('./two-part-fuzz-target.ts')).twoPartFuzzTarget,
} as const satisfies FormatModule<'two-part'>;
