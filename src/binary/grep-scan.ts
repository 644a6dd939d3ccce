/**
 * Scans one piece of content for a compiled query (grep-query.ts), fed in chunks of any size
 * in order: a match across a chunk's end is found once, as the scanner keeps the last bytes
 * of each chunk (the longest pattern less one, plus the context) and searches them again with
 * the next. Fed the whole content at once it copies nothing. Each match comes with a line of
 * context: the text around it up to a line break, at most CONTEXT_BYTES either side.
 *
 * A regular expression runs over the content decoded as UTF-8, in windows: a match that
 * starts in one window and runs more than REGEX_OVERLAP bytes into the next may be missed.
 */
import type { BytePattern, CompiledGrep, ContextEncoding } from './grep-query.ts';
import { Utf8Cursor } from './utf8-walk.ts';

/** Bytes of context at most on either side of a match. */
export const CONTEXT_BYTES = 48;
/** Characters of a match shown in its context at most. */
const MATCH_CHARS = 160;
/** Bytes a window of a regular expression search runs into the next one. */
export const REGEX_OVERLAP = 64 * 1024;
/** Bytes of content a regular expression is run over at once, at most. */
const REGEX_WINDOW = 16 * 1024 * 1024;

export interface GrepMatch {
  /** Byte offset of the match in the content. */
  offset: number;
  /** Bytes matched. */
  length: number;
  /** The line around the match, control characters shown as `.`. */
  context: string;
}

const decoders = {
  utf8: new TextDecoder('utf-8', { ignoreBOM: true }),
  utf16le: new TextDecoder('utf-16le', { ignoreBOM: true }),
};

/** Control characters, and the replacement character of undecodable bytes, shown as `.`. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]/g;

function printableText(text: string): string {
  return text.replace(UNPRINTABLE, '.').replaceAll('\t', ' ');
}

function asciiOf(bytes: Uint8Array): string {
  let text = '';
  for (const value of bytes) {
    text += value >= 0x20 && value <= 0x7e ? String.fromCharCode(value) : '.';
  }
  return text;
}

function decodeAs(bytes: Uint8Array, encoding: ContextEncoding): string {
  if (encoding === 'ascii') return asciiOf(bytes);
  return decoders[encoding].decode(bytes);
}

/** Text before a match back to its line's start; after it, up to its line's end. */
function lineAround(before: string, match: string, after: string): string {
  const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
  const ends = [after.indexOf('\n'), after.indexOf('\r')].filter((at) => at >= 0);
  const lineEnd = ends.length > 0 ? Math.min(...ends) : after.length;
  const shown = match.length > MATCH_CHARS ? `${match.slice(0, MATCH_CHARS)}…` : match;
  return printableText(before.slice(lineStart) + shown + after.slice(0, lineEnd)).trim();
}

/** How often a byte turns up in content, roughly: the rarest fixed byte anchors the search. */
function commonness(value: number): number {
  if (value === 0x00 || value === 0xff) return 10;
  if (value === 0x20) return 9;
  const char = String.fromCharCode(value);
  if ('etaoinshrl'.includes(char)) return 8;
  if (/[a-z0-9]/.test(char)) return 6;
  if (/[A-Z.,\n]/.test(char)) return 4;
  return 1;
}

interface Anchored {
  pattern: BytePattern;
  anchorAt: number;
  anchorValue: number;
}

function anchored(pattern: BytePattern): Anchored {
  let anchorAt = -1;
  pattern.bytes.forEach((value, at) => {
    if (value === null) return;
    const best = anchorAt < 0 ? null : pattern.bytes[anchorAt]!;
    if (best === null || commonness(value) < commonness(best)) anchorAt = at;
  });
  return { pattern, anchorAt, anchorValue: pattern.bytes[anchorAt]! };
}

function matchesAt(bytes: Uint8Array, at: number, pattern: readonly (number | null)[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    if (expected !== null && bytes[at + i] !== expected) return false;
  }
  return true;
}

export class GrepScanner {
  private readonly anchoredPatterns: Anchored[];
  /** Bytes kept from the last chunk, searched again with the next. */
  private pending: Uint8Array | null = null;
  /** Content offset of `pending[0]` (or of the next chunk when none is kept). */
  private base = 0;
  /** Where in `pending` matches may start that were not searched yet. */
  private searchFrom = 0;

  constructor(
    private readonly query: CompiledGrep,
    private readonly onMatch: (match: GrepMatch) => void,
  ) {
    this.anchoredPatterns = query.kind === 'bytes' ? query.patterns.map(anchored) : [];
  }

