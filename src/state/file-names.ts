/**
 * Names for downloads. Entry names come from the archive, so they are untrusted: a name like
 * `../../evil.bat` or one with control characters must not become a path or confuse the
 * browser's save dialog.
 */

// Control characters (C0, DEL, C1) and the characters Windows forbids in file names.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\/:*?"<>|]/g;

/** Device names Windows reserves, with or without an extension (`con`, `NUL.txt`, `com1.log`). */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * Keeps the last path segment only, without control characters or `\/:*?"<>|`, without
 * trailing dots or spaces, and never a reserved device name.
 */
export function sanitizeFileName(name: string, fallback = 'download'): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(FORBIDDEN, '')
    .trim()
    .replace(/[. ]+$/, '');
  // Names made only of dots mean "this folder" or "the parent" to some file systems.
  if (cleaned === '' || /^\.+$/.test(cleaned)) return fallback;
  return RESERVED.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** `demo.wad` -> `demo.zip`; `Textures` -> `Textures.zip`. */
export function zipNameFor(name: string): string {
  const base = sanitizeFileName(name, 'archive');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem}.zip`;
}

/** `demo.wad` -> `demo-selection.zip`, for a .zip of several selected rows. */
export function selectionZipNameFor(name: string): string {
  return zipNameFor(name).replace(/\.zip$/, '-selection.zip');
}
