/**
 * Picks the preview for some content from its first bytes and its name. Magic bytes win over
 * the extension: game archives are full of misnamed files (KingsIsle's binary ObjectProperty
 * files are often called `.xml`), and an `<img>` given the wrong bytes just shows a broken icon.
 * Pure: no DOM, so it is unit-tested under Node.
 */

export type PreviewKind = 'image' | 'audio' | 'text' | 'binary';

export interface SniffResult {
  kind: PreviewKind;
  /** MIME type for a Blob of the content; `application/octet-stream` when unknown. */
  mime: string;
}

/** Extensions whose content is text when the head holds no NUL bytes (checked without the printable ratio). */
const TEXT_MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  xml: 'text/xml',
  xsd: 'text/xml',
  xsl: 'text/xml',
  xslt: 'text/xml',
  xaml: 'text/xml',
  plist: 'text/xml',
  svg: 'image/svg+xml',
  json: 'application/json',
  jsonc: 'application/json',
  json5: 'application/json',
  lua: 'text/x-lua',
  py: 'text/x-python',
  js: 'text/javascript',
  ini: 'text/plain',
  cfg: 'text/plain',
  conf: 'text/plain',
  config: 'text/plain',
  properties: 'text/plain',
  toml: 'text/plain',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  shader: 'text/plain',
  hlsl: 'text/plain',
  glsl: 'text/plain',
  fx: 'text/plain',
  vert: 'text/plain',
  frag: 'text/plain',
  h: 'text/plain',
  c: 'text/plain',
  cpp: 'text/plain',
  bat: 'text/plain',
  sh: 'text/plain',
  nfo: 'text/plain',
  srt: 'text/plain',
};

/** Lower-case extension of the last path component, without the dot; '' when there is none. */
export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (head.length < at + bytes.length) return false;
  return bytes.every((byte, index) => head[at + index] === byte);
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

function u32le(head: Uint8Array, at: number): number {
  return (
    ((head[at] ?? 0) |
      ((head[at + 1] ?? 0) << 8) |
      ((head[at + 2] ?? 0) << 16) |
      ((head[at + 3] ?? 0) << 24)) >>>
    0
  );
}

/** Sizes of the BMP info headers browsers decode (CORE, INFO, V2, V3, OS/2 2.x, V4, V5). */
const BMP_INFO_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function sniffImage(head: Uint8Array): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  // "BM" alone starts too many text files; the info-header size at 14 pins it down.
  if (startsWith(head, ascii('BM')) && BMP_INFO_HEADER_SIZES.has(u32le(head, 14)))
    return 'image/bmp';
  return null;
}

/**
 * An MPEG audio frame header at 0: 11 sync bits, then version, layer, bitrate and sample-rate
 * fields with none of their reserved values. Layer bits 00 with the sync is AAC in ADTS framing.
 */
function sniffMpegFrame(head: Uint8Array): string | null {
  const b0 = head[0];
  const b1 = head[1];
  const b2 = head[2];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  if (layer === 0b00) {
    // ADTS: version bits are MPEG-4/MPEG-2 (1x), sampling index 0..12.
    const samplingIndex = (b2 >> 2) & 0b1111;
    return (b1 & 0xf6) === 0xf0 && samplingIndex <= 12 ? 'audio/aac' : null;
  }
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0b11;
  if (version === 0b01 || bitrateIndex === 0b1111 || bitrateIndex === 0 || sampleRateIndex === 0b11)
    return null;
  return 'audio/mpeg';
}

function sniffAudio(head: Uint8Array): string | null {
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8)) return 'audio/wav';
  if (startsWith(head, ascii('OggS'))) return 'audio/ogg';
  if (startsWith(head, ascii('ID3'))) return 'audio/mpeg';
  if (startsWith(head, ascii('fLaC'))) return 'audio/flac';
  return null;
}

/** Byte-order marks: UTF-16 text is full of NULs, so it must be recognised before the NUL test. */
export function sniffBom(head: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(head, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(head, [0xfe, 0xff])) return 'utf-16be';
  return null;
}

/** Control bytes that plain text uses: tab, LF, VT, FF, CR, and ESC (ANSI colours in logs). */
function isTextControl(byte: number): boolean {
  return (
    byte === 0x09 ||
    byte === 0x0a ||
    byte === 0x0b ||
    byte === 0x0c ||
    byte === 0x0d ||
    byte === 0x1b
  );
}

/** Share of control bytes tolerated in text (a stray form feed, an odd byte). */
const MAX_CONTROL_RATIO = 0.02;
/** Without valid UTF-8, share of high bytes tolerated (windows-1252 accents, not random data). */
const MAX_HIGH_RATIO_LEGACY = 0.3;

function isValidUtf8Prefix(head: Uint8Array): boolean {
  try {
    // stream: a multi-byte character cut at the end of the head is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Whether the head looks like text by content alone: no NUL, few controls, plausible encoding. */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  let controls = 0;
  let highBytes = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if ((byte < 0x20 && !isTextControl(byte)) || byte === 0x7f) controls++;
    else if (byte >= 0x80) highBytes++;
  }
  if (controls / head.length > MAX_CONTROL_RATIO) return false;
  if (highBytes === 0) return true;
  return isValidUtf8Prefix(head) || highBytes / head.length <= MAX_HIGH_RATIO_LEGACY;
}

/** MIME of text content by extension, `text/plain` otherwise. */
export function textMime(name: string): string {
  return TEXT_MIME_BY_EXTENSION[extensionOf(name)] ?? 'text/plain';
}

/** Whether the name has an extension that usually holds text. */
export function hasTextExtension(name: string): boolean {
  return extensionOf(name) in TEXT_MIME_BY_EXTENSION;
}

/**
 * Classifies content from its head (the first few KiB) and its name. Order: image magic,
 * audio magic, a text BOM, a bare MPEG frame header, then text by extension (the head must still hold no NUL, so a
 * binary file named `.xml` stays binary) or by content; anything else is binary.
 */
export function sniffKind(head: Uint8Array, name: string): SniffResult {
  const image = sniffImage(head);
  if (image !== null) return { kind: 'image', mime: image };
  const audio = sniffAudio(head);
  if (audio !== null) return { kind: 'audio', mime: audio };
  const bom = sniffBom(head);
  if (bom !== null) return { kind: 'text', mime: `${textMime(name)}; charset=${bom}` };
  // After the BOM: the UTF-16LE mark FF FE is also a valid MPEG-1 layer I frame header.
  const mpeg = sniffMpegFrame(head);
  if (mpeg !== null) return { kind: 'audio', mime: mpeg };
  const hasNul = head.includes(0);
  if (!hasNul && hasTextExtension(name)) return { kind: 'text', mime: textMime(name) };
  if (looksLikeText(head)) return { kind: 'text', mime: textMime(name) };
  return { kind: 'binary', mime: 'application/octet-stream' };
}
