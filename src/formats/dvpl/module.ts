/** DAVA / World of Tanks Blitz `.dvpl` wrappers: the registry's line points here. */
import type { FileTail, FormatModule } from '../model.ts';

const FOOTER_LENGTH = 20;
const MAGIC = [0x44, 0x56, 0x50, 0x4c]; // DVPL

/**
 * A footer proves the file: `DVPL` at the very end, and a compressed size that is exactly
 * the bytes before the footer (a text file that happens to end in DVPL does not pass both).
 */
function hasFooter(tail: FileTail): boolean {
  const { bytes, size } = tail;
  if (size < FOOTER_LENGTH || bytes.length < FOOTER_LENGTH) return false;
  const end = bytes.length;
  if (!MAGIC.every((byte, at) => bytes[end - 4 + at] === byte)) return false;
  const at = end - FOOTER_LENGTH + 4;
  const compressedSize =
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  return compressedSize === size - FOOTER_LENGTH;
}

export const dvplFormat = {
  id: 'dvpl',
  label: 'DVPL wrapper',
  summary:
    'the wrapper around every World of Tanks Blitz file (stored, LZ4, LZ4-HC or zlib): footer fields, CRC-32 verify, and the decoded file, which opens as what it is',
  extensions: ['.dvpl'],
  // The magic is in the footer; without the file's end (a caller that has only the head),
  // the name decides.
  detect: (_head: Uint8Array, name: string, tail?: FileTail) =>
    tail && hasFooter(tail) ? 'magic' : name.toLowerCase().endsWith('.dvpl') ? 'name' : null,
  open: async (request) => (await import('./session.ts')).openDvplSession(request),
  // As the session names its entry (session.ts `dvplInnerName`), for a name that has more.
  wrappedName: (name: string) =>
    name.toLowerCase().endsWith('.dvpl') && name.length > '.dvpl'.length
      ? name.slice(0, -'.dvpl'.length)
      : null,
  fuzzTarget: async () => (await import('./fuzz-target.ts')).dvplFuzzTarget,
  cli: async () => (await import('./cli.ts')).dvplCli,
} as const satisfies FormatModule<'dvpl'>;
