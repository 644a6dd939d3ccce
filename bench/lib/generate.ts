/**
 * Generates benchmark KIWAD archives on disk without holding their data in memory.
 *
 * The journal is laid out first (names are known up front, so its length is too); entry data
 * is then compressed in a bounded pipeline and written with positioned writes right after the
 * journal; header and journal are written last, once every offset, size and CRC is known.
 * The records come from the project's own writer (`writeKiwadRaw` with an empty data region),
 * so the bytes are exactly what `writeKiwad` would produce for the same stored streams.
 *
 * Content: slices of a pseudo-text corpus (Zipf-ish words, numbers, XML-like markup and runs
 * of low-entropy binary), so zlib has real work to do both ways; `.ogg` entries are stored
 * incompressible bytes, as KI stores audio.
 */
import { open } from 'node:fs/promises';
import { crc32, deflate } from 'node:zlib';
import { promisify } from 'node:util';
import { KIWAD_STORED_MARKER } from '../../src/formats/kiwad/layout.ts';
import {
  compareBytes,
  encodeKiwadName,
  writeKiwadRaw,
  type KiwadRawRecord,
} from '../../src/formats/kiwad/write.ts';

const deflateAsync = promisify(deflate);
const MiB = 1024 * 1024;

/** Small deterministic PRNG (xorshift32). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }
  /** Integer in [low, high]. */
  int(low: number, high: number): number {
    return low + (this.next() % (high - low + 1));
  }
}

/** KI-CRC through Node's native CRC-32 (spec §4: seed 0xFFFFFFFF, final XOR). */
export function nativeKiCrc(bytes: Uint8Array): number {
  return (crc32(bytes, 0xffffffff) ^ 0xffffffff) >>> 0;
}

/** A corpus of compressible pseudo-text that entries are sliced from. */
export function makeCorpus(size: number, seed = 7): Uint8Array {
  const random = new Random(seed);
  const letters = 'etaoinshrdlcumwfgypbvkjxqz';
  const words: string[] = [];
  for (let i = 0; i < 1024; i++) {
    const length = random.int(2, 11);
    let word = '';
    for (let k = 0; k < length; k++) {
      word += letters[Math.min(25, Math.floor((random.next() % 1000) ** 2 / 38500))];
    }
    words.push(word);
  }
  const encoder = new TextEncoder();
  const out = new Uint8Array(size);
  let at = 0;
  while (at < size) {
    const kind = random.next() % 10;
    let piece: Uint8Array;
    if (kind < 6) {
      // A line of words, Zipf-like: low indexes much more often.
      const count = random.int(4, 16);
      const parts: string[] = [];
      for (let i = 0; i < count; i++) {
        const rank = Math.floor(1024 * (random.next() / 0x100000000) ** 4);
        parts.push(words[rank]!);
      }
      piece = encoder.encode(parts.join(' ') + (random.next() % 3 === 0 ? '.\n' : ', '));
    } else if (kind < 8) {
      const tag = words[random.next() % 64]!;
      const value = random.next() % 100000;
      piece = encoder.encode(`<${tag} id="${value}" v="${(value * 7) % 997}">${value}</${tag}>\n`);
    } else {
      // Low-entropy binary: small values, like texture or mesh data.
      piece = new Uint8Array(random.int(64, 512));
      let level = random.next() & 0xff;
      for (let i = 0; i < piece.length; i++) {
        level = (level + (random.next() % 3) - 1) & 0xff;
        piece[i] = level;
      }
    }
    const take = Math.min(piece.length, size - at);
    out.set(piece.subarray(0, take), at);
    at += take;
  }
  return out;
}

export interface PlannedEntry {
  name: string;
  /** Uncompressed size. */
  size: number;
  isCompressed: boolean;
  /** Where in the corpus (compressed entries) or the seed (stored ones). */
  corpusOffset: number;
}

