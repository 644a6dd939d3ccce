/**
 * Install verification in the page: a file whose session lists an install's files
 * (`capabilities.installCheck`) gets a section in its details, with what its last check
 * found and a button that opens the check's dialog (the actions bar has one too). The
 * dialog is the page's, one at a time (`InstallCheckHost`). There the game folder is picked (the
 * folder picker, or its `<input webkitdirectory>` fallback) or dropped; it is read with a
 * count and Cancel, then checked in the file's worker with progress in files and bytes and
 * Cancel; the results follow (InstallResults.tsx). The dialog can be closed while a check
 * runs: the check goes on, and its job shows in the actions bar. Nothing here knows a format.
 */
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  type DragEvent,
  type ReactElement,
} from 'react';
import type { InstallCheckResult } from '../../formats/model.ts';
import {
  useActions,
  useFile,
  useFileJobs,
  useInstallCheck,
  useInstallDialogFileId,
} from '../../state/hooks.ts';
import type { OpenFile } from '../../state/types.ts';
import { describeFailures, type WalkResult } from '../dropzone/folder-walk.ts';
import { FolderInput } from '../dropzone/FolderInput.tsx';
import { pickAndReadFolder } from '../dropzone/pick-folder.ts';
import { ReadingStatus } from '../dropzone/ReadingStatus.tsx';
import { carriesFiles, dropName, takeDrop, walkDrop } from '../dropzone/take-drop.ts';
import { useFolderReading } from '../dropzone/use-folder-reading.ts';
import {
  describeInstallResult,
  describeProgress,
  isInstallIntact,
  progressOf,
} from './install-view.ts';
import { InstallResults } from './InstallResults.tsx';
import './install.css';

export function InstallCheckSection({ file }: { file: OpenFile }): ReactElement | null {
  const { openInstallCheck } = useActions();
  const check = useInstallCheck(file.id);
  if (!file.summary?.capabilities.installCheck || file.hasCrashed) return null;
  const result = check?.status === 'done' ? check.result : null;
  return (
    <div className="install-check" data-testid="install-check">
      <h3 className="details-subtitle">Install check</h3>
      <p className="install-check-note">
        {check?.status === 'running'
          ? `Checking ${check.folderName}…`
          : result
            ? `${check?.folderName ?? ''}: ${describeInstallResult(result)}`
            : 'This file lists the files of an install: check a game folder against it.'}
      </p>
      <button
        type="button"
        className="button button-small"
        data-testid="install-check-open"
        onClick={() => openInstallCheck(file.id)}
      >
        {check ? 'Show the install check…' : 'Check a game folder…'}
      </button>
    </div>
  );
}

/** The install check's dialog of the file it is open for, if any (mounted once, in App). */
export function InstallCheckHost(): ReactElement | null {
  const fileId = useInstallDialogFileId();
  const file = useFile(fileId ?? undefined);
  if (!fileId || !file || file.hasCrashed) return null;
  return <InstallCheckDialog key={file.id} file={file} />;
}

