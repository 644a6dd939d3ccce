/**
 * What a multi-selection amounts to: the node ids to zip and the entries and bytes they
 * cover. Rows are read from the worker in chunks, in row order, so a selection of two
 * million rows costs a few hundred calls and never a million objects at once.
 *
 * Rules, the same for the zip and for the status bar's size:
 *   - an entry row is that entry;
 *   - a folder row is every entry below it, and rows below it add nothing more;
 *   - with a filter, a folder row is the entries below it that match (the ones shown: a
 *     filter opens every folder), so "Ctrl+A, Download selection" gives what is on screen;
 *   - the file's own row is the whole archive (with a filter: every match).
 */
import type { TreeRow } from '../worker/rpc/api.ts';
import type { RowSpan } from './row-spans.ts';

/** Rows per getRows call. */
export const WALK_CHUNK_ROWS = 5_000;

export interface WalkSource {
  getRows(start: number, count: number): Promise<TreeRow[]>;
}

export interface WalkOptions {
  /** Visible rows of the file (without its own row). */
  rowCount: number;
  isFiltered: boolean;
  /** Entries and bytes of the whole file, for its own row without a filter. */
  fileEntryCount: number;
  fileSize: number;
  /** Called between chunks; returning true stops the walk (the result is then incomplete). */
  isCancelled?: () => boolean;
}

export interface WalkResult {
  /** The whole archive: zip with no node ids. */
  isWholeFile: boolean;
  /** Top-most selected nodes (or, with a filter, the matching entries below them). */
  nodeIds: number[];
  entryCount: number;
  size: number;
  isCancelled: boolean;
}

/** Reads rows in order through one cached chunk. */
class ChunkedRows {
  private start = 0;
  private rows: TreeRow[] = [];

  private readonly source: WalkSource;
  private readonly rowCount: number;

  constructor(source: WalkSource, rowCount: number) {
    this.source = source;
    this.rowCount = rowCount;
  }

  /** The row at `index`; a fetch reads ahead at most to `until` (the rows still wanted). */
  async at(index: number, until: number): Promise<TreeRow | undefined> {
    if (this.needsFetch(index)) {
      const last = Math.min(until, this.rowCount - 1, index + WALK_CHUNK_ROWS - 1);
      this.start = index;
      this.rows = await this.source.getRows(index, Math.max(1, last - index + 1));
    }
    return this.rows[index - this.start];
  }

  /** True when the next `at(index)` needs a call to the worker. */
  needsFetch(index: number): boolean {
    return index < this.start || index >= this.start + this.rows.length;
  }
}

export async function walkSelection(
  source: WalkSource,
  spans: readonly RowSpan[],
  options: WalkOptions,
): Promise<WalkResult> {
  const { rowCount, isFiltered } = options;
  const result: WalkResult = {
    isWholeFile: false,
    nodeIds: [],
    entryCount: 0,
    size: 0,
    isCancelled: false,
  };
  const hasFileRow = spans.some(([first, last]) => first <= -1 && last >= -1);
  if (hasFileRow && !isFiltered) {
    return {
      ...result,
      isWholeFile: true,
      entryCount: options.fileEntryCount,
      size: options.fileSize,
    };
  }
  // With a filter, the file's own row selects every row shown.
  const rowSpans: RowSpan[] = hasFileRow
    ? rowCount > 0
      ? [[0, rowCount - 1]]
      : []
    : spans
        .map(([first, last]): RowSpan => [Math.max(0, first), Math.min(rowCount - 1, last)])
        .filter(([first, last]) => first <= last);

  const rows = new ChunkedRows(source, rowCount);
  const include = (row: TreeRow) => {
    result.nodeIds.push(row.nodeId);
    result.entryCount += row.isFolder ? row.entryCount : 1;
    result.size += row.size;
  };
  // `path/` of the selected folder whose rows are being passed; null outside one.
  let cover: string | null = null;
  let spanAt = 0;
  let index = rowSpans[0]?.[0] ?? rowCount;
  while (index < rowCount) {
    while (index > (rowSpans[spanAt]?.[1] ?? Infinity)) spanAt += 1;
    const span = rowSpans[spanAt];
    const isSelected = span !== undefined && index >= span[0];
    // Between spans: go on only through a filtered folder's rows, else jump to the next span.
    if (!isSelected && !(isFiltered && cover !== null)) {
      if (!span) break;
      index = span[0];
      continue;
    }
    if (rows.needsFetch(index) && options.isCancelled?.()) {
      result.isCancelled = true;
      break;
    }
    // Without a filter a folder's rows add nothing: read no further than the span.
    const until = isFiltered ? rowCount - 1 : (span?.[1] ?? index);
    const row = await rows.at(index, until);
    if (!row) break;
    index += 1;
    if (cover !== null && row.path.startsWith(cover)) {
      if (isFiltered && !row.isFolder) include(row);
      continue;
    }
    cover = null;
    if (!isSelected) continue;
    if (row.isFolder) {
      cover = `${row.path}/`;
      if (!isFiltered) include(row);
    } else {
      include(row);
    }
  }
  return result;
}
