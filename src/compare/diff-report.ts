/**
 * What is made of a diff's rows for people and scripts: the JSON report (the CLI's
 * `diff --json` and the app's JSON export are the same shape), CSV, text lines, and the
 * counts of each status per folder.
 */
import {
  DIFF_STATUSES,
  emptyCounts,
  type DiffCounts,
  type DiffRow,
  type DiffStatus,
} from './types.ts';

/** One entry of the JSON report; null where a side lacks the node or keeps no checksum. */
export interface DiffReportEntry {
  path: string;
  status: DiffStatus;
  oldSize: number | null;
  newSize: number | null;
  oldCrc: number | null;
  newCrc: number | null;
}

/** The JSON report: the count of each status, then the entries listed. */
export interface DiffReport extends DiffCounts {
  entries: DiffReportEntry[];
}

/** Rows by path in code-unit order, a path's repeats in their order: the same on every run. */
export function sortedRows(rows: readonly DiffRow[]): DiffRow[] {
  return rows
    .map((row, order) => ({ row, order }))
    .sort((a, b) =>
      a.row.path < b.row.path ? -1 : a.row.path > b.row.path ? 1 : a.order - b.order,
    )
    .map(({ row }) => row);
}

export function countRows(rows: readonly DiffRow[]): DiffCounts {
  const counts = emptyCounts();
  for (const row of rows) counts[row.status]++;
  return counts;
}

function entryOf(row: DiffRow): DiffReportEntry {
  const { path, status, oldSize, newSize, oldCrc, newCrc } = row;
  return { path, status, oldSize, newSize, oldCrc, newCrc };
}

/**
 * The report of `rows`: counts over all of them, entries for those whose status is listed
 * (every status but `unchanged` unless `includeUnchanged`), sorted by path.
 */
export function diffReport(
  rows: readonly DiffRow[],
  listed: ReadonlySet<DiffStatus> = new Set(['added', 'removed', 'changed']),
): DiffReport {
  return {
    ...countRows(rows),
    entries: sortedRows(rows.filter((row) => listed.has(row.status))).map(entryOf),
  };
}

export function diffJson(report: DiffReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const hex8 = (value: number | null) =>
  value === null ? '' : value.toString(16).toUpperCase().padStart(8, '0');

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const DIFF_CSV_HEADER = 'path,status,oldSize,newSize,oldCrc,newCrc';

/** The entries as CSV (CRLF line ends): sizes in bytes, checksums as 8 hex digits, empty where null. */
export function diffCsv(entries: readonly DiffReportEntry[]): string {
  const lines = [DIFF_CSV_HEADER];
  for (const entry of entries) {
    lines.push(
      [
        csvField(entry.path),
        entry.status,
        entry.oldSize ?? '',
        entry.newSize ?? '',
        hex8(entry.oldCrc),
        hex8(entry.newCrc),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const MARKS: Record<DiffStatus, string> = {
  added: '+',
  removed: '-',
  changed: '~',
  unchanged: '=',
};

/** One text line per entry: its mark (`+ - ~ =`), the path, and sizes where they changed. */
export function diffLine(entry: DiffReportEntry): string {
  const sizes =
    entry.status === 'changed' && entry.oldSize !== entry.newSize
      ? `  (${entry.oldSize} -> ${entry.newSize} bytes)`
      : '';
  return `${MARKS[entry.status]} ${entry.path}${sizes}`;
}

/** `3 added, 1 removed, 2 changed, 10 unchanged` */
export function countsLine(counts: DiffCounts): string {
  return DIFF_STATUSES.map((status) => `${counts[status]} ${status}`).join(', ');
}

/**
 * Counts of each status per folder path (`a/b` for `a/b/c.txt`; `` for the top), every
 * ancestor folder counting its descendants, as rows come in batches. Each folder's chain of
 * counts (its own and its ancestors') is made once: a row then costs one slice and one
 * lookup, not one of each per ancestor.
 */
export class FolderCounts {
  readonly byFolder = new Map<string, DiffCounts>();
  private readonly chains = new Map<string, DiffCounts[]>();

  add(rows: readonly DiffRow[]): void {
    for (const row of rows) {
      const end = row.path.lastIndexOf('/');
      const folder = end < 0 ? '' : row.path.slice(0, end);
      let chain = this.chains.get(folder);
      if (!chain) this.chains.set(folder, (chain = this.chainOf(folder)));
      for (const counts of chain) counts[row.status]++;
    }
  }

  /** The counts of `folder` and of each folder above it, made where missing. */
  private chainOf(folder: string): DiffCounts[] {
    const chain: DiffCounts[] = [];
    for (let at = folder === '' ? -1 : folder.length; ; at = folder.lastIndexOf('/', at - 1)) {
      const ancestor = at < 0 ? '' : folder.slice(0, at);
      let counts = this.byFolder.get(ancestor);
      if (!counts) this.byFolder.set(ancestor, (counts = emptyCounts()));
      chain.push(counts);
      if (at < 0) break;
    }
    return chain;
  }
}

/** The counts of `rows` per folder (FolderCounts), at once. */
export function folderCounts(rows: readonly DiffRow[]): Map<string, DiffCounts> {
  const counts = new FolderCounts();
  counts.add(rows);
  return counts.byFolder;
}
