/**
 * Counts and sizes of everything open, for the status bar. A file opened from another one
 * (an entry opened as a file, a wrapper's payload) lies inside its parent: its entries are
 * counted, but its bytes are already in the parent's totals and are not added again.
 */
import type { OpenFile } from './types.ts';

export interface Totals {
  fileCount: number;
  entryCount: number;
  totalSize: number;
  totalStoredSize: number;
  /** Sum of the files' matches; null without a filter. */
  matchCount: number | null;
}

type CountedFile = Pick<OpenFile, 'parentId' | 'summary' | 'openProgress' | 'matchCount'>;

export function totalsOf(files: readonly CountedFile[]): Totals {
  let entryCount = 0;
  let totalSize = 0;
  let totalStoredSize = 0;
  let matchCount: number | null = null;
  for (const file of files) {
    entryCount += file.summary?.entryCount ?? file.openProgress?.entriesRead ?? 0;
    if (file.parentId === null) {
      totalSize += file.summary?.totalSize ?? 0;
      totalStoredSize += file.summary?.totalStoredSize ?? 0;
    }
    if (file.matchCount !== null) matchCount = (matchCount ?? 0) + file.matchCount;
  }
  return { fileCount: files.length, entryCount, totalSize, totalStoredSize, matchCount };
}
