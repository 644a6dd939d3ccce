/**
 * What the page says before any file is open: what to do, what Delve can read and how to
 * move around. The formats come from the format registry (`FORMATS`, passed in by main.tsx:
 * the UI does not import decoders), so a new format appears here with its registry line.
 */
import { useId, type ReactElement } from 'react';
import type { FormatModule } from '../../formats/model.ts';

/** What the empty state shows of a format: the registry's own metadata. */
export type FormatInfo = Pick<FormatModule, 'id' | 'label' | 'summary' | 'extensions'>;

function Extensions({ extensions }: { extensions: readonly string[] }): ReactElement | null {
  if (extensions.length === 0) return null;
  return (
    <>
      {' ('}
      {extensions.map((extension, at) => (
        <span key={extension}>
          {at > 0 && ', '}
          <code>{extension}</code>
        </span>
      ))}
      {')'}
    </>
  );
}

export function EmptyState({ formats }: { formats: readonly FormatInfo[] }): ReactElement {
  const titleId = useId();
  // It scrolls on short screens: a tab stop of its own lets the keyboard scroll it too.
  return (
    <section
      className="empty-state"
      aria-labelledby={titleId}
      tabIndex={0}
      data-testid="empty-state"
    >
      <h2 id={titleId}>Look inside game archives</h2>
      <p>
        Drop files or a whole folder (a game install) anywhere on this page, choose{' '}
        <strong>Open files…</strong> or <strong>Open folder…</strong>, or{' '}
        <strong>Try a sample</strong>. Your files are read in this tab and never uploaded.
      </p>
      <h3>Supported formats</h3>
      <ul className="format-list" data-testid="format-list">
        {formats.map((format) => (
          <li key={format.id}>
            <strong>{format.label}</strong>
            <Extensions extensions={format.extensions} />: {format.summary}
          </li>
        ))}
      </ul>
      <h3>Keyboard</h3>
      <ul className="key-list">
        <li>
          <kbd>↑</kbd> <kbd>↓</kbd> move through the tree, <kbd>→</kbd> <kbd>←</kbd> open and close,{' '}
          <kbd>Space</kbd> toggles, <kbd>*</kbd> opens every folder of a file.
        </li>
        <li>
          <kbd>Enter</kbd> on an entry opens it as a file of its own, under its archive.
        </li>
        <li>
          <kbd>Shift</kbd>/<kbd>Ctrl</kbd> with arrows or clicks select several rows;{' '}
          <kbd>Delete</kbd> on a file's row closes it.
        </li>
        <li>
          The line between the tree and the details, and the edges of the column headings, move with
          the mouse or with the arrow keys once focused.
        </li>
      </ul>
    </section>
  );
}
