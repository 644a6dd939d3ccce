/**
 * What "Verify all" and "Download all" cover (every open file they apply to), and how what
 * each file gave a zip is told.
 */
import { safeFileName } from '../binary/path-safety.ts';
import type { ZipResult } from '../worker/rpc/api.ts';
import type { OpenFile } from './types.ts';

/** The name of one .zip of several open files. */
export const ALL_FILES_ZIP = 'open-files.zip';

export const EMPTY_ZIP: ZipResult = {
  blob: new Blob([]),
  entryCount: 0,
  leftOut: 0,
  leftOutReason: null,
};

/**
 * The open files "Verify all" (their format keeps checksums) or "Download all" (their entries
 * have content) covers: read, with entries, and their worker alive.
 */
export function filesFor(kind: 'verify' | 'zip', files: readonly OpenFile[]): OpenFile[] {
  return files.filter(
    (file) =>
      !file.hasCrashed &&
      file.status !== 'opening' &&
      (file.summary?.entryCount ?? 0) > 0 &&
      file.summary?.capabilities[kind === 'verify' ? 'verify' : 'content'] === true,
  );
}

/** Folder names for files in one zip: safe, and a repeated name numbered (`a.wad (2)`). */
export function uniqueFolderNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const safe = safeFileName(name, 'file');
    const key = safe.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? safe : `${safe} (${count})`;
  });
}

/** What one file gave a zip of several: `12 entries`, `, 5 left out (…)`. */
export function zipReportOf(zip: ZipResult): string {
  const entries = `${zip.entryCount.toLocaleString('en-US')} ${zip.entryCount === 1 ? 'entry' : 'entries'}`;
  return zip.leftOut > 0 ? `${entries}, ${leftOutText(zip)}` : entries;
}

/** `5 entries left out (their content cannot be read; the first: a/b.dds: needs …)`. */
export function leftOutText(zip: ZipResult): string {
  const count = zip.leftOut === 1 ? '1 entry' : `${zip.leftOut.toLocaleString('en-US')} entries`;
  const why =
    zip.leftOutReason === null
      ? ''
      : `; ${zip.leftOut === 1 ? '' : 'the first: '}${zip.leftOutReason}`;
  return `${count} left out (their content cannot be read${why})`;
}
