/**
 * Names for downloads. Entry names come from the archive, so they are untrusted: a name like
 * `../../evil.bat` or one with control characters must not become a path or confuse the
 * browser's save dialog.
 */
import { safeFileName } from '../binary/path-safety.ts';

/** The last segment of an untrusted name, safe to save (binary/path-safety.ts). */
export const sanitizeFileName = safeFileName;

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
