/**
 * The one way a file pane waits for its decoded document (`useDocumentView`): while it is on
 * its way, and when it failed or is not what the view shows, a section in the view's place
 * says so (the error with its message, as an alert); once it has come, the view renders from
 * what `check` makes of it.
 */
import type { ReactElement, ReactNode } from 'react';
import { useDocumentView, useFile } from '../../state/hooks.ts';
import type { DocumentView } from '../../worker/rpc/api.ts';

export interface DocumentViewGateProps<T> {
  fileId: string;
  /** The section's class and test id, the same as the view's own. */
  className: string;
  testId: string;
  /** What the view shows, for its notes: `the level` gives “Reading the level…”. */
  what: string;
  /** Why a file's document is not what the view shows: `does not decode to a level`. */
  isNot: string;
  /** Classes of the notes besides their own (`muted`, `error-text`). */
  noteClassName?: string;
  /** The view's data from the document, or null when it is not what the view shows. */
  check(view: DocumentView): T | null;
  children(data: T, fileName: string): ReactNode;
}

export function DocumentViewGate<T>(props: DocumentViewGateProps<T>): ReactElement {
  const { fileId, className, testId, what } = props;
  const fileName = useFile(fileId)?.name ?? '';
  const view = useDocumentView(fileId);
  const note = props.noteClassName ? ` ${props.noteClassName}` : '';
  if (view.status === 'loading') {
    return (
      <section className={className} data-testid={testId} data-state="loading" aria-busy="true">
        <p className={`muted${note}`}>Reading {what}…</p>
      </section>
    );
  }
  const data = view.status === 'ok' ? props.check(view.value) : null;
  if (data === null) {
    const message = view.status === 'error' ? view.error.message : `${fileName} ${props.isNot}`;
    return (
      <section className={className} data-testid={testId} data-state="error">
        <p className={`error-text${note}`} role="alert">
          Could not show {what}: {message}
        </p>
      </section>
    );
  }
  return <>{props.children(data, fileName)}</>;
}
