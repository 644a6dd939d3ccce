/**
 * The right pane for WWD levels (DetailsPane routes here): the file's own row shows the level
 * view above the file's facts; a section node shows its fields and the decoded level bytes
 * (header plus inflated main block, `LOGICAL`) in the hex view with the section highlighted.
 */
import { useEffect, useState, type ReactElement } from 'react';
import type { OpenFile } from '../../../state/types.ts';
import { LOGICAL, WHOLE_FILE, type TreeRow } from '../../../worker/rpc/api.ts';
import type { FileDecoder } from '../../../worker/rpc/client.ts';
import { ChecksumPanel } from '../../checksums/ChecksumPanel.tsx';
import { EntryDetailsView } from '../../details/EntryDetailsView.tsx';
import { FileDetailsView } from '../../details/FileDetailsView.tsx';
import { formatExactBytes, formatOffset } from '../../format.ts';
import { HexView } from '../hex/HexView.tsx';
import { LevelView } from './LevelView.tsx';
import './level-view.css';

export function WwdFilePane({ file }: { file: OpenFile }): ReactElement {
  return (
    <div className="details details--level">
      <div className="details-level">
        <LevelView decoder={file.decoder} fileName={file.name} />
      </div>
      <div className="details-facts details-facts--level">
        <FileDetailsView file={file} />
      </div>
      <ChecksumPanel decoder={file.decoder} entryIndex={WHOLE_FILE} />
    </div>
  );
}

export function WwdSectionPane({ file, row }: { file: OpenFile; row: TreeRow }): ReactElement {
  return (
    <div className="details">
      <div className="details-facts">
        <section className="details-section" aria-label={`Details of ${row.path}`}>
          <h2 className="details-title">{row.name}</h2>
          <EntryDetailsView
            decoder={file.decoder}
            entryIndex={row.entryIndex}
            status={row.status}
          />
        </section>
      </div>
      <div className="details-preview">
        <SectionHex decoder={file.decoder} entryIndex={row.entryIndex} />
      </div>
    </div>
  );
}

type SectionBytes =
  | { status: 'loading' }
  | { status: 'ready'; span: { offset: number; length: number } | null; size: number }
  | { status: 'error'; message: string };

/** The level's decoded bytes with one section's span highlighted and scrolled to. */
function SectionHex({
  decoder,
  entryIndex,
}: {
  decoder: FileDecoder;
  entryIndex: number;
}): ReactElement {
  const [state, setState] = useState<{ key: string; value: SectionBytes } | null>(null);
  const key = `${entryIndex}`;
  useEffect(() => {
    let isCurrent = true;
    Promise.all([decoder.entryDetails(entryIndex), decoder.readRange(LOGICAL, 0, 0)]).then(
      ([details, head]) => {
        if (!isCurrent) return;
        if (!details.ok)
          setState({
            key: `${entryIndex}`,
            value: { status: 'error', message: details.error.message },
          });
        else if (!head.ok)
          setState({
            key: `${entryIndex}`,
            value: { status: 'error', message: head.error.message },
          });
        else
          setState({
            key: `${entryIndex}`,
            value: { status: 'ready', span: details.value.span, size: head.value.totalSize },
          });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({ key: `${entryIndex}`, value: { status: 'error', message } });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [decoder, entryIndex]);
  const value: SectionBytes = state && state.key === key ? state.value : { status: 'loading' };

  if (value.status === 'loading') {
    return (
      <section className="preview-pane" data-testid="section-hex" aria-busy="true">
        <p className="preview-note">Loading…</p>
      </section>
    );
  }
  if (value.status === 'error') {
    return (
      <section className="preview-pane" data-testid="section-hex">
        <p className="preview-error" role="alert">
          {value.message}
        </p>
      </section>
    );
  }
  const { span, size } = value;
  const spanText =
    span === null
      ? 'no span'
      : span.length === 0
        ? `empty at ${formatOffset(span.offset)}`
        : `${formatOffset(span.offset)}–${formatOffset(span.offset + span.length - 1)} (${formatExactBytes(span.length)}) highlighted`;
  return (
    <section
      className="preview-pane"
      data-testid="section-hex"
      aria-label="Section bytes in the decoded level"
    >
      <header className="preview-header lv-section-header">
        <h2 className="preview-title">Level bytes</h2>
        <span className="lv-section-span" data-testid="section-span">
          {spanText}
        </span>
      </header>
      <p className="lv-section-note muted">
        The decoded level (header + inflated main block, {formatExactBytes(size)}) where every
        offset of the format points.
      </p>
      <HexView
        decoder={decoder}
        entryIndex={LOGICAL}
        size={size}
        {...(span ? { highlight: span } : {})}
      />
    </section>
  );
}
