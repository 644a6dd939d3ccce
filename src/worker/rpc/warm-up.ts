/**
 * Warm-up of a spare decoder worker (client.ts starts one at page load, named
 * SPARE_WORKER_NAME): before any file arrives, it opens a small archive and a small level
 * made here, in memory, through decoders of its own, so the engine has compiled and
 * optimised the code of an open (journal scan, columns, tree, rows, filter; a level's
 * parse, inflate and section nodes) by the time a real file comes.
 *
 * A new worker otherwise runs that code for the first time on the user's file, mostly in
 * the engine's slower tiers: in Node, opening the bench's 100,000-entry table cold takes
 * about twice as long as warm (docs/PERFORMANCE.md). The warm-up runs in short rounds
 * with a yield between them, so a file that arrives meanwhile waits at most one round;
 * its decoder is another instance and shares no state with the warm-up's.
 */
import { BlobByteSource } from '../../binary/byte-source.ts';
import { KIWAD_STORED_MARKER } from '../../formats/kiwad/layout.ts';
import { readKiwad } from '../../formats/kiwad/read.ts';
import { encodeKiwadName, writeKiwadRaw, type KiwadRawRecord } from '../../formats/kiwad/write.ts';
import { draftWwdLevel, draftWwdObject, draftWwdPlane } from '../../formats/wwd/draft.ts';
import { writeWwd } from '../../formats/wwd/write.ts';
import type { DecoderApi } from './api.ts';

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
  const extensions = ['dds', 'xml', 'ogg', 'nif', 'bin'];
  for (let i = 0; i < entryCount; i++) {
    // Short names: what matters is how many there are and how they nest.
    const folder = `G${Math.floor(i / 400)}/F${String(Math.floor(i / 8)).padStart(3, '0')}`;
    const leaf = i % 8 < 2 && i % 16 < 8 ? `S${Math.floor(i / 8) % 3}/` : '';
    names.push(`${folder}/${leaf}i${String(i).padStart(5, '0')}.${extensions[i % 5]}`);
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

/** A small WWD level (two planes, `objectCount` objects), compressed or not. */
export function makeWarmUpLevel(objectCount: number, compress: boolean): Blob {
  const logics = ['Rat', 'Officer', 'TreasurePowerup', 'Checkpoint', 'Elevator'];
  const objects = Array.from({ length: objectCount }, (_, index) =>
    draftWwdObject({
      id: index + 1,
      logic: logics[index % logics.length]!,
      imageSet: `LEVEL_OBJECT${index % 7}`,
      x: (index * 97) % 2048,
      y: (index * 61) % 1024,
      hitTypeFlags: index % 3 === 0 ? 0xffffffff : 0x4,
      objectType: 1 << (index % 6),
    }),
  );
  const tiles = Uint32Array.from({ length: 32 * 16 }, (_, index) =>
    index % 5 === 0 ? 0xffffffff : index % 40,
  );
  const level = draftWwdLevel({
    header: { name: 'Warm-up level', author: 'Delve' },
    planes: [
      draftWwdPlane({ name: 'Background', tilesWide: 8, tilesHigh: 4, zCoord: -999 }),
      draftWwdPlane({ name: 'Action', flags: 1, tilesWide: 32, tilesHigh: 16, tiles, objects }),
    ],
  });
  return new Blob([writeWwd(level, { compress }) as Uint8Array<ArrayBuffer>]);
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
export interface WarmUpOptions {
  rounds: number;
  entriesPerRound: number;
}

const DEFAULTS: WarmUpOptions = { rounds: 12, entriesPerRound: 3_000 };

/**
 * Opens the warm-up archive `rounds` times, each through a new decoder from `makeDecoder`,
 * yielding to the event loop between rounds. Resolves with the time it took (ms).
 */
export async function warmUp(
  makeDecoder: () => DecoderApi,
  options: WarmUpOptions = DEFAULTS,
): Promise<number> {
  const started = performance.now();
  const archive = warmUpArchiveBlob(
    makeWarmUpArchive(options.entriesPerRound, WARM_UP_LARGE_ENTRY_SIZE),
  );
  const levels = [makeWarmUpLevel(60, false), makeWarmUpLevel(60, true)];
  for (let round = 0; round < options.rounds; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const decoder = makeDecoder();
    const opened = await decoder.open(archive, 'warm-up.wad', () => undefined);
    if (!opened.ok) throw new Error(`warm-up archive did not open: ${opened.error.message}`);
    decoder.getRows(0, 64);
    decoder.setAllExpanded(true);
    decoder.getRows(options.entriesPerRound >> 1, 64);
    decoder.setFilter('*.dds');
    decoder.setFilter('');
    // A level too in the first two rounds, uncompressed then compressed: what its open
    // leaves in the heap is then collected during the later rounds, not left for the
    // first real file to find.
    if (round < 2) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const levelDecoder = makeDecoder();
      const level = await levelDecoder.open(levels[round]!, 'warm-up.wwd', () => undefined);
      if (!level.ok) throw new Error(`warm-up level did not open: ${level.error.message}`);
      levelDecoder.setAllExpanded(true);
      levelDecoder.getRows(0, 64);
      levelDecoder.documentView();
    }
  }
  // The journal's hot loop once more, in many short batches: the code after the loop
  // then has the engine's feedback too (a real open runs ten or more batches). Batches of 4
  // records, many calls of a short loop: with them `--js-flags=--trace-opt` shows nothing
  // more done to the scan's code during the first real open; with batches of 50, its
  // top-tier code (13 ms of compiling on a background thread) was installed only then.
  for (let pass = 0; pass < 4; pass++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const read = await readKiwad(new BlobByteSource(archive), {
      batchSize: 4,
      retainEntries: false,
    });
    if (read.fatal) throw new Error(`warm-up journal did not read: ${read.fatal.message}`);
  }
  // The engine compiles its optimised code on background threads, and installs it at the
  // next call once ready. A file opened the moment the warm-up ended ran in the slower tiers
  // while those compiles were still going, and competed with them for the CPU: indexed
  // ~90 ms against ~70 ms a tenth of a second later (docs/PERFORMANCE.md). So a pause for
  // them to finish, and one short pass that installs what they made, before saying "warm".
  await new Promise((resolve) => setTimeout(resolve, COMPILE_PAUSE_MS));
  const last = await readKiwad(new BlobByteSource(archive), {
    batchSize: 500,
    retainEntries: false,
  });
  if (last.fatal) throw new Error(`warm-up journal did not read: ${last.fatal.message}`);
  return performance.now() - started;
}

/** How long the warm-up waits at its end for the engine's background compiles. */
const COMPILE_PAUSE_MS = 100;
