/**
 * What a view plug-in's file pane shows until its model is there: a note while the worker
 * reads the session's view (`documentView`), the error in the view's place when it cannot be
 * read or is of another kind, and the plug-in's own view once its summary is read. Each
 * plug-in checks the summary it gets (`summaryOf`): the data crosses the worker boundary.
 */
import type { ReactElement } from 'react';
import { useDocumentView, useFile } from '../../state/hooks.ts';
import type { DocumentView } from '../../worker/rpc/api.ts';

export interface DocumentViewGateProps<T> {
  fileId: string;
  /** The class and test id of the view's section while it loads or failed. */
  className: string;
  testId: string;
  /** What the view shows, for its notes: `the level`. */
  what: string;
  /** Why a view of another kind is none: `is not a keyed archive` (after the file's name). */
  otherKind: string;
  /** The class of its notes; muted text by default. */
  noteClass?: string;
  /** The view's summary, or null when the data is not of the plug-in's kind. */
  summaryOf(view: DocumentView): T | null;
  children(summary: T, fileName: string): ReactElement;
}

export function DocumentViewGate<T>({
  fileId,
  className,
  testId,
  what,
  otherKind,
  noteClass,
  summaryOf,
  children,
}: DocumentViewGateProps<T>): ReactElement {
  const fileName = useFile(fileId)?.name ?? '';
  const view = useDocumentView(fileId);
  if (view.status === 'loading') {
    return (
      <section className={className} data-testid={testId} data-state="loading" aria-busy="true">
        <p className={noteClass ?? 'muted'}>Reading {what}…</p>
      </section>
    );
  }
  const summary = view.status === 'ok' ? summaryOf(view.value) : null;
  if (summary === null) {
    const message = view.status === 'error' ? view.error.message : `${fileName} ${otherKind}`;
    return (
      <section className={className} data-testid={testId} data-state="error">
        <p className={noteClass ? `error-text ${noteClass}` : 'error-text'} role="alert">
          Could not show {what}: {message}
        </p>
      </section>
    );
  }
  return children(summary, fileName);
}
