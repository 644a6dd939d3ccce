/**
 * Entry names made safe for zips and downloads: archives can hold `../../x`, absolute
 * paths, drive letters, control characters and reserved device names, none of which may
 * reach a user's disk as written.
 */

const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
// Control characters and characters Windows refuses in names.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f<>:"|?*\\]/g;

function safeSegment(segment: string): string {
  let safe = segment.replace(FORBIDDEN, '_').replace(/[. ]+$/, (tail) => '_'.repeat(tail.length));
  if (RESERVED.test(safe)) safe = '_' + safe;
  return safe;
}

/**
 * A relative `/`-separated path with no empty, `.` or `..` segments, no drive or root,
 * and every segment safe on Windows, macOS and Linux. Never returns an empty string.
 */
export function safeRelativePath(path: string): string {
  const segments = path
    .replace(/^[a-zA-Z]:/, '')
    .split(/[/\\]/)
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map(safeSegment);
  return segments.length > 0 ? segments.join('/') : 'unnamed';
}

/** Gives each path a unique name by adding ` (2)`, ` (3)`, … before the extension. */
export function uniquePaths(paths: readonly string[]): string[] {
  const used = new Set<string>();
  return paths.map((path) => {
    let candidate = path;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      const dot = path.lastIndexOf('.');
      const slash = path.lastIndexOf('/');
      candidate =
        dot > slash + 1 ? `${path.slice(0, dot)} (${n})${path.slice(dot)}` : `${path} (${n})`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
