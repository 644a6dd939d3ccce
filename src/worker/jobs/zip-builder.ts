/**
 * Streams entries into a zip (stored, no recompression: the archive's own compression is
 * already undone, and storing keeps the job I/O bound). Output chunks are folded into a
 * Blob every few MiB so the browser can move them out of the JS heap.
 *
 * fflate writes zip32 only: more than 65,535 entries, or an archive of 4 GiB or more, is
 * refused up front with a clear message rather than producing a broken zip.
 */
import { Zip, ZipPassThrough } from 'fflate';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { CancelToken } from './jobs.ts';
import { createUniquePaths, safeRelativePath, uniquePaths } from '../../binary/path-safety.ts';

export const ZIP32_MAX_ENTRIES = 65_535;
export const ZIP32_MAX_BYTES = 0xffffffff;
const FOLD_BYTES = 32 * 1024 * 1024;

export interface ZipItem {
  path: string;
  size: number;
  read(): Promise<Uint8Array>;
}

export interface ZipOptions {
  /**
   * The name an item's content gets once it is read (a document node's key with the
   * extension of what it is, content-names.ts); names stay unique. Default: its path.
   */
  nameOf?: (path: string, data: Uint8Array) => string;
}

/** Room left in the size check for names that grow once read (an extension). */
const NAME_GROWTH = 8;

/** Bytes a stored zip of these items takes: data plus local and central headers. */
export function storedZipSize(items: readonly ZipItem[]): number {
  const encoder = new TextEncoder();
  let total = 22;
  for (const item of items) total += item.size + 30 + 46 + 2 * encoder.encode(item.path).length;
  return total;
}

export async function buildZip(
  items: readonly ZipItem[],
  token: CancelToken,
  onProgress: (done: number, total: number, label: string) => void,
  options: ZipOptions = {},
): Promise<Blob> {
  if (items.length > ZIP32_MAX_ENTRIES) {
    throw new FormatError({
      code: ErrorCode.TOO_LARGE,
      offset: 0,
      detail: `${items.length.toLocaleString('en-US')} entries is more than a zip without ZIP64 can hold (65,535); download a folder at a time`,
    });
  }
  const { nameOf } = options;
  // Names decided once read are made unique as they come; the others all at once, here.
  const names = nameOf
    ? items.map((item) => safeRelativePath(item.path))
    : uniquePaths(items.map((item) => safeRelativePath(item.path)));
  const safeItems = items.map((item, i) => ({
    ...item,
    path: nameOf ? names[i]! + '.'.repeat(NAME_GROWTH) : names[i]!,
  }));
  const expected = storedZipSize(safeItems);
  const uniqueName = createUniquePaths();
  if (expected > ZIP32_MAX_BYTES) {
    throw new FormatError({
      code: ErrorCode.TOO_LARGE,
      offset: 0,
      detail: `the zip would be ${(expected / 2 ** 30).toFixed(2)} GiB, past the 4 GiB limit of zips without ZIP64; download a folder at a time`,
    });
  }

  const writer = new BlobZipWriter();
  for (let i = 0; i < safeItems.length; i++) {
    token.throwIfCancelled();
    const item = safeItems[i]!;
    onProgress(i, safeItems.length, item.path);
    const data = await item.read();
    const path = nameOf ? uniqueName(safeRelativePath(nameOf(names[i]!, data))) : item.path;
    writer.add(path, data);
  }
  const blob = writer.finish();
  onProgress(safeItems.length, safeItems.length, 'done');
  return blob;
}

/**
 * A zip of stored entries, its output folded into a Blob every few MiB so the browser can
 * move it out of the JS heap.
 */
export class BlobZipWriter {
  private blob = new Blob([], { type: 'application/zip' });
  private pending: Uint8Array<ArrayBuffer>[] = [];
  private pendingBytes = 0;
  private failure: Error | null = null;
  private readonly zip = new Zip((error, chunk, isFinal) => {
    if (error) {
      this.failure = error;
      return;
    }
    this.pending.push(chunk as Uint8Array<ArrayBuffer>);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= FOLD_BYTES || isFinal) {
      this.blob = new Blob([this.blob, ...this.pending], { type: 'application/zip' });
      this.pending = [];
      this.pendingBytes = 0;
    }
  });

  /** Adds one stored entry under `path` (already safe and unique). */
  add(path: string, data: Uint8Array): void {
    const file = new ZipPassThrough(path);
    this.zip.add(file);
    file.push(data, true);
    this.throwIfFailed();
  }

  /** Ends the zip and gives it. */
  finish(): Blob {
    this.zip.end();
    this.throwIfFailed();
    return this.blob;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
