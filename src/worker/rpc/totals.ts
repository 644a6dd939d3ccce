/**
 * The totals of an opened file (`FileSummary.totalSize`, `totalStoredSize`): what it unpacks
 * to and what it takes, counting each byte of the file once.
 *
 * An archive's entries lie side by side, so their sizes add up (the table and headers are
 * not content). A document's nodes nest and overlap — a section holds its records, a key
 * holds its values — so adding them up counts the same bytes again and again: a document
 * takes the file's size and unpacks to what it decodes to (its logical bytes, or the file
 * itself when it has none). A wrapper holds one file: it takes the file's size and unpacks
 * to what it wraps.
 */
import type { Session } from '../../formats/model.ts';

export interface Totals {
  totalSize: number;
  totalStoredSize: number;
}

/** Sums of the archive's entries, when the tree already has them (no walk over every node). */
export type EntrySums = Totals | null;

export function sessionTotals(session: Session, fileSize: number, entrySums: EntrySums): Totals {
  if (session.layout === 'document') {
    return { totalSize: session.logical?.length ?? fileSize, totalStoredSize: fileSize };
  }
  if (session.wrappedNode !== undefined) {
    return { totalSize: session.nodeTable().size(session.wrappedNode), totalStoredSize: fileSize };
  }
  if (entrySums) return entrySums;
  const table = session.nodeTable();
  let totalSize = 0;
  let totalStoredSize = 0;
  for (let index = 0, count = session.nodeCount(); index < count; index++) {
    totalSize += table.size(index);
    totalStoredSize += table.storedSize(index);
  }
  return { totalSize, totalStoredSize };
}
