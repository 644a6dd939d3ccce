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

/** A scheme at the start (`https:`, `ftp:`, `javascript:`). */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** A path that says it is one: `/x`, `./x`, `../x` (`//host` is not a path). */
const EXPLICIT_PATH = /^(?:\/(?!\/)|\.\.?\/)/;

export interface AddressOptions {
  /**
   * Paths that say they are relative (`./a.wad`, `../files/a.wad`, `/files/a.wad`) resolve
   * against the page. Only where the resolved address is shown before anything is fetched
   * (the Open URL dialog); a `?url=` must be absolute.
   */
  allowRelative?: boolean;
}

/**
 * The absolute address of `text`, or why it cannot be opened (nothing is fetched for it).
 * An address is an absolute `https:` one, or a plain `http:` one on this machine or on the
 * page's own server, mirroring the page's `connect-src` (vite.config.ts); with
 * `allowRelative`, also a path that says it is one. Anything else — a word, words with
 * spaces, a host without a scheme — is not a web address: resolved against the page it would
 * fetch the app's own page, which is no file.
 */
export function resolveRemoteUrl(
  text: string,
  pageUrl: string,
  options: AddressOptions = {},
): URL | string {
  const trimmed = text.trim();
  const hint = options.allowRelative
    ? 'start it with https://, or with ./ for a file beside this page'
    : 'only absolute https:// addresses can be opened';
  if (trimmed === '' || /\s/.test(trimmed)) return `not a web address: ${hint}`;
  let url: URL;
  try {
    if (SCHEME.test(trimmed)) url = new URL(trimmed);
    else if (options.allowRelative && EXPLICIT_PATH.test(trimmed)) url = new URL(trimmed, pageUrl);
    else return `not a web address: ${hint}`;
  } catch {
    return `not a web address: ${hint}`;
  }
  const page = new URL(pageUrl);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && url.origin === page.origin)) {
    return url;
  }
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  if (url.protocol === 'http:') {
    return 'only https:// addresses can be opened (plain http:// only from localhost or from the server Delve itself is on)';
  }
  return `not a web address: ${url.protocol.replace(/:$/, '')}: addresses cannot be opened, only https://`;
}

/** Whether `text` is read as a path relative to the page (the dialog shows where it leads). */
export function isRelativeAddress(text: string): boolean {
  return !SCHEME.test(text.trim());
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
