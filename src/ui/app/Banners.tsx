/**
 * Error banners of files that could not be read completely, and the toasts of failed or
 * cancelled jobs. Each names the file, what failed and the byte offset (ErrorInfo.message
 * reads `out of bounds at 0x1F4: …`). All file-derived text is rendered as text.
 */
import { useEffect, type ReactElement } from 'react';
import { useActions, useFiles, useToasts } from '../../state/hooks.ts';
import type { OpenFile, Toast } from '../../state/types.ts';
import { formatCountOf } from '../format.ts';

/** What the banner says happened, in plain words. */
export function describeFileError(file: OpenFile): string {
  if (file.hasCrashed) return 'the decoder stopped (the other files are not affected)';
  if (!file.summary) return 'could not be opened';
  const read = formatCountOf(file.summary.entryCount, 'entry', 'entries');
  return `reading stopped early; what was read before it (${read}) is shown`;
}

function FileErrorBanner({ file }: { file: OpenFile }): ReactElement | null {
  const { dismissFileError, reopenFile } = useActions();
  if (!file.error) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="file-error">
      <p className="banner-text">
        <strong className="banner-file">{file.name}</strong>: {describeFileError(file)}.{' '}
        <span className="banner-detail">{file.error.message}</span>
      </p>
      {file.hasCrashed && (
        <button
          type="button"
          className="button"
          data-testid="reopen-file"
          onClick={() => void reopenFile(file.id)}
        >
          Reopen
        </button>
      )}
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
      {failed.map((file) => (
        <FileErrorBanner key={file.id} file={file} />
      ))}
      {toasts.map((toast) => (
        <ToastBanner key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
