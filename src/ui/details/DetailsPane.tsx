/**
 * The right pane: facts about the selection (file, folder or entry), then the preview and the
 * checksums (src/ui/preview and src/ui/checksums). A file whose worker died gets no preview:
 * calls to a dead worker never answer.
 *
 * A file's own preview (its first bytes) waits until the file is read: its reads would queue
 * in the worker between batches of the table, and mounting the hex view (~1,000 elements)
 * took the main thread right when the first rows of a big archive were due.
 */
import { useDeferredValue, type ReactElement } from 'react';
import { useTrueAfterPaint } from '../use-after-paint.ts';
import { useFile, useSelection } from '../../state/hooks.ts';
import { WHOLE_FILE, type TreeRow } from '../../worker/rpc/api.ts';
import { ChecksumPanel } from '../checksums/ChecksumPanel.tsx';
import { formatCount, formatExactBytes, formatRatio, formatSize } from '../format.ts';
import { PreviewPane } from '../preview/PreviewPane.tsx';
import { WwdFilePane, WwdSectionPane } from '../preview/wwd/WwdPanes.tsx';
import { EntryDetailsView } from './EntryDetailsView.tsx';
import { FactList } from './FactList.tsx';
import { FileDetailsView } from './FileDetailsView.tsx';

function FolderDetails({ row }: { row: TreeRow }): ReactElement {
  return (
    <section className="details-section" aria-label={`Details of ${row.path}`}>
      <h2 className="details-title">{row.name}</h2>
      <FactList
        facts={[
          ['Path', row.path],
          ['Entries', formatCount(row.entryCount)],
          ['Unpacked', formatSize(row.size), formatExactBytes(row.size)],
          ['Stored', formatSize(row.storedSize), formatExactBytes(row.storedSize)],
          ['Ratio', formatRatio(row.storedSize, row.size)],
        ]}
      />
    </section>
  );
}

export function DetailsPane(): ReactElement {
  // Deferred: the pane renders after the tree, in a render React can interrupt. Opening a
  // file mounts the whole workspace in one task otherwise, and moving through the tree with
  // the keyboard would wait for each entry's details and preview.
  const selection = useDeferredValue(useSelection(), null);
  const file = useFile(selection?.fileId);
  // The file's preview (a hex view of it) mounts once the file is read, after the frame
  // that shows its summary and enables Verify all.
  const isFileRead = useTrueAfterPaint(file !== undefined && file.status !== 'opening');
  if (!selection || !file) {
    return <p className="details-empty muted">Select a file or an entry to see what is inside.</p>;
  }
  const canRead = !file.hasCrashed;
  // WWD levels are documents: the file row shows the level view, sections their bytes in it.
  const isLevel = canRead && file.summary?.format === 'wwd' && file.summary.kind === 'document';

  if (selection.kind === 'file') {
    if (isLevel) return <WwdFilePane file={file} />;
    return (
      <div className="details">
        <div className="details-facts">
          <FileDetailsView file={file} />
        </div>
        {canRead && (
          <>
            <div className="details-preview">
              {!isFileRead ? (
                <p className="details-empty muted">The preview opens once the file is read.</p>
              ) : (
                <PreviewPane
                  decoder={file.decoder}
                  entryIndex={WHOLE_FILE}
                  name={file.name}
                  size={file.size}
                />
              )}
            </div>
            <ChecksumPanel decoder={file.decoder} entryIndex={WHOLE_FILE} />
          </>
        )}
      </div>
    );
  }

  const { row } = selection;
  if (isLevel && row.entryIndex >= 0) return <WwdSectionPane file={file} row={row} />;
  if (row.isFolder) {
    return (
      <div className="details">
        <div className="details-facts">
          <FolderDetails row={row} />
        </div>
      </div>
    );
  }
  return (
    <div className="details">
      <div className="details-facts">
        <section className="details-section" aria-label={`Details of ${row.path}`}>
          <h2 className="details-title">{row.name}</h2>
          {canRead && (
            <EntryDetailsView
              decoder={file.decoder}
              entryIndex={row.entryIndex}
              status={row.status}
            />
          )}
        </section>
      </div>
      {canRead && (
        <>
          <div className="details-preview">
            <PreviewPane
              decoder={file.decoder}
              entryIndex={row.entryIndex}
              name={row.name}
              size={row.size}
            />
          </div>
          <ChecksumPanel decoder={file.decoder} entryIndex={row.entryIndex} />
        </>
      )}
    </div>
  );
}
