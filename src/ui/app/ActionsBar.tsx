/**
 * Actions on the selection and its file: download (an entry's content, or a .zip of a folder
 * or of the whole archive), verify every checksum, and the verify summary.
 */
import type { ReactElement } from 'react';
import { useActions, useFile, useFileJobs, useSelection } from '../../state/hooks.ts';
import type { VerifySummary } from '../../worker/api.ts';
import { formatCount } from '../format.ts';
import { JobList } from './JobList.tsx';

/** `4 ok, 0 mismatched, 1 unpatched` (+ errors, + cancelled). */
export function describeVerifySummary(summary: VerifySummary): string {
  const parts = [
    `${formatCount(summary.ok)} ok`,
    `${formatCount(summary.mismatched)} mismatched`,
    `${formatCount(summary.unpatched)} unpatched`,
  ];
  if (summary.errors > 0) parts.push(`${formatCount(summary.errors)} unreadable`);
  const text = parts.join(', ');
  return summary.cancelled
    ? `${text} (cancelled after ${formatCount(summary.checked)} checked)`
    : text;
}

export function ActionsBar(): ReactElement {
  const selection = useSelection();
  const file = useFile(selection?.fileId);
  const fileJobs = useFileJobs(file?.id);
  const { downloadSelection, downloadZip, verifyAll } = useActions();

  // Zip and verify need the whole table: not while it is still being read.
  const canWork = file !== undefined && !file.hasCrashed && file.status !== 'opening';
  const hasEntries = (file?.summary?.entryCount ?? 0) > 0;
  const isBusy = fileJobs.some((job) => job.kind === 'verify' || job.kind === 'zip');
  const isVerifying = fileJobs.some((job) => job.kind === 'verify');

  let downloadLabel = 'Download';
  let downloadTitle = 'Select an entry, a folder or a file first';
  let canDownload = false;
  if (selection?.kind === 'row' && !selection.row.isFolder) {
    downloadTitle = `Download ${selection.row.path}`;
    canDownload = canWork;
  } else if (selection) {
    downloadLabel = 'Download as .zip';
    downloadTitle =
      selection.kind === 'row' ? `A .zip of ${selection.row.path}` : 'A .zip of every entry';
    canDownload = canWork && hasEntries && !isBusy;
  }

  return (
    <div className="actions-bar" aria-label="Actions">
      <span className="actions-target" title={selectionPath(selection, file?.name)}>
        {selection?.kind === 'row' ? selection.row.name : (file?.name ?? 'Nothing selected')}
      </span>
      <button
        type="button"
        className="button"
        data-testid="download"
        title={downloadTitle}
        disabled={!canDownload}
        onClick={() => void downloadSelection()}
      >
        {downloadLabel}
      </button>
      <button
        type="button"
        className="button"
        data-testid="download-zip"
        title={file ? `A .zip of every entry of ${file.name}` : undefined}
        disabled={!canWork || !hasEntries || isBusy}
        onClick={() => file && void downloadZip(file.id, [])}
      >
        Download all as .zip
      </button>
      <button
        type="button"
        className="button"
        data-testid="verify-all"
        title={file ? `Recompute every checksum of ${file.name}` : undefined}
        disabled={!canWork || !hasEntries || isBusy}
        onClick={() => file && void verifyAll(file.id)}
      >
        {isVerifying ? 'Verifying…' : 'Verify all'}
      </button>
      {file?.verifySummary && (
        <span className="verify-summary" data-testid="verify-summary" role="status">
          {describeVerifySummary(file.verifySummary)}
        </span>
      )}
      <JobList />
    </div>
  );
}

function selectionPath(
  selection: ReturnType<typeof useSelection>,
  fileName: string | undefined,
): string | undefined {
  if (selection?.kind === 'row') return `${fileName ?? ''}: ${selection.row.path}`;
  return fileName;
}