function InstallCheckDialog({ file }: { file: OpenFile }): ReactElement {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { closeInstallCheck } = useActions();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { checkInstall, cancelJob } = useActions();
  const check = useInstallCheck(file.id);
  const startCheck = useCallback(
    (name: string, { items, failures }: WalkResult) =>
      void checkInstall(file.id, {
        name,
        items,
        failures,
        unreadNote: describeFailures(failures),
      }),
    [checkInstall, file.id],
  );
  const { reading, readFolder, cancel } = useFolderReading(startCheck);
  const isBusy = reading !== null || check?.status === 'running';

  const pickFolder = () =>
    pickAndReadFolder(
      'delve-install-folder',
      'Install check',
      () => inputRef.current?.click(),
      readFolder,
    );

  const onDrop = (event: DragEvent<HTMLDialogElement>) => {
    if (!carriesFiles(event.nativeEvent)) return;
    // Taken here: the page's own drop handler then opens nothing of it (DropZone.tsx).
    event.preventDefault();
    if (isBusy) return;
    const contents = takeDrop(event.dataTransfer);
    void readFolder(dropName(contents), (options) => walkDrop(contents, options));
  };

  const job = useFileJobs(file.id).find((each) => each.kind === 'install');

  return (
    <dialog
      ref={dialogRef}
      className="dialog install-dialog"
      aria-labelledby={titleId}
      data-testid="install-dialog"
      onClose={closeInstallCheck}
      onDragOver={(event) => {
        if (carriesFiles(event.nativeEvent)) event.preventDefault();
      }}
      onDrop={onDrop}
    >
      <div className="install-dialog-head">
        <h2 id={titleId} className="install-dialog-title">
          Check a game folder against {file.name}
        </h2>
        <button
          type="button"
          className="button button-small"
          onClick={() => dialogRef.current?.close()}
        >
          Close
        </button>
      </div>
      <p className="install-dialog-hint">
        Choose the game&rsquo;s folder, or drop it here. Each file the list names is looked for in
        it (folder names in any case), its size compared and its checksum computed; files the list
        does not name are listed apart. Files are read in this tab, never uploaded.
      </p>
      <div className="install-dialog-pick">
        <button
          type="button"
          className="button button-primary"
          data-testid="install-folder-pick"
          aria-disabled={isBusy}
          onClick={() => {
            if (!isBusy) void pickFolder();
          }}
        >
          {check ? 'Check another folder…' : 'Choose the game folder…'}
        </button>
        <FolderInput
          inputRef={inputRef}
          testId="install-folder-input"
          onItems={(items) => {
            const name = items[0]?.path.split('/')[0] ?? 'folder';
            startCheck(name, { items, failures: [] });
          }}
        />
      </div>
      {reading && <ReadingStatus reading={reading} onCancel={cancel} />}
      {check?.status === 'running' && (
        <CheckProgress
          check={check}
          onCancel={() => job && cancelJob(job.id)}
          isCancelling={job?.isCancelling ?? false}
        />
      )}
      {check?.unreadNote && check.status !== 'running' && (
        <p className="install-dialog-warning" role="status">
          {check.unreadNote}
        </p>
      )}
      {check?.status === 'failed' &&
        check.error &&
        (check.error.code === 'CANCELLED' ? (
          <p role="status">Cancelled before any file was checked.</p>
        ) : (
          <p className="install-dialog-error" role="alert" data-testid="install-error">
            {file.name}: {check.error.message}
          </p>
        ))}
      {check?.status === 'done' && check.result && (
        <>
          <p
            className={`install-summary ${isInstallIntact(check.result) ? 'install-summary--ok' : 'install-summary--bad'}`}
            role="status"
            data-testid="install-summary"
          >
            {check.folderName}: {describeInstallResult(check.result)}
          </p>
          <DeferredResults fileId={file.id} result={check.result} />
        </>
      )}
    </dialog>
  );
}

/**
 * The results' list, rendered in a render React may interrupt: the summary shows in the
 * frame the check ends, the rows of thousands of files in the next.
 */
function DeferredResults({
  fileId,
  result,
}: {
  fileId: string;
  result: InstallCheckResult;
}): ReactElement | null {
  const shown = useDeferredValue(result, null);
  return shown ? <InstallResults fileId={fileId} result={shown} /> : null;
}

function CheckProgress({
  check,
  onCancel,
  isCancelling,
}: {
  check: NonNullable<ReturnType<typeof useInstallCheck>>;
  onCancel: () => void;
  isCancelling: boolean;
}): ReactElement {
  const progress = check.progress;
  const fraction = progress ? progressOf(progress) : null;
  const text = progress ? describeProgress(progress) : 'Starting…';
  return (
    <div className="install-progress" data-testid="install-progress">
      {fraction === null ? (
        <progress aria-label="Install check progress" />
      ) : (
        <progress
          aria-label="Install check progress"
          aria-valuetext={text}
          max={1}
          value={fraction}
        />
      )}
      <span role="status">
        Checking {check.folderName}: {text}
      </span>
      <button
        type="button"
        className="button button-small"
        data-testid="install-cancel"
        disabled={isCancelling}
        onClick={onCancel}
      >
        {isCancelling ? 'Cancelling…' : 'Cancel'}
      </button>
    </div>
  );
}
