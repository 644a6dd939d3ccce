/**
 * Opening files by address, against a fake web: servers that answer ranges, servers that send
 * only whole files, 404s, CORS refusals and hosts that cannot be reached. The page's probe
 * goes through `deps.fetch`; the decoder (the real implementation, in-process) reads through
 * the global `fetch`, stubbed with the same fake, so every byte either side asks for is counted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORMATS } from '../formats/registry.ts';
import { nodeRef } from '../worker/rpc/api.ts';
import { remoteUrlsOfSearch, resolveRemoteUrl } from './remote-urls.ts';
import { createDelveState } from './store.ts';
import { kiwadFileOf, twoPartFiles, twoPartFormat } from './testing/archives.ts';
import { createTestDecoder } from './testing/test-decoder.ts';

interface Hosted {
  bytes: Uint8Array<ArrayBuffer>;
  /** Answers Range requests with 206 (else 200 with everything). */
  ranges: boolean;
  /** Sends CORS headers (else the browser refuses the answer: a TypeError). */
  cors: boolean;
  /** A whole-file answer that trickles in, chunk by chunk, until cancelled. */
  slow?: boolean;
  /** CORS that does not expose Content-Range: the page cannot read it. */
  hidesContentRange?: boolean;
  /** The answer's Content-Type (none when not given). */
  contentType?: string;
}

function fakeWeb(hosted: Record<string, Hosted>) {
  const web = {
    /** Body bytes sent, over every answer. */
    sent: 0,
    requests: [] as string[],
    fetch: async (url: string, init?: RequestInit): Promise<Response> => {
      const file = hosted[url];
      const method = init?.method ?? 'GET';
      const range = new Headers(init?.headers).get('Range');
      web.requests.push(`${method} ${init?.mode ?? 'cors'} ${range ?? ''} ${url}`);
      await new Promise((done) => setTimeout(done, 1));
      const host = new URL(url).host;
      const isKnownHost = Object.keys(hosted).some((known) => new URL(known).host === host);
      if (!isKnownHost) throw new TypeError('Failed to fetch');
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      if (file && !file.cors) throw new TypeError('Failed to fetch');
      if (!file) return new Response('nothing here', { status: 404, statusText: 'Not Found' });
      const size = file.bytes.length;
      if (method === 'HEAD')
        return new Response(null, { headers: { 'Content-Length': String(size) } });
      const match = /^bytes=(\d+)-(\d+)$/.exec(range ?? '');
      if (match && file.ranges) {
        const start = Number(match[1]);
        const end = Math.min(Number(match[2]) + 1, size);
        const body = file.bytes.slice(start, end);
        web.sent += body.length;
        const headers: Record<string, string> = file.hidesContentRange
          ? {}
          : { 'Content-Range': `bytes ${start}-${end - 1}/${size}` };
        if (file.contentType) headers['Content-Type'] = file.contentType;
        return new Response(body, { status: 206, headers });
      }
      const headers: Record<string, string> = { 'Content-Length': String(size) };
      if (file.contentType) headers['Content-Type'] = file.contentType;
      if (!file.slow) {
        web.sent += size;
        return new Response(file.bytes, { headers });
      }
      let at = 0;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((done) => setTimeout(done, 5));
          const chunk = file.bytes.slice(at, at + 16);
          at += chunk.length;
          web.sent += chunk.length;
          if (chunk.length === 0) controller.close();
          else controller.enqueue(chunk);
        },
      });
      return new Response(stream, { headers });
    },
  };
  return web;
}

async function bytesOf(file: File): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await file.arrayBuffer());
}

function setup(web: ReturnType<typeof fakeWeb>) {
  vi.stubGlobal('fetch', web.fetch);
  const state = createDelveState({
    createDecoder: () => createTestDecoder({ formats: [twoPartFormat, ...FORMATS] }),
    saveBlob: vi.fn(),
    fetch: web.fetch,
    now: () => 0,
  });
  const files = () => state.stores.files.getState().files;
  const toasts = () => state.stores.toasts.getState().toasts.map((toast) => toast.message);
  return { state, files, toasts, actions: state.actions };
}

