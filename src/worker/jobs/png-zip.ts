/**
 * "Save all as PNG": a zip of images converted to PNG, one at a time (each is decoded, then
 * encoded, then dropped), stored (a PNG is already deflated) through `BlobZipWriter`. An
 * image that does not convert (an unsupported pixel format, a damaged entry) is left out and counted, the
 * first reason kept; cancelling stops between images.
 *
 * Names follow `delve extract --png`: the entry's path with `.png` appended; an entry that
 * is a PNG already goes in as it is, under its own name.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { createUniquePaths, safeRelativePath } from '../../binary/path-safety.ts';
import type { CancelToken } from './jobs.ts';
import { BlobZipWriter, ZIP32_MAX_ENTRIES } from './zip-builder.ts';

export interface PngZipItem {
  /** The entry's path. */
  path: string;
  /** The bytes to store (a PNG), and whether they are the entry's own (its name kept). */
  png(): Promise<{ bytes: Uint8Array; isOwnBytes: boolean }>;
}

export interface PngZipOutcome {
  blob: Blob;
  entryCount: number;
  leftOut: number;
  leftOutReason: string | null;
}

/** The name an image's PNG gets in the zip (as `extract --png` writes it beside the entry). */
export function pngNameOf(path: string, isOwnBytes: boolean): string {
  return isOwnBytes ? path : `${path}.png`;
}

export async function buildPngZip(
  items: readonly PngZipItem[],
  token: CancelToken,
  onProgress: (done: number, total: number, label: string) => void,
  pause: () => Promise<void>,
): Promise<PngZipOutcome> {
  if (items.length > ZIP32_MAX_ENTRIES) {
    throw new FormatError({
      code: ErrorCode.TOO_LARGE,
      offset: 0,
      detail: `${items.length.toLocaleString('en-US')} images is more than a zip without ZIP64 can hold (65,535); save a folder at a time`,
    });
  }
  const writer = new BlobZipWriter();
  const uniqueName = createUniquePaths();
  let entryCount = 0;
  let leftOut = 0;
  let leftOutReason: string | null = null;
  for (let at = 0; at < items.length; at += 1) {
    token.throwIfCancelled();
    const item = items[at]!;
    onProgress(at, items.length, item.path);
    let converted: { bytes: Uint8Array; isOwnBytes: boolean };
    try {
      converted = await item.png();
    } catch (error) {
      token.throwIfCancelled();
      leftOut += 1;
      const reason = error instanceof Error ? error.message : String(error);
      leftOutReason ??= `${item.path}: ${reason}`;
      continue;
    }
    writer.add(
      uniqueName(safeRelativePath(pngNameOf(item.path, converted.isOwnBytes))),
      converted.bytes,
    );
    entryCount += 1;
    // Other requests (a cancel, the tree's pages) are answered between images.
    await pause();
  }
  const blob = writer.finish();
  onProgress(items.length, items.length, 'done');
  return { blob, entryCount, leftOut, leftOutReason };
}
