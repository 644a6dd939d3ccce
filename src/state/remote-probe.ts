/**
 * The first request to a remote file, made by the page before a worker opens it: a Range
 * request for its first 64 KiB. Its answer says everything the open needs:
 * - 206 with `Content-Range: bytes 0-65535/<size>`: the server reads ranges; the size and the
 *   head go to the worker, which reads the rest by Range requests (binary/http-source.ts);
 * - 200: the server ignores Range; this very response is the whole file, downloaded with
 *   progress (and cancellable) into memory;
 * - anything else: a message that says what failed and what the server must allow.
 * A request that fails outright is told apart as CORS (the server answers a no-cors request)
 * or network (it does not). An answer that is a web page rather than the file (a server's
 * start page for an unknown address) is refused here (remote-content.ts).
 */
import { describeHttpStatus, parseContentRange } from '../binary/http-source.ts';
import { PAGE_SNIFF_BYTES, webPageInsteadOfFile } from './remote-content.ts';

export type RemoteFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Bytes the probe asks for: the detection's head, a header and the first slice of most tables. */
export const PROBE_BYTES = 64 * 1024;

/** What a server must send for Delve to read its files from another origin. */
export const CORS_HEADERS =
  'Access-Control-Allow-Origin: <this page’s origin or *>, Access-Control-Allow-Headers: Range, Access-Control-Expose-Headers: Content-Range, Content-Length, Accept-Ranges';

export type Probed =
  | { kind: 'ranges'; size: number; head: Uint8Array }
  | { kind: 'whole'; response: Response; size: number | null };

/** A failure to report as it is: it already says what failed and what to do. */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
}

/** The user stopped it. */
export class RemoteCancelled extends Error {
  override readonly name = 'RemoteCancelled';
}

function contentLength(response: Response): number | null {
  const value = Number(response.headers.get('Content-Length') ?? Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** A response whose body is not wanted: its transfer stops. */
function discard(response: Response): void {
  void response.body?.cancel().catch(() => undefined);
}

/** Why a request failed before any answer: CORS when the server answers a no-cors HEAD. */
async function diagnose(fetch: RemoteFetch, url: URL, pageOrigin: string): Promise<string> {
  let isReachable = false;
  try {
    await fetch(url.href, { method: 'HEAD', mode: 'no-cors', cache: 'no-store' });
    isReachable = true;
  } catch {
    // Unreachable for no-cors requests too: the network, not CORS.
  }
  if (!isReachable) {
    return `could not connect to ${url.host}: the server is down, the address is wrong or the network is offline`;
  }
  return `${url.host} answered but does not let this page (${pageOrigin}) read the file: a CORS refusal. The server must send ${CORS_HEADERS.replace('<this page’s origin or *>', `${pageOrigin} (or *)`)}`;
}

/** Size from a HEAD's Content-Length (readable without CORS exposing it), or null. */
async function sizeByHead(fetch: RemoteFetch, url: URL, signal: AbortSignal) {
  try {
    const response = await fetch(url.href, { method: 'HEAD', signal });
    return response.ok ? contentLength(response) : null;
  } catch {
    return null;
  }
}

/** The first bytes of a body (at most PAGE_SNIFF_BYTES); the rest is not transferred. */
async function firstBytesOf(response: Response): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < PAGE_SNIFF_BYTES) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
      length += next.value.length;
    }
  } catch {
    // What arrived is enough to tell a page.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The probe of the file `name` at `url`. Rejects with RemoteError (what to tell the user) or
 * RemoteCancelled.
 */
export async function probeRemote(
  fetch: RemoteFetch,
  url: URL,
  name: string,
  pageOrigin: string,
  signal: AbortSignal,
): Promise<Probed> {
  let response: Response;
  try {
    response = await fetch(url.href, {
      headers: { Range: `bytes=0-${PROBE_BYTES - 1}` },
      signal,
    });
  } catch {
    if (signal.aborted) throw new RemoteCancelled('cancelled');
    throw new RemoteError(await diagnose(fetch, url, pageOrigin));
  }
  if (response.status === 206) {
    const range = parseContentRange(response.headers.get('Content-Range'));
    if (range && range.start !== 0) {
      discard(response);
      throw new RemoteError(`the server answered bytes ${range.start}-${range.end} for 0-…`);
    }
    let head: Uint8Array;
    try {
      head = new Uint8Array(await response.arrayBuffer());
    } catch {
      throw signal.aborted
        ? new RemoteCancelled('cancelled')
        : new RemoteError('the transfer of the first bytes broke off');
    }
    // Content-Range is readable only when CORS exposes it; a HEAD's Content-Length always is.
    const size = range?.total ?? (await sizeByHead(fetch, url, signal));
    if (size === null) {
      throw new RemoteError(
        `the server answers byte ranges but this page cannot read the file's size: it must send Access-Control-Expose-Headers: Content-Range, Content-Length, Accept-Ranges`,
      );
    }
    if (head.length > size) head = head.subarray(0, size);
    const refusal = webPageInsteadOfFile(name, response.headers.get('Content-Type'), head);
    if (refusal) throw new RemoteError(refusal);
    return { kind: 'ranges', size, head };
  }
  if (response.status === 200) {
    const contentType = response.headers.get('Content-Type');
    // A page is told by its type before its body is downloaded: only its first bytes are read.
    if (webPageInsteadOfFile(name, contentType, null)) {
      const refusal = webPageInsteadOfFile(name, contentType, await firstBytesOf(response));
      throw new RemoteError(refusal!);
    }
    return { kind: 'whole', response, size: contentLength(response) };
  }
  discard(response);
  if (response.status === 416) {
    // An empty file has no byte 0 to send: fetched whole, it costs nothing.
    const whole = await fetch(url.href, { signal }).catch(() => null);
    if (whole?.ok) return { kind: 'whole', response: whole, size: contentLength(whole) };
  }
  throw new RemoteError(describeHttpStatus(response.status, response.statusText));
}

/** Progress is reported at most this often: each report is a store update. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * The body of a server's whole-file answer, in memory: nothing is written anywhere else.
 * `onProgress(done, total)`; total is 0 when the server did not say.
 */
export async function downloadWhole(
  response: Response,
  size: number | null,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
  now: () => number,
): Promise<Blob> {
  const body = response.body;
  if (!body) return response.blob();
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let done = 0;
  let reported = now();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop);
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
      try {
        next = await reader.read();
      } catch {
        throw signal.aborted
          ? new RemoteCancelled('cancelled')
          : new RemoteError(`the download broke off after ${done} bytes`);
      }
      if (signal.aborted) throw new RemoteCancelled('cancelled');
      if (next.done) break;
      chunks.push(next.value);
      done += next.value.length;
      if (now() - reported >= PROGRESS_INTERVAL_MS) {
        reported = now();
        onProgress(done, size ?? 0);
      }
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  // Fewer bytes than announced: cut off. (More is fine: a compressed transfer announces its compressed length.)
  if (size !== null && done < size) {
    throw new RemoteError(`the download ended after ${done} of ${size} bytes`);
  }
  onProgress(done, size ?? done);
  return new Blob(chunks);
}
