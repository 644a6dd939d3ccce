/**
 * What an image or audio view shows while its content is loading or after it failed: the
 * same box the view would fill, with a note or the error (which names the byte offset).
 */
import type { ReactElement } from 'react';
import type { BlobUrlState } from './use-blob-url.ts';

export function BlobPending({
  blob,
  className,
  testId,
  loadingText,
}: {
  blob: Exclude<BlobUrlState, { status: 'ready' }>;
  className: string;
  testId: string;
  loadingText: string;
}): ReactElement {
  if (blob.status === 'loading') {
    return (
      <div className={className} data-testid={testId} aria-busy="true">
        <p className="preview-note">{loadingText}</p>
      </div>
    );
  }
  return (
    <div className={className} data-testid={testId}>
      <p className="preview-error" role="alert">
        {blob.message}
      </p>
    </div>
  );
}
