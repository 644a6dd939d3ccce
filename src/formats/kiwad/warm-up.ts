/**
 * The warm-up of a spare decoder worker, KIWAD's part (worker/rpc/warm-up.ts runs it): an
 * archive made in memory, opened in rounds, and the journal's hot loop in short passes, so
 * the engine has compiled the open's code before a real archive arrives.
 */
import { BlobByteSource } from '../../binary/byte-source.ts';
import type { WarmUpPlan } from '../model.ts';
import { KIWAD_STORED_MARKER } from './layout.ts';
import { readKiwad } from './read.ts';
import { encodeKiwadName, writeKiwadRaw, type KiwadRawRecord } from './write.ts';

/**
 * Stored size of the warm-up archive's middle entry: the entries after it lie past 2^31.
 * Offsets and sizes of a real archive above 2^30 are not small integers to the engine
 * (31-bit on 64-bit Chromium), and code optimised on small ones only was thrown away in the
 * middle of opening the bench's 1.1 GB archive (`--js-flags=--trace-opt`: the journal
 * scan, "not a Smi"; docs/PERFORMANCE.md).
 */
export const WARM_UP_LARGE_ENTRY_SIZE = 2 ** 31 + 2 ** 20;

/** The warm-up archive: its header and journal, and how many (zero) data bytes follow. */
export interface WarmUpArchive {
  head: Uint8Array<ArrayBuffer>;
  dataSize: number;
}

/**
 * Entries of the warm-up archive: sorted paths two to three folders deep, as KI's are,
 * several files to a folder (runs of 8, 6 and 2), so the tree takes its paths for runs of
 * entries in one folder as well as for new folders. With `largeEntrySize`, the middle
 * entry is that large (see WARM_UP_LARGE_ENTRY_SIZE).
 */
export function makeWarmUpArchive(entryCount: number, largeEntrySize = 0): WarmUpArchive {
  const names: string[] = [];
  const extensions = ['.dds', '.xml', '.ogg', '.nif', '.bin'];
  for (let i = 0; i < entryCount; i++) {
    // Short names: what matters is how many there are and how they nest.
    const folder = `G${Math.floor(i / 400)}/F${String(Math.floor(i / 8)).padStart(3, '0')}`;
    const leaf = i % 8 < 2 && i % 16 < 8 ? `S${Math.floor(i / 8) % 3}/` : '';
    names.push(`${folder}/${leaf}i${String(i).padStart(5, '0')}${extensions[i % 5]}`);
  }
  names.sort();
  const large =
    largeEntrySize > 0
      ? names.findIndex((name, index) => index >= entryCount >> 1 && name.endsWith('.ogg'))
      : -1;
  const records: KiwadRawRecord[] = names.map((name, index) => {
    const isStored = name.endsWith('.ogg');
    return {
      dataOffset: 0,
      uncompressedSize: index === large ? largeEntrySize : 16,
      compressedSize: isStored ? KIWAD_STORED_MARKER : 8,
      compressedFlag: isStored ? 0 : 1,
      crc: index * 2654435761,
      nameBytes: encodeKiwadName(name),
    };
  });
  const header = { magic: 'KIWAD', version: 2, entryCount: records.length, flags: 1 };
  // Each entry's data after the journal, in journal order, as KI lays archives out: the
  // checks then take the paths they take for a real archive (the bytes are never read).
  const headSize = writeKiwadRaw({ header, records, data: new Uint8Array(0) }).length;
  let dataOffset = headSize;
  for (const record of records) {
    record.dataOffset = dataOffset;
    dataOffset += record.compressedFlag ? record.compressedSize : record.uncompressedSize;
  }
  const head = writeKiwadRaw({ header, records, data: new Uint8Array(0) });
  return { head: head as Uint8Array<ArrayBuffer>, dataSize: dataOffset - headSize };
}

/**
 * The archive as a Blob. Its data is zeros, made of one 1 MiB part referred to again and
 * again (a Blob of Blobs copies nothing), so even 2 GiB of it costs 1 MiB of memory.
 */
export function warmUpArchiveBlob(archive: WarmUpArchive): Blob {
  const unit = 1024 * 1024;
  let zeros = new Blob([new Uint8Array(Math.min(unit, archive.dataSize))]);
  const parts: Blob[] = [];
  let left = archive.dataSize;
  // Binary digits of the data size, in MiB, each a doubling of the part before.
  for (let bit = unit; left > 0 && bit <= archive.dataSize; bit *= 2) {
    if ((Math.floor(archive.dataSize / bit) & 1) === 1) {
      parts.push(zeros);
      left -= bit;
    }
    zeros = new Blob([zeros, zeros]);
  }
  if (left > 0) parts.push(new Blob([new Uint8Array(left)]));
  return new Blob([archive.head, ...parts]);
}

/**
 * Rounds of 3,000 entries: enough that every container an open grows (the tree's node
 * columns and entry index, 1,024 to start with; the scanner's name text) grows during the
 * warm-up too. Code the engine has optimised without ever running a branch is thrown away
 * when the branch first runs, and a real open would pay for that. Twelve rounds: the
 * engine's top tier compiles a function only after many calls, and with five rounds of
 * 1,500 the tree's per-folder code still reached it during the first real open, on
 * background threads that competed with the open (`--js-flags=--trace-opt`;
 * docs/PERFORMANCE.md). What the rounds leave in the heap counts in the first open's
 * peak: since names are cut only when asked for, an entry leaves little.
 */
const ROUNDS = 12;
const ENTRIES_PER_ROUND = 3_000;

async function readJournal(archive: Blob, batchSize: number): Promise<void> {
  const read = await readKiwad(new BlobByteSource(archive), { batchSize, retainEntries: false });
  if (read.fatal) throw new Error(`warm-up journal did not read: ${read.fatal.message}`);
}

export function kiwadWarmUp(entriesPerRound = ENTRIES_PER_ROUND): WarmUpPlan {
  let archive: Blob | null = null;
  const blob = () =>
    (archive ??= warmUpArchiveBlob(makeWarmUpArchive(entriesPerRound, WARM_UP_LARGE_ENTRY_SIZE)));
  return {
    rounds: ROUNDS,
    sample: () => ({ name: 'warm-up.wad', blob: blob(), filter: '*.dds' }),
    // The journal's hot loop once more, in many short batches: the code after the loop
    // then has the engine's feedback too (a real open runs ten or more batches). Batches of 4
    // records, many calls of a short loop: with them `--js-flags=--trace-opt` shows nothing
    // more done to the scan's code during the first real open; with batches of 50, its
    // top-tier code (13 ms of compiling on a background thread) was installed only then.
    async afterRounds(pause) {
      for (let pass = 0; pass < 4; pass++) {
        await pause();
        await readJournal(blob(), 4);
      }
    },
    // One short pass that installs what the background compiles made (warm-up.ts).
    settle: () => readJournal(blob(), 500),
  };
}
