/**
 * Line and byte differences for the side-by-side view of a change. Lines: the longest
 * common subsequence of the two sides' lines after their common start and end are set aside
 * (most edits are small); past a size where that table costs too much, the middle is shown
 * as removed then added. Bytes: the ranges where the two sides differ.
 */

export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
  /** 1-based line numbers on each side; null on the side that lacks the line. */
  oldLine: number | null;
  newLine: number | null;
}

/** Cells of the LCS table at most (about 16 MB of Uint32). */
const MAX_CELLS = 4_000_000;

export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = oldText.split(/\r?\n/);
  const b = newText.split(/\r?\n/);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: DiffLine[] = [];
  const same = (i: number, j: number) =>
    out.push({ kind: 'same', text: a[i]!, oldLine: i + 1, newLine: j + 1 });
  const removed = (i: number) =>
    out.push({ kind: 'removed', text: a[i]!, oldLine: i + 1, newLine: null });
  const added = (j: number) =>
    out.push({ kind: 'added', text: b[j]!, oldLine: null, newLine: j + 1 });
  for (let i = 0; i < start; i++) same(i, i);
  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_CELLS) {
    for (let i = start; i < endA; i++) removed(i);
    for (let j = start; j < endB; j++) added(j);
  } else {
    // lengths[i * (m + 1) + j]: LCS of a[start + i ..] and b[start + j ..].
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i * width + j] =
          a[start + i] === b[start + j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[start + i] === b[start + j]) same(start + i++, start + j++);
      else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) removed(start + i++);
      else added(start + j++);
    }
    while (i < n) removed(start + i++);
    while (j < m) added(start + j++);
  }
  for (let k = 0; endA + k < a.length; k++) same(endA + k, endB + k);
  return out;
}

/** A run of bytes `[start, end)` that differs between the sides (or lies past one's end). */
export interface ByteRange {
  start: number;
  end: number;
}

export function changedByteRanges(oldBytes: Uint8Array, newBytes: Uint8Array): ByteRange[] {
  const ranges: ByteRange[] = [];
  const common = Math.min(oldBytes.length, newBytes.length);
  let at = 0;
  while (at < common) {
    if (oldBytes[at] === newBytes[at]) {
      at++;
      continue;
    }
    const start = at;
    while (at < common && oldBytes[at] !== newBytes[at]) at++;
    ranges.push({ start, end: at });
  }
  const longest = Math.max(oldBytes.length, newBytes.length);
  if (longest > common) {
    const last = ranges.at(-1);
    if (last && last.end === common) last.end = longest;
    else ranges.push({ start: common, end: longest });
  }
  return ranges;
}
