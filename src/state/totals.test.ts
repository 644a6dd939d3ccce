import { describe, expect, it } from 'vitest';
import type { FileSummary } from '../worker/rpc/api.ts';
import { totalsOf } from './totals.ts';

function file(parentId: string | null, entryCount: number, totalSize: number, stored: number) {
  const summary = { entryCount, totalSize, totalStoredSize: stored } as FileSummary;
  return { parentId, summary, openProgress: null, matchCount: null };
}

describe('totals of the open files', () => {
  it('adds the bytes of a file opened from another one once: they are in its parent', () => {
    // A 103-byte .dvpl wrapping 265 bytes, and the payload opened from it.
    const totals = totalsOf([file(null, 1, 265, 103), file('f1', 1, 265, 265)]);
    expect(totals).toEqual({
      fileCount: 2,
      entryCount: 2,
      totalSize: 265,
      totalStoredSize: 103,
      matchCount: null,
    });
  });

  it('adds separate files', () => {
    const totals = totalsOf([file(null, 3, 300, 100), file(null, 2, 50, 50)]);
    expect(totals.totalSize).toBe(350);
    expect(totals.totalStoredSize).toBe(150);
  });
});
