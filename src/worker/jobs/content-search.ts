/**
 * Searches in some content, generic over formats: a byte pattern with wildcards (find in
 * hex), and the runs of printable characters in it (the strings view). Content is read in
 * chunks through a reader, so a 1 GiB entry stored as it is never sits in memory whole; the
 * job yields between chunks, so a cancel gets through and progress reaches the page.
 */
import type {
  ContentMatch,
  FindQuery,
  FoundString,
  StringsPage,
  StringsQuery,
} from '../rpc/api.ts';
import type { CancelToken } from './jobs.ts';

/** Bytes read per step: large enough to be quick, small enough to answer a cancel at once. */
export const SEARCH_CHUNK = 1024 * 1024;
/** Characters of one string sent to the page; its length says how long it really is. */
export const STRING_TEXT_CAP = 256;

/** The content being searched: its size and a way to read `[offset, offset + length)`. */
export interface ContentReader {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export interface SearchSteps {
  token: CancelToken;
  /** Called between chunks: lets queued messages (a cancel) run. */
  pause(): Promise<void>;
  progress(done: number, total: number): void;
}

/** Whether `pattern` (null: any byte) matches `bytes` at `at`. */
export function matchesAt(bytes: Uint8Array, at: number, pattern: readonly (number | null)[]) {
  if (at < 0 || at + pattern.length > bytes.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i];
    if (expected !== null && expected !== undefined && bytes[at + i] !== expected) return false;
  }
  return true;
}

/** The first fixed byte of a pattern and its place: the anchor `indexOf` jumps between. */
function anchorOf(pattern: readonly (number | null)[]): { at: number; value: number } | null {
  const at = pattern.findIndex((value) => value !== null);
  return at < 0 ? null : { at, value: pattern[at]! };
}

/**
 * The first match in `bytes` starting in `[start, end)` (a match may run past `end`, not
 * past the bytes), or -1. Positions are relative to `bytes`.
 */
export function firstMatch(
  bytes: Uint8Array,
  pattern: readonly (number | null)[],
  start: number,
  end: number,
): number {
  const anchor = anchorOf(pattern);
  const last = Math.min(end - 1, bytes.length - pattern.length);
  if (!anchor) return start <= last ? start : -1;
  let at = start;
  while (at <= last) {
    const found = bytes.indexOf(anchor.value, at + anchor.at);
    if (found < 0) return -1;
    const candidate = found - anchor.at;
    if (candidate > last) return -1;
    if (matchesAt(bytes, candidate, pattern)) return candidate;
    at = candidate + 1;
  }
  return -1;
}

/** The last match in `bytes` starting in `[start, end)`, or -1. */
export function lastMatch(
  bytes: Uint8Array,
  pattern: readonly (number | null)[],
  start: number,
  end: number,
): number {
  const anchor = anchorOf(pattern);
  let at = Math.min(end - 1, bytes.length - pattern.length);
  if (!anchor) return at >= start ? at : -1;
  while (at >= start) {
    const found = bytes.lastIndexOf(anchor.value, at + anchor.at);
    if (found < 0) return -1;
    const candidate = found - anchor.at;
    if (candidate < start) return -1;
    if (matchesAt(bytes, candidate, pattern)) return candidate;
    at = candidate - 1;
  }
  return -1;
}

/**
 * The first match starting in `[from, to)` going forward, or the last one going backward;
 * null when none. Chunks overlap by the pattern's length less one, so a match across a
 * chunk's end is found.
 */
