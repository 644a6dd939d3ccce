/**
 * The one table of formats Delve knows, and detection from a file's first bytes.
 * Detection trusts magic numbers first: a `.wad` without the `KIWAD` magic is shown raw.
 * The name is a fallback only for formats that ask for it (`detectByExtension`): WWD's
 * "magic" is its header size, and a level whose size field is damaged should still reach
 * the WWD decoder and get its clear error rather than be shown raw.
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
  /** When no magic matches, a file with one of `extensions` still goes to this format. */
  detectByExtension: boolean;
}

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));

/** Checked in order; `raw` (no magic) is the fallback and stays last. */
export const FORMATS: readonly FormatInfo[] = [
  {
    id: 'kiwad',
    label: 'KIWAD archive',
    extensions: ['.wad'],
    magic: ascii('KIWAD'),
    detectByExtension: false,
  },
  {
    // The u32 header size 0x5F4 at offset 0 (spec wwd §2).
    id: 'wwd',
    label: 'WWD level',
    extensions: ['.wwd'],
    magic: Uint8Array.of(0xf4, 0x05, 0x00, 0x00),
    detectByExtension: true,
  },
  { id: 'raw', label: 'Raw file', extensions: [], magic: null, detectByExtension: false },
];

/** Bytes of the file head that detection needs; read at least this many. */
export const DETECT_HEAD_LENGTH = 16;

function startsWith(head: Uint8Array, magic: Uint8Array): boolean {
  if (head.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (head[i] !== magic[i]) return false;
  return true;
}

/** The format of a file from its first bytes (`DETECT_HEAD_LENGTH` is plenty), then its name. */
export function detectFormat(head: Uint8Array, name: string): FormatId {
  for (const format of FORMATS) {
    if (format.magic && startsWith(head, format.magic)) return format.id;
  }
  const lowerName = name.toLowerCase();
  for (const format of FORMATS) {
    if (format.detectByExtension && format.extensions.some((ext) => lowerName.endsWith(ext))) {
      return format.id;
    }
  }
  return 'raw';
}

/** The table row of a format. */
export function formatInfo(id: FormatId): FormatInfo {
  const info = FORMATS.find((format) => format.id === id);
  if (!info) throw new Error(`unknown format ${id}`);
  return info;
}
