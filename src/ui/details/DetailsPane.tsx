/**
 * The right pane: facts about the selection (a file, a folder, an entry or a document node),
 * then what can be seen of it, and its checksums. Nothing here knows a format: a file whose
 * session offers a decoded view (`capabilities.view`) shows that view's plug-in
 * (ui/preview/registry.ts) above its facts, and a plug-in may take over the panes of some
 * node kinds; everything else is generic. A file whose model did not decode shows the error
 * in its view's place, then its bytes. A file whose worker died gets no preview: calls to
 * a dead worker never answer.
 *
 * A file's own preview (its first bytes) waits until the file is read: its reads would queue
 * in the worker between batches of the table, and mounting the hex view (~1,000 elements)
 * took the main thread right when the first rows of a big archive were due.
 */
import { useDeferredValue, type ReactElement } from 'react';
import { paneSelection } from './pane-selection.ts';
import { useGalleryTarget } from '../../state/gallery.ts';
import {
  useActions,
  useEntryDetails,
  useFile,
  useImageInfo,
  useSelection,
} from '../../state/hooks.ts';
import type { OpenFile } from '../../state/types.ts';
import { FILE_REF, nodeRef, type TreeRow } from '../../worker/rpc/api.ts';
import { ChecksumPanel } from '../checksums/ChecksumPanel.tsx';
import { formatCount, formatExactBytes, formatRatio, formatSize } from '../format.ts';
import { GalleryPane } from '../gallery/GalleryPane.tsx';
import { PreviewPane } from '../preview/PreviewPane.tsx';
import { decodedNodePane, fileViewState, viewSummaryOf } from '../preview/registry.ts';
import { ViewFailure } from '../preview/ViewFailure.tsx';
import { canOpenNested } from '../tree/nested.ts';
import { useTrueAfterPaint } from '../use-after-paint.ts';
import { EntryDetailsView } from './EntryDetailsView.tsx';
import { FactList } from './FactList.tsx';
import { FileDetailsView } from './FileDetailsView.tsx';
import { NodeBytesView } from './NodeBytesView.tsx';
import { StoredBytesView } from './StoredBytesView.tsx';
import { SurfaceNodeView } from './SurfaceNodeView.tsx';

export function DetailsPane(): ReactElement {
  // An entry's pane deferred (moving through the tree does not wait for it), a file's not
  // (pane-selection.ts says why).
  const selected = useSelection();
  const selection = paneSelection(selected, useDeferredValue(selected, null));
  const file = useFile(selection?.fileId);
  // The file's preview (a hex view of it) mounts once the file is read, after the frame
  // that shows its summary and enables Verify all.
  const isFileRead = useTrueAfterPaint(file !== undefined && file.status !== 'opening');
  // A gallery opened on the selected folder or file shows in its place until closed.
  const gallery = useGalleryTarget();
  if (gallery && file && gallery.fileId === file.id && !file.hasCrashed) {
    return <GalleryPane key={gallery.selectionKey} file={file} target={gallery} />;
  }
  if (!selection || !file) {
    return <p className="details-empty muted">Select a file or an entry to see what is inside.</p>;
  }
  if (selection.kind === 'file') return <FilePane file={file} isFileRead={isFileRead} />;

  const { row } = selection;
  // Folders the tree made from paths; a document node with children is a node.
  if (row.isFolder && row.entryIndex < 0) return <FolderPane row={row} />;
  const PluginPane = file.hasCrashed ? null : decodedNodePane(viewSummaryOf(file), row.kind);
  if (PluginPane) return <PluginPane fileId={file.id} row={row} />;
  return <NodePane file={file} row={row} />;
}

