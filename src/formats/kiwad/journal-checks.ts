/**
 * The KIWAD checks that need every entry (spec.md "Checks, in order"): duplicate names and
 * the overlap guard, over the reader's columns rather than entry objects. Each has a fast
 * path for the way KI writes archives (names sorted, data in journal order; the spec says
 * not to depend on either) and falls back to the general check when the input is not so.
 */
import { ErrorCode } from '../../binary/format-error.ts';
import { hex } from '../../binary/hex.ts';
import { NAME_HINT, type KiwadEntryColumns } from './entry-columns.ts';
import { kiwadError } from './layout.ts';

/** Entries' names by index (KiwadEntryColumns). */
export interface NameLookup {
  name(index: number): string;
}

/**
 * Finds duplicate names as they arrive in journal order. While names keep increasing,
 * a duplicate can only equal the previous name, so no set of names is built, and with the
 * hot loop's hints (NAME_HINT) no name is even cut out of its text; the first name out of
 * order switches to a Map of every name so far.
 */
export class DuplicateNames {
  /** The entry the increasing run ends with (the first of equal names); -1 before any. */
  private previous = -1;
  /** Its name, once a comparison has needed it. */
  private previousName: string | null = null;
  private runStart = 0;
  private firstIndexOf: Map<string, number> | null = null;

  /**
   * The index of the first entry with entry `index`'s name, or -1 when it is the first.
   * Called for each entry in order. `hints` (NAME_HINT bits from the hot loop) may
   * already say how the name compares with the previous entry's, which saves comparing
   * the strings.
   */
  firstIndex(index: number, names: NameLookup, hints = 0): number {
    if (this.firstIndexOf === null) {
      const previous = this.previous;
      if (previous < 0) return this.startRun(index, null);
      if ((hints & NAME_HINT.orderKnown) !== 0) {
        if ((hints & NAME_HINT.after) !== 0) return this.startRun(index, null);
        if ((hints & NAME_HINT.same) !== 0) return this.runStart;
      } else {
        const name = names.name(index);
        this.previousName ??= names.name(previous);
        if (name > this.previousName) return this.startRun(index, name);
        if (name === this.previousName) return this.runStart;
      }
      const firstIndexOf = new Map<string, number>();
      for (let earlier = 0; earlier < index; earlier++) {
        const earlierName = names.name(earlier);
        if (!firstIndexOf.has(earlierName)) firstIndexOf.set(earlierName, earlier);
      }
      this.firstIndexOf = firstIndexOf;
    }
    const name = names.name(index);
    const first = this.firstIndexOf.get(name);
    if (first !== undefined) return first;
    this.firstIndexOf.set(name, index);
    return -1;
  }

  private startRun(index: number, name: string | null): number {
    this.previous = index;
    this.previousName = name;
    this.runStart = index;
    return -1;
  }
}

/** Every entry's stored range must lie inside the file; reports the first that does not. */
export function checkBounds(
  columns: KiwadEntryColumns,
  firstOutOfBounds: number,
  fileSize: number,
): void {
  if (firstOutOfBounds < 0) return;
  throw kiwadError(
    ErrorCode.OUT_OF_BOUNDS,
    columns.recordOffset(firstOutOfBounds),
    dataPastEnd(
      `entry ${firstOutOfBounds} data`,
      columns.dataOffsets[firstOutOfBounds]!,
      columns.storedSizes[firstOutOfBounds]!,
      fileSize,
    ),
    `entries[${firstOutOfBounds}].dataOffset`,
  );
}

/** Where an entry's data would end, against the file's size: the numbers that disagree. */
export function dataPastEnd(
  subject: string,
  offset: number,
  size: number,
  fileSize: number,
): string {
  return (
    `${subject} ends past end of file ` +
    `(${hex(offset)} + ${size.toLocaleString('en-US')} bytes = ${hex(offset + size)}, ` +
    `file size ${hex(fileSize)})`
  );
}

/** Packed sort keys (offset · 2^21 + index) stay exact below 2^53 while index < 2^21. */
const INDEX_BITS = 2 ** 21;

/**
 * Rows with stored bytes, ordered by (data offset, index). Up to 2^21 entries the keys are
 * packed into one Float64Array and sorted by the engine's numeric sort, with no comparator
 * call per comparison; above that, an index array sorted with a comparator.
 */
function rowsByOffset(columns: KiwadEntryColumns): Uint32Array {
  const { dataOffsets, storedSizes, count } = columns;
  let withData = 0;
  for (let i = 0; i < count; i++) if (storedSizes[i] !== 0) withData++;
  const rows = new Uint32Array(withData);
  if (count <= INDEX_BITS) {
    const keys = new Float64Array(withData);
    let k = 0;
    for (let i = 0; i < count; i++) {
      if (storedSizes[i] !== 0) keys[k++] = dataOffsets[i]! * INDEX_BITS + i;
    }
    keys.sort();
    for (let j = 0; j < withData; j++) rows[j] = keys[j]! % INDEX_BITS;
    return rows;
  }
  let k = 0;
  for (let i = 0; i < count; i++) if (storedSizes[i] !== 0) rows[k++] = i;
  return rows.sort((a, b) => dataOffsets[a]! - dataOffsets[b]! || a - b);
}

/**
 * Zip-bomb guard: stored ranges (of entries with stored bytes) may not overlap each other
 * or start inside the header and journal. Reports, in offset order, the first that does,
 * at its data offset. When the data follows the journal order without overlap (checked in
 * one pass), sorted order is journal order and no sort is needed.
 */
export function checkOverlaps(columns: KiwadEntryColumns, journalEnd: number): void {
  const { dataOffsets, storedSizes, count } = columns;
  let first = -1;
  let previousEnd = 0;
  let isInJournalOrder = true;
  for (let i = 0; i < count; i++) {
    const stored = storedSizes[i]!;
    if (stored === 0) continue;
    const offset = dataOffsets[i]!;
    if (first < 0) first = i;
    else if (offset < previousEnd) {
      isInJournalOrder = false;
      break;
    }
    previousEnd = offset + stored;
  }
  const rows = isInJournalOrder ? (first < 0 ? [] : [first]) : rowsByOffset(columns);
  let previous = -1;
  for (const row of rows) {
    const offset = dataOffsets[row]!;
    const path = `entries[${row}].dataOffset`;
    if (offset < journalEnd) {
      throw kiwadError(
        ErrorCode.OVERLAP,
        offset,
        `entry ${row} data starts inside the journal`,
        path,
      );
    }
    if (previous >= 0 && offset < dataOffsets[previous]! + storedSizes[previous]!) {
      throw kiwadError(
        ErrorCode.OVERLAP,
        offset,
        `entry ${row} data overlaps entry ${previous}`,
        path,
      );
    }
    previous = row;
  }
}
