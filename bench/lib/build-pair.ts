/**
 * Two builds of one KIWAD for the compare bench: `count` tiny stored entries each (as the
 * tree-at-scale archive, generate.ts), differing in a known set — every 100th entry of the
 * old build removed, as many new ones added, every 100th (another) changed in content and so
 * in its stored CRC — the rest the same bytes. Written in one pass each (data is tiny).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KIWAD_STORED_MARKER } from '../../src/formats/kiwad/layout.ts';
import {
  compareBytes,
  encodeKiwadName,
  writeKiwadRaw,
  type KiwadRawRecord,
} from '../../src/formats/kiwad/write.ts';
import { Random, nativeKiCrc, writeSynced, type GeneratedArchive } from './generate.ts';

const EXTENSIONS = ['xml', 'dds', 'nif', 'txt', 'bin', 'json', 'dat'];
const DATA_BYTES = 8;

export interface BuildPair {
  old: GeneratedArchive;
  new: GeneratedArchive;
  /** What a comparison of the two must count. */
  expected: { added: number; removed: number; changed: number; unchanged: number };
}

/** Entry `i`'s path: 16 groups of folders, about 100 entries a folder. */
function entryName(i: number, folders: number, count: number): string {
  const folder = Math.floor(i / Math.ceil(count / folders));
  return `Group${String(folder % 16).padStart(2, '0')}/Folder${String(folder).padStart(5, '0')}/item_${String(i).padStart(7, '0')}.${EXTENSIONS[i % EXTENSIONS.length]}`;
}

/** Entry `i`'s bytes; `variant` 1 is its changed content. */
function entryData(i: number, variant: number): Uint8Array {
  const random = new Random(i * 2 + variant + 1);
  return Uint8Array.from({ length: DATA_BYTES }, () => random.next());
}

async function writeBuild(
  path: string,
  entries: readonly { name: string; data: Uint8Array }[],
): Promise<GeneratedArchive> {
  const named = entries
    .map((entry) => ({ ...entry, nameBytes: encodeKiwadName(entry.name) }))
    .sort((a, b) => compareBytes(a.nameBytes, b.nameBytes));
  const header = { magic: 'KIWAD', version: 2, entryCount: named.length, flags: 1 };
  const records: KiwadRawRecord[] = named.map(({ nameBytes, data }) => ({
    dataOffset: 0,
    uncompressedSize: data.length,
    compressedSize: KIWAD_STORED_MARKER,
    compressedFlag: 0,
    crc: nativeKiCrc(data),
    nameBytes,
  }));
  const tableSize = writeKiwadRaw({ header, records, data: new Uint8Array(0) }).length;
  const data = new Uint8Array(named.length * DATA_BYTES);
  named.forEach((entry, at) => {
    data.set(entry.data, at * DATA_BYTES);
    records[at]!.dataOffset = tableSize + at * DATA_BYTES;
  });
  const archive = writeKiwadRaw({ header, records, data });
  await writeSynced(path, archive);
  return {
    path,
    fileSize: archive.length,
    entryCount: named.length,
    tableSize,
    storedBytes: data.length,
    uncompressedBytes: data.length,
    compressedEntries: 0,
    largeEntries: 0,
  };
}

/** The pair in `workdir` (generated once, reused after), `count` entries in each build. */
export async function buildPair(
  workdir: string,
  count: number,
  log: (line: string) => void,
): Promise<BuildPair> {
  const stem = join(workdir, `compare-${count}`);
  const factsPath = `${stem}.json`;
  if (existsSync(factsPath) && existsSync(`${stem}-old.wad`) && existsSync(`${stem}-new.wad`)) {
    log(`Reusing ${stem}-old.wad and -new.wad`);
    return JSON.parse(readFileSync(factsPath, 'utf8')) as BuildPair;
  }
  log(`Generating two ${count.toLocaleString('en-US')}-entry builds at ${stem}-*.wad...`);
  const folders = Math.max(1, Math.round(count / 100));
  const oldEntries: { name: string; data: Uint8Array }[] = [];
  const newEntries: { name: string; data: Uint8Array }[] = [];
  const expected = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (let i = 0; i < count; i++) {
    const name = entryName(i, folders, count);
    const kind = i % 100;
    oldEntries.push({ name, data: entryData(i, 0) });
    if (kind === 1) {
      expected.removed++;
      continue;
    }
    newEntries.push({ name, data: entryData(i, kind === 3 ? 1 : 0) });
    if (kind === 3) expected.changed++;
    else expected.unchanged++;
  }
  // As many added as removed: both builds hold `count` entries, in the same folders.
  for (let k = 0; k < expected.removed; k++) {
    const name = entryName(k * 100 + 2, folders, count).replace('/item_', '/new_item_');
    newEntries.push({ name, data: entryData(count + k, 0) });
    expected.added++;
  }
  const pair: BuildPair = {
    old: await writeBuild(`${stem}-old.wad`, oldEntries),
    new: await writeBuild(`${stem}-new.wad`, newEntries),
    expected,
  };
  writeFileSync(factsPath, JSON.stringify(pair));
  return pair;
}
