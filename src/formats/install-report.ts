/**
 * The report of an install check (install-check.ts), the same from the CLI and the app:
 *
 * - JSON (`verify-install --json`, the app's JSON export): `{ok, missing, sizeMismatch,
 *   crcMismatch, dynamic, unreadable, unchecked, cancelled, root, checksum, files: [{path,
 *   status, expectedSize, actualSize, expectedCrc, actualCrc}], unlisted: [path]}`. Counts
 *   first, each also when zero; a file's `foundAs` (its path on disk, when its case differs)
 *   and `error` (why it could not be read) only when set. Checksums are unsigned decimals,
 *   null where there is none. Two-space indented, ending with a line end.
 * - CSV: a header, a line per listed file in list order, then a line per unlisted file with
 *   the status `unlisted` and its size as `actualSize`.
 * - Text (the CLI without `--json`): a line per file that is not ok or dynamic, a line per
 *   unlisted file, and a summary line.
 */
import { CSV_LINE_END, csvLine } from './csv.ts';
import type { InstallCheckResult, InstalledFile, InstallStatus } from './install-types.ts';

/** A listed file in the JSON report: `foundAs` and `error` only when set. */
export type InstallReportFile = Pick<
  InstalledFile,
  'path' | 'status' | 'expectedSize' | 'actualSize' | 'expectedCrc' | 'actualCrc'
> & { foundAs?: string; error?: string };

export interface InstallReportJson {
  ok: number;
  missing: number;
  sizeMismatch: number;
  crcMismatch: number;
  dynamic: number;
  unreadable: number;
  unchecked: number;
  cancelled: boolean;
  root: string;
  checksum: string;
  files: InstallReportFile[];
  unlisted: string[];
}

/** Statuses that make the check fail (the CLI's exit 1): something is missing or wrong. */
export const FAILING_STATUSES: ReadonlySet<InstallStatus> = new Set([
  'missing',
  'size-mismatch',
  'crc-mismatch',
  'unreadable',
]);

/** Whether the install is not what the list says (unlisted files alone do not count). */
export function isInstallBroken(result: InstallCheckResult): boolean {
  return result.files.some((file) => FAILING_STATUSES.has(file.status));
}

function reportFile(file: InstalledFile): InstallReportFile {
  const entry: InstallReportFile = {
    path: file.path,
    status: file.status,
    expectedSize: file.expectedSize,
    actualSize: file.actualSize,
    expectedCrc: file.expectedCrc,
    actualCrc: file.actualCrc,
  };
  if (file.foundAs !== null) entry.foundAs = file.foundAs;
  if (file.error !== null) entry.error = file.error;
  return entry;
}

export function installReportJson(result: InstallCheckResult): InstallReportJson {
  const { counts } = result;
  return {
    ok: counts.ok,
    missing: counts.missing,
    sizeMismatch: counts['size-mismatch'],
    crcMismatch: counts['crc-mismatch'],
    dynamic: counts.dynamic,
    unreadable: counts.unreadable,
    unchecked: counts.unchecked,
    cancelled: result.cancelled,
    root: result.root,
    checksum: result.checksumLabel,
    files: result.files.map(reportFile),
    unlisted: result.unlisted.map((file) => file.path),
  };
}

/** The JSON report as text, as `verify-install --json` prints it and the app saves it. */
export function installReportText(result: InstallCheckResult): string {
  return `${JSON.stringify(installReportJson(result), null, 2)}\n`;
}

const CSV_HEADER = [
  'path',
  'status',
  'expectedSize',
  'actualSize',
  'expectedCrc',
  'actualCrc',
  'foundAs',
  'error',
];

const cell = (value: string | number | null): string => (value === null ? '' : String(value));

export function installReportCsv(result: InstallCheckResult): string {
  const lines = [csvLine(CSV_HEADER)];
  for (const file of result.files) {
    lines.push(
      csvLine(
        [
          file.path,
          file.status,
          file.expectedSize,
          file.actualSize,
          file.expectedCrc,
          file.actualCrc,
          file.foundAs,
          file.error,
        ].map(cell),
      ),
    );
  }
  for (const file of result.unlisted) {
    lines.push(csvLine([file.path, 'unlisted', '', String(file.size), '', '', '', '']));
  }
  return lines.join(CSV_LINE_END) + CSV_LINE_END;
}

/** The report as a file's text. */
export function installReport(result: InstallCheckResult, kind: 'json' | 'csv'): string {
  return kind === 'json' ? installReportText(result) : installReportCsv(result);
}

const hex8 = (value: number) => `0x${value.toString(16).toUpperCase().padStart(8, '0')}`;

/** Why a file is not ok, after its path: `expected 120 bytes, found 118`. */
function why(file: InstalledFile, checksum: string): string {
  if (file.status === 'size-mismatch') {
    return ` (expected ${file.expectedSize} bytes, found ${file.actualSize ?? '?'})`;
  }
  if (file.status === 'crc-mismatch' && file.expectedCrc !== null && file.actualCrc !== null) {
    return ` (expected ${checksum} ${hex8(file.expectedCrc)}, found ${hex8(file.actualCrc)})`;
  }
  if (file.status === 'unreadable' && file.error !== null) return ` (${file.error})`;
  return '';
}

/** `3 files: 1 ok, 1 missing, …; 2 unlisted files`: what a check found, in a line. */
export function installSummaryLine(result: InstallCheckResult): string {
  const { counts } = result;
  const parts = [
    `${counts.ok} ok`,
    `${counts.missing} missing`,
    `${counts['size-mismatch']} size mismatch`,
    `${counts['crc-mismatch']} ${result.checksumLabel} mismatch`,
    `${counts.dynamic} dynamic`,
  ];
  if (counts.unreadable) parts.push(`${counts.unreadable} unreadable`);
  if (counts.unchecked) parts.push(`${counts.unchecked} unchecked`);
  const unlisted = result.unlisted.length;
  const files = result.files.length;
  return (
    `${files} ${files === 1 ? 'file' : 'files'} listed: ${parts.join(', ')}; ` +
    `${unlisted} unlisted ${unlisted === 1 ? 'file' : 'files'}` +
    (result.cancelled ? ' (cancelled)' : '')
  );
}

/** The text report's lines, before its summary: files not ok (nor dynamic), then unlisted ones. */
export function* installProblemLines(
  result: InstallCheckResult,
): Generator<{ status: string; path: string; detail: string }> {
  for (const file of result.files) {
    if (file.status === 'ok' || file.status === 'dynamic') continue;
    yield { status: file.status, path: file.path, detail: why(file, result.checksumLabel) };
  }
  for (const file of result.unlisted) yield { status: 'unlisted', path: file.path, detail: '' };
}
