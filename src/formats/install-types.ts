/**
 * Install verification: a list of the files an install should hold (a patch list) checked
 * against a folder on disk. A session whose file is such a list offers
 * `InstallCheckCapability` (model.ts); the check itself is generic (install-check.ts), and
 * so are its report (install-report.ts), the worker's job, the CLI's `verify-install` and
 * the app's dialog. The types here are plain, structured-cloneable data; model.ts
 * re-exports them, so the UI may import them.
 */
import type { ChecksumKind } from './services.ts';

/**
 * How a listed file is checked: `exact`, its size and checksum must be the list's;
 * `dynamic`, the game fills it as it runs (a dynamic WAD), so being there is all that is
 * checked: it is reported `dynamic`, never as a mismatch.
 */
export type InstallPolicy = 'exact' | 'dynamic';

/** One file a list names. */
export interface ListedFile {
  /** Relative to the install's root, `/`-separated (a `\` is taken as a separator too). */
  path: string;
  /** Bytes it should have. */
  size: number;
  /** The checksum of its whole content, unsigned; null when the list keeps none. */
  checksum: { kind: ChecksumKind; value: number } | null;
  policy: InstallPolicy;
  /** The session's node that lists it (its record), when there is one. */
  node?: number;
}

/**
 * What a listed file was found to be: `ok`; `missing` (no file at its path); `size-mismatch`;
 * `crc-mismatch` (its checksum, of whatever kind, differs); `dynamic` (there, and not
 * compared: `InstallPolicy`); `unreadable` (there, but reading it failed: `error` says why);
 * `unchecked` (a cancelled check did not come to it).
 */
export type InstallStatus =
  'ok' | 'missing' | 'size-mismatch' | 'crc-mismatch' | 'dynamic' | 'unreadable' | 'unchecked';

export const INSTALL_STATUSES: readonly InstallStatus[] = [
  'ok',
  'missing',
  'size-mismatch',
  'crc-mismatch',
  'dynamic',
  'unreadable',
  'unchecked',
];

/** The outcome of one listed file, in list order. */
export interface InstalledFile {
  /** The path as listed. */
  path: string;
  status: InstallStatus;
  expectedSize: number;
  /** Bytes on disk; null when missing. */
  actualSize: number | null;
  /** The listed checksum; null when the list keeps none. */
  expectedCrc: number | null;
  /** The checksum of the file on disk; null when not computed (sizes differ, dynamic, ...). */
  actualCrc: number | null;
  /** Its path in the folder (from the folder's root), when that differs from `path` (case). */
  foundAs: string | null;
  /** Why it could not be read (`unreadable`), else null. */
  error: string | null;
  /** The session's node that lists it, or -1. */
  node: number;
}

/** A file in the folder that the list does not name. */
export interface UnlistedFile {
  /** Its path in the folder, from the root the check found (or the folder's own path outside it). */
  path: string;
  size: number;
}

/** How many listed files ended in each status. */
export type InstallCounts = Record<InstallStatus, number>;

export interface InstallCheckResult {
  /**
   * Where the list's paths start inside what was picked: `''` for the picked folder itself
   * (as its files' paths go, so a picked `Wizard101` folder gives `Wizard101`).
   */
  root: string;
  counts: InstallCounts;
  files: InstalledFile[];
  unlisted: UnlistedFile[];
  /** Bytes read for checksums. */
  bytesHashed: number;
  /** The check was cancelled: files it did not come to are `unchecked`. */
  cancelled: boolean;
  /** What the checksums are, for headings: `KI-CRC`, `CRC-32`, or `CRC` when they differ. */
  checksumLabel: string;
}

/** A check's progress: listed files settled, and bytes read of those it hashes. */
export interface InstallProgress {
  filesDone: number;
  fileCount: number;
  bytesDone: number;
  bytesTotal: number;
}

/** The report of a check as a file: JSON (the CLI's `verify-install --json`) or CSV. */
export type InstallReportKind = 'json' | 'csv';