export interface GenerateOptions {
  path: string;
  entries: number;
  /** Approximate stored bytes of the whole data region. */
  targetStoredBytes: number;
  /** zlib level of the compressed entries. */
  level: number;
  version?: 1 | 2;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface GeneratedArchive {
  path: string;
  fileSize: number;
  entryCount: number;
  /** Header plus journal, in bytes. */
  tableSize: number;
  storedBytes: number;
  uncompressedBytes: number;
  compressedEntries: number;
  largeEntries: number;
}

const FOLDERS_TOP = ['Textures', 'Sounds', 'Models', 'UI', 'Data', 'Worlds', 'Effects', 'Fonts'];
const SMALL_EXTENSIONS = ['xml', 'dds', 'nif', 'txt', 'bin', 'json', 'dat'];

/** Nested folder names, 2 to 4 levels deep, about 50 bytes per path. */
function entryPath(random: Random, index: number, extension: string): string {
  const top = FOLDERS_TOP[random.next() % FOLDERS_TOP.length]!;
  const depth = random.int(1, 3);
  let path = top;
  for (let level = 0; level < depth; level++) {
    path += `/${['Zone', 'Area', 'Set', 'Pack'][level]}${String(random.next() % (level === 0 ? 24 : 12)).padStart(2, '0')}`;
  }
  return `${path}/asset_${String(index).padStart(6, '0')}_${(random.next() % 0xffff).toString(16)}.${extension}`;
}

const CORPUS_SIZE = 32 * MiB;
const LARGE_MIN = 1 * MiB;
const LARGE_MAX = 16 * MiB;

/**
 * Plans the entries: mostly ~4 KiB compressed files, 2% stored audio, and enough 1-16 MiB
 * compressed files that the stored total comes near `targetStoredBytes` at compression
 * ratio `ratio`.
 */
export function planEntries(
  count: number,
  targetStoredBytes: number,
  ratio: number,
  seed: number,
): PlannedEntry[] {
  const random = new Random(seed);
  const small: PlannedEntry[] = [];
  let storedEstimate = 0;
  const kinds: ('small' | 'audio')[] = [];
  for (let i = 0; i < count; i++) kinds.push(random.next() % 50 === 0 ? 'audio' : 'small');
  for (const kind of kinds) {
    if (kind === 'audio') {
      const size = random.int(4 * 1024, 64 * 1024);
      small.push({ name: '', size, isCompressed: false, corpusOffset: random.next() });
      storedEstimate += size;
    } else {
      const size = random.int(1024, 7 * 1024);
      small.push({
        name: '',
        size,
        isCompressed: true,
        corpusOffset: random.next() % (CORPUS_SIZE - size),
      });
      storedEstimate += size / ratio;
    }
  }
  // Turn some small compressed entries into large ones until the estimate reaches the target.
  for (let i = 0; i < small.length && storedEstimate < targetStoredBytes; i += 97) {
    const entry = small[i]!;
    if (!entry.isCompressed) continue;
    const size = random.int(LARGE_MIN, LARGE_MAX);
    storedEstimate += (size - entry.size) / ratio;
    entry.size = size;
    entry.corpusOffset = random.next() % (CORPUS_SIZE - size);
  }
  small.forEach((entry, index) => {
    const extension = !entry.isCompressed
      ? 'ogg'
      : entry.size >= LARGE_MIN
        ? 'dds'
        : SMALL_EXTENSIONS[random.next() % SMALL_EXTENSIONS.length]!;
    entry.name = entryPath(random, index, extension);
  });
  return small;
}

/** Writes the archive at `options.path`; returns its facts. */
/**
 * Writes `bytes` to `path` and waits until they are on disk: the kernel writing them back in
 * the background would take CPU and I/O from the first measurements.
 */
export async function writeSynced(path: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.write(bytes, 0, bytes.length, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function generateArchive(options: GenerateOptions): Promise<GeneratedArchive> {
  const seed = options.seed ?? 1;
  const corpus = makeCorpus(CORPUS_SIZE, seed);
  const sample = corpus.subarray(0, 4 * MiB);
  const ratio = sample.length / (await deflateAsync(sample, { level: options.level })).length;
  const planned = planEntries(options.entries, options.targetStoredBytes, ratio, seed + 1);
  const named = planned
    .map((entry) => ({ entry, nameBytes: encodeKiwadName(entry.name) }))
    .sort((a, b) => compareBytes(a.nameBytes, b.nameBytes));

  const version = options.version ?? 2;
  const header = {
    magic: 'KIWAD',
    version,
    entryCount: named.length,
    flags: version >= 2 ? 1 : null,
  };
  const records: KiwadRawRecord[] = named.map(({ nameBytes }) => ({
    dataOffset: 0,
    uncompressedSize: 0,
    compressedSize: 0,
    compressedFlag: 0,
    crc: 0,
    nameBytes,
  }));
  const tableSize = writeKiwadRaw({ header, records, data: new Uint8Array(0) }).length;

  const handle = await open(options.path, 'w');
  let position = tableSize;
  let storedBytes = 0;
  let uncompressedBytes = 0;
  let compressedEntries = 0;
  let largeEntries = 0;
  try {
    const audioRandom = new Random(seed + 2);
    const stored = (index: number): Promise<Uint8Array> => {
      const { entry } = named[index]!;
      if (!entry.isCompressed) {
        const bytes = new Uint8Array(entry.size);
        for (let i = 0; i < bytes.length; i += 4) {
          const value = audioRandom.next();
          bytes[i] = value;
          bytes[i + 1] = value >>> 8;
          bytes[i + 2] = value >>> 16;
          bytes[i + 3] = value >>> 24;
        }
        return Promise.resolve(bytes);
      }
      const slice = corpus.subarray(entry.corpusOffset, entry.corpusOffset + entry.size);
      return deflateAsync(slice, { level: options.level }).then(
        (out) => new Uint8Array(out.buffer, out.byteOffset, out.length),
      );
    };
    // Compress ahead on libuv's thread pool, write in order.
    const AHEAD = 8;
    const inFlight: Promise<Uint8Array>[] = [];
    for (let i = 0; i < Math.min(AHEAD, named.length); i++) inFlight.push(stored(i));
    for (let index = 0; index < named.length; index++) {
      const bytes = await inFlight[index]!;
      delete inFlight[index];
      if (index + AHEAD < named.length) inFlight[index + AHEAD] = stored(index + AHEAD);
      const { entry } = named[index]!;
      const record = records[index]!;
      record.dataOffset = position;
      record.uncompressedSize = entry.size;
      record.compressedSize = entry.isCompressed ? bytes.length : KIWAD_STORED_MARKER;
      record.compressedFlag = entry.isCompressed ? 1 : 0;
      record.crc = nativeKiCrc(bytes);
      await handle.write(bytes, 0, bytes.length, position);
      position += bytes.length;
      storedBytes += bytes.length;
      uncompressedBytes += entry.size;
      if (entry.isCompressed) compressedEntries++;
      if (entry.size >= LARGE_MIN) largeEntries++;
      if (index % 2000 === 0) options.onProgress?.(index, named.length);
    }
    const table = writeKiwadRaw({ header, records, data: new Uint8Array(0) });
    await handle.write(table, 0, table.length, 0);
    // On disk before anything is measured: the kernel writing a gigabyte back in the
    // background would take CPU and I/O from the first scenarios.
    await handle.sync();
  } finally {
    await handle.close();
  }
  return {
    path: options.path,
    fileSize: position,
    entryCount: named.length,
    tableSize,
    storedBytes,
    uncompressedBytes,
    compressedEntries,
    largeEntries,
  };
}

/**
 * An archive of many tiny stored entries, for the tree at scale: `folders` folders of
 * equal share, each entry 8 stored bytes. Written in one pass (data is tiny).
 */
export async function generateManyEntries(
  path: string,
  count: number,
  folders: number,
): Promise<GeneratedArchive> {
  const names: Uint8Array[] = [];
  const perFolder = Math.ceil(count / folders);
  for (let i = 0; i < count; i++) {
    const folder = Math.floor(i / perFolder);
    const group = folder % 16;
    names.push(
      encodeKiwadName(
        `Group${String(group).padStart(2, '0')}/Folder${String(folder).padStart(5, '0')}/item_${String(i).padStart(7, '0')}.${SMALL_EXTENSIONS[i % SMALL_EXTENSIONS.length]}`,
      ),
    );
  }
  names.sort(compareBytes);
  const header = { magic: 'KIWAD', version: 2, entryCount: count, flags: 1 };
  const records: KiwadRawRecord[] = names.map((nameBytes) => ({
    dataOffset: 0,
    uncompressedSize: 8,
    compressedSize: KIWAD_STORED_MARKER,
    compressedFlag: 0,
    crc: 0,
    nameBytes,
  }));
  const tableSize = writeKiwadRaw({ header, records, data: new Uint8Array(0) }).length;
  const data = new Uint8Array(count * 8);
  const random = new Random(99);
  for (let i = 0; i < count; i++) {
    const bytes = data.subarray(i * 8, i * 8 + 8);
    for (let k = 0; k < 8; k++) bytes[k] = random.next();
    records[i]!.dataOffset = tableSize + i * 8;
    records[i]!.crc = nativeKiCrc(bytes);
  }
  const archive = writeKiwadRaw({ header, records, data });
  await writeSynced(path, archive);
  return {
    path,
    fileSize: archive.length,
    entryCount: count,
    tableSize,
    storedBytes: data.length,
    uncompressedBytes: data.length,
    compressedEntries: 0,
    largeEntries: 0,
  };
}
