/**
 * Error banners of files that could not be read completely, and the toasts of failed or
 * cancelled jobs. Each names the file, what failed and the byte offset (ErrorInfo.message
 * reads `out of bounds at 0x1F4: …`). Several failed files make one banner with their count,
 * whose list opens on demand and which closes at once; each file's row keeps its own error
 * badge. All file-derived text is rendered as text.
 */
import { useEffect, useId, useState, type ReactElement } from 'react';
import { useActions, useFiles, useToasts } from '../../state/hooks.ts';
import type { OpenFile, Toast } from '../../state/types.ts';
import type { ErrorInfo } from '../../worker/rpc/api.ts';
import { asSentence, formatCountOf } from '../format.ts';

/** What the banner says happened, in plain words. */
export function describeFileError(file: OpenFile): string {
  if (file.hasCrashed) return 'the decoder stopped (the other files are not affected)';
  if (!file.summary) return 'could not be opened';
  if (file.summary.entryCount === 0) return 'could not be read';
  const read = formatCountOf(file.summary.entryCount, 'entry', 'entries');
  return `reading stopped early; what was read before it (${read}) is shown`;
}

/** A dismissed banner leaves the page: the keyboard continues in the tree, not at <body>. */
function focusTree(): void {
  document.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus();
}

/** What one file's error says: its name, what happened and the decoder's message. */
function FileErrorText({ file, error }: { file: OpenFile; error: ErrorInfo }): ReactElement {
  return (
    <>
      <strong className="banner-file">{file.name}</strong>: {describeFileError(file)}.{' '}
      <span className="banner-detail">{asSentence(error.message)}</span>
    </>
  );
}

function ReopenButton({ file }: { file: OpenFile }): ReactElement | null {
  const { reopenFile } = useActions();
  if (!file.hasCrashed) return null;
  return (
    <button
      type="button"
      className="button"
      data-testid="reopen-file"
      onClick={() => void reopenFile(file.id)}
    >
      Reopen
    </button>
  );
}

function FileErrorBanner({ file }: { file: OpenFile }): ReactElement | null {
  const { dismissFileError } = useActions();
  if (!file.error) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="file-error">
      <p className="banner-text">
        <FileErrorText file={file} error={file.error} />
      </p>
      <ReopenButton file={file} />
      <button
        type="button"
        className="button button-quiet"
        aria-label={`Dismiss the error of ${file.name}`}
        onClick={() => dismissFileError(file.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Several failed files: one line with their count; the list of errors opens on demand. */
function FileErrorsBanner({ files }: { files: readonly OpenFile[] }): ReactElement {
  const { dismissFileError } = useActions();
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const count = formatCountOf(files.length, 'file');
  return (
    <div className="banner banner-error banner-group" role="alert" data-testid="file-errors">
      <div className="banner-line">
        <p className="banner-text">
          <strong>{count}</strong> could not be read completely; their rows are marked{' '}
          <span className="badge badge-error">error</span>.
        </p>
        <button
          type="button"
          className="button button-small"
          aria-expanded={isOpen}
          aria-controls={listId}
          data-testid="file-errors-toggle"
          onClick={() => setOpen(!isOpen)}
        >
          {isOpen ? 'Hide errors' : 'Show errors'}
        </button>
        <button
          type="button"
          className="button button-quiet"
          aria-label={`Dismiss the errors of ${count}`}
          data-testid="file-errors-dismiss"
          onClick={() => {
            for (const file of files) dismissFileError(file.id);
            focusTree();
          }}
        >
          ×
        </button>
      </div>
      <ul className="banner-list" id={listId} hidden={!isOpen}>
        {files.map(
          (file) =>
            file.error && (
              <li key={file.id} className="banner-item" data-testid="file-error">
                <p className="banner-text">
                  <FileErrorText file={file} error={file.error} />
                </p>
                <ReopenButton file={file} />
              </li>
            ),
        )}
      </ul>
    </div>
  );
}

/** Errors stay until dismissed; notes (e.g. "verify cancelled") go away by themselves. */
const INFO_TOAST_MS = 6000;

function ToastBanner({ toast }: { toast: Toast }): ReactElement {
  const { dismissToast } = useActions();
  useEffect(() => {
    if (toast.kind !== 'info') return;
    const timer = setTimeout(() => dismissToast(toast.id), INFO_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, dismissToast]);
  return (
    <div
      className={`banner banner-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid={toast.kind === 'error' ? 'job-error' : 'job-info'}
    >
      <p className="banner-text">{toast.message}</p>
      <button
        type="button"
        className="button button-quiet"
        aria-label="Dismiss"
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function Banners(): ReactElement | null {
  const files = useFiles();
  const toasts = useToasts();
  const failed = files.filter((file) => file.error !== null && !file.isErrorDismissed);
  if (failed.length === 0 && toasts.length === 0) return null;
  return (
    <div className="banners">
      {failed.length === 1 && <FileErrorBanner file={failed[0]!} />}
      {failed.length > 1 && <FileErrorsBanner files={failed} />}
      {toasts.map((toast) => (
        <ToastBanner key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
