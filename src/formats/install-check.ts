/**
 * Install verification over any session that lists an install's files
 * (`InstallCheckCapability`, model.ts): each listed file is found in the folder
 * (install-match.ts), then settled by what is known without reading it — missing, a size
 * that differs, a dynamic file that is there — and the rest are hashed whole, in slices,
 * through the checksum service (`forFiles`: the worker's pool of checksum workers, or this
 * thread in the CLI). Files the list does not name are listed apart. Pure: the worker's job
 * and the CLI run the same code; the report's shapes are install-report.ts.
 *
 * A file that cannot be read is a result (`unreadable`), never the end of the check. A
 * cancelled check answers what it had settled, the rest `unchecked`, and says it was
 * cancelled.
 */
import type { ByteSource } from '../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../binary/format-error.ts';
import { matchFolder, normalListPath, type FolderEntry } from './install-match.ts';
import type {
  InstallCheckResult,
  InstallCounts,
  InstalledFile,
  InstallProgress,
  ListedFile,
  UnlistedFile,
} from './install-types.ts';
import type { CancelSignal } from './model.ts';
import type { ChecksumKind, ChecksumService, IndexedSource } from './services.ts';

/** A file of the picked folder: its path from the folder's top, its size and its bytes. */
export interface FolderFile extends FolderEntry {
  size: number;
  /** Null when the file could not even be opened: `error` says why. */
  source: ByteSource | null;
  error?: string | null;
}

export interface InstallCheckRequest {
  listed: readonly ListedFile[];
  folder: readonly FolderFile[];
  checksums: ChecksumService;
  signal: CancelSignal;
  /** Called at each step (a file settled, bytes read): the caller throttles it. */
  onProgress?: (progress: InstallProgress) => void;
}

const CHECKSUM_LABELS: Record<ChecksumKind, string> = { 'ki-crc': 'KI-CRC', crc32: 'CRC-32' };

/** Zero of every status. */
export function emptyCounts(): InstallCounts {
  return {
    ok: 0,
    missing: 0,
    'size-mismatch': 0,
    'crc-mismatch': 0,
    dynamic: 0,
    unreadable: 0,
    unchecked: 0,
  };
}

/** What the list's checksums are, for headings: one kind's name, or `CRC` for a mix. */
function checksumLabel(listed: readonly ListedFile[]): string {
  const kinds = new Set(listed.flatMap((file) => (file.checksum ? [file.checksum.kind] : [])));
  const [only] = kinds;
  return kinds.size === 1 && only ? CHECKSUM_LABELS[only] : 'CRC';
}

/** The path a folder file has from the root (its whole path when it is outside the root). */
function underRoot(path: string, root: string): string {
  return root !== '' && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

/** Settles what needs no reading; answers the listed files that wait for a checksum. */
function settleUnread(
  listed: readonly ListedFile[],
  folder: readonly FolderFile[],
  found: Int32Array,
  root: string,
): { files: InstalledFile[]; waiting: number[] } {
  const waiting: number[] = [];
  const files = listed.map((entry, at): InstalledFile => {
    const index = found[at]!;
    const disk = index >= 0 ? folder[index]! : null;
    const diskPath = disk ? underRoot(disk.path, root) : null;
    const file: InstalledFile = {
      path: entry.path,
      status: 'unchecked',
      expectedSize: entry.size,
      actualSize: disk && !disk.error ? disk.size : null,
      expectedCrc: entry.checksum?.value ?? null,
      actualCrc: null,
      foundAs: diskPath !== null && diskPath !== normalListPath(entry.path) ? diskPath : null,
      error: null,
      node: entry.node ?? -1,
    };
    // A dynamic file that is there is all that is asked, readable or not.
    if (!disk) file.status = 'missing';
    else if (entry.policy === 'dynamic') file.status = 'dynamic';
    else if (disk.error || !disk.source) {
      file.status = 'unreadable';
      file.error = disk.error ?? 'it could not be opened';
    } else if (disk.size !== entry.size) file.status = 'size-mismatch';
    else if (!entry.checksum) file.status = 'ok';
    else waiting.push(at);
    return file;
  });
  return { files, waiting };
}

export async function checkInstall(request: InstallCheckRequest): Promise<InstallCheckResult> {
  const { listed, folder, checksums, signal, onProgress } = request;
  const { root, found, unlisted } = matchFolder(listed, folder);
  const { files, waiting } = settleUnread(listed, folder, found, root);
  const progress: InstallProgress = {
    filesDone: listed.length - waiting.length,
    fileCount: listed.length,
    bytesDone: 0,
    bytesTotal: 0,
  };
  // Per checksum kind, the folder files to hash and the listed files each one settles (a
  // file listed twice is read once).
  const byKind = new Map<ChecksumKind, Map<number, number[]>>();
  for (const at of waiting) {
    const kind = listed[at]!.checksum!.kind;
    const byFile = byKind.get(kind) ?? new Map<number, number[]>();
    byKind.set(kind, byFile);
    const index = found[at]!;
    const settles = byFile.get(index);
    if (settles) settles.push(at);
    else {
      byFile.set(index, [at]);
      progress.bytesTotal += folder[index]!.size;
    }
  }
  onProgress?.({ ...progress });
  let cancelled = false;
  try {
    for (const [kind, byFile] of byKind) {
      const sources: IndexedSource[] = [...byFile.keys()].map((index) => ({
        index,
        source: folder[index]!.source!,
      }));
      const bytes = sources.reduce((sum, { source }) => sum + source.size, 0);
      const settle = (index: number, change: (file: InstalledFile) => void) => {
        for (const at of byFile.get(index) ?? []) {
          change(files[at]!);
          progress.filesDone++;
        }
        onProgress?.({ ...progress });
      };
      await checksums.forFiles(kind, bytes).run(
        sources,
        {
          checksum: (index, value) =>
            settle(index, (file) => {
              file.actualCrc = value;
              file.status = value === file.expectedCrc ? 'ok' : 'crc-mismatch';
            }),
          failure: (index, message) =>
            settle(index, (file) => {
              file.status = 'unreadable';
              file.error = message;
            }),
          bytes: (count) => {
            progress.bytesDone += count;
            onProgress?.({ ...progress });
          },
        },
        signal,
      );
    }
  } catch (error) {
    const isCancel = error instanceof FormatError && error.code === ErrorCode.CANCELLED;
    if (!isCancel && !signal.isCancelled) throw error;
    cancelled = true;
  }
  const counts = emptyCounts();
  for (const file of files) counts[file.status]++;
  const unlistedFiles: UnlistedFile[] = unlisted
    .filter((index) => !folder[index]!.error)
    .map((index) => ({ path: underRoot(folder[index]!.path, root), size: folder[index]!.size }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    root,
    counts,
    files,
    unlisted: unlistedFiles,
    bytesHashed: progress.bytesDone,
    cancelled,
    checksumLabel: checksumLabel(listed),
  };
}
