/**
 * Actions on the selection (download an entry's content, or a .zip of a folder, a file or
 * several selected rows) and on every open file (Download all as one .zip, Verify all), with
 * what Verify all found in each file; for a file that lists an install, its install check. An entry whose content cannot be read (a missing
 * volume, a compression not unpacked) cannot be downloaded: the button says why.
 */
import type { ReactElement } from 'react';
import { filesFor } from '../../state/all-files.ts';
import { openGallery, useGalleryTarget } from '../../state/gallery.ts';
import {
  useActions,
  useEntryDetails,
  useFile,
  useFiles,
  useJobs,
  useMultiSelection,
  useRowCache,
  useRowCacheTick,
  useSelection,
} from '../../state/hooks.ts';
import { isFocusTheSelection, selectedRowCount } from '../../state/selection-actions.ts';
import type { OpenFile, Selection } from '../../state/types.ts';
import { describeVerifySummary, fileVerifyState } from '../checksums/verify-summary.ts';
import { formatCount } from '../format.ts';
import { comparableWith } from '../compare/ComparePicker.tsx';
import { compareActions } from '../compare/use-compare.ts';
import { CopyLinkButton } from './CopyLinkButton.tsx';
import { JobList } from './JobList.tsx';
import { SearchActions } from '../search/SearchActions.tsx';

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
  unavailable: string | null,
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
    if (unavailable !== null) {
      return {
        label: 'Download',
        title: `${target.row.name} cannot be downloaded: ${unavailable}`,
        isEnabled: false,
      };
    }
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

/** Why the entry's content cannot be read (from its details), or null. */
function useUnavailable(target: Selection | null): string | null {
  const entry =
    target?.kind === 'row' && !target.row.isFolder && target.row.kind === 'entry' ? target : null;
  const details = useEntryDetails(entry?.fileId ?? null, entry?.row.entryIndex ?? -1);
  return entry && details.status === 'ok' ? details.value.unavailable : null;
}

export function ActionsBar(): ReactElement {
  const selection = useSelection();
  const multi = useMultiSelection();
  const file = useFile(multi?.fileId ?? selection?.fileId);
  const files = useFiles();
  const jobs = useJobs();
  const { downloadSelection, downloadAllFiles, verifyAllFiles, openInstallCheck } = useActions();
  const onlySelectedRow = useOnlySelectedRow();

  // Zip and verify need the whole table: not while it is still being read.
  const canWork = file !== undefined && !file.hasCrashed && file.status !== 'opening';
  // Downloads need the content of nodes.
  const canRead = canWork && file.summary?.capabilities.content === true;
  const hasEntries = (file?.summary?.entryCount ?? 0) > 0;
  const isBusy = (fileId: string | undefined) =>
    jobs.some((job) => job.fileId === fileId && (job.kind === 'verify' || job.kind === 'zip'));
  const isAnyBusy = jobs.some((job) => job.kind === 'verify' || job.kind === 'zip');
  const isVerifying = jobs.some((job) => job.kind === 'verify');
  // "All" is every open file these apply to.
  const zippable = filesFor('zip', files);
  const verifiable = filesFor('verify', files);

  const view = { selection, multi };
  const selectedCount = selectedRowCount(view);
  // The row the single-row actions are about: the focused one, unless Ctrl+click left another.
  const target = isFocusTheSelection(view) ? selection : onlySelectedRow;
  const unavailable = useUnavailable(selectedCount === 1 ? target : null);
  const download = downloadButton(
    target,
    selectedCount,
    canRead && hasEntries && !isBusy(file?.id),
    canRead,
    unavailable,
  );

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
      <GalleryButton target={selectedCount === 1 ? target : null} canRead={canRead} />
      <button
        type="button"
        className="button"
        data-testid="download-zip"
        title={allTitle(
          zippable,
          'A .zip of every entry of',
          'No open file has entries to download',
        )}
        disabled={zippable.length === 0 || isAnyBusy}
        onClick={() => void downloadAllFiles()}
      >
        Download all as .zip
      </button>
      <button
        type="button"
        className="button"
        data-testid="verify-all"
        title={allTitle(
          verifiable,
          'Recompute every checksum of',
          'No open file keeps checksums to verify',
        )}
        disabled={verifiable.length === 0 || isAnyBusy}
        onClick={() => void verifyAllFiles()}
      >
        {isVerifying ? 'Verifying…' : 'Verify all'}
      </button>
      {canWork && file.summary?.capabilities.installCheck && (
        <button
          type="button"
          className="button"
          data-testid="install-check-action"
          title={`Check a game folder against the files ${file.name} lists`}
          onClick={() => openInstallCheck(file.id)}
        >
          Check install…
        </button>
      )}
      {canWork && (
        <button
          type="button"
          className="button"
          data-testid="compare-with"
          title={
            comparableWith(file, files).length > 0
              ? `Compare ${file.name} with another open file of its format`
              : `Open another file of the format of ${file.name} to compare them`
          }
          disabled={comparableWith(file, files).length === 0}
          onClick={() => compareActions.openComparePicker(file.id)}
        >
          Compare with…
        </button>
      )}
      <SearchActions file={file} />
      <CopyLinkButton />
      <VerifyReport files={files} />
      <JobList />
    </div>
  );
}

