/**
 * Addresses of remote files: which the page was asked to open (`?url=`, repeatable), which
 * the app may reach at all, the name a file gets from its address, and the addresses an open
 * file came from (for links to it).
 */
import type { NamedSource } from '../worker/rpc/api.ts';

/** The page parameter naming a remote file to open at startup; repeat it for files that go together. */
export const URL_PARAMETER = 'url';

/** The `?url=` values of a page address's query, in order, blank ones and repeats left out. */
export function remoteUrlsOfSearch(search: string): string[] {
  const values = new URLSearchParams(search)
    .getAll(URL_PARAMETER)
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(values)];
}

/** The addresses a session's sources were fetched from, in source order (none for local files). */
export function remoteUrlsOf(sources: readonly NamedSource[]): string[] {
  return sources.flatMap((source) => (source.url !== undefined ? [source.url] : []));
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * The absolute address of `text` (relative to the page: an archive beside the app), or why
 * it cannot be opened. Mirrors the page's `connect-src` (vite.config.ts): https anywhere, the
 * page's own origin, and plain http on this machine (a local file server).
 */
export function resolveRemoteUrl(text: string, pageUrl: string): URL | string {
  let url: URL;
  try {
    url = new URL(text.trim(), pageUrl);
  } catch {
    return 'not a web address';
  }
  const page = new URL(pageUrl);
  if (url.protocol === 'https:' || url.origin === page.origin) return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  if (url.protocol === 'http:') {
    return 'only https:// addresses can be opened (plain http:// only from localhost or from the server Delve itself is on)';
  }
  return `${url.protocol.replace(/:$/, '')}: addresses cannot be opened, only https://`;
}

/**
 * The file's name: the last segment of the address's path, decoded (sessions find the
 * volumes an index names by file name). Query and fragment are not part of it.
 */
export function fileNameOfUrl(url: URL): string {
  const segment = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // A malformed escape: the segment as it is.
  }
  // A name with a slash in it would read as a path.
  name = name.replace(/[/\\]/g, '_');
  return name || url.hostname || 'download';
}
