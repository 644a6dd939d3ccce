/**
 * The one path sanitizer. Entry names come from files, so they are untrusted: archives can
 * hold `../../x`, absolute paths, drive letters, control characters and reserved device
 * names. `pathProblem` says what is wrong with a name (readers warn, the CLI's extract
 * refuses); `safeRelativePath` and `safeFileName` make a name safe to write (zips,
 * downloads). One character set and one rule for both. Pure string logic.
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
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
/** Control characters (C0, DEL, C1) and the characters Windows refuses in a name. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f<>:"|?*\\/]/g;
/** Device names Windows reserves, with or without an extension (`con`, `NUL.txt`, `com1.log`). */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
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

/**
 * One path segment made safe on Windows, macOS and Linux: unsafe characters become `_`,
 * trailing dots and spaces go (Windows drops them), reserved device names get a leading
 * `_`. Empty when nothing usable is left (an empty, `.` or `..` segment).
 */
export function safeSegment(segment: string): string {
  const safe = segment.replace(UNSAFE_CHARS, '_').replace(/[. ]+$/, '');
  if (safe === '') return '';
  return RESERVED.test(safe) ? `_${safe}` : safe;
}

/**
 * A relative `/`-separated path with no empty, `.` or `..` segments, no drive or root, and
 * every segment safe (`safeSegment`). `fallback` when nothing is left.
 */
export function safeRelativePath(path: string, fallback = 'unnamed'): string {
  const segments = path
    .replace(DRIVE_PREFIX, '')
    .split(/[/\\]/)
    .map(safeSegment)
    .filter((segment) => segment !== '');
  return segments.length > 0 ? segments.join('/') : fallback;
}

/** The last segment of a path made safe, for a download's name; `fallback` when nothing is left. */
export function safeFileName(path: string, fallback = 'download'): string {
  return safeSegment(path.split(/[/\\]/).pop()!.trim()) || fallback;
}

/**
 * A namer that gives each path it is handed a name not handed out before, by adding ` (2)`,
 * ` (3)`, … before the extension (compared without case: zips are unpacked onto such disks).
 */
export function createUniquePaths(): (path: string) => string {
  const used = new Set<string>();
  return (path) => {
    let candidate = path;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      const dot = path.lastIndexOf('.');
      const slash = path.lastIndexOf('/');
      candidate =
        dot > slash + 1 ? `${path.slice(0, dot)} (${n})${path.slice(dot)}` : `${path} (${n})`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** Gives each path a unique name by adding ` (2)`, ` (3)`, … before the extension. */
export function uniquePaths(paths: readonly string[]): string[] {
  return paths.map(createUniquePaths());
}
