/**
 * The pane of a keyed-archive node (a key, or an array element): its typed value, a copy as
 * JSON, then the generic facts and the file's bytes with the node's span highlighted. A byte
 * array can move the highlight to its own bytes ("Show in hex view") and back.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useViewAnswer } from '../../../state/hooks.ts';
import { EntryDetailsView } from '../../details/EntryDetailsView.tsx';
import { NodeBytesView } from '../../details/NodeBytesView.tsx';
import type { NodePaneProps } from '../view-plugin.ts';
import { CopyJsonButton } from './CopyJsonButton.tsx';
import { valueQuery, type KaValueAnswer } from './ka-view-types.ts';
import { KaValueView } from './KaValueView.tsx';

type Span = { offset: number; length: number };

export function KaNodePane({ fileId, row }: NodePaneProps): ReactElement {
  // Keyed by node: another node starts with its whole span highlighted and no copy state.
  return <NodePaneBody key={`${fileId}:${row.entryIndex}`} fileId={fileId} row={row} />;
}

function NodePaneBody({ fileId, row }: NodePaneProps): ReactElement {
  const index = row.entryIndex;
  const [highlight, setHighlight] = useState<Span | null>(null);
  const bytesRef = useRef<HTMLDivElement>(null);

  // After "Show in hex view", bring the hex view into sight and give it the keyboard.
  useEffect(() => {
    if (highlight === null) return;
    const bytes = bytesRef.current;
    bytes?.scrollIntoView({ block: 'nearest' });
    bytes?.querySelector<HTMLElement>('[data-testid="hex-view"] [tabindex="0"]')?.focus();
  }, [highlight]);

  return (
    <div className="details ka-node">
      <div className="details-facts">
        <section className="details-section" aria-label={`Details of ${row.path}`}>
          <div className="details-heading">
            <h2 className="details-title">{row.name}</h2>
            <CopyJsonButton fileId={fileId} index={index} isSubtree={row.kind === 'record'} />
          </div>
          <ValueSection fileId={fileId} index={index} onShowBytes={setHighlight} />
          <h3 className="details-subtitle">Node</h3>
          <EntryDetailsView fileId={fileId} entryIndex={index} />
        </section>
      </div>
      <div className="details-preview" ref={bytesRef}>
        {highlight !== null && (
          <p className="ka-highlight-note" data-testid="ka-highlight-note">
            <span>Only the value&apos;s bytes are highlighted.</span>
            <button
              type="button"
              className="button button-small"
              onClick={() => setHighlight(null)}
            >
              Highlight the whole node
            </button>
          </p>
        )}
        <NodeBytesView fileId={fileId} entryIndex={index} highlight={highlight ?? undefined} />
      </div>
    </div>
  );
}

function ValueSection({
  fileId,
  index,
  onShowBytes,
}: {
  fileId: string;
  index: number;
  onShowBytes: (span: Span) => void;
}): ReactElement {
  const answer = useViewAnswer<KaValueAnswer>(fileId, valueQuery(index));
  if (answer.status === 'loading') {
    return (
      <p className="muted" aria-busy="true">
        Reading the value…
      </p>
    );
  }
  if (answer.status === 'error') {
    return (
      <p className="error-text" role="alert">
        Could not read the value of node #{index}: {answer.error.message}
      </p>
    );
  }
  return <KaValueView answer={answer.value} onShowBytes={onShowBytes} />;
}
