/**
 * The bytes of a document node (a section, a record, a value): the content its span points
 * into — the session's decoded bytes (`logical`) or the file as is — in the hex view, with
 * the node's span highlighted and scrolled to. Generic: every decoded node carries its span.
 */
import type { ReactElement } from 'react';
import { useContentRange, useEntryDetails } from '../../state/hooks.ts';
import { FILE_REF, LOGICAL_REF, type EntryDetails } from '../../worker/rpc/api.ts';
import { formatExactBytes, formatOffset } from '../format.ts';
import { HexView } from '../preview/hex/HexView.tsx';

/** `0x0–0x5F3 (1,524 bytes) highlighted`. */
export function spanText(span: EntryDetails['span']): string {
  if (span.length === 0) return `empty at ${formatOffset(span.offset)}`;
  const last = formatOffset(span.offset + span.length - 1);
  return `${formatOffset(span.offset)}–${last} (${formatExactBytes(span.length)}) highlighted`;
}

export function NodeBytesView({
  fileId,
  entryIndex,
  highlight,
}: {
  fileId: string;
  entryIndex: number;
  /** What to highlight instead of the node's span: a part of it a view points at. */
  highlight?: EntryDetails['span'] | undefined;
}): ReactElement {
  const details = useEntryDetails(fileId, entryIndex);
  const ref = details.status === 'ok' && details.value.spanBase === 'file' ? FILE_REF : LOGICAL_REF;
  // An empty read answers the size of the whole content.
  const head = useContentRange(fileId, ref, 0, 0);
  const failed =
    details.status === 'error' ? details.error : head.status === 'error' ? head.error : null;
  if (failed) {
    return (
      <section className="preview-pane" data-testid="section-hex">
        <p className="preview-error" role="alert">
          {failed.message}
        </p>
      </section>
    );
  }
  if (details.status !== 'ok' || head.status !== 'ok') {
    return (
      <section className="preview-pane" data-testid="section-hex" aria-busy="true">
        <p className="preview-note">Loading…</p>
      </section>
    );
  }
  const { spanBase } = details.value;
  const span = highlight ?? details.value.span;
  const size = head.value.totalSize;
  return (
    <section
      className="preview-pane"
      data-testid="section-hex"
      aria-label={`Bytes of ${details.value.path}`}
    >
      <header className="preview-header node-bytes-header">
        <h2 className="preview-title">{spanBase === 'file' ? 'File bytes' : 'Decoded bytes'}</h2>
        <span className="node-bytes-span" data-testid="section-span">
          {spanText(span)}
        </span>
      </header>
      {spanBase === 'logical' && (
        <p className="node-bytes-note muted">
          What the file decodes to ({formatExactBytes(size)}), where the format&apos;s offsets
          point.
        </p>
      )}
      <HexView fileId={fileId} ref={ref} size={size} highlight={span} />
    </section>
  );
}