afterEach(() => vi.unstubAllGlobals());

/** A KIWAD of a few small entries and one big one, so that what a listing fetches can be told. */
async function bigArchive(): Promise<Uint8Array<ArrayBuffer>> {
  // Noise: it stays 3 MiB however the writer packs it.
  const big = new Uint8Array(3 * 1024 * 1024);
  let seed = 1;
  for (let i = 0; i < big.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    big[i] = seed >>> 24;
  }
  return bytesOf(kiwadFileOf('big.wad', { 'a.txt': 'hello', 'b/big.bin': big, 'c.txt': 'bye' }));
}

describe('openUrls', () => {
  it('lists an archive and previews an entry by fetching only what they need', async () => {
    const bytes = await bigArchive();
    const url = 'https://files.example/game/big.wad';
    const web = fakeWeb({ [url]: { bytes, ranges: true, cors: true } });
    const { files, actions, toasts } = setup(web);
    await actions.openUrls([url]);
    expect(toasts()).toEqual([]);
    const [file] = files();
    expect(file?.name).toBe('big.wad');
    expect(file?.status).toBe('ready');
    expect(file?.summary?.entryCount).toBe(3);
    expect(file?.remoteUrls).toEqual([url]);
    // The table and the detection's tail: a few blocks, not the 3 MiB entry.
    expect(web.sent).toBeLessThan(bytes.length / 8);
    const details = await file!.decoder.entryDetails(0);
    expect(details.ok).toBe(true);
    const index = (await file!.decoder.getRows(0, 3)).find((row) => row.name === 'a.txt')!;
    const before = web.sent;
    const read = await file!.decoder.readRange(nodeRef(index.entryIndex), 0, 100);
    expect(read.ok && new TextDecoder().decode(read.value.bytes)).toBe('hello');
    expect(web.sent - before).toBeLessThanOrEqual(256 * 1024);
    // Again: from the cache.
    const sentAfterPreview = web.sent;
    await file!.decoder.readRange(nodeRef(index.entryIndex), 0, 100);
    expect(web.sent).toBe(sentAfterPreview);
  });

  it('opens an index and its volumes given as several addresses as one session', async () => {
    const { index, volumes } = twoPartFiles();
    const base = 'https://files.example/set/';
    const hosted: Record<string, Hosted> = {};
    for (const file of [index, ...volumes])
      hosted[base + file.name] = { bytes: await bytesOf(file), ranges: true, cors: true };
    const { files, actions } = setup(fakeWeb(hosted));
    const urls = [index, ...volumes].map((file) => base + file.name);
    await actions.openUrls(urls);
    expect(files().map((file) => file.name)).toEqual(['stuff.twop']);
    expect(files()[0]?.summary?.missingSources).toEqual([]);
    expect(files()[0]?.remoteUrls).toEqual(urls);
  });

  it('takes the size from a HEAD when CORS hides Content-Range', async () => {
    const bytes = await bytesOf(kiwadFileOf('hidden.wad', { 'x.txt': 'x' }));
    const url = 'https://files.example/hidden.wad';
    const web = fakeWeb({ [url]: { bytes, ranges: true, cors: true, hidesContentRange: true } });
    const { files, actions, toasts } = setup(web);
    await actions.openUrls([url]);
    expect(toasts()).toEqual([]);
    expect(files()[0]?.size).toBe(bytes.length);
    expect(files()[0]?.status).toBe('ready');
    expect(web.requests.filter((request) => request.startsWith('HEAD cors')).length).toBe(1);
  });

  it('downloads a file whole from a server without Range support', async () => {
    const bytes = await bytesOf(kiwadFileOf('plain.wad', { 'x.txt': 'x' }));
    const url = 'http://localhost:8080/plain.wad';
    const web = fakeWeb({ [url]: { bytes, ranges: false, cors: true } });
    const { files, actions, toasts } = setup(web);
    await actions.openUrls([url]);
    expect(toasts()).toEqual([]);
    expect(files()[0]?.status).toBe('ready');
    expect(files()[0]?.remoteUrls).toEqual([url]);
    expect(files()[0]?.sources[0]).toHaveProperty('blob');
    expect(web.sent).toBe(bytes.length);
  });

  it('stops a whole download when its job is cancelled', async () => {
    const bytes = new Uint8Array(64 * 1024);
    const url = 'https://slow.example/slow.wad';
    const web = fakeWeb({ [url]: { bytes, ranges: false, cors: true, slow: true } });
    const { state, files, actions, toasts } = setup(web);
    const opening = actions.openUrls([url]);
    await vi.waitFor(() => expect(state.stores.jobs.getState().jobs.length).toBe(1));
    const [job] = state.stores.jobs.getState().jobs;
    expect(job?.label).toContain('slow.wad');
    expect(job?.total).toBe(bytes.length);
    actions.cancelJob(job!.id);
    await opening;
    expect(files()).toEqual([]);
    expect(state.stores.jobs.getState().jobs).toEqual([]);
    expect(toasts()).toEqual(['slow.wad: download cancelled']);
    expect(web.sent).toBeLessThan(bytes.length);
  });

  it('says what failed: a 404, a CORS refusal, an unreachable host, a refused address', async () => {
    const bytes = await bytesOf(kiwadFileOf('x.wad', { 'x.txt': 'x' }));
    const web = fakeWeb({
      'https://files.example/other.wad': { bytes, ranges: true, cors: true },
      'https://nocors.example/x.wad': { bytes, ranges: true, cors: false },
    });
    const { files, actions, toasts } = setup(web);
    await actions.openUrls([
      'https://files.example/missing.wad',
      'https://nocors.example/x.wad',
      'https://offline.example/y.wad',
      'http://plain.example/z.wad',
    ]);
    expect(files()).toEqual([]);
    // In the order they failed: find each by its address.
    const toastOf = (name: string) => toasts().find((toast) => toast.includes(name)) ?? '';
    expect(toasts().length).toBe(4);
    const missing = toastOf('missing.wad');
    const cors = toastOf('nocors.example');
    const offline = toastOf('offline.example');
    const refused = toastOf('plain.example');
    expect(missing).toContain('missing.wad');
    expect(missing).toContain('HTTP 404 Not Found: there is no file at this address');
    expect(cors).toContain('CORS');
    expect(cors).toContain('Access-Control-Allow-Origin: http://localhost');
    expect(cors).toContain('Access-Control-Allow-Headers: Range');
    expect(cors).toContain('Access-Control-Expose-Headers: Content-Range, Content-Length');
    expect(offline).toContain('could not connect to offline.example');
    expect(refused).toContain('only https://');
    // The refused address was never asked for.
    expect(web.requests.some((request) => request.includes('plain.example'))).toBe(false);
  });
});

