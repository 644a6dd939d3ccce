/**
 * Names for downloads. Entry names come from the archive, so they are untrusted: a name like
 * `../../evil.bat` or one with control characters must not become a path or confuse the
 * browser's save dialog.
 */

// Control characters (C0, DEL, C1) and the characters Windows forbids in file names.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\/:*?"<>|]/g;

/** Keeps the last path segment only, without control characters or `\/:*?"<>|`. */
export function sanitizeFileName(name: string, fallback = 'download'): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment.replace(FORBIDDEN, '').trim();
  // Names made only of dots mean "this folder" or "the parent" to some file systems.
  if (cleaned === '' || /^\.+$/.test(cleaned)) return fallback;
  return cleaned;
}

/** `demo.wad` -> `demo.zip`; `Textures` -> `Textures.zip`. */
export function zipNameFor(name: string): string {
  const base = sanitizeFileName(name, 'archive');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem}.zip`;
}