/** `Recompute every checksum of demo.wad` / `… of the 3 open files that have them`. */
function allTitle(files: readonly OpenFile[], what: string, none: string): string {
  const [only] = files;
  if (!only) return none;
  if (files.length === 1) return `${what} ${only.name}`;
  return `${what} ${formatCount(files.length)} open files: ${files.map((file) => file.name).join(', ')}`;
}

/**
 * What Verify all found: one file's summary as it is; for several, a line per file with what
 * its entries add up to.
 */
function VerifyReport({ files }: { files: readonly OpenFile[] }): ReactElement | null {
  const verified = files.filter((file) => file.verifySummary !== null);
  const [only] = verified;
  if (!only?.verifySummary) return null;
  if (verified.length === 1) {
    return (
      <span className="verify-summary" data-testid="verify-summary" role="status">
        {describeVerifySummary(only.verifySummary)}
      </span>
    );
  }
  return (
    <div className="verify-summary" data-testid="verify-summary" role="status">
      <ul className="verify-report" aria-label="Verify all, by file">
        {verified.map((file) => {
          const summary = file.verifySummary!;
          const state = fileVerifyState(summary);
          return (
            <li key={file.id} data-testid="verify-file-summary">
              <span className="verify-report-name">{file.name}</span>:{' '}
              <span className={`status-${state.status}`}>{state.text}</span> (
              {describeVerifySummary(summary)})
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function selectionPath(
  selection: Selection | null,
  fileName: string | undefined,
): string | undefined {
  if (selection?.kind === 'row') return `${fileName ?? ''}: ${selection.row.path}`;
  return fileName;
}

/**
 * "Gallery": thumbnails of the images in the selected folder or file (with a filter, of its
 * matching entries), shown in the details pane.
 */
function GalleryButton({
  target,
  canRead,
}: {
  target: Selection | null;
  canRead: boolean;
}): ReactElement {
  const file = useFile(target?.fileId);
  const isOpen = useGalleryTarget() !== null;
  const isFolder = target?.kind === 'file' || (target?.kind === 'row' && target.row.isFolder);
  // A document's nodes are its own sections and values, never image files.
  const isDocument = file?.summary?.layout === 'document';
  const isEnabled = canRead && isFolder && file !== undefined && !isDocument;
  return (
    <button
      type="button"
      className="button"
      data-testid="gallery-open"
      aria-pressed={isOpen}
      title={
        isEnabled
          ? `Thumbnails of every image in ${target.kind === 'row' ? target.row.path : file.name}`
          : isDocument
            ? `${file.name} is a document: its nodes are no images`
            : 'Select a folder or a file to see its images'
      }
      disabled={!isEnabled}
      onClick={() => {
        if (isEnabled) openGallery(target, file.name);
      }}
    >
      Gallery
    </button>
  );
}
