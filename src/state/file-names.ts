/**
 * Names for downloads, made safe by binary/path-safety.ts: entry names come from the file, so they are untrusted: a name like
 * `../../evil.bat` or one with control characters must not become a path or confuse the
 * browser's save dialog.
 */
import { safeFileName } from '../binary/path-safety.ts';

/** `demo.wad` -> `demo.zip`; `Textures` -> `Textures.zip`. */
export function zipNameFor(name: string): string {
  const base = safeFileName(name, 'archive');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem}.zip`;
}

/** `demo.wad` -> `demo-selection.zip`, for a .zip of several selected rows. */
export function selectionZipNameFor(name: string): string {
  return zipNameFor(name).replace(/\.zip$/, '-selection.zip');
}
