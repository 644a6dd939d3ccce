/** What shows while a folder is read before it opens: the files found so far, and Cancel. */
import type { ReactElement } from 'react';
import { formatCountOf } from '../format.ts';
import type { FolderReading } from './use-folder-reading.ts';

export function ReadingStatus({
  reading,
  onCancel,
  className = '',
}: {
  reading: FolderReading;
  onCancel: () => void;
  className?: string;
}): ReactElement {
  return (
    <div className={`folder-reading ${className}`.trim()} data-testid="folder-reading">
      <span role="status">Reading folder… {formatCountOf(reading.found, 'file')} found</span>
      <button type="button" className="button button-small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
