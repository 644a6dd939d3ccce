/**
 * A file's listing as a file, for "Export listing": the rows of its tree (the visible ones,
 * as expanded and filtered, or every node) with their columns, as CSV (RFC 4180,
 * formats/csv.ts) or JSON (an array of one object per row). Generic: the columns are the
 * tree's own and the format's own (`Session.columnSets`), by id.
 */
import { CSV_LINE_END, csvLine } from '../../formats/csv.ts';
import type { ColumnDef } from '../../formats/model.ts';
import type { TreeRow } from '../rpc/api.ts';

/** The tree's columns every listing has, in order. */
const FIXED = [
  'path',
  'kind',
  'size',
  'storedSize',
  'compressed',
  'crc',
  'status',
  'entryCount',
] as const;

/** A row as the listing writes it: the fixed columns, then the format's own cells. */
function listedRow(row: TreeRow, own: readonly string[]): Record<string, unknown> {
  const listed: Record<string, unknown> = {
    path: row.path,
    kind: row.kind,
    size: row.size,
    storedSize: row.storedSize,
    compressed: row.isCompressed,
    crc: row.checksum === null ? null : row.checksum >>> 0,
    status: row.status,
    entryCount: row.entryCount,
  };
  for (const id of own) listed[id] = row.cells[id] ?? null;
  return listed;
}

/** The ids of the format's own columns (every column set's, once) not among the fixed ones. */
export function ownColumnIds(columnSets: Record<string, readonly ColumnDef[]>): string[] {
  const fixed = new Set<string>(FIXED);
  const ids = Object.values(columnSets).flatMap((columns) =>
    columns
      .filter((column) => ['text', 'number', 'hex'].includes(column.kind))
      .map((column) => column.id),
  );
  return [...new Set(ids)].filter((id) => !fixed.has(id));
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The listing's text in pieces (the rows arrive in pages). */
export function listingText(
  pages: Iterable<readonly TreeRow[]>,
  own: readonly string[],
  kind: 'csv' | 'json',
): string[] {
  const parts: string[] = [];
  if (kind === 'csv') {
    parts.push(csvLine([...FIXED, ...own]) + CSV_LINE_END);
    for (const page of pages) {
      const lines = page.map((row) => {
        const listed = listedRow(row, own);
        return csvLine([...FIXED, ...own].map((id) => csvField(listed[id]))) + CSV_LINE_END;
      });
      parts.push(lines.join(''));
    }
    return parts;
  }
  let isFirst = true;
  parts.push('[');
  for (const page of pages) {
    const lines = page.map((row) => {
      const line = `${isFirst ? '' : ','}\n  ${JSON.stringify(listedRow(row, own))}`;
      isFirst = false;
      return line;
    });
    parts.push(lines.join(''));
  }
  parts.push(isFirst ? ']\n' : '\n]\n');
  return parts;
}
