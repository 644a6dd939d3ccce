/**
 * Path safety for archive entry names (spec kiwad.md §7). Archive names are relative,
 * `/`-separated paths; anything that could escape an extraction folder or that a file
 * system would read differently is reported here, so readers can warn and extractors
 * (CLI, zip, File System Access) can refuse. Pure string logic, shared by every format.
 */

export interface PathProblem {
  /**
   * `backslash`: the only problem is a `\` (it breaks the game client; never a separator).
   * `unsafe`: the path could escape the target folder or is not a plain relative path.
   */
  kind: 'backslash' | 'unsafe';
  /** A few words, e.g. `".." segment`. */
  reason: string;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const DRIVE_PREFIX = /^[A-Za-z]:/;

/**
 * What is wrong with an entry path, or null when it is a plain relative path.
 * Backslashes also count as separators when looking for `.`/`..` segments, because a
 * Windows extractor would treat them so.
 */
export function pathProblem(path: string): PathProblem | null {
  const unsafe = (reason: string): PathProblem => ({ kind: 'unsafe', reason });
  if (path.length === 0) return unsafe('empty path');
  if (CONTROL_CHARS.test(path)) return unsafe('NUL or control character');
  if (path.startsWith('//') || path.startsWith('\\\\')) return unsafe('UNC prefix');
  if (path.startsWith('/') || path.startsWith('\\')) return unsafe('absolute path');
  if (DRIVE_PREFIX.test(path)) return unsafe('drive prefix');
  for (const segment of path.split(/[/\\]/)) {
    if (segment === '..') return unsafe('".." segment');
    if (segment === '.') return unsafe('"." segment');
    if (segment === '') return unsafe('empty segment');
  }
  if (path.includes('\\')) return { kind: 'backslash', reason: 'backslash in path' };
  return null;
}

/** True when the path can be written under a target folder as is. */
export function isSafeRelativePath(path: string): boolean {
  return pathProblem(path) === null;
}
