/**
 * Actions on the selection and its file: download (an entry's content, a .zip of a folder,
 * of the whole archive or of several selected rows), verify every checksum, and the verify
 * summary.
 */
import type { ReactElement } from 'react';
import {
  useActions,
  useFile,
  useFileJobs,
  useMultiSelection,
  useRowCache,
  useRowCacheTick,
  useSelection,
} from '../../state/hooks.ts';
import { isFocusTheSelection, selectedRowCount } from '../../state/selection-actions.ts';
import type { Selection } from '../../state/types.ts';
import type { VerifySummary } from '../../worker/rpc/api.ts';
import { formatCount } from '../format.ts';
import { CopyLinkButton } from './CopyLinkButton.tsx';
import { JobList } from './JobList.tsx';

/** `4 ok, 0 mismatched, 1 unpatched` (+ missing, unsupported, errors, + cancelled). */
export function describeVerifySummary(summary: VerifySummary): string {
  const parts = [
    `${formatCount(summary.ok)} ok`,
    `${formatCount(summary.mismatched)} mismatched`,
    `${formatCount(summary.unpatched)} unpatched`,
  ];
  if (summary.missing > 0) parts.push(`${formatCount(summary.missing)} missing`);
  if (summary.unsupported > 0) parts.push(`${formatCount(summary.unsupported)} unsupported`);
  if (summary.errors > 0) parts.push(`${formatCount(summary.errors)} unreadable`);
  const text = parts.join(', ');
  return summary.cancelled
    ? `${text} (cancelled after ${formatCount(summary.checked)} checked)`
    : text;
}

interface DownloadButton {
  label: string;
  title: string;
  isEnabled: boolean;
}

/** What "Download" does for the selection: an entry's content, or a .zip. */
function downloadButton(
  target: Selection | null,
  selectedCount: number,
  canZip: boolean,
  canRead: boolean,
): DownloadButton {
  if (selectedCount > 1) {
    return {
      label: 'Download selection as .zip',
      title: `A .zip of the entries of the ${formatCount(selectedCount)} selected rows`,
      isEnabled: canZip,
    };
  }
  if (!target || selectedCount === 0) {
    return {
      label: 'Download',
      title: 'Select an entry, a folder or a file first',
      isEnabled: false,
    };
  }
  if (target.kind === 'row' && !target.row.isFolder) {
    return { label: 'Download', title: `Download ${target.row.path}`, isEnabled: canRead };
  }
  return {
    label: 'Download as .zip',
    title: target.kind === 'row' ? `A .zip of ${target.row.path}` : 'A .zip of every entry',
    isEnabled: canZip,
  };
}

/** The one selected row when it is not the focused one (Ctrl+click), from the page cache. */
function useOnlySelectedRow(): Selection | null {
  const multi = useMultiSelection();
  const rowCache = useRowCache();
  useRowCacheTick();
  const [only] = multi?.spans ?? [];
  if (!multi || multi.spans.length !== 1 || !only || only[0] !== only[1]) return null;
  if (only[0] < 0) return { kind: 'file', fileId: multi.fileId };
  const row = rowCache.getCurrentRow(multi.fileId, only[0]);
  return row ? { kind: 'row', fileId: multi.fileId, row, rowIndex: only[0] } : null;
}

export function ActionsBar(): ReactElement {
  const selection = useSelection();
  const multi = useMultiSelection();
  const file = useFile(multi?.fileId ?? selection?.fileId);
  const fileJobs = useFileJobs(file?.id);
  const { downloadSelection, downloadZip, verifyAll } = useActions();
  const onlySelectedRow = useOnlySelectedRow();

  // Zip and verify need the whole table: not while it is still being read.
  const canWork = file !== undefined && !file.hasCrashed && file.status !== 'opening';
  const capabilities = file?.summary?.capabilities;
  // Downloads need the content of nodes; Verify all needs checksums the file keeps.
  const canRead = canWork && capabilities?.content === true;
  const canVerify = canWork && capabilities?.verify === true;
  const hasEntries = (file?.summary?.entryCount ?? 0) > 0;
  const isBusy = fileJobs.some((job) => job.kind === 'verify' || job.kind === 'zip');
  const isVerifying = fileJobs.some((job) => job.kind === 'verify');

  const view = { selection, multi };
  const selectedCount = selectedRowCount(view);
  // The row the single-row actions are about: the focused one, unless Ctrl+click left another.
  const target = isFocusTheSelection(view) ? selection : onlySelectedRow;
  const download = downloadButton(target, selectedCount, canRead && hasEntries && !isBusy, canRead);

  return (
    <div className="actions-bar" role="group" aria-label="Actions">
      <span className="actions-target" title={selectionPath(target, file?.name)}>
        {selectedCount > 1
          ? `${formatCount(selectedCount)} rows of ${file?.name ?? ''}`
          : target?.kind === 'row'
            ? target.row.name
            : (file?.name ?? 'Nothing selected')}
      </span>
      <button
        type="button"
        className="button"
        data-testid="download"
        title={download.title}
        disabled={!download.isEnabled}
        onClick={() => void downloadSelection()}
      >
        {download.label}
      </button>
      <button
        type="button"
        className="button"
        data-testid="download-zip"
        title={file ? `A .zip of every entry of ${file.name}` : undefined}
        disabled={!canRead || !hasEntries || isBusy}
        onClick={() => file && void downloadZip(file.id, [])}
      >
        Download all as .zip
      </button>
      <button
        type="button"
        className="button"
        data-testid="verify-all"
        title={verifyTitle(file?.name, capabilities?.verify)}
        disabled={!canVerify || !hasEntries || isBusy}
        onClick={() => file && void verifyAll(file.id)}
      >
        {isVerifying ? 'Verifying…' : 'Verify all'}
      </button>
      <CopyLinkButton />
      {file?.verifySummary && (
        <span className="verify-summary" data-testid="verify-summary" role="status">
          {describeVerifySummary(file.verifySummary)}
        </span>
      )}
      <JobList />
    </div>
  );
}

function verifyTitle(fileName: string | undefined, canVerify: boolean | undefined) {
  if (fileName === undefined) return undefined;
  if (canVerify === false) return `${fileName} keeps no checksums to verify`;
  return `Recompute every checksum of ${fileName}`;
}

function selectionPath(
  selection: Selection | null,
  fileName: string | undefined,
): string | undefined {
  if (selection?.kind === 'row') return `${fileName ?? ''}: ${selection.row.path}`;
  return fileName;
}
