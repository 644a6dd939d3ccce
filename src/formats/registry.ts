/**
 * The one table of formats Delve knows, and detection from a file's first bytes.
 * Detection trusts magic numbers, not names: a `.wad` without the `KIWAD` magic is
 * shown raw. The name is reserved for formats without magic (e.g. `.idx`), to come.
 */
import type { FormatId } from './model.ts';

export interface FormatInfo {
  id: FormatId;
  /** Human name, e.g. `KIWAD archive`. */
  label: string;
  /** Usual file extensions, lower case, with the dot. */
  extensions: readonly string[];
  /** Leading bytes that identify the format; null when it has none. */
  magic: Uint8Array | null;
}

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));

/** Checked in order; `raw` (no magic) is the fallback and stays last. */
export const FORMATS: readonly FormatInfo[] = [
  { id: 'kiwad', label: 'KIWAD archive', extensions: ['.wad'], magic: ascii('KIWAD') },
  { id: 'raw', label: 'Raw file', extensions: [], magic: null },
];

/** Bytes of the file head that detection needs; read at least this many. */
export const DETECT_HEAD_LENGTH = 16;

function startsWith(head: Uint8Array, magic: Uint8Array): boolean {
  if (head.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (head[i] !== magic[i]) return false;
  return true;
}

/** The format of a file from its first bytes (`DETECT_HEAD_LENGTH` is plenty). */
export function detectFormat(head: Uint8Array, _name: string): FormatId {
  for (const format of FORMATS) {
    if (format.magic && startsWith(head, format.magic)) return format.id;
  }
  return 'raw';
}

/** The table row of a format. */
export function formatInfo(id: FormatId): FormatInfo {
  const info = FORMATS.find((format) => format.id === id);
  if (!info) throw new Error(`unknown format ${id}`);
  return info;
}
