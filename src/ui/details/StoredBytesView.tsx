/**
 * In place of the preview of an entry whose content cannot be read (a missing volume, a
 * compression Delve does not unpack): why, said once, and its bytes as they are stored
 * (still compressed) where an open source holds them. An entry of a missing volume has none.
 */
import type { ReactElement } from 'react';
import { useContentRange } from '../../state/hooks.ts';
import { storedRef } from '../../worker/rpc/api.ts';
import { formatExactBytes } from '../format.ts';
import { HexView } from '../preview/hex/HexView.tsx';

export function StoredBytesView({
  fileId,
  entryIndex,
  name,
  unavailable,
}: {
  fileId: string;
  entryIndex: number;
  name: string;
  /** Why its content cannot be read. */
  unavailable: string;
}): ReactElement {
  const ref = storedRef(entryIndex);
  // An empty read answers the size of the stored bytes, or that no open source holds them.
  const head = useContentRange(fileId, ref, 0, 0);
  const size = head.status === 'ok' ? head.value.totalSize : null;
  return (
    <section
      className="preview-pane"
      data-testid="stored-bytes"
      aria-label={`Stored bytes of ${name}`}
      aria-busy={head.status === 'loading'}
    >
      <header className="preview-header">
        <h2 className="preview-title" title={name}>
          {size === null ? name : 'Stored bytes'}
        </h2>
        {size !== null && <span className="preview-size">{formatExactBytes(size)}, as stored</span>}
      </header>
      <p className="preview-error" role="status" data-testid="preview-error">
        Its content cannot be shown: {unavailable}
      </p>
      {size !== null && (
        <>
          <p className="node-bytes-note muted">
            These are its bytes as the file stores them, still compressed.
          </p>
          <HexView fileId={fileId} ref={ref} size={size} />
        </>
      )}
    </section>
  );
}
