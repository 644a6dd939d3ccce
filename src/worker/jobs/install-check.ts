/**
 * The install check as a worker job over any session that lists an install's files: the
 * picked folder's files become byte sources (nothing is read yet), the generic check runs
 * (formats/install-check.ts) with the worker's checksum service, its progress throttled for
 * the page, and the token as its cancel signal. A list whose read stopped is refused with
 * its own error (the offset where it stopped), before any file is looked at.
 */
import { BlobByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { checkInstall, type FolderFile } from '../../formats/install-check.ts';
import type { InstallCheckResult, InstallProgress, Session } from '../../formats/model.ts';
import type { ChecksumService } from '../../formats/services.ts';
import type { FolderItem } from '../rpc/api.ts';
import { throttle, type CancelToken } from './jobs.ts';

/** The folder's files as the check takes them: a source per file that could be had. */
export function folderFiles(items: readonly FolderItem[]): FolderFile[] {
  return items.map(({ path, blob, error }) => ({
    path,
    size: blob?.size ?? 0,
    source: blob ? new BlobByteSource(blob, path.slice(path.lastIndexOf('/') + 1)) : null,
    error: blob ? null : (error ?? 'it could not be opened'),
  }));
}

export async function installCheckJob(
  session: Session,
  items: readonly FolderItem[],
  checksums: ChecksumService,
  onProgress: (progress: InstallProgress) => void,
  token: CancelToken,
): Promise<InstallCheckResult> {
  const capability = session.installCheck;
  if (!capability) {
    throw new FormatError({
      code: ErrorCode.BAD_VALUE,
      offset: 0,
      detail: `a ${session.label} lists no files of an install`,
    });
  }
  const report = throttle(onProgress, 50);
  let last: InstallProgress | null = null;
  const result = await checkInstall({
    listed: capability.files(),
    folder: folderFiles(items),
    checksums,
    signal: token,
    onProgress: (progress) => {
      last = progress;
      report(progress);
    },
  });
  // The last count always reaches the page, whatever the throttle held back.
  if (last) onProgress(last);
  return result;
}
