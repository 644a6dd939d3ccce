/**
 * What a WoWs session does with one entry: its cells and details, its content (a slice of
 * its `.pkg`: stored, or raw DEFLATE inflated to exactly its declared size) and its check
 * (the 16-byte trailer after the blob, the unpacked size and the CRC-32 of the output).
 * Volumes are matched to the records that name them by file name; a record whose volume is
 * missing, or whose compression Delve does not unpack (type 6, the Lesta client's Oodle
 * container), is listed with all its metadata and fails only on its own.
 */
import { checkRange, type ByteSource } from '../../binary/byte-source.ts';
import { crc32Ieee } from '../../binary/crc32.ts';
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import { inflate } from '../../binary/inflate.ts';
import type {
  CancelSignal,
  CellValue,
  Content,
  Fact,
  ContentCapability,
  MissingSource,
  NodeDetails,
  NodeStatus,
  VerifyCapability,
} from '../model.ts';
import type { FormatServices } from '../services.ts';
import type { WowsBuildTable } from './build-table.ts';
import {
  WOWS_FORMAT,
  WOWS_LESTA_CONTAINER_TYPE,
  WOWS_PKG_TRAILER_LENGTH,
  describeCompression,
  fileRecordSpan,
  isSupportedCompression,
  joinU64,
} from './read.ts';

/** A name as sources are matched: no folders, lower case. */
export function sourceKey(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).toLowerCase();
}

/** A u64 of two halves in hex, 16 digits. */
function hex64(lo: number, hi: number): string {
  return `0x${joinU64(lo, hi).toString(16).toUpperCase().padStart(16, '0')}`;
}

/** Verify reads volumes in windows of about this many bytes (whole blobs, in offset order). */
const VERIFY_WINDOW = 16 * 1024 * 1024;

/** What a compression type is, for people. */
function compressionText(type: number, flags: number): string {
  const name = describeCompression(type, flags);
  if (name === 'stored') return 'stored';
  if (name === 'deflate') return 'raw DEFLATE';
  const what = type === WOWS_LESTA_CONTAINER_TYPE ? ": the Lesta client's Oodle container" : '';
  return `type ${type}${what}, flags ${hexOffset(flags)}`;
}

export class WowsEntryAccess {
  /** Volume sources by merged volume number; null while missing. */
  private readonly volumeSources: (ByteSource | null)[];
  readonly content: ContentCapability;
  readonly verify: VerifyCapability;

  constructor(
    private readonly table: WowsBuildTable,
    private readonly services: FormatServices,
  ) {
    this.volumeSources = table.volumeNames.map(() => null);
    this.content = {
      storedSpan: (entry) => {
        const { type, flags, offset, storedSize } = this.record(entry);
        if (describeCompression(type, flags) !== 'stored') return null;
        const source = this.volumeOrThrow(entry);
        checkRange(source, offset, storedSize);
        return { source, span: { offset, length: storedSize } };
      },
      read: (entry) => this.read(entry),
      unavailable: (entry) => this.missingMessage(entry) ?? this.unsupportedMessage(entry),
      storedBytes: (entry) => {
        const volume = this.table.entries.volumes[entry]!;
        const source = volume >= 0 ? this.volumeSources[volume] : null;
        if (!source) return null;
        // A blob that ends past its volume shows as far as the volume goes.
        const { offset, storedSize } = this.record(entry);
        const start = Math.min(offset, source.size);
        return {
          source,
          span: { offset: start, length: Math.min(storedSize, source.size - start) },
        };
      },
    };
    this.verify = {
      cost: (entry) => this.table.storedSize(entry) + WOWS_PKG_TRAILER_LENGTH,
      precheck: (entry) => this.precheck(entry),
      run: (entries, onStatus, signal) => this.run(entries, onStatus, signal),
    };
  }

  /** Takes a volume the build names and lacks; false for anything else. */
  take(source: ByteSource): boolean {
    const key = sourceKey(source.name);
    const at = this.table.volumeNames.findIndex(
      (name, volume) => this.volumeSources[volume] === null && sourceKey(name) === key,
    );
    if (at < 0) return false;
    this.volumeSources[at] = source;
    this.table.setVolumeSize(at, source.size);
    return true;
  }

  volumesUsed(): string[] {
    return this.volumeSources.flatMap((source) => (source ? [source.name] : []));
  }

  missingVolumes(): MissingSource[] {
    const counts = new Array<number>(this.volumeSources.length).fill(0);
    const volumes = this.table.entries.volumes;
    for (let entry = 0; entry < this.table.entryCount; entry++) {
      const volume = volumes[entry]!;
      if (volume >= 0) counts[volume]!++;
    }
    return this.table.volumeNames.flatMap((name, volume) =>
      this.volumeSources[volume] ? [] : [{ name, nodeCount: counts[volume]! }],
    );
  }

  volumesFact(): string {
    const total = this.volumeSources.length;
    const present = this.volumeSources.filter((source) => source !== null).length;
    if (total === 0) return '0';
    return present === total
      ? `${total} (all open)`
      : `${total} (${present} open, ${total - present} missing)`;
  }

