/**
 * Calls to an open file's decoder from page-side stores that are not tied to a view: the
 * decoder looked up by file id, and a call whose failure (the file closed, its decoder
 * stopped, the call thrown) comes back as a Result naming what was being done.
 */
import type { Result } from '../worker/rpc/api.ts';
import type { FileDecoder } from '../worker/rpc/client.ts';
import { delve } from './app.ts';
import { errorInfoOf, failure } from './errors.ts';

/** The file's decoder, or why there is none to call. */
export function decoderOf(fileId: string): FileDecoder | string {
  const file = delve.stores.files.getState().files.find((candidate) => candidate.id === fileId);
  if (!file) return 'the file is closed';
  if (file.hasCrashed) return `the decoder of ${file.name} stopped`;
  return file.decoder;
}

/** Runs `call` on the file's decoder; `what` names the work in a failure's message. */
export async function askDecoder<T>(
  fileId: string,
  what: string,
  call: (decoder: FileDecoder) => Promise<Result<T>>,
): Promise<Result<T>> {
  const decoder = decoderOf(fileId);
  if (typeof decoder === 'string') return failure(`${what} failed: ${decoder}`);
  try {
    return await call(decoder);
  } catch (error) {
    return { ok: false, error: errorInfoOf(error, what) };
  }
}
