/**
 * Bytes to text for the text preview. UTF-8 is tried strictly first because an invalid
 * sequence means the file is not UTF-8; then windows-1252, which maps every byte, as older
 * game tools wrote.
 */
import { sniffBom } from '../sniff.ts';

export interface DecodedText {
  text: string;
  /** The encoding used, as shown to the user. */
  encoding: string;
}

/**
 * Decodes `bytes`; `isTruncated` says the bytes stop before the content does, so a
 * multi-byte character cut at the end is dropped rather than taken as invalid UTF-8.
 */
export function decodeText(bytes: Uint8Array, isTruncated: boolean): DecodedText {
  const bom = sniffBom(bytes);
  if (bom === 'utf-16le' || bom === 'utf-16be') {
    // The BOM is stripped by TextDecoder (ignoreBOM is false by default).
    const text = new TextDecoder(bom).decode(bytes, { stream: isTruncated });
    return { text, encoding: bom === 'utf-16le' ? 'UTF-16LE (BOM)' : 'UTF-16BE (BOM)' };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: isTruncated });
    return { text, encoding: bom === 'utf-8' ? 'UTF-8 (BOM)' : 'UTF-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Code points of windows-1252 bytes 0x80..0x9F; the other bytes equal their code point.
 * Undefined bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1 control of the same value,
 * as the WHATWG Encoding Standard says.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc,
  0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

/**
 * windows-1252 by table rather than `TextDecoder('windows-1252')`: Node (20, used by the unit
 * tests) decodes that label as ISO-8859-1, so 0x80 would be U+0080 instead of the euro sign.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunkSize = 8192; // String.fromCharCode takes its codes as arguments: keep the count small
  for (let start = 0; start < bytes.length; start += chunkSize) {
    const chunk = bytes.subarray(start, start + chunkSize);
    const codes = new Uint16Array(chunk.length);
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index] ?? 0;
      codes[index] = byte >= 0x80 && byte <= 0x9f ? (WINDOWS_1252_HIGH[byte - 0x80] ?? byte) : byte;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** A span of the decoded text, in UTF-16 code units: `[start, end)`. */
export interface TextSpan {
  start: number;
  end: number;
}

const isUtf8Continuation = (byte: number | undefined) =>
  byte !== undefined && (byte & 0xc0) === 0x80;

/**
 * Where the content's bytes `[offset, offset + length)` lie in the text `decodeText` made of
 * `bytes` (as `decoded.encoding` says it read them): how a match found in bytes is marked in
 * the text. Null when they are not all in `bytes`, sit in a byte order mark, or do not start
 * and end on whole characters.
 */
export function textSpanOfBytes(
  bytes: Uint8Array,
  decoded: DecodedText,
  offset: number,
  length: number,
): TextSpan | null {
  const end = offset + length;
  if (offset < 0 || length <= 0 || end > bytes.length) return null;
  const { encoding } = decoded;
  if (encoding === 'windows-1252') return { start: offset, end };
  if (encoding.startsWith('UTF-16')) {
    // Two bytes a code unit, after the two of the mark.
    if (offset < 2 || offset % 2 !== 0 || end % 2 !== 0) return null;
    return { start: (offset - 2) / 2, end: (end - 2) / 2 };
  }
  const bom = encoding === 'UTF-8 (BOM)' ? 3 : 0;
  if (offset < bom || isUtf8Continuation(bytes[offset]) || isUtf8Continuation(bytes[end])) {
    return null;
  }
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const start = decoder.decode(bytes.subarray(bom, offset)).length;
  return { start, end: start + decoder.decode(bytes.subarray(offset, end)).length };
}
