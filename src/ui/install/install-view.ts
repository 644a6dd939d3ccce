/**
 * What the install check's dialog shows of a result, as plain functions: the filters by
 * status with their counts, the rows a filter keeps, each row's cells and its text for
 * screen readers, and the summary in a line. Any install list: nothing here knows a format.
 */
import type {
  InstallCheckResult,
  InstalledFile,
  InstallProgress,
  InstallStatus,
  UnlistedFile,
} from '../../formats/model.ts';
import {
  formatCount,
  formatCountOf,
  formatHex32,
  formatSize,
  progressFraction,
} from '../format.ts';

/** What the rows are filtered by: every file, the ones that fail the check, one status, or unlisted files. */
export type InstallFilter = 'all' | 'problems' | InstallStatus | 'unlisted';

/** A row of the results: a listed file, or a file of the folder the list does not name. */
export type InstallRow =
  { kind: 'listed'; file: InstalledFile } | { kind: 'unlisted'; file: UnlistedFile };

/** Statuses that fail the check (the CLI's exit 1). */
const PROBLEMS: ReadonlySet<InstallStatus> = new Set([
  'missing',
  'size-mismatch',
  'crc-mismatch',
  'unreadable',
]);

/** The filters offered, in order; statuses no file has are left out (but `all` and `problems`). */
const STATUS_ORDER: readonly InstallStatus[] = [
  'ok',
  'missing',
  'size-mismatch',
  'crc-mismatch',
  'unreadable',
  'dynamic',
  'unchecked',
];

/** A status in words: `size mismatch`, `KI-CRC mismatch`. */
export function statusText(status: InstallStatus | 'unlisted', checksumLabel: string): string {
  if (status === 'crc-mismatch') return `${checksumLabel} mismatch`;
  return status.replace('-', ' ');
}

export interface FilterOption {
  filter: InstallFilter;
  label: string;
  count: number;
}

export function filterOptions(result: InstallCheckResult): FilterOption[] {
  const problems = result.files.filter((file) => PROBLEMS.has(file.status)).length;
  const options: FilterOption[] = [
    { filter: 'all', label: 'All', count: result.files.length + result.unlisted.length },
    { filter: 'problems', label: 'Problems', count: problems },
  ];
  for (const status of STATUS_ORDER) {
    const count = result.counts[status];
    if (count === 0) continue;
    const text = statusText(status, result.checksumLabel);
    const label = status === 'ok' ? 'OK' : text[0]!.toUpperCase() + text.slice(1);
    options.push({ filter: status, label, count });
  }
  if (result.unlisted.length > 0) {
    options.push({ filter: 'unlisted', label: 'Unlisted', count: result.unlisted.length });
  }
  return options;
}

/** The rows a filter keeps: listed files in list order, then unlisted ones in path order. */
export function rowsFor(result: InstallCheckResult, filter: InstallFilter): InstallRow[] {
  const listed = (keep: (file: InstalledFile) => boolean): InstallRow[] =>
    result.files.filter(keep).map((file) => ({ kind: 'listed', file }));
  const unlisted = (): InstallRow[] => result.unlisted.map((file) => ({ kind: 'unlisted', file }));
  if (filter === 'all') return [...listed(() => true), ...unlisted()];
  if (filter === 'unlisted') return unlisted();
  if (filter === 'problems') return listed((file) => PROBLEMS.has(file.status));
  return listed((file) => file.status === filter);
}

const hex32 = (value: number | null) => (value === null ? '' : formatHex32(value));
const bytes = (value: number | null) => (value === null ? '' : formatCount(value));

/** The cells of a row, as shown: path, status, sizes in bytes, checksums in hex. */
export interface RowCells {
  path: string;
  /** Its path in the folder when that differs (another case), for the row's title. */
  foundAs: string | null;
  status: InstallStatus | 'unlisted';
  statusText: string;
  expectedSize: string;
  actualSize: string;
  expectedCrc: string;
  actualCrc: string;
  /** Why it could not be read, when it could not. */
  error: string | null;
}

export function rowCells(row: InstallRow, checksumLabel: string): RowCells {
  if (row.kind === 'unlisted') {
    return {
      path: row.file.path,
      foundAs: null,
      status: 'unlisted',
      statusText: 'unlisted',
      expectedSize: '',
      actualSize: bytes(row.file.size),
      expectedCrc: '',
      actualCrc: '',
      error: null,
    };
  }
  const { file } = row;
  return {
    path: file.path,
    foundAs: file.foundAs,
    status: file.status,
    statusText: statusText(file.status, checksumLabel),
    expectedSize: bytes(file.expectedSize),
    actualSize: bytes(file.actualSize),
    expectedCrc: hex32(file.expectedCrc),
    actualCrc: hex32(file.actualCrc),
    error: file.error,
  };
}

