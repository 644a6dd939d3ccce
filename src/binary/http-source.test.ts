import { describe, expect, it } from 'vitest';
import { FormatError } from './format-error.ts';
import {
  HTTP_BLOCK_SIZE,
  HttpByteSource,
  parseContentRange,
  type HttpSourceOptions,
  type RangeFetch,
} from './http-source.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

function fileOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >>> 11)) & 0xff;
  return bytes;
}

/** Equal bytes (toEqual walks large arrays element by element: seconds per megabyte). */
function expectBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length);
  const at = actual.findIndex((value, index) => value !== expected[index]);
  expect(at).toBe(-1);
}

interface FakeServer {
  fetch: RangeFetch;
  requests: { start: number; end: number }[];
  /** Body bytes handed out. */
  sent: number;
  maxInFlight: number;
  aborted: number;
}

/**
 * A server over `bytes` that answers single ranges with 206 (or what `answer` says instead),
 * after a short delay so parallel requests overlap.
 */
function fakeServer(
  bytes: Uint8Array<ArrayBuffer>,
  answer?: (call: number, start: number, end: number) => Response | 'network' | null,
): FakeServer {
  let inFlight = 0;
  const server: FakeServer = {
    requests: [],
    sent: 0,
    maxInFlight: 0,
    aborted: 0,
    async fetch(_url, init) {
      const match = /^bytes=(\d+)-(\d+)$/.exec(init.headers['Range'] ?? '');
      if (!match) throw new Error('no Range header');
      const start = Number(match[1]);
      const end = Number(match[2]) + 1;
      server.requests.push({ start, end });
      init.signal.addEventListener('abort', () => server.aborted++);
      inFlight++;
      server.maxInFlight = Math.max(server.maxInFlight, inFlight);
      try {
        await new Promise((done) => setTimeout(done, 2));
        const special = answer?.(server.requests.length, start, end) ?? null;
        if (special === 'network') throw new TypeError('Failed to fetch');
        if (special) return special;
        const body = bytes.slice(start, Math.min(end, bytes.length));
        server.sent += body.length;
        return new Response(body, {
          status: 206,
          headers: { 'Content-Range': `bytes ${start}-${start + body.length - 1}/${bytes.length}` },
        });
      } finally {
        inFlight--;
      }
    },
  };
  return server;
}

function sourceOver(
  bytes: Uint8Array,
  server: FakeServer,
  options: Partial<HttpSourceOptions> = {},
): HttpByteSource {
  return new HttpByteSource('https://example.test/a.wad', bytes.length, 'a.wad', {
    fetch: server.fetch,
    ...options,
  });
}

async function readFailure(promise: Promise<unknown>): Promise<FormatError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FormatError);
  return error as FormatError;
}

