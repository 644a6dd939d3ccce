/**
 * A local file server for remote-open tests and the remote bench, on a port of its own so
 * that CORS is real (the app is served from another origin). Each file is served under four
 * behaviours, by the first segment of the path:
 *   /ranges/<name>  CORS and single byte ranges (206, Content-Range, Accept-Ranges);
 *   /whole/<name>   CORS, but Range ignored: 200 with the whole file;
 *   /slow/<name>    like /whole, trickling 64 KiB every 50 ms (to cancel a download);
 *   /nocors/<name>  byte ranges, without any CORS header (the browser refuses the answer).
 * Unknown names answer 404 (with CORS headers, so the page can read the status). It counts
 * the body bytes it sent, so tests can assert how little a remote open transfers.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ServeMode = 'ranges' | 'whole' | 'slow' | 'nocors';
const MODES: readonly ServeMode[] = ['ranges', 'whole', 'slow', 'nocors'];

export interface ServedRequest {
  method: string;
  mode: string;
  name: string;
  range: string | null;
  status: number;
}

export interface FileServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
  /** The address of `name` served the `mode` way. */
  url(mode: ServeMode, name: string): string;
  /** Body bytes sent since the last reset (counted as they are written). */
  readonly sentBytes: number;
  readonly requests: readonly ServedRequest[];
  reset(): void;
  close(): Promise<void>;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Range',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Length, Accept-Ranges',
};

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → [start, end] inclusive; null if not one satisfiable range. */
function parseRange(header: string, size: number): [number, number] | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix > 0 ? [Math.max(0, size - suffix), size - 1] : null;
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? [start, end] : null;
}

/** Serves `files` (name → path on disk) on 127.0.0.1 at a free port. */
export async function startFileServer(files: Record<string, string>): Promise<FileServer> {
  let sentBytes = 0;
  let requests: ServedRequest[] = [];

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    start: number,
    end: number,
    isSlow: boolean,
  ): void {
    if (request.method === 'HEAD' || end < start) {
      response.end();
      return;
    }
    const stream = createReadStream(path, {
      start,
      end,
      highWaterMark: 64 * 1024,
    });
    // Paused while the socket drains, and (slow) until the next tick of the trickle.
    let timer: NodeJS.Timeout | undefined;
    let isDraining = false;
    let isWaiting = false;
    const resumeIfFree = () => {
      if (!isDraining && !isWaiting) stream.resume();
    };
    stream.on('data', (chunk) => {
      sentBytes += chunk.length;
      if (!response.write(chunk)) {
        isDraining = true;
        stream.pause();
        response.once('drain', () => {
          isDraining = false;
          resumeIfFree();
        });
      }
      if (isSlow) {
        isWaiting = true;
        stream.pause();
        timer = setTimeout(() => {
          isWaiting = false;
          resumeIfFree();
        }, 50);
      }
    });
    stream.on('end', () => response.end());
    stream.on('error', () => response.destroy());
    // The client went away (an aborted fetch): stop reading the file.
    response.on('close', () => {
      clearTimeout(timer);
      stream.destroy();
    });
  }

  const server = createServer((request, response) => {
    const [, mode = '', ...rest] = decodeURIComponent(
      new URL(request.url ?? '/', 'http://x').pathname,
    ).split('/');
    const name = rest.join('/');
    const range = request.headers.range ?? null;
    const record = (status: number) =>
      requests.push({ method: request.method ?? '', mode, name, range, status });
    const hasCors = mode !== 'nocors';
    const base: Record<string, string> = {
      'Cache-Control': 'no-store',
      ...(hasCors ? CORS_HEADERS : {}),
    };
    if (request.method === 'OPTIONS') {
      record(204);
      response.writeHead(204, base).end();
      return;
    }
    const path = files[name];
    if (!(MODES as readonly string[]).includes(mode) || path === undefined) {
      record(404);
      response.writeHead(404, { ...base, 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const size = statSync(path).size;
    const wantsRange = range !== null && (mode === 'ranges' || mode === 'nocors');
    if (wantsRange) {
      const span = parseRange(range, size);
      if (!span) {
        record(416);
        response.writeHead(416, { ...base, 'Content-Range': `bytes */${size}` }).end();
        return;
      }
      const [start, end] = span;
      record(206);
      response.writeHead(206, {
        ...base,
        'Accept-Ranges': 'bytes',
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Content-Length': String(end - start + 1),
        'Content-Type': 'application/octet-stream',
      });
      send(request, response, path, start, end, false);
      return;
    }
    record(200);
    response.writeHead(200, {
      ...base,
      ...(mode === 'ranges' || mode === 'nocors' ? { 'Accept-Ranges': 'bytes' } : {}),
      'Content-Length': String(size),
      'Content-Type': 'application/octet-stream',
    });
    send(request, response, path, 0, size - 1, mode === 'slow');
  });

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (mode, name) => `${origin}/${mode}/${encodeURIComponent(name)}`,
    get sentBytes() {
      return sentBytes;
    },
    get requests() {
      return requests;
    },
    reset() {
      sentBytes = 0;
      requests = [];
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
