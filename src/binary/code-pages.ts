/**
 * Single-byte Windows code pages by table: windows-1252 (Western) and windows-1250
 * (Central European). Not `TextDecoder`: Node 20 decodes the label 'windows-1252' as
 * ISO-8859-1 (0x80 becomes U+0080, not the euro sign) and some builds lack 'windows-1250'.
 *
 * Both tables follow the WHATWG Encoding Standard, where the bytes the code page leaves
 * undefined (0x81, 0x8D, ... in 1252) map to the C1 control of the same value. Every byte
 * therefore decodes to exactly one code point and back, so decode → encode is lossless and
 * decoding never fails.
 */

export type CodePage = 'cp1252' | 'cp1250';

/** windows-1252 bytes 0x80..0x9F; 0xA0..0xFF equal their code point (as in latin-1). */
const CP1252_80_9F = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x008d, 0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

/** windows-1250 bytes 0x80..0xFF. */
const CP1250_80_FF = [
  0x20ac, 0x0081, 0x201a, 0x0083, 0x201e, 0x2026, 0x2020, 0x2021, 0x0088, 0x2030, 0x0160, 0x2039,
  0x015a, 0x0164, 0x017d, 0x0179, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x0098, 0x2122, 0x0161, 0x203a, 0x015b, 0x0165, 0x017e, 0x017a, 0x00a0, 0x02c7, 0x02d8, 0x0141,
  0x00a4, 0x0104, 0x00a6, 0x00a7, 0x00a8, 0x00a9, 0x015e, 0x00ab, 0x00ac, 0x00ad, 0x00ae, 0x017b,
  0x00b0, 0x00b1, 0x02db, 0x0142, 0x00b4, 0x00b5, 0x00b6, 0x00b7, 0x00b8, 0x0105, 0x015f, 0x00bb,
  0x013d, 0x02dd, 0x013e, 0x017c, 0x0154, 0x00c1, 0x00c2, 0x0102, 0x00c4, 0x0139, 0x0106, 0x00c7,
  0x010c, 0x00c9, 0x0118, 0x00cb, 0x011a, 0x00cd, 0x00ce, 0x010e, 0x0110, 0x0143, 0x0147, 0x00d3,
  0x00d4, 0x0150, 0x00d6, 0x00d7, 0x0158, 0x016e, 0x00da, 0x0170, 0x00dc, 0x00dd, 0x0162, 0x00df,
  0x0155, 0x00e1, 0x00e2, 0x0103, 0x00e4, 0x013a, 0x0107, 0x00e7, 0x010d, 0x00e9, 0x0119, 0x00eb,
  0x011b, 0x00ed, 0x00ee, 0x010f, 0x0111, 0x0144, 0x0148, 0x00f3, 0x00f4, 0x0151, 0x00f6, 0x00f7,
  0x0159, 0x016f, 0x00fa, 0x0171, 0x00fc, 0x00fd, 0x0163, 0x02d9,
];

/** Full 256-entry byte → code point tables, built once. */
function buildDecodeTable(codePage: CodePage): Uint16Array {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) table[byte] = byte;
  if (codePage === 'cp1252') {
    CP1252_80_9F.forEach((codePoint, index) => (table[0x80 + index] = codePoint));
  } else {
    CP1250_80_FF.forEach((codePoint, index) => (table[0x80 + index] = codePoint));
  }
  return table;
}

function buildEncodeMap(decodeTable: Uint16Array): Map<number, number> {
  const map = new Map<number, number>();
  decodeTable.forEach((codePoint, byte) => map.set(codePoint, byte));
  return map;
}

const DECODE: Record<CodePage, Uint16Array> = {
  cp1252: buildDecodeTable('cp1252'),
  cp1250: buildDecodeTable('cp1250'),
};
const ENCODE: Record<CodePage, Map<number, number>> = {
  cp1252: buildEncodeMap(DECODE.cp1252),
  cp1250: buildEncodeMap(DECODE.cp1250),
};

/** The code page's byte → code point table (read-only: callers compare, never write). */
export function codePageTable(codePage: CodePage): Readonly<Uint16Array> {
  return DECODE[codePage];
}

/** Each byte's character as a one-character string, per code page: the decode table. */
const CHARS: Record<CodePage, readonly string[]> = {
  cp1252: Array.from(DECODE.cp1252, (code) => String.fromCharCode(code)),
  cp1250: Array.from(DECODE.cp1250, (code) => String.fromCharCode(code)),
};

/** Up to this many bytes, joining table strings beats filling and converting a code array. */
const SHORT = 64;
/** `String.fromCharCode` takes its codes as arguments: keep each call's count small. */
const CHUNK = 8192;

/**
 * Decodes every byte to one character; never fails. Short strings (names: most calls) go
 * through the table of one-character strings, with no array per call; long ones convert
 * chunks of codes at once.
 */
export function decodeCodePage(bytes: Uint8Array, codePage: CodePage): string {
  const length = bytes.length;
  if (length <= SHORT) {
    const chars = CHARS[codePage];
    let text = '';
    for (let index = 0; index < length; index++) text += chars[bytes[index]!]!;
    return text;
  }
  const table = DECODE[codePage];
  const codes = new Uint16Array(Math.min(length, CHUNK));
  let text = '';
  for (let start = 0; start < length; start += CHUNK) {
    const count = Math.min(CHUNK, length - start);
    for (let index = 0; index < count; index++) codes[index] = table[bytes[start + index]!]!;
    const part = count === codes.length ? codes : codes.subarray(0, count);
    text += String.fromCharCode.apply(null, part as unknown as number[]);
  }
  return text;
}

/** The byte of one character in the code page, or null when it has none. */
export function codePageByte(char: string, codePage: CodePage): number | null {
  if (char.length !== 1) return null;
  return ENCODE[codePage].get(char.charCodeAt(0)) ?? null;
}

/**
 * Encodes text to one byte per character. Throws RangeError naming the first character the
 * code page cannot represent, rather than silently writing a substitute.
 */
export function encodeCodePage(text: string, codePage: CodePage): Uint8Array {
  const map = ENCODE[codePage];
  const out = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const byte = map.get(code);
    if (byte === undefined) {
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      throw new RangeError(`U+${hex} at ${index} has no ${codePage} byte`);
    }
    out[index] = byte;
  }
  return out;
}
