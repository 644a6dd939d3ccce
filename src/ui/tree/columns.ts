/**
 * The tree's columns after the name: the union of the column sets of the files shown
 * (`FileSummary.columnSets`; which files, use-tree-files.ts says), each column once by id, in
 * the order they first appear. A row
 * fills the columns of its own set (`TreeRow.columnSet`) and leaves the others blank, so
 * files of different formats share one grid. Cells are made here from the column's kind:
 * generic kinds (`size`, `stored`, `ratio`, `status`) from the row's own numbers and checksum
 * state, the format's own kinds (`text`, `number`, `hex`) from `row.cells[column.id]`. No
 * format is named: a format without checksums simply declares no `status` column.
 */
import type { CellValue, ColumnDef, EntryStatus, TreeRow } from '../../worker/rpc/api.ts';
import {
  formatCount,
  formatCountOf,
  formatExactBytes,
  formatOffset,
  formatRatio,
  formatSize,
} from '../format.ts';

/** Column sets of one file, by set name (`'default'` always). */
export type ColumnSets = Readonly<Record<string, readonly ColumnDef[]>>;

/** The set every session has; a row naming a set its file lacks falls back to it. */
export const DEFAULT_SET = 'default';

/** Pixels: the narrowest and widest a column may be made. */
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 640;

const DEFAULT_WIDTHS: Record<ColumnDef['kind'], number> = {
  size: 80,
  stored: 80,
  ratio: 56,
  status: 104,
  number: 80,
  hex: 96,
  text: 128,
};

export function defaultColumnWidth(column: ColumnDef): number {
  return DEFAULT_WIDTHS[column.kind];
}

/** Numbers line up on the right; text and states on the left. */
export function isNumericColumn(column: ColumnDef): boolean {
  return column.kind !== 'status' && column.kind !== 'text';
}

/** Any file has a size: the column its own row fills when no format declares one. */
export const FILE_SIZE_COLUMN: ColumnDef = { id: 'size', label: 'Size', kind: 'size' };

/**
 * Every file's columns, each id once, in the order first seen; a size column first when
 * files are open and none declares one (files of unknown format declare no columns).
 */
export function unionColumns(files: readonly ColumnSets[]): ColumnDef[] {
  const seen = new Set<string>();
  const columns: ColumnDef[] = [];
  for (const sets of files) {
    // The default set first: its columns lead, a subtree's own columns follow.
    const names = [DEFAULT_SET, ...Object.keys(sets).filter((name) => name !== DEFAULT_SET)];
    for (const name of names) {
      for (const column of sets[name] ?? []) {
        if (seen.has(column.id)) continue;
        seen.add(column.id);
        columns.push(column);
      }
    }
  }
  const hasSize = columns.some((column) => column.kind === 'size');
  return files.length > 0 && !hasSize && !seen.has(FILE_SIZE_COLUMN.id)
    ? [FILE_SIZE_COLUMN, ...columns]
    : columns;
}

const NO_COLUMNS: ReadonlySet<string> = new Set();
/** Made once per file's column sets: every row of a set asks for the same ids while scrolling. */
const idsBySets = new WeakMap<ColumnSets, Map<string, ReadonlySet<string>>>();

/** The ids of the columns a row of set `setName` fills. */
export function columnIdsOf(sets: ColumnSets | undefined, setName: string): ReadonlySet<string> {
  if (!sets) return NO_COLUMNS;
  let bySet = idsBySets.get(sets);
  if (!bySet) {
    bySet = new Map();
    idsBySets.set(sets, bySet);
  }
  let ids = bySet.get(setName);
  if (!ids) {
    const columns = sets[setName] ?? sets[DEFAULT_SET] ?? [];
    ids = new Set(columns.map((column) => column.id));
    bySet.set(setName, ids);
  }
  return ids;
}

/** Pixels of the last column, where a file's row has its close button. */
export const ACTIONS_WIDTH = 22;

/**
 * `grid-template-columns` of the header and the rows: the name, the columns, then the actions
 * column. Before the pane is measured the name takes what is left (`name` null).
 */
export function gridTemplate(name: number | null, widths: readonly number[]): string {
  const nameTrack = name === null ? 'minmax(10rem, 1fr)' : `${name}px`;
  return [nameTrack, ...widths.map((width) => `${width}px`), `${ACTIONS_WIDTH}px`].join(' ');
}

/** One cell as text: what it shows, its tooltip, and a class for its look. */
export interface CellText {
  text: string;
  title?: string;
  className?: string;
}

const BLANK: CellText = { text: '' };

export const STATUS_TEXT: Record<EntryStatus, string> = {
  unchecked: 'unchecked',
  ok: '✓ ok',
  mismatch: '✗ mismatch',
  unpatched: 'unpatched',
  missing: 'missing',
  unsupported: 'unsupported',
  error: '! error',
};

export const STATUS_TITLE: Record<EntryStatus, string> = {
  unchecked: 'Checksum not checked yet (Verify all)',
  ok: 'The stored checksum matches the data',
  mismatch: 'The stored checksum does not match the data',
  unpatched: 'Placeholder entry: the game fills it in later (checksum 0, no data)',
  missing: 'The data is in a source that was not opened (add it to check)',
  unsupported: 'The data cannot be checked here (an unsupported compression or checksum)',
  error: 'The data could not be read or decoded',
};

function sizeCell(bytes: number, note = ''): CellText {
  return { text: formatSize(bytes), title: `${formatExactBytes(bytes)}${note}` };
}

/** A format's own cell: text as is, numbers with separators, hex numbers as `0x…`. */
export function ownCell(kind: ColumnDef['kind'], value: CellValue | undefined): CellText {
  if (value === null || value === undefined || value === '') return BLANK;
  if (typeof value === 'string') return { text: value, title: value };
  if (kind === 'hex') return { text: formatOffset(value), title: formatCount(value) };
  const text = kind === 'number' ? formatCount(value) : String(value);
  return { text, title: text };
}

/** A cell of a tree row (a folder, an entry, a document node). */
export function rowCell(column: ColumnDef, row: TreeRow): CellText {
  switch (column.kind) {
    case 'size':
      return sizeCell(row.size);
    case 'stored':
      return sizeCell(row.storedSize, row.isCompressed ? ', compressed' : '');
    case 'ratio':
      return { text: formatRatio(row.storedSize, row.size) };
    case 'status': {
      if (row.isFolder && row.entryIndex < 0) {
        const text = formatCountOf(row.entryCount, 'entry', 'entries');
        return { text, title: text };
      }
      return {
        text: STATUS_TEXT[row.status],
        title: STATUS_TITLE[row.status],
        className: `status-${row.status}`,
      };
    }
    default:
      return ownCell(column.kind, row.cells[column.id]);
  }
}

/** What a file's own row shows: its totals, and its verify state in the status column. */
export interface FileTotals {
  size: number;
  storedSize: number;
  status: CellText;
}

/** A cell of a file's own row; its format's own columns stay blank there. */
export function fileCell(column: ColumnDef, totals: FileTotals): CellText {
  switch (column.kind) {
    case 'size':
      return sizeCell(totals.size);
    case 'stored':
      return sizeCell(totals.storedSize);
    case 'ratio':
      return { text: formatRatio(totals.storedSize, totals.size) };
    case 'status':
      return totals.status;
    default:
      return BLANK;
  }
}
