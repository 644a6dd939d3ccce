/**
 * The tree shows every open file in one list: each file is one row (level 0) followed, when
 * it is expanded, by its worker rows. This maps between that flat index and (file, row).
 */

export interface LayoutFile {
  id: string;
  isExpanded: boolean;
  rowCount: number;
}

export interface FileSegment {
  fileId: string;
  /** Flat index of the file's own row; its rows follow at `start + 1`. */
  start: number;
  /** Rows shown for the file, its own row included. */
  length: number;
}

export interface FlatLayout {
  segments: FileSegment[];
  totalRows: number;
}

/** Where a flat index points: the file's own row (`rowIndex` -1) or one of its rows. */
export interface FlatPosition {
  segment: FileSegment;
  rowIndex: number;
}

export function buildLayout(files: readonly LayoutFile[]): FlatLayout {
  const segments: FileSegment[] = [];
  let start = 0;
  for (const file of files) {
    const length = 1 + (file.isExpanded ? file.rowCount : 0);
    segments.push({ fileId: file.id, start, length });
    start += length;
  }
  return { segments, totalRows: start };
}

/** Binary search: a few hundred open files is plausible, a per-row linear scan is not needed. */
export function locate(layout: FlatLayout, flatIndex: number): FlatPosition | undefined {
  const { segments } = layout;
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const segment = segments[middle];
    if (!segment) return undefined;
    if (flatIndex < segment.start) high = middle - 1;
    else if (flatIndex >= segment.start + segment.length) low = middle + 1;
    else return { segment, rowIndex: flatIndex - segment.start - 1 };
  }
  return undefined;
}

/**
 * Flat index of a file's own row (`rowIndex` null) or of one of its rows; -1 when not shown
 * (file closed or collapsed, row hidden or past the end).
 */
export function flatIndexOf(layout: FlatLayout, fileId: string, rowIndex: number | null): number {
  const segment = layout.segments.find((candidate) => candidate.fileId === fileId);
  if (!segment) return -1;
  if (rowIndex === null) return segment.start;
  return rowIndex >= 0 && rowIndex + 1 < segment.length ? segment.start + 1 + rowIndex : -1;
}
