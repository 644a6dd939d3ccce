/**
 * Errors as data on the page's side. A call that rejects (the worker died, comlink could not
 * carry a message) is turned into the same `ErrorInfo` a decoder answers with, so every view
 * shows failures one way. In the worker, `toErrorInfo` (binary/format-error.ts) does this for
 * decoder errors; this module covers what fails on the page's side, for the state layer and
 * the UI alike.
 */
import { internalErrorInfo } from '../binary/format-error.ts';
import type { ErrorInfo, Result } from '../worker/rpc/api.ts';

/** An error of the app itself (not of a file's bytes): code INTERNAL, no offset. */
export const internalError = internalErrorInfo;

/** `what failed: reason` from anything thrown or rejected; `what` is left out when empty. */
export function errorInfoOf(error: unknown, what = ''): ErrorInfo {
  const reason = error instanceof Error ? error.message : String(error);
  return internalError(what === '' ? reason : `${what} failed: ${reason}`);
}

/** A failed Result with an app error. */
export function failure<T>(message: string): Result<T> {
  return { ok: false, error: internalError(message) };
}

/** The CANCELLED answer, for work the user stopped before it reached the worker. */
export function cancelledError(): ErrorInfo {
  return {
    code: 'CANCELLED',
    message: 'cancelled by the user',
    offset: null,
    format: '',
    path: '',
  };
}