describe('answers that are no file', () => {
  const ownPage = new TextEncoder().encode(
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Delve — look inside game archives</title>\n',
  );
  const otherPage = new TextEncoder().encode('<!DOCTYPE html><html><body>Sign in</body></html>');

  it('refuses what is not a web address before any request', async () => {
    const web = fakeWeb({});
    const { files, actions, toasts } = setup(web);
    await actions.openUrls(['not-a-url', 'foo bar']);
    expect(files()).toEqual([]);
    expect(toasts()).toHaveLength(2);
    for (const toast of toasts()) expect(toast).toContain('not a web address');
    expect(web.requests).toEqual([]);
  });

  it('refuses the app’s own page, sent for an unknown address by a server that reads ranges', async () => {
    const url = 'https://me.example/delve/foo';
    const web = fakeWeb({ [url]: { bytes: ownPage, ranges: true, cors: true } });
    const { files, actions, toasts } = setup(web);
    await actions.openUrls([url]);
    expect(files()).toEqual([]);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toContain('foo');
    expect(toasts()[0]).toContain('Delve’s own page, not a file');
  });

  it('refuses text/html where a file was expected, reading only the page’s first bytes', async () => {
    const page = new Uint8Array(256 * 1024);
    page.set(otherPage);
    const url = 'https://portal.example/files/a.wad';
    const web = fakeWeb({
      [url]: {
        bytes: page,
        ranges: false,
        cors: true,
        slow: true,
        contentType: 'text/html; charset=utf-8',
      },
    });
    const { files, actions, toasts } = setup(web);
    await actions.openUrls([url]);
    expect(files()).toEqual([]);
    expect(toasts()[0]).toContain('a web page (text/html), not a file');
    expect(web.sent).toBeLessThan(page.length / 4);
  });

  it('refuses a page without a Content-Type, told by its first bytes after a whole download', async () => {
    const url = 'http://localhost:8080/level.wwd';
    const web = fakeWeb({ [url]: { bytes: otherPage, ranges: false, cors: true } });
    const { files, actions, toasts } = setup(web);
    await actions.openUrls([url]);
    expect(files()).toEqual([]);
    expect(toasts()[0]).toContain('a web page (HTML), not a file');
  });

  it('opens an .html file asked for by name, and binary files sent as text/html', async () => {
    const htmlUrl = 'https://files.example/help.html';
    const wadUrl = 'https://files.example/x.wad';
    const wad = await bytesOf(kiwadFileOf('x.wad', { 'x.txt': 'x' }));
    const web = fakeWeb({
      [htmlUrl]: { bytes: otherPage, ranges: true, cors: true, contentType: 'text/html' },
      [wadUrl]: { bytes: wad, ranges: true, cors: true, contentType: 'application/octet-stream' },
    });
    const { files, actions, toasts } = setup(web);
    await actions.openUrls([htmlUrl, wadUrl]);
    expect(toasts()).toEqual([]);
    expect(
      files()
        .map((file) => file.name)
        .sort(),
    ).toEqual(['help.html', 'x.wad']);
  });
});