  unsupportedCount(): number {
    let unsupported = 0;
    for (let entry = 0; entry < this.table.entryCount; entry++) {
      const { type, flags } = this.record(entry);
      if (!isSupportedCompression(type, flags)) unsupported++;
    }
    return unsupported;
  }

  /** The record fields of an entry. */
  private record(entry: number) {
    const { index, record } = this.table.recordOf(entry);
    const files = index.files;
    return {
      type: files.compressionTypes[record]!,
      flags: files.compressionFlags[record]!,
      offset: files.offsets[record]!,
      storedSize: files.storedSizes[record]!,
      size: files.sizes[record]!,
      crc: files.crcs[record]!,
    };
  }

  private volumeName(entry: number): string | null {
    const volume = this.table.entries.volumes[entry]!;
    return volume >= 0 ? this.table.volumeNames[volume]! : null;
  }

  cell(entry: number, columnId: string): CellValue {
    const files = this.table.filesOf(entry);
    const record = this.table.entries.records[entry]!;
    if (columnId === 'compression') {
      return describeCompression(files.compressionTypes[record]!, files.compressionFlags[record]!);
    }
    if (columnId === 'volume') return this.volumeName(entry);
    if (columnId === 'pkgOffset') return files.offsets[record]!;
    return null;
  }

