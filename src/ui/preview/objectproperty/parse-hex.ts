/**
 * Hex as a capture shows it (`0D F0 11 00`, runs or pairs, `0x` prefixes, commas, colons,
 * line breaks) as bytes, or where it cannot be read: the character (from 0) and why.
 */
export type ParsedHex = { ok: true; bytes: Uint8Array } | { ok: false; at: number; detail: string };

export function parseHex(text: string): ParsedHex {
  const bytes: number[] = [];
  let pending: string | null = null;
  let pendingAt = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (/[\s,;:]/.test(char)) {
      // A run ends at a separator: an odd digit left is one byte's half.
      if (pending !== null) return { ok: false, at: pendingAt, detail: 'a lone hex digit' };
      continue;
    }
    if (char === '0' && pending === null && /[xX]/.test(text[at + 1] ?? '')) {
      at++;
      continue;
    }
    if (!/[0-9a-fA-F]/.test(char)) {
      return { ok: false, at, detail: `${JSON.stringify(char)} is not a hex digit` };
    }
    if (pending === null) {
      pending = char;
      pendingAt = at;
    } else {
      bytes.push(parseInt(pending + char, 16));
      pending = null;
    }
  }
  if (pending !== null) return { ok: false, at: pendingAt, detail: 'a lone hex digit' };
  if (bytes.length === 0) return { ok: false, at: 0, detail: 'no bytes' };
  return { ok: true, bytes: Uint8Array.from(bytes) };
}