describe('HttpByteSource', () => {
  it('reads any range exactly, one request per run of missing blocks', async () => {
    const bytes = fileOf(3 * MiB + 123);
    const server = fakeServer(bytes);
    const source = sourceOver(bytes, server);
    for (const [offset, length] of [
      [0, 14],
      [14, 64 * KiB],
      [HTTP_BLOCK_SIZE - 3, 7],
      [bytes.length - 200, 200],
      [1_000_000, 900_000],
    ] as const) {
      expectBytes(await source.read(offset, length), bytes.subarray(offset, offset + length));
    }
    // [0,14) one block; [14, 64K+14) only block 1 is new; the read across their boundary
    // nothing; the tail one block; the 900 KB read its 14 blocks as a single request.
    expect(server.requests.length).toBe(4);
    expect(source.requestCount).toBe(4);
    expect(source.bytesFetched).toBe(server.sent);
  });

  it('answers a second read of the same bytes from its cache', async () => {
    const bytes = fileOf(2 * MiB);
    const server = fakeServer(bytes);
    const source = sourceOver(bytes, server);
    await source.read(300_000, 500_000);
    const sent = server.sent;
    expectBytes(await source.read(300_000, 500_000), bytes.subarray(300_000, 800_000));
    expectBytes(await source.read(400_000, 10), bytes.subarray(400_000, 400_010));
    expect(server.sent).toBe(sent);
  });

  it('joins reads of the same blocks that overlap in time into one request', async () => {
    const bytes = fileOf(MiB);
    const server = fakeServer(bytes);
    const source = sourceOver(bytes, server);
    const reads = await Promise.all([source.read(10, 100), source.read(200, 100)]);
    expectBytes(reads[1]!, bytes.subarray(200, 300));
    expect(server.requests).toEqual([{ start: 0, end: HTTP_BLOCK_SIZE }]);
  });

  it('uses the head it was given before asking the server', async () => {
    const bytes = fileOf(MiB);
    const server = fakeServer(bytes);
    const source = sourceOver(bytes, server, { head: bytes.slice(0, 64 * KiB) });
    expectBytes(await source.read(14, 60_000), bytes.subarray(14, 60_014));
    expect(server.requests.length).toBe(0);
  });

  it('evicts the least recently used blocks past its byte cap', async () => {
    const bytes = fileOf(MiB);
    const server = fakeServer(bytes);
    const source = sourceOver(bytes, server, { cacheBytes: 4 * HTTP_BLOCK_SIZE });
    for (let block = 0; block < 4; block++) await source.read(block * HTTP_BLOCK_SIZE, 1);
    await source.read(0, 1); // block 0 is now the most recent
    await source.read(4 * HTTP_BLOCK_SIZE, 1); // evicts block 1
    const before = server.requests.length;
    await source.read(0, 1);
    expect(server.requests.length).toBe(before);
    await source.read(HTTP_BLOCK_SIZE, 1);
    expect(server.requests.length).toBe(before + 1);
  });

  it('splits big reads into parallel requests, never more than the limit at once', async () => {
    const bytes = fileOf(24 * MiB);
    const server = fakeServer(bytes);
    const source = sourceOver(bytes, server, {
      cacheBytes: 4 * MiB,
      maxRequestBytes: MiB,
      maxParallel: 3,
    });
    expectBytes(await source.read(5, 20 * MiB), bytes.subarray(5, 5 + 20 * MiB));
    expect(server.requests.length).toBe(20);
    expect(server.maxInFlight).toBe(3);
    // Not cached: a read that big would push everything else out.
    await source.read(5, 20 * MiB);
    expect(server.requests.length).toBe(40);
  });

  it('refuses a 200 answer to a Range request and stops its transfer', async () => {
    const bytes = fileOf(MiB);
    const server = fakeServer(bytes, () => new Response(bytes, { status: 200 }));
    const error = await readFailure(sourceOver(bytes, server).read(70_000, 10));
    expect(error.code).toBe('READ_FAILED');
    expect(error.offset).toBe(HTTP_BLOCK_SIZE);
    expect(error.detail).toContain('ignored the Range request');
    expect(server.aborted).toBe(1);
  });

  it('reports an HTTP error with the status and the range', async () => {
    const bytes = fileOf(MiB);
    const server = fakeServer(bytes, () => new Response('gone', { status: 404 }));
    const error = await readFailure(sourceOver(bytes, server).read(0, 10));
    expect(error.code).toBe('READ_FAILED');
    expect(error.offset).toBe(0);
    expect(error.detail).toContain('HTTP 404');
    expect(server.requests.length).toBe(1);
  });

  it('tries once more after a network failure or a 503, and no more', async () => {
    const bytes = fileOf(MiB);
    const flaky = fakeServer(bytes, (call) =>
      call === 1 ? new Response('', { status: 503 }) : null,
    );
    expectBytes(await sourceOver(bytes, flaky).read(5, 5), bytes.subarray(5, 10));
    expect(flaky.requests.length).toBe(2);

    const down = fakeServer(bytes, () => 'network');
    const error = await readFailure(sourceOver(bytes, down).read(5, 5));
    expect(error.code).toBe('READ_FAILED');
    expect(error.detail).toContain('CORS');
    expect(down.requests.length).toBe(2);
  });

  it('notices a file that changed size on the server', async () => {
    const bytes = fileOf(MiB);
    const server = fakeServer(bytes);
    const source = new HttpByteSource('https://example.test/a.wad', MiB - 10, 'a.wad', {
      fetch: server.fetch,
    });
    const error = await readFailure(source.read(0, 10));
    expect(error.detail).toContain('changed on the server');
  });

  it('checks ranges like every source', async () => {
    const bytes = fileOf(1000);
    const server = fakeServer(bytes);
    const error = await readFailure(sourceOver(bytes, server).read(990, 11));
    expect(error.code).toBe('OUT_OF_BOUNDS');
    expect(server.requests.length).toBe(0);
  });
});

describe('parseContentRange', () => {
  it('reads start, end and total', () => {
    expect(parseContentRange('bytes 0-99/1234')).toEqual({ start: 0, end: 99, total: 1234 });
    expect(parseContentRange('bytes 5-9/*')).toEqual({ start: 5, end: 9, total: null });
  });
  it('refuses what does not add up', () => {
    expect(parseContentRange(null)).toBeNull();
    expect(parseContentRange('bytes */1234')).toBeNull();
    expect(parseContentRange('bytes 9-5/100')).toBeNull();
    expect(parseContentRange('bytes 0-100/100')).toBeNull();
  });
});