/**
 * A path cut before its file name: `Data/GameData` and `/Zone-0.wad`. The table shortens
 * the folder part when the room runs out, so the name (what tells rows apart) stays.
 */
export function splitPath(path: string): { folder: string; name: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0
    ? { folder: '', name: path }
    : { folder: path.slice(0, slash), name: path.slice(slash) };
}

/** A path cell's title: the whole path, where it was found when another case, why it failed. */
export function pathTitle(cells: RowCells): string {
  const lines = [cells.path];
  if (cells.foundAs) lines.push(`On disk as ${cells.foundAs}`);
  if (cells.error) lines.push(cells.error);
  return lines.join('\n');
}

/**
 * The texts each sized column must have room for, a line each: every status a row may show,
 * and the longest size (the largest number has the most digits) and checksum. Every cell
 * of a column holds them unseen (install.css `.install-fit`), so the header and each row
 * size the column alike, whatever the font and whichever filter is on.
 */
export interface ColumnFits {
  status: string;
  expectedSize: string;
  actualSize: string;
  checksum: string;
}

export function columnFits(result: InstallCheckResult): ColumnFits {
  const statuses: (InstallStatus | 'unlisted')[] = [...STATUS_ORDER, 'unlisted'];
  let expectedSize = 0;
  let actualSize = 0;
  for (const file of result.files) {
    expectedSize = Math.max(expectedSize, file.expectedSize);
    actualSize = Math.max(actualSize, file.actualSize ?? 0);
  }
  for (const file of result.unlisted) actualSize = Math.max(actualSize, file.size);
  return {
    status: statuses.map((status) => statusText(status, result.checksumLabel)).join('\n'),
    expectedSize: formatCount(expectedSize),
    actualSize: formatCount(actualSize),
    checksum: formatHex32(0xffff_ffff),
  };
}

/** A row read out: `Bin/a.exe: size mismatch, expected 120 bytes, found 118 bytes`. */
export function rowText(cells: RowCells, checksumLabel: string): string {
  const parts = [`${cells.path}: ${cells.statusText}`];
  if (cells.expectedSize) parts.push(`expected ${cells.expectedSize} bytes`);
  if (cells.actualSize) parts.push(`found ${cells.actualSize} bytes`);
  if (cells.expectedCrc) parts.push(`expected ${checksumLabel} ${cells.expectedCrc}`);
  if (cells.actualCrc) parts.push(`found ${checksumLabel} ${cells.actualCrc}`);
  if (cells.foundAs) parts.push(`on disk as ${cells.foundAs}`);
  if (cells.error) parts.push(cells.error);
  return parts.join(', ');
}

/** `3,254 files listed: 3,210 ok, 1 missing, …; 12 unlisted files`, and how a cancel ended it. */
export function describeInstallResult(result: InstallCheckResult): string {
  const { counts } = result;
  const parts = [
    `${formatCount(counts.ok)} ok`,
    `${formatCount(counts.missing)} missing`,
    `${formatCount(counts['size-mismatch'])} size mismatch`,
    `${formatCount(counts['crc-mismatch'])} ${result.checksumLabel} mismatch`,
    `${formatCount(counts.dynamic)} dynamic`,
  ];
  if (counts.unreadable > 0) parts.push(`${formatCount(counts.unreadable)} unreadable`);
  if (counts.unchecked > 0) parts.push(`${formatCount(counts.unchecked)} unchecked`);
  const text =
    `${formatCountOf(result.files.length, 'file')} listed: ${parts.join(', ')}; ` +
    `${formatCountOf(result.unlisted.length, 'unlisted file')}`;
  return result.cancelled ? `${text} (cancelled: the unchecked files were not read)` : text;
}

/** Whether the check found the install as listed (unlisted files aside). */
export function isInstallIntact(result: InstallCheckResult): boolean {
  return !result.cancelled && result.files.every((file) => !PROBLEMS.has(file.status));
}

/** `1,200 of 3,254 files, 1.2 GiB of 13.3 GiB`: how far a check is. */
export function describeProgress(progress: InstallProgress): string {
  const files = `${formatCount(progress.filesDone)} of ${formatCountOf(progress.fileCount, 'file')}`;
  if (progress.bytesTotal === 0) return files;
  return `${files}, ${formatSize(progress.bytesDone)} of ${formatSize(progress.bytesTotal)} read`;
}

/** How far a check is, 0..1: by bytes read once there are bytes to read, else by files. */
export function progressOf(progress: InstallProgress): number | null {
  return progress.bytesTotal > 0
    ? progressFraction(progress.bytesDone, progress.bytesTotal)
    : progressFraction(progress.filesDone, progress.fileCount);
}
