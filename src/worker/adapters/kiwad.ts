/**
 * KIWAD archives in the worker: streams the journal into the tree, reads entries on demand
 * and verifies KI-CRCs over stored bytes with coalesced reads.
 */
import { isAllZero, kiCrc } from '../../binary/crc32.ts';
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import {
  kiwadEntryFields,
  parseKiwadHeader,
  readKiwad,
  readKiwadEntry,
} from '../../formats/kiwad/read.ts';
import type { KiwadEntry } from '../../formats/kiwad/types.ts';
import type { EntryStatus } from '../api.ts';
import { readCoalesced } from '../coalesced-reader.ts';
import { yieldToEventLoop } from '../jobs.ts';
import type { ArchiveAdapter, OpenHooks } from './adapter.ts';

/** Entry count from the header, or 0 when the header itself is unreadable (the parse reports why). */
function declaredCount(head: Uint8Array): number {
  try {
    return parseKiwadHeader(head).entryCount;
  } catch {
    return 0;
  }
}

export async function openKiwad(hooks: OpenHooks): Promise<ArchiveAdapter> {
  const { source } = hooks;
  const entries: KiwadEntry[] = [];
  const declared = declaredCount(await source.read(0, Math.min(source.size, 14)));
  const result = await readKiwad(source, {
    onBatch: (batch) => {
      for (const entry of batch) entries.push(entry);
      hooks.onEntries(
        batch.map((entry) => ({
          entryIndex: entry.index,
          path: entry.name,
          size: entry.uncompressedSize,
          storedSize: entry.storedSize,
        })),
        entries.length,
        declared,
      );
    },
  });
  const archive = result.value;
  const header = archive.header;
  const details: [string, string][] = [
    ['Format', 'KIWAD'],
    ['Version', String(header.version)],
    ['Flags', header.flags === null ? '— (v1 has no flags byte)' : hexOffset(header.flags)],
    ['Entries declared', header.entryCount.toLocaleString('en-US')],
    ['Entries read', archive.entries.length.toLocaleString('en-US')],
    ['Header length', `${header.headerLength} bytes`],
    ['Journal ends at', hexOffset(archive.journalEnd)],
  ];
  const byIndex = archive.entries.length > 0 ? archive.entries : entries;

  const entryAt = (entryIndex: number): KiwadEntry => {
    const entry = byIndex[entryIndex];
    if (!entry) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no entry ${entryIndex}`,
      });
    }
    return entry;
  };

  return {
    format: 'kiwad',
    kind: 'archive',
    formatLabel: header.version >= 2 ? `KIWAD v${header.version}` : 'KIWAD v1',
    details,
    issues: result.issues,
    fatal: result.fatal,
    entryCount: () => byIndex.length,
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
    fields: (entryIndex) => kiwadEntryFields(entryAt(entryIndex)),
    readContent: (entryIndex) => readKiwadEntry(source, entryAt(entryIndex)),
    async verify(entryIndexes, onStatus, token) {
      // Running CRC and all-zero state per entry, fed chunk by chunk in offset order.
      let crc = 0;
      let isZero = true;
      let lastYield = Date.now();
      await readCoalesced(
        source,
        entryIndexes.map((index) => {
          const entry = entryAt(index);
          return { index, offset: entry.dataOffset, length: entry.storedSize };
        }),
        (range, chunk, isFirst, isLast) => {
          if (isFirst) {
            crc = 0;
            isZero = true;
          }
          crc = kiCrc(chunk, crc);
          // Early exit on the first non-zero byte, so this costs nothing on real data.
          if (isZero) isZero = isAllZero(chunk);
          if (!isLast) return;
          const entry = entryAt(range.index);
          let status: EntryStatus;
          if (crc === entry.crc) status = 'ok';
          else if (crc === 0 && isZero) status = 'unpatched';
          else status = 'mismatch';
          onStatus(range.index, status, entry.storedSize);
        },
        {
          checkpoint: async () => {
            token.throwIfCancelled();
            if (Date.now() - lastYield > 30) {
              await yieldToEventLoop();
              lastYield = Date.now();
            }
          },
        },
      );
    },
  };
}