async function scan(
  reader: ContentReader,
  pattern: readonly (number | null)[],
  from: number,
  to: number,
  isForward: boolean,
  steps: SearchSteps,
  report: (scanned: number) => void,
): Promise<number | null> {
  const overlap = pattern.length - 1;
  let scanned = 0;
  if (isForward) {
    for (let start = from; start < to; start += SEARCH_CHUNK) {
      const starts = Math.min(SEARCH_CHUNK, to - start);
      const length = Math.min(starts + overlap, reader.size - start);
      const bytes = await reader.read(start, length);
      const found = firstMatch(bytes, pattern, 0, starts);
      if (found >= 0) return start + found;
      scanned += starts;
      report(scanned);
      await steps.pause();
      steps.token.throwIfCancelled();
    }
    return null;
  }
  for (let end = to; end > from; end -= SEARCH_CHUNK) {
    const start = Math.max(from, end - SEARCH_CHUNK);
    const length = Math.min(end - start + overlap, reader.size - start);
    const bytes = await reader.read(start, length);
    const found = lastMatch(bytes, pattern, 0, end - start);
    if (found >= 0) return start + found;
    scanned += end - start;
    report(scanned);
    await steps.pause();
    steps.token.throwIfCancelled();
  }
  return null;
}

/**
 * The next match of `query.pattern` from `query.from` on (forward) or the previous one
 * before it (backward), coming round the end (or the start) once; null when the content
 * holds none.
 */
export async function findInContent(
  reader: ContentReader,
  query: FindQuery,
  steps: SearchSteps,
): Promise<ContentMatch | null> {
  const { pattern, direction } = query;
  const { size } = reader;
  if (pattern.length === 0 || pattern.length > size) return null;
  const from = Math.min(Math.max(0, Math.floor(query.from)), size);
  const isForward = direction === 'forward';
  // Where a match may start: [0, size - length]. Forward: [from, end) then [0, from);
  // backward: [0, from) going down, then [from, end).
  const lastStart = size - pattern.length + 1;
  const first = isForward ? [from, lastStart] : [0, Math.min(from, lastStart)];
  const second = isForward ? [0, Math.min(from, lastStart)] : [from, lastStart];
  const total = lastStart;
  let done = 0;
  const report = (scanned: number) => steps.progress(done + scanned, total);
  const [firstStart = 0, firstEnd = 0] = first;
  const [secondStart = 0, secondEnd = 0] = second;
  const found = await scan(reader, pattern, firstStart, firstEnd, isForward, steps, report);
  if (found !== null) return { offset: found, length: pattern.length, wrapped: false };
  done += Math.max(0, firstEnd - firstStart);
  const round = await scan(reader, pattern, secondStart, secondEnd, isForward, steps, report);
  if (round !== null) return { offset: round, length: pattern.length, wrapped: true };
  return null;
}

/** Printable ASCII and tab: what the strings view counts as text. */
function isPrintable(value: number): boolean {
  return (value >= 0x20 && value <= 0x7e) || value === 0x09;
}

/**
 * Runs of at least `query.minLength` printable characters from `query.from` on, at most
 * `query.maxCount` of them; `next` is where the following page starts (null at the end).
 */
export async function findStrings(
  reader: ContentReader,
  query: StringsQuery,
  steps: SearchSteps,
): Promise<StringsPage> {
  const { size } = reader;
  const minLength = Math.max(1, Math.floor(query.minLength));
  const strings: FoundString[] = [];
  let runStart = -1;
  let text = '';
  const from = Math.min(Math.max(0, Math.floor(query.from)), size);
  for (let start = from; start < size; start += SEARCH_CHUNK) {
    const bytes = await reader.read(start, Math.min(SEARCH_CHUNK, size - start));
    for (let i = 0; i < bytes.length; i++) {
      const value = bytes[i]!;
      if (isPrintable(value)) {
        if (runStart < 0) {
          runStart = start + i;
          text = '';
        }
        if (text.length < STRING_TEXT_CAP) text += String.fromCharCode(value);
        continue;
      }
      if (runStart < 0) continue;
      const length = start + i - runStart;
      if (length >= minLength) {
        strings.push({ offset: runStart, length, text });
        if (strings.length >= query.maxCount) {
          return { strings, next: start + i, totalSize: size };
        }
      }
      runStart = -1;
    }
    steps.progress(start + bytes.length - from, size - from);
    await steps.pause();
    steps.token.throwIfCancelled();
  }
  if (runStart >= 0 && size - runStart >= minLength) {
    strings.push({ offset: runStart, length: size - runStart, text });
  }
  return { strings, next: null, totalSize: size };
}