  details(entry: number): NodeDetails {
    if (!Number.isInteger(entry) || entry < 0 || entry >= this.table.entryCount) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no entry ${entry}`,
      });
    }
    const { index, indexName, record } = this.table.recordOf(entry);
    const fields = this.record(entry);
    const volume = this.volumeName(entry);
    const isFirstIndex = this.table.entries.indexes[entry] === 0;
    // A blob that ends past its volume is highlighted as far as the volume goes.
    const volumeNumber = this.table.entries.volumes[entry]!;
    const volumeSize = volumeNumber >= 0 ? this.volumeSources[volumeNumber]?.size : undefined;
    const blobEnd = fields.offset + fields.storedSize;
    const isPastEnd = volumeSize !== undefined && blobEnd > volumeSize;
    const spanOffset = this.table.offset(entry);
    const factsOf = () => this.fields(entry, volume, isPastEnd ? volumeSize : null);
    return {
      index: entry,
      path: this.table.path(entry),
      kind: 'entry',
      size: fields.size,
      storedSize: fields.storedSize,
      span: { offset: spanOffset, length: isPastEnd ? volumeSize - spanOffset : fields.storedSize },
      spanBase: 'file',
      ...(volume ? { spanSource: volume } : {}),
      record: fileRecordSpan(index, record),
      ...(isFirstIndex ? {} : { recordSource: indexName }),
      isCompressed: (fields.flags & 1) !== 0,
      checksum: fields.crc,
      // Made when read: a listing of every entry (`ls`) reads the rest, not these.
      get fields(): Fact[] {
        return factsOf();
      },
    };
  }

  /** The details' fields of an entry; `pastEnd` is its volume's size when its blob ends past it. */
  private fields(entry: number, volume: string | null, pastEnd: number | null): Fact[] {
    const { index, indexName, record } = this.table.recordOf(entry);
    const fields = this.record(entry);
    const files = index.files;
    const problems: Fact[] =
      pastEnd === null
        ? []
        : [
            [
              'Problem',
              `the blob ends at ${hexOffset(fields.offset + fields.storedSize)}, past the end of ${volume ?? 'its volume'} (${hexOffset(pastEnd)})`,
            ],
          ];
    return [
      ['Compression', compressionText(fields.type, fields.flags)],
      [
        'Volume',
        volume ?? `unknown (id ${hex64(files.volumeLo[record]!, files.volumeHi[record]!)})`,
      ],
      ['Offset in volume', hexOffset(fields.offset)],
      ['Index', `${indexName}, file record ${record}`],
      [
        'Node id',
        `${hex64(files.resourceLo[record]!, files.resourceHi[record]!)} (${this.table.idMatches(entry) ? 'ok' : 'mismatch'}: CityHash64 of the path)`,
      ],
      ...problems,
    ];
  }

  /** Why an entry's content cannot be read for want of its volume, or null. */
  private missingMessage(entry: number): string | null {
    const volume = this.table.entries.volumes[entry]!;
    if (volume < 0) return 'its record names no volume of its index';
    return this.volumeSources[volume]
      ? null
      : `needs ${this.table.volumeNames[volume]!}, which is not open: add it`;
  }

  private volumeOrThrow(entry: number): ByteSource {
    const volume = this.table.entries.volumes[entry]!;
    const source = volume >= 0 ? this.volumeSources[volume] : null;
    if (source) return source;
    throw new FormatError({
      code: ErrorCode.MISSING_SOURCE,
      offset: this.record(entry).offset,
      detail: `${this.table.path(entry)} ${this.missingMessage(entry)!}`,
      format: WOWS_FORMAT,
      path: `entries[${entry}].volume`,
    });
  }

  /** Why an entry's content is not unpacked (its compression), or null. */
  private unsupportedMessage(entry: number): string | null {
    const { type, flags } = this.record(entry);
    if (isSupportedCompression(type, flags)) return null;
    const what =
      type === WOWS_LESTA_CONTAINER_TYPE
        ? ", the Lesta client's Oodle container"
        : `, flags ${hexOffset(flags)}`;
    return `unsupported compression (type ${type}${what}); it is listed, not unpacked`;
  }

  private unsupportedError(entry: number): FormatError {
    const { index, record } = this.table.recordOf(entry);
    return new FormatError({
      code: ErrorCode.UNSUPPORTED_COMPRESSION,
      offset: fileRecordSpan(index, record).offset + 24,
      detail: `${this.table.path(entry)}: ${this.unsupportedMessage(entry) ?? 'unsupported compression'}`,
      format: WOWS_FORMAT,
      path: `entries[${entry}].compression`,
    });
  }

  private async read(entry: number): Promise<Content> {
    const fields = this.record(entry);
    const { type, flags, offset, storedSize, size } = fields;
    const compression = describeCompression(type, flags);
    if (compression !== 'stored' && compression !== 'deflate') throw this.unsupportedError(entry);
    const source = this.volumeOrThrow(entry);
    checkRange(source, offset, storedSize);
    return this.services.codecs.decode({
      size,
      readStored: () => source.read(offset, storedSize),
      plan: (stored) => {
        if (compression === 'deflate') return { container: 'raw', expectedSize: size, offset };
        const warning =
          stored.length === size ? null : `stored entry of ${stored.length} bytes declares ${size}`;
        return { bytes: stored, warning };
      },
    });
  }

  private precheck(entry: number): NodeStatus | null {
    const { type, flags, offset, storedSize } = this.record(entry);
    const volume = this.table.entries.volumes[entry]!;
    if (volume < 0) return 'error';
    const source = this.volumeSources[volume];
    if (!source) return 'missing';
    if (!isSupportedCompression(type, flags)) return 'unsupported';
    return offset + storedSize + WOWS_PKG_TRAILER_LENGTH > source.size ? 'error' : null;
  }

  /** The status of one blob read with its trailer. */
  private async check(entry: number, blobAndTrailer: Uint8Array): Promise<NodeStatus> {
    const { type, flags, storedSize, size, crc, offset } = this.record(entry);
    const trailer = blobAndTrailer.subarray(storedSize);
    const word = (at: number) =>
      (trailer[at]! |
        (trailer[at + 1]! << 8) |
        (trailer[at + 2]! << 16) |
        (trailer[at + 3]! << 24)) >>>
      0;
    if (word(0) !== 0 || word(4) !== crc || word(8) !== size || word(12) !== 0) return 'mismatch';
    const stored = blobAndTrailer.subarray(0, storedSize);
    let output: Uint8Array;
    if (describeCompression(type, flags) === 'stored') {
      output = stored;
    } else {
      try {
        output = await inflate(stored, { container: 'raw', expectedSize: size, offset });
      } catch (error) {
        if (error instanceof FormatError) return 'mismatch';
        throw error;
      }
    }
    return output.length === size && crc32Ieee(output) >>> 0 === crc ? 'ok' : 'mismatch';
  }

  private async run(
    entries: readonly number[],
    onStatus: (entry: number, status: NodeStatus) => void,
    signal: CancelSignal,
  ): Promise<void> {
    // Per volume, in offset order, whole blobs with their trailers in windows of reads.
    const byVolume = new Map<number, number[]>();
    for (const entry of entries) {
      const status = this.precheck(entry);
      if (status !== null) {
        onStatus(entry, status);
        continue;
      }
      const volume = this.table.entries.volumes[entry]!;
      const list = byVolume.get(volume) ?? [];
      list.push(entry);
      byVolume.set(volume, list);
    }
    for (const [volume, list] of byVolume) {
      const source = this.volumeSources[volume]!;
      const offsets = list.map((entry) => this.record(entry).offset);
      const order = list.map((_, at) => at).sort((a, b) => offsets[a]! - offsets[b]!);
      let at = 0;
      while (at < order.length) {
        signal.throwIfCancelled();
        const first = list[order[at]!]!;
        const windowStart = offsets[order[at]!]!;
        let windowEnd = windowStart + this.verify.cost(first);
        let end = at + 1;
        while (end < order.length) {
          const next = list[order[end]!]!;
          const nextStart = offsets[order[end]!]!;
          const nextEnd = nextStart + this.verify.cost(next);
          // Whole blobs only; a gap is read through when small (blobs are contiguous).
          if (nextEnd - windowStart > VERIFY_WINDOW || nextStart > windowEnd + 64 * 1024) break;
          windowEnd = Math.max(windowEnd, nextEnd);
          end++;
        }
        const window = await source.read(windowStart, windowEnd - windowStart);
        for (let step = at; step < end; step++) {
          const entry = list[order[step]!]!;
          const start = offsets[order[step]!]! - windowStart;
          const blob = window.subarray(start, start + this.verify.cost(entry));
          onStatus(entry, await this.check(entry, blob));
        }
        at = end;
        await this.services.pause();
      }
    }
  }
}
