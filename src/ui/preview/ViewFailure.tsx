/**
 * What takes a decoded view's place when the model it needs did not decode: the error that
 * stopped it, with its byte offset. A view drawn from a model that failed would show
 * nonsense with confidence (an empty map, a zoom of thousands of per cent).
 */
import type { ReactElement } from 'react';
import type { ErrorInfo } from '../../worker/rpc/api.ts';
import { formatOffset } from '../format.ts';
import type { ViewPlugin } from './view-plugin.ts';

/** The error's message, with its offset unless the message already names it. */
export function errorWithOffset(error: ErrorInfo): string {
  if (error.offset === null) return error.message;
  const offset = formatOffset(error.offset);
  return error.message.includes(offset) ? error.message : `${error.message} (at ${offset})`;
}

/**
 * `Level map cannot be shown: LEVEL.WWD did not decode.` The label leads the sentence as it
 * is written: labels hold proper names (`DML tables`, `ObjectProperty objects`) that a
 * lowercased `No …` would misspell.
 */
export function failureSentence(label: string, fileName: string): string {
  return `${label} cannot be shown: ${fileName} did not decode.`;
}

export function ViewFailure({
  plugin,
  error,
  fileName,
}: {
  plugin: ViewPlugin;
  error: ErrorInfo;
  fileName: string;
}): ReactElement {
  return (
    <section
      className="view-failure"
      data-testid="view-failure"
      data-view={plugin.view}
      aria-label={`${plugin.label} of ${fileName}`}
    >
      <h2 className="details-title">{plugin.label}</h2>
      <div className="error-box" role="alert">
        <strong>{failureSentence(plugin.label, fileName)}</strong>{' '}
        <span data-testid="view-failure-error">{errorWithOffset(error)}</span>
        {error.path !== '' && <span className="muted"> ({error.path})</span>}
      </div>
    </section>
  );
}