  /** Scans the next chunk; `isLast` when the content ends with it (the scanner then resets). */
  feed(chunk: Uint8Array, isLast: boolean): void {
    // A regular expression decodes its window to one string: kept well under a string's limit.
    if (this.query.kind === 'regex' && chunk.length > REGEX_WINDOW) {
      for (let at = 0; at < chunk.length; at += REGEX_WINDOW) {
        const end = Math.min(chunk.length, at + REGEX_WINDOW);
        this.feedWindow(chunk.subarray(at, end), isLast && end === chunk.length);
      }
      return;
    }
    this.feedWindow(chunk, isLast);
  }

  private feedWindow(chunk: Uint8Array, isLast: boolean): void {
    let bytes = chunk;
    if (this.pending !== null && this.pending.length > 0) {
      bytes = new Uint8Array(this.pending.length + chunk.length);
      bytes.set(this.pending);
      bytes.set(chunk, this.pending.length);
    }
    const { base } = this;
    const kept =
      this.query.kind === 'bytes'
        ? this.scanBytes(bytes, base, isLast)
        : this.scanText(bytes, base, isLast, this.query.regex);
    if (isLast) {
      this.pending = null;
      this.base = 0;
      this.searchFrom = 0;
      return;
    }
    this.pending = bytes.slice(kept.keepFrom);
    this.base = base + kept.keepFrom;
    this.searchFrom = kept.searchFrom - kept.keepFrom;
  }

  private scanBytes(bytes: Uint8Array, base: number, isLast: boolean) {
    const query = this.query as Extract<CompiledGrep, { kind: 'bytes' }>;
    // Matches start before `limit` now; later ones wait for their bytes and context.
    const limit = isLast
      ? bytes.length
      : Math.max(this.searchFrom, bytes.length - (query.longest - 1) - CONTEXT_BYTES);
    const found: { at: number; pattern: BytePattern }[] = [];
    for (const { pattern, anchorAt, anchorValue } of this.anchoredPatterns) {
      const length = pattern.bytes.length;
      const last = Math.min(limit - 1, bytes.length - length);
      let at = this.searchFrom;
      while (at <= last) {
        const hit = bytes.indexOf(anchorValue, at + anchorAt);
        if (hit < 0) break;
        const candidate = hit - anchorAt;
        if (candidate > last) break;
        if (matchesAt(bytes, candidate, pattern.bytes)) found.push({ at: candidate, pattern });
        at = candidate + 1;
      }
    }
    if (this.anchoredPatterns.length > 1) found.sort((a, b) => a.at - b.at);
    for (const { at, pattern } of found) {
      const length = pattern.bytes.length;
      let contextStart = Math.max(0, at - CONTEXT_BYTES);
      // UTF-16 text decodes from the match's own alignment.
      if (pattern.context === 'utf16le' && (at - contextStart) % 2 === 1) contextStart++;
      const contextEnd = Math.min(bytes.length, at + length + CONTEXT_BYTES);
      const context = lineAround(
        decodeAs(bytes.subarray(contextStart, at), pattern.context),
        decodeAs(bytes.subarray(at, at + length), pattern.context),
        decodeAs(bytes.subarray(at + length, contextEnd), pattern.context),
      );
      this.onMatch({ offset: base + at, length, context });
    }
    return { keepFrom: Math.max(0, limit - CONTEXT_BYTES), searchFrom: limit };
  }

  private scanText(bytes: Uint8Array, base: number, isLast: boolean, regex: RegExp) {
    let limit = bytes.length;
    if (!isLast) {
      limit = Math.max(this.searchFrom, bytes.length - REGEX_OVERLAP);
      // The window ends on a character's first byte, so the next decodes from a whole one.
      while (limit > this.searchFrom && ((bytes[limit] ?? 0) & 0xc0) === 0x80) limit--;
      if (limit === this.searchFrom) return { keepFrom: this.searchFrom, searchFrom: limit };
    }
    const window = bytes.subarray(this.searchFrom);
    const text = decoders.utf8.decode(window);
    const cursor = new Utf8Cursor(window);
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
      const [matched] = match;
      if (matched.length === 0) {
        regex.lastIndex++;
        continue;
      }
      const start = cursor.advanceTo(match.index);
      if (!isLast && this.searchFrom + start >= limit) break;
      const startCursor = new Utf8Cursor(window, start);
      const length = startCursor.advanceTo(matched.length) - start;
      const before = text.slice(Math.max(0, match.index - CONTEXT_BYTES), match.index);
      const afterStart = match.index + matched.length;
      const after = text.slice(afterStart, afterStart + CONTEXT_BYTES);
      this.onMatch({
        offset: base + this.searchFrom + start,
        length,
        context: lineAround(before, matched, after),
      });
    }
    return { keepFrom: limit, searchFrom: limit };
  }
}

/** Every match of a query in some bytes (one piece of content, whole). */
export function grepBytes(query: CompiledGrep, bytes: Uint8Array): GrepMatch[] {
  const matches: GrepMatch[] = [];
  new GrepScanner(query, (match) => matches.push(match)).feed(bytes, true);
  return matches;
}
