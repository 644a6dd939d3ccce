/**
 * Native baselines, measured in the same run on the same bytes: what a plain Node program
 * with fs, Buffer and zlib does for each job. Page cache is warm for both sides (the
 * archive was just written, and each side reads it before timing).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { crc32, inflateSync } from 'node:zlib';

export interface NativeEntry {
  name: string;
  dataOffset: number;
  uncompressedSize: number;
  storedSize: number;
  isCompressed: boolean;
  crc: number;
}

/** Reads the header and the journal with fs and Buffer, the way a native tool would. */
/** One journal record at `at` (its name length already read), as the baseline parses it. */
export function nativeRecord(buffer: Buffer, at: number, nameLength: number): NativeEntry {
  const isCompressed = buffer[at + 12] !== 0;
  const uncompressedSize = buffer.readUInt32LE(at + 4);
  return {
    dataOffset: buffer.readUInt32LE(at),
    uncompressedSize,
    storedSize: isCompressed ? buffer.readUInt32LE(at + 8) : uncompressedSize,
    isCompressed,
    crc: buffer.readUInt32LE(at + 13),
    name: buffer.toString('utf8', at + 21, at + 21 + nameLength - 1),
  };
}

export function nativeReadTable(path: string): { entries: NativeEntry[]; tableSize: number } {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(14);
    readSync(fd, head, 0, 14, 0);
    if (head.toString('latin1', 0, 5) !== 'KIWAD') throw new Error('not a KIWAD');
    const version = head.readUInt32LE(5);
    const count = head.readUInt32LE(9);
    let position = version >= 2 ? 14 : 13;
    let buffer = Buffer.alloc(1024 * 1024);
    let base = position;
    let filled = readSync(fd, buffer, 0, buffer.length, base);
    let at = 0;
    const entries: NativeEntry[] = new Array(count);
    const ensure = (length: number) => {
      if (at + length <= filled) return;
      const rest = buffer.subarray(at, filled);
      if (buffer.length < length) buffer = Buffer.alloc(length * 2);
      const next = Buffer.alloc(buffer.length);
      rest.copy(next);
      base += at;
      filled =
        rest.length +
        readSync(fd, next, rest.length, next.length - rest.length, base + rest.length);
      buffer = next;
      at = 0;
    };
    for (let i = 0; i < count; i++) {
      ensure(21);
      const nameLength = buffer.readUInt32LE(at + 17);
      ensure(21 + nameLength);
      entries[i] = nativeRecord(buffer, at, nameLength);
      at += 21 + nameLength;
    }
    position = base + at;
    return { entries, tableSize: position };
  } finally {
    closeSync(fd);
  }
}

const WINDOW = 16 * 1024 * 1024;

/**
 * Reads the whole file once so that both sides, native and browser, read it from the page
 * cache: a baseline that paid for the disk while the browser did not would flatter the app.
 */
export function warmPageCache(path: string): void {
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(WINDOW);
  try {
    let position = 0;
    for (;;) {
      const read = readSync(fd, buffer, 0, WINDOW, position);
      if (read === 0) break;
      position += read;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Calls `onEntry` with each entry's stored bytes, in offset order, reading the file in
 * windows of 16 MiB (every entry of these archives fits in one). Returns ms spent outside
 * `onEntry` (reading).
 */
function forEachStored(
  path: string,
  entries: readonly NativeEntry[],
  onEntry: (entry: NativeEntry, bytes: Buffer) => void,
): void {
  const sorted = [...entries].sort((a, b) => a.dataOffset - b.dataOffset);
  const fd = openSync(path, 'r');
  const window = Buffer.allocUnsafe(WINDOW);
  let start = 0;
  let end = 0;
  try {
    for (const entry of sorted) {
      if (entry.storedSize > WINDOW) throw new Error('entry larger than the window');
      if (entry.dataOffset < start || entry.dataOffset + entry.storedSize > end) {
        start = entry.dataOffset;
        end = start + readSync(fd, window, 0, WINDOW, start);
      }
      const at = entry.dataOffset - start;
      onEntry(entry, window.subarray(at, at + entry.storedSize));
    }
  } finally {
    closeSync(fd);
  }
}

export interface NativeCrcResult {
  totalMs: number;
  crcMs: number;
  bytes: number;
  mismatches: number;
}

/** KI-CRC of every entry's stored bytes with zlib.crc32 (spec §4 seed convention). */
export function nativeVerify(path: string, entries: readonly NativeEntry[]): NativeCrcResult {
  let crcMs = 0;
  let bytes = 0;
  let mismatches = 0;
  const started = performance.now();
  forEachStored(path, entries, (entry, stored) => {
    const before = performance.now();
    const ki = (crc32(stored, 0xffffffff) ^ 0xffffffff) >>> 0;
    crcMs += performance.now() - before;
    bytes += stored.length;
    if (ki !== entry.crc) mismatches++;
  });
  return { totalMs: performance.now() - started, crcMs, bytes, mismatches };
}

export interface NativeInflateResult {
  totalMs: number;
  inflateMs: number;
  entries: number;
  storedBytes: number;
  outputBytes: number;
  smallMs: number;
  smallOutputBytes: number;
  largeMs: number;
  largeOutputBytes: number;
}

export const LARGE_ENTRY = 1024 * 1024;

/** zlib.inflateSync of every compressed entry. */
export function nativeInflate(path: string, entries: readonly NativeEntry[]): NativeInflateResult {
  const result: NativeInflateResult = {
    totalMs: 0,
    inflateMs: 0,
    entries: 0,
    storedBytes: 0,
    outputBytes: 0,
    smallMs: 0,
    smallOutputBytes: 0,
    largeMs: 0,
    largeOutputBytes: 0,
  };
  const started = performance.now();
  forEachStored(
    path,
    entries.filter((entry) => entry.isCompressed),
    (entry, stored) => {
      const before = performance.now();
      const out = inflateSync(stored);
      const spent = performance.now() - before;
      if (out.length !== entry.uncompressedSize) throw new Error(`${entry.name}: size mismatch`);
      result.inflateMs += spent;
      result.entries++;
      result.storedBytes += stored.length;
      result.outputBytes += out.length;
      if (entry.uncompressedSize >= LARGE_ENTRY) {
        result.largeMs += spent;
        result.largeOutputBytes += out.length;
      } else {
        result.smallMs += spent;
        result.smallOutputBytes += out.length;
      }
    },
  );
  result.totalMs = performance.now() - started;
  return result;
}
