/**
 * Warm-up of a spare decoder worker (client.ts starts one at page load, named
 * SPARE_WORKER_NAME): before any file arrives, it opens a small archive made here, in
 * memory, through a decoder of its own, so the engine has compiled and optimised the code
 * of an open (journal scan, columns, tree, rows, filter) by the time a real file comes.
 *
 * A new worker otherwise runs that code for the first time on the user's file, mostly in
 * the engine's slower tiers: in Node, opening the bench's 100,000-entry table cold takes
 * about twice as long as warm (docs/PERFORMANCE.md). The warm-up runs in short rounds
 * with a yield between them, so a file that arrives meanwhile waits at most one round;
 * its decoder is another instance and shares no state with the warm-up's.
 */
import { KIWAD_STORED_MARKER } from '../formats/kiwad/layout.ts';
import { encodeKiwadName, writeKiwadRaw, type KiwadRawRecord } from '../formats/kiwad/write.ts';
import type { DecoderApi } from './api.ts';

/** Entries of the warm-up archive: sorted paths two to four folders deep, as KI's are. */
export function makeWarmUpArchive(entryCount: number): Blob {
  const names: string[] = [];
  const extensions = ['dds', 'xml', 'ogg', 'nif', 'bin'];
  for (let i = 0; i < entryCount; i++) {
    const group = `Group${String(i % 4).padStart(2, '0')}`;
    const folder = `Folder${String(Math.floor(i / 6) % 500).padStart(4, '0')}`;
    const leaf = i % 3 === 0 ? `Sub${i % 7}/` : '';
    names.push(`${group}/${folder}/${leaf}item_${String(i).padStart(6, '0')}.${extensions[i % 5]}`);
  }
  names.sort();
  const records: KiwadRawRecord[] = names.map((name, index) => {
    const isStored = name.endsWith('.ogg');
    return {
      dataOffset: 0,
      uncompressedSize: 16 + (index % 5),
      compressedSize: isStored ? KIWAD_STORED_MARKER : 8,
      compressedFlag: isStored ? 0 : 1,
      crc: index * 2654435761,
      nameBytes: encodeKiwadName(name),
    };
  });
  const header = { magic: 'KIWAD', version: 2, entryCount: records.length, flags: 1 };
  // Every entry's data points at one shared block after the journal.
  const dataOffset = writeKiwadRaw({ header, records, data: new Uint8Array(0) }).length;
  for (const record of records) record.dataOffset = dataOffset;
  const bytes = writeKiwadRaw({ header, records, data: new Uint8Array(32) });
  return new Blob([bytes as Uint8Array<ArrayBuffer>]);
}

export interface WarmUpOptions {
  rounds: number;
  entriesPerRound: number;
}

const DEFAULTS: WarmUpOptions = { rounds: 16, entriesPerRound: 600 };

/**
 * Opens the warm-up archive `rounds` times, each through a new decoder from `makeDecoder`,
 * yielding to the event loop between rounds. Resolves with the time it took (ms).
 */
export async function warmUp(
  makeDecoder: () => DecoderApi,
  options: WarmUpOptions = DEFAULTS,
): Promise<number> {
  const started = performance.now();
  const archive = makeWarmUpArchive(options.entriesPerRound);
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
  }
  return performance.now() - started;
}
