/**
 * The side-inputs panel: files the formats read beside the files opened (type lists), by the
 * kinds the formats declare. Each kind lists its files (name, size, Remove) and takes more
 * by a picker or a drop on its section. Kept in this browser (IndexedDB), never uploaded;
 * open files that read a kind are opened again when its files change.
 */
import { useEffect, useId, useRef, useState, type DragEvent, type ReactElement } from 'react';
import type { SideInputKind } from '../../formats/model.ts';
import {
  SIDE_INPUT_KINDS,
  useActions,
  useSideInputs,
  type SideInputEntry,
} from '../../state/hooks.ts';
import { formatExactBytes, formatSize } from '../format.ts';
import {
  closeSideInputsPanel,
  openSideInputsPanel,
  useIsSideInputsPanelOpen,
} from './panel-state.ts';
import './side-inputs.css';

/** The header's button and the dialog it opens. */
export function SideInputsButton(): ReactElement {
  const isOpen = useIsSideInputsPanelOpen();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { entries } = useSideInputs();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  if (SIDE_INPUT_KINDS.length === 0) return <></>;
  return (
    <>
      <button
        type="button"
        className="button"
        data-testid="side-inputs-button"
        title="Files the formats read beside yours (type lists): kept in this browser, never uploaded"
        onClick={openSideInputsPanel}
      >
        Side inputs{entries.length > 0 ? ` (${entries.length})` : ''}…
      </button>
      <dialog
        ref={dialogRef}
        className="dialog side-inputs-dialog"
        aria-labelledby={titleId}
        data-testid="side-inputs-panel"
        onClose={closeSideInputsPanel}
      >
        <h2 id={titleId} className="side-inputs-title">
          Side inputs
        </h2>
        <p className="side-inputs-note">
          Files the formats read beside the files you open. They stay on this machine: kept in this
          browser&rsquo;s storage and read here, never uploaded. Files that read them are opened
          again when they change.
        </p>
        {SIDE_INPUT_KINDS.map((kind) => (
          <KindSection key={kind.kind} kind={kind} />
        ))}
        <div className="side-inputs-buttons">
          <button type="button" className="button" onClick={closeSideInputsPanel}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}

function KindSection({ kind }: { kind: SideInputKind }): ReactElement {
  const { entries, status, storageError } = useSideInputs();
  const { addSideInputs, removeSideInput } = useActions();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const headingId = useId();
  const files = entries.filter((entry) => entry.kind === kind.kind);

  const onDrop = (event: DragEvent) => {
    // Taken here: the page's own drop handler leaves a drop that was prevented alone.
    event.preventDefault();
    setIsOver(false);
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length > 0) void addSideInputs(kind.kind, dropped);
  };

  return (
    <section
      className={`side-inputs-kind${isOver ? ' is-over' : ''}`}
      aria-labelledby={headingId}
      data-testid="side-inputs-kind"
      data-kind={kind.kind}
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
    >
      <h3 id={headingId} className="side-inputs-kind-title">
        {kind.label}
      </h3>
      {status === 'loading' ? (
        <p className="muted" role="status">
          Reading what this browser kept…
        </p>
      ) : files.length === 0 ? (
        <p className="muted">None yet: add files, or drop them here.</p>
      ) : (
        <ul className="side-inputs-list" aria-label={kind.label}>
          {files.map((entry) => (
            <FileRow key={entry.id} entry={entry} onRemove={() => void removeSideInput(entry.id)} />
          ))}
        </ul>
      )}
      {storageError && (
        <p className="error-text" role="alert">
          This browser would not keep them ({storageError}): they last until the page is closed.
        </p>
      )}
      <button
        type="button"
        className="button"
        data-testid="side-inputs-add"
        onClick={() => inputRef.current?.click()}
      >
        Add files…
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        data-testid="side-inputs-input"
        accept={kind.extensions.join(',')}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again still fires a change.
          event.target.value = '';
          if (picked.length > 0) void addSideInputs(kind.kind, picked);
        }}
      />
    </section>
  );
}

function FileRow({ entry, onRemove }: { entry: SideInputEntry; onRemove(): void }): ReactElement {
  return (
    <li className="side-inputs-file" data-testid="side-inputs-file">
      <span className="side-inputs-name">{entry.name}</span>
      <span className="side-inputs-size" title={formatExactBytes(entry.size)}>
        {formatSize(entry.size)}
      </span>
      <button
        type="button"
        className="button button-small"
        aria-label={`Remove ${entry.name}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