function FilePane({ file, isFileRead }: { file: OpenFile; isFileRead: boolean }): ReactElement {
  const canRead = !file.hasCrashed;
  const view = canRead ? fileViewState(viewSummaryOf(file)) : null;
  if (view?.status === 'ready') {
    const View = view.plugin.filePane;
    return (
      <div className="details details--view">
        <div className="details-view">
          <View fileId={file.id} />
        </div>
        <div className="details-facts details-facts--view">
          <FileDetailsView file={file} />
        </div>
        <ChecksumPanel fileId={file.id} ref={FILE_REF} size={file.size} mayAutoStart={isFileRead} />
      </div>
    );
  }
  // A view whose model did not decode: its error in the view's place, said once.
  const failed = view?.status === 'failed' ? view : null;
  return (
    <div className="details">
      <div className="details-facts">
        {failed && <ViewFailure plugin={failed.plugin} error={failed.error} fileName={file.name} />}
        <FileDetailsView file={file} isErrorShown={!failed} />
      </div>
      {canRead && (
        <>
          <div className="details-preview">
            {!isFileRead ? (
              <p className="details-empty muted">The preview opens once the file is read.</p>
            ) : (
              <PreviewPane fileId={file.id} ref={FILE_REF} name={file.name} size={file.size} />
            )}
          </div>
          <ChecksumPanel
            fileId={file.id}
            ref={FILE_REF}
            size={file.size}
            mayAutoStart={isFileRead}
          />
        </>
      )}
    </div>
  );
}

function FolderPane({ row }: { row: TreeRow }): ReactElement {
  return (
    <div className="details">
      <div className="details-facts">
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
      </div>
    </div>
  );
}

/**
 * A node: its details, then an entry's content (preview, checksums, open as a file) or a
 * document node's bytes, highlighted where they sit in what the session decoded.
 */
function NodePane({ file, row }: { file: OpenFile; row: TreeRow }): ReactElement {
  const canRead = !file.hasCrashed;
  const hasContent = row.kind === 'entry' && file.summary?.capabilities.content === true;
  // Content that cannot be read (a missing volume, an unsupported compression) is not
  // previewed, hashed or opened: its stored bytes are shown instead, with why, once.
  const details = useEntryDetails(canRead && hasContent ? file.id : null, row.entryIndex);
  const unavailable = details.status === 'ok' ? details.value.unavailable : null;
  return (
    <div className="details">
      <div className="details-facts">
        <section className="details-section" aria-label={`Details of ${row.path}`}>
          <div className="details-heading">
            <h2 className="details-title">{row.name}</h2>
            {hasContent && <OpenAsFileButton file={file} row={row} unavailable={unavailable} />}
          </div>
          {canRead && <EntryDetailsView fileId={file.id} entryIndex={row.entryIndex} />}
        </section>
      </div>
      {canRead && hasContent && unavailable !== null && (
        <div className="details-preview">
          <StoredBytesView
            fileId={file.id}
            entryIndex={row.entryIndex}
            name={row.name}
            unavailable={unavailable}
          />
        </div>
      )}
      {canRead && hasContent && unavailable === null && (
        <>
          <div className="details-preview">
            <PreviewPane
              fileId={file.id}
              ref={nodeRef(row.entryIndex)}
              name={row.name}
              size={row.size}
            />
          </div>
          <ChecksumPanel fileId={file.id} ref={nodeRef(row.entryIndex)} size={row.size} />
        </>
      )}
      {canRead && !hasContent && (
        <div className="details-preview">
          <DocumentNodePreview file={file} row={row} />
        </div>
      )}
    </div>
  );
}

/**
 * A document node's preview: the image at its surface when the node stands for one (a
 * texture's mip level), else its bytes.
 */
function DocumentNodePreview({ file, row }: { file: OpenFile; row: TreeRow }): ReactElement {
  const image = useImageInfo(file.id, nodeRef(row.entryIndex));
  if (image.status === 'loading') return <p className="preview-note muted">Loading…</p>;
  const info = image.status === 'ok' ? image.value : null;
  if (info?.surface) {
    return (
      <SurfaceNodeView fileId={file.id} entryIndex={row.entryIndex} info={info} name={row.name} />
    );
  }
  return <NodeBytesView fileId={file.id} entryIndex={row.entryIndex} />;
}

/** Opens the entry as a file of its own, nested under its file in the tree. */
function OpenAsFileButton({
  file,
  row,
  unavailable,
}: {
  file: OpenFile;
  row: TreeRow;
  /** Why its content cannot be read, or null. */
  unavailable: string | null;
}): ReactElement {
  const { openNested } = useActions();
  return (
    <button
      type="button"
      className="button button-small"
      data-testid="open-nested"
      disabled={!canOpenNested(file, row) || unavailable !== null}
      title={
        unavailable !== null
          ? `${row.name} cannot be opened: ${unavailable}`
          : `Open ${row.name} as a file of its own, under ${file.name} in the tree (Enter on its row)`
      }
      onClick={() => void openNested(file.id, row.entryIndex)}
    >
      Open as file
    </button>
  );
}