describe('addresses', () => {
  it('reads repeated ?url= parameters in order, once each', () => {
    expect(
      remoteUrlsOfSearch('?url=https%3A%2F%2Fa.example%2Fx.idx&url=y.pkg&q=1&url=y.pkg'),
    ).toEqual(['https://a.example/x.idx', 'y.pkg']);
    expect(remoteUrlsOfSearch('')).toEqual([]);
  });

  it('takes absolute http(s) addresses and refuses plain http elsewhere', () => {
    const page = 'https://me.github.io/delve/?url=x';
    expect(String(resolveRemoteUrl(' https://files.example/a.wad ', page))).toBe(
      'https://files.example/a.wad',
    );
    expect(resolveRemoteUrl('http://127.0.0.1:9000/a.wad', page)).toBeInstanceOf(URL);
    expect(resolveRemoteUrl('http://example.com/a.wad', page)).toMatch(/^only https:\/\//);
    expect(resolveRemoteUrl('ftp://example.com/a.wad', page)).toMatch(/^not a web address/);
  });

  it('refuses words, spaces, bare hosts and relative paths as not a web address', () => {
    const page = 'https://me.github.io/delve/';
    for (const text of ['foo bar', 'not-a-url', 'foo', 'files/a.wad', './a.wad', '/a.wad']) {
      expect(resolveRemoteUrl(text, page), text).toMatch(/^not a web address/);
    }
    for (const text of ['example.com/a.wad', '//example.com/a.wad', 'javascript:alert(1)', '']) {
      expect(resolveRemoteUrl(text, page), text).toMatch(/^not a web address/);
    }
  });

  it('resolves a path that says it is one against the page, where that is allowed', () => {
    const page = 'https://me.github.io/delve/index.html?url=x';
    const relative = { allowRelative: true };
    expect(String(resolveRemoteUrl('./files/a.wad', page, relative))).toBe(
      'https://me.github.io/delve/files/a.wad',
    );
    expect(String(resolveRemoteUrl('../a.wad', page, relative))).toBe('https://me.github.io/a.wad');
    expect(String(resolveRemoteUrl('/x/a.wad', page, relative))).toBe(
      'https://me.github.io/x/a.wad',
    );
    for (const text of ['foo bar', 'foo', 'files/a.wad', 'example.com/a.wad', '//evil.example/a']) {
      expect(resolveRemoteUrl(text, page, relative), text).toMatch(/^not a web address/);
    }
  });
});
