/**
 * The diff of two sessions as plain, structured-cloneable data: one row per node path of
 * either side, with the facts both sides expose (size, stored checksum). Shared by the
 * worker (which streams rows to the page), the CLI and the exports.
 */

/** How a node of the new side stands against the old: matched by its stable path. */
export type DiffStatus = 'added' | 'removed' | 'changed' | 'unchanged';

export const DIFF_STATUSES: readonly DiffStatus[] = ['added', 'removed', 'changed', 'unchanged'];

/** One matched (or unmatched) node. A side that lacks the node has index -1 and null facts. */
export interface DiffRow {
  path: string;
  status: DiffStatus;
  /** The node's index in the old session; -1 when added. */
  oldIndex: number;
  /** The node's index in the new session; -1 when removed. */
  newIndex: number;
  /** Unpacked bytes; null on the side that lacks the node. */
  oldSize: number | null;
  newSize: number | null;
  /** Stored checksum, unsigned; null where that side keeps none or lacks the node. */
  oldCrc: number | null;
  newCrc: number | null;
}

/** How many rows have each status. */
export type DiffCounts = Record<DiffStatus, number>;

export function emptyCounts(): DiffCounts {
  return { added: 0, removed: 0, changed: 0, unchanged: 0 };
}

/**
 * How "changed" was decided for a pair: by the stored checksums and sizes (no content
 * read), by the content's bytes, or by the values a document node exposes.
 */
export type ChangeEvidence = 'checksum' | 'content' | 'values';
