/**
 * A `.dvpl` as a session: an archive of one entry, the decoded payload, named like the
 * file without `.dvpl` (`foo.sc2.dvpl` → `foo.sc2`). The app opens any entry's content as a
 * nested file through the registry, so the payload then opens as whatever it is — and a
 * `.dvpl` inside a folder or another archive opens the same way. The wrapper's own fields
 * are the facts (what the payload is comes from the host's registry, through the services);
 * verify checks the footer's CRC-32 over the stored payload.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hex.ts';
import {
  ARCHIVE_COLUMNS,
  DEFAULT_COLUMNS,
  type Fact,
  type NodeDetails,
  type NodeTable,
  type OpenRequest,
  type Session,
} from '../model.ts';
import type { NestedFileService } from '../services.ts';
import { DVPL_FOOTER_SIZE, DVPL_FORMAT, dvplTypeName, readDvpl } from './read.ts';
import type { DvplFile } from './types.ts';

/** The payload's name: the file's without `.dvpl` (any case); `payload` when nothing is left. */
export function dvplInnerName(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const inner = base.toLowerCase().endsWith('.dvpl') ? base.slice(0, -'.dvpl'.length) : base;
  return inner === '' ? 'payload' : inner;
}

const count = (value: number) => `${value.toLocaleString('en-US')} bytes`;

function crcText(file: DvplFile): string {
  const stored = file.footer?.crc ?? 0;
  if (file.computedCrc === null) return `${hex32(stored)} (not checked)`;
  return file.computedCrc === stored
    ? `${hex32(stored)} (ok)`
    : `${hex32(stored)} (MISMATCH: computed ${hex32(file.computedCrc)})`;
}

/** The wrapper's fields, for the facts and the entry's details. */
function dvplFacts(file: DvplFile, inner: string, nested: NestedFileService): Fact[] {
  const footer = file.footer;
  if (!footer) return [];
  const facts: Fact[] = [
    ['Type', dvplTypeName(footer.type)],
    ['Uncompressed size', count(footer.uncompressedSize)],
    ['Compressed size', count(footer.compressedSize)],
    ['CRC-32', crcText(file)],
    ['Footer at', `0x${file.footerOffset.toString(16).toUpperCase()}`],
  ];
  if (file.content) {
    const label = nested.identify(file.content, inner)?.label ?? 'unknown format';
    facts.push(['Contents', `${inner}: ${label}`]);
  }
  if (file.zeroOffsetMatches > 0) {
    facts.push(['LZ4 quirk', `${file.zeroOffsetMatches} match(es) with offset 0 (zero bytes)`]);
  }
  if (file.isRawDeflate) facts.push(['Deflate', 'raw (no zlib header)']);
  return facts;
}

export async function openDvplSession({ sources, services, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const result = await readDvpl(source);
  const file = result.value;
  const footer = file.footer;
  const inner = dvplInnerName(source.name);
  // The entry exists once the footer is sound; a file that fails before has none.
  const nodeCount = footer ? 1 : 0;
  const entryAt = (index: number) => {
    if (!footer || index !== 0) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `this .dvpl has no entry ${index}`,
        format: DVPL_FORMAT,
      });
    }
    return footer;
  };
  const isCompressed = footer !== null && footer.type !== 0;
  const table: NodeTable = {
    path: () => inner,
    size: (index) => entryAt(index).uncompressedSize,
    storedSize: (index) => entryAt(index).compressedSize,
    kind: () => 'entry',
    isCompressed: () => isCompressed,
    checksum: (index) => entryAt(index).crc,
  };
  if (nodeCount > 0) sink.nodeRange(table, 0, nodeCount, nodeCount);
  const facts = dvplFacts(file, inner, services.nested);

  const details = (index: number): NodeDetails => {
    const entry = entryAt(index);
    return {
      index,
      path: inner,
      kind: 'entry',
      size: entry.uncompressedSize,
      storedSize: entry.compressedSize,
      span: file.payloadSpan,
      spanBase: 'file',
      record: { offset: file.footerOffset, length: DVPL_FOOTER_SIZE },
      isCompressed,
      checksum: entry.crc,
      fields: facts,
    };
  };

  return {
    format: DVPL_FORMAT,
    label: footer ? `DVPL, ${dvplTypeName(footer.type)}` : 'DVPL',
    facts,
    issues: result.issues,
    fatal: result.fatal,
    layout: 'archive',
    columnSets: { [DEFAULT_COLUMNS]: ARCHIVE_COLUMNS },
    nodeCount: () => nodeCount,
    nodeTable: () => table,
    // The decoded file opens as what it is (a KeyedArchive, a scene, ...) at once.
    ...(file.content ? { wrappedNode: 0 } : {}),
    details,
    content: {
      storedSpan(index) {
        const entry = entryAt(index);
        return entry.type === 0 ? { source, span: file.payloadSpan } : null;
      },
      // A payload that failed to decode at the open cannot be read: known without trying.
      unavailable(index) {
        entryAt(index);
        return file.content ? null : (result.fatal?.message ?? 'the payload was not decoded');
      },
      storedBytes(index) {
        entryAt(index);
        return { source, span: file.payloadSpan };
      },
      async read(index) {
        entryAt(index);
        if (file.content) return { bytes: file.content, warning: null };
        // The decode failed when the file was opened: the same error, with its offset.
        const fatal = result.fatal;
        throw new FormatError({
          code: fatal?.code ?? ErrorCode.INTERNAL,
          offset: fatal?.offset ?? 0,
          detail: fatal?.message ?? 'the payload was not decoded',
          format: DVPL_FORMAT,
          path: fatal?.path ?? '',
        });
      },
    },
    verify: {
      cost: (index) => entryAt(index).compressedSize,
      run(indexes, onStatus, signal) {
        if (!footer || !indexes.includes(0)) return Promise.resolve();
        const ranges = [{ index: 0, offset: 0, length: footer.compressedSize }];
        return services.checksums
          .forRanges(source, 'crc32', footer.compressedSize)
          .run(
            ranges,
            (index, crc) => onStatus(index, crc === footer.crc ? 'ok' : 'mismatch'),
            signal,
          );
      },
    },
  };
}
