/** Errors as data at the worker boundary: comlink would keep only a thrown error's message. */
import { toErrorInfo } from '../../binary/format-error.ts';
import type { Result } from './api.ts';

/** The value of `work`, or its error as data. */
export async function attempt<T>(work: () => Promise<T> | T): Promise<Result<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  }
}

/** The same for synchronous work, answered without a promise. */
export function attemptNow<T>(work: () => T): Result<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  }
}
