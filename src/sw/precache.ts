/**
 * What the service worker serves from its cache: the app's own files as the build listed
 * them (the samples of *Try a sample* among them), and the app's page for a navigation to it
 * (with any deep-link query). Anything else — remote files, whatever a user opens — goes to
 * the network untouched.
 */

/** Written into sw.js at build (vite.config.ts): the app's files and their joint hash. */
export interface PrecacheManifest {
  /** Changes whenever any listed file does: names the cache, and makes sw.js differ. */
  version: string;
  /** Paths relative to the service worker's scope (`index.html`, `assets/index-….js`, `samples/demo.wad`). */
  files: readonly string[];
}

export const CACHE_PREFIX = 'delve-app-';

export function cacheNameOf(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The page every navigation inside the scope gets (deep links differ only in the query). */
export const APP_PAGE = 'index.html';

/**
 * The precached path a request is served from, or null to leave it to the network. `scope`
 * ends with `/` (a registration's scope always does).
 */
export function precachedPath(
  requestUrl: string,
  isNavigation: boolean,
  scope: string,
  files: ReadonlySet<string>,
): string | null {
  const url = new URL(requestUrl);
  const base = new URL(scope);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const path = url.pathname.slice(base.pathname.length);
  if (isNavigation) return path === '' || path === APP_PAGE ? APP_PAGE : null;
  // The query of a precached file is never meaningful; a cached copy answers it.
  return files.has(path) ? path : null;
}
