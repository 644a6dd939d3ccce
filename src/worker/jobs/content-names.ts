/**
 * File names for the nodes of a document (a KeyedArchive's values, a scene's sections) when
 * they leave Delve as files. Their names are keys, not file names — `title`, `position`, or
 * `sceneFile.version`, whose dot is no extension — so a zip of them would hold files nobody
 * can open by name. Each gets an extension from what its bytes are: a format Delve reads
 * (`.ka`, `.wad`), a common media type, text, or else `.bin`. Archive entries keep their
 * names: those are the files' own.
 */
import type { FormatModule } from '../../formats/model.ts';
import { DETECT_HEAD_LENGTH, RAW_FORMAT, detectFormat, tailOf } from '../../formats/registry.ts';

/** Bytes looked at to tell text from binary. */
const TEXT_SNIFF_BYTES = 4096;

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  magic.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** Media whose magic is certain, with their usual extension. */
const MEDIA: readonly { magic: readonly number[]; at?: number; extension: string }[] = [
  { magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], extension: '.png' },
  { magic: [0xff, 0xd8, 0xff], extension: '.jpg' },
  { magic: ascii('GIF8'), extension: '.gif' },
  { magic: ascii('OggS'), extension: '.ogg' },
  { magic: ascii('WAVE'), at: 8, extension: '.wav' },
];

/** Printable UTF-8 with the usual whitespace: no NUL, no other control bytes. */
function isText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, TEXT_SNIFF_BYTES);
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  // A multi-byte character cut by the sniff's end is still text.
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const replaced = decoded.match(/\uFFFD/g)?.length ?? 0;
  return replaced <= (head.length === bytes.length ? 0 : 1);
}

/** The extension of `bytes` by what they are, with its dot: `.ka`, `.png`, `.txt`, `.bin`. */
export function extensionOfContent(bytes: Uint8Array, formats: readonly FormatModule[]): string {
  const format = detectFormat(bytes.subarray(0, DETECT_HEAD_LENGTH), '', formats, tailOf(bytes));
  if (format !== RAW_FORMAT) {
    const extension = formats.find((module) => module.id === format)?.extensions[0];
    if (extension) return extension.startsWith('.') ? extension : `.${extension}`;
  }
  const media = MEDIA.find(({ magic, at }) => startsWith(bytes, magic, at ?? 0));
  if (media) return media.extension;
  if (!isText(bytes)) return '.bin';
  const text = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  if (text.startsWith('<?xml')) return '.xml';
  return '.txt';
}

/** `title` + its bytes → `title.txt`; a key that already ends so keeps its name. */
export function documentNodeFileName(
  path: string,
  bytes: Uint8Array,
  formats: readonly FormatModule[],
): string {
  const extension = extensionOfContent(bytes, formats);
  return path.toLowerCase().endsWith(extension) ? path : `${path}${extension}`;
}
