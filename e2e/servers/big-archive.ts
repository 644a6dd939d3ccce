/**
 * A KIWAD archive of over 500 MB for the remote-open tests, written with the project's own
 * writer (`writeKiwadRaw` for header and journal) and positioned writes of its data, so it is
 * never in memory whole. 250 stored entries of 2 MiB of noise (incompressible, like audio),
 * then two small text entries at the very end, so a preview of one reads from the far end
 * of the file. Kept in the temp folder and reused while its facts match.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { nativeKiCrc } from '../../bench/lib/generate.ts';
import { KIWAD_STORED_MARKER } from '../../src/formats/kiwad/layout.ts';
import {
  compareBytes,
  encodeKiwadName,
  writeKiwadRaw,
  type KiwadRawRecord,
} from '../../src/formats/kiwad/write.ts';

export interface BigArchive {
  path: string;
  size: number;
  /** Header plus journal, bytes. */
  tableSize: number;
  entryCount: number;
  /** Text entries and their contents, for previews. */
  texts: Record<string, string>;
}

const CHUNK = 2 * 1024 * 1024;
const CHUNKS = 250;
const TEXTS: Record<string, string> = {
  'readme.txt': 'Delve remote test archive: this entry sits past 500 MB.\n',
  'zz/notes.txt': 'The last entry of the archive.\n',
};

function noise(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state >>> 0;
  }
  return out;
}

/** Writes the archive at `path` (or reuses the one there); returns its facts. */
export async function ensureBigArchive(path: string): Promise<BigArchive> {
  const factsPath = `${path}.json`;
  if (existsSync(path) && existsSync(factsPath)) {
    return JSON.parse(readFileSync(factsPath, 'utf8')) as BigArchive;
  }
  mkdirSync(dirname(path), { recursive: true });
  const utf8 = new TextEncoder();
  const chunkBytes = noise(CHUNK, 7);
  const chunkCrc = nativeKiCrc(chunkBytes);
  const entries = [
    ...Array.from({ length: CHUNKS }, (_, i) => ({
      name: `data/chunk_${String(i).padStart(4, '0')}.bin`,
      bytes: chunkBytes,
      crc: chunkCrc,
    })),
    ...Object.entries(TEXTS).map(([name, text]) => {
      const bytes = utf8.encode(text);
      return { name, bytes, crc: nativeKiCrc(bytes) };
    }),
  ]
    .map((entry) => ({ ...entry, nameBytes: encodeKiwadName(entry.name) }))
    .sort((a, b) => compareBytes(a.nameBytes, b.nameBytes));
  const header = { magic: 'KIWAD', version: 2, entryCount: entries.length, flags: 1 };
  const records: KiwadRawRecord[] = entries.map((entry) => ({
    dataOffset: 0,
    uncompressedSize: entry.bytes.length,
    compressedSize: KIWAD_STORED_MARKER,
    compressedFlag: 0,
    crc: entry.crc,
    nameBytes: entry.nameBytes,
  }));
  const tableSize = writeKiwadRaw({ header, records, data: new Uint8Array(0) }).length;
  let position = tableSize;
  const partial = `${path}.partial`;
  const handle = await open(partial, 'w');
  try {
    for (const [index, entry] of entries.entries()) {
      records[index]!.dataOffset = position;
      await handle.write(entry.bytes, 0, entry.bytes.length, position);
      position += entry.bytes.length;
    }
    const table = writeKiwadRaw({ header, records, data: new Uint8Array(0) });
    await handle.write(table, 0, table.length, 0);
  } finally {
    await handle.close();
  }
  await rename(partial, path);
  const facts: BigArchive = {
    path,
    size: position,
    tableSize,
    entryCount: entries.length,
    texts: TEXTS,
  };
  writeFileSync(factsPath, JSON.stringify(facts));
  return facts;
}
