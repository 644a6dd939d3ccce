/**
 * Pages of tree rows fetched from the workers. The worker owns the tree; the UI asks only for
 * the pages it shows (ROW_PAGE_SIZE rows each), keyed by the file's `rowsVersion`. When the
 * version moves on, the old pages are kept as a fallback until the new ones arrive, so a row
 * never flashes blank while one message crosses to the worker and back.
 */
import type { TreeRow } from '../worker/rpc/api.ts';
import type { FileDecoder } from '../worker/rpc/client.ts';

export const ROW_PAGE_SIZE = 200;

/** What the cache needs to know about a file, read at request time. */
export interface RowSource {
  decoder: Pick<FileDecoder, 'getRows'>;
  rowsVersion: number;
  rowCount: number;
  hasCrashed: boolean;
}

interface FilePages {
  version: number;
  pages: Map<number, TreeRow[]>;
  /** Pages of the previous version, shown until the current ones arrive. */
  stalePages: Map<number, TreeRow[]>;
  pending: Set<number>;
}

export interface RowCache {
  /** The row at `index`, current or stale, or undefined when no page holds it yet. */
  getRow(fileId: string, index: number): TreeRow | undefined;
  /** The row at `index` from a page of the file's current version only. */
  getCurrentRow(fileId: string, index: number): TreeRow | undefined;
  /**
   * The row at `index` of the current version: from the cache, else asked of the worker (one
   * row). For keys and clicks that act on a row, which must not do nothing just because its
   * page is being refetched (as it is right after each change of the rows).
   */
  loadRow(fileId: string, index: number): Promise<TreeRow | undefined>;
  /** Fetches the pages covering rows `[start, stop]` that are not cached or in flight. */
  request(fileId: string, start: number, stop: number): void;
  /** Forgets a closed file. */
  drop(fileId: string): void;
  /** Called after a page arrives. */
  subscribe(listener: () => void): () => void;
  /** Changes whenever a page arrives; for useSyncExternalStore and rowProps. */
  getTick(): number;
}

/** Every plain field of a row, for comparing two (a field added to TreeRow must be added here). */
const ROW_FIELDS = Object.keys({
  nodeId: true,
  parentId: true,
  depth: true,
  name: true,
  path: true,
  kind: true,
  isFolder: true,
  isExpanded: true,
  entryIndex: true,
  size: true,
  storedSize: true,
  isCompressed: true,
  checksum: true,
  status: true,
  entryCount: true,
  columnSet: true,
  cells: false,
} satisfies Record<keyof TreeRow, boolean>).filter(
  (field) => field !== 'cells',
) as (keyof TreeRow)[];

function isSameCells(a: TreeRow['cells'], b: TreeRow['cells']): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function isSameRow(a: TreeRow, b: TreeRow): boolean {
  return ROW_FIELDS.every((field) => a[field] === b[field]) && isSameCells(a.cells, b.cells);
}

/**
 * A refetched page mostly repeats the rows it replaces (a file still streaming in, a verify
 * that touched a few entries). Rows equal to the previous page's at the same index keep that
 * object, so the tree, which compares rows by identity, re-renders only the ones that changed.
 */
function keepUnchanged(rows: TreeRow[], previous: readonly TreeRow[] | undefined): TreeRow[] {
  if (!previous) return rows;
  return rows.map((row, at) => {
    const old = previous[at];
    return old && isSameRow(old, row) ? old : row;
  });
}

export function createRowCache(lookup: (fileId: string) => RowSource | undefined): RowCache {
  const byFile = new Map<string, FilePages>();
  const listeners = new Set<() => void>();
  let tick = 0;

  function pagesAt(fileId: string, version: number): FilePages {
    let entry = byFile.get(fileId);
    if (!entry) {
      entry = { version, pages: new Map(), stalePages: new Map(), pending: new Set() };
      byFile.set(fileId, entry);
    } else if (entry.version !== version) {
      // Keep the last pages that had anything in them: two quick bumps must not blank the tree.
      if (entry.pages.size > 0) entry.stalePages = entry.pages;
      entry.pages = new Map();
      entry.pending = new Set();
      entry.version = version;
    }
    return entry;
  }

  function getCurrentRow(fileId: string, index: number): TreeRow | undefined {
    const entry = byFile.get(fileId);
    if (!entry || index < 0 || lookup(fileId)?.rowsVersion !== entry.version) return undefined;
    return entry.pages.get(Math.floor(index / ROW_PAGE_SIZE))?.[index % ROW_PAGE_SIZE];
  }

  function notify(): void {
    tick += 1;
    for (const listener of listeners) listener();
  }

  return {
    getRow(fileId, index) {
      const entry = byFile.get(fileId);
      if (!entry || index < 0) return undefined;
      const page = Math.floor(index / ROW_PAGE_SIZE);
      const offset = index % ROW_PAGE_SIZE;
      const source = lookup(fileId);
      const isCurrent = source !== undefined && source.rowsVersion === entry.version;
      const row = isCurrent ? entry.pages.get(page)?.[offset] : undefined;
      // Before the first request for a new version, the current pages are the stale ones.
      return row ?? (isCurrent ? entry.stalePages : entry.pages).get(page)?.[offset];
    },

    getCurrentRow,

    async loadRow(fileId, index) {
      const cached = getCurrentRow(fileId, index);
      if (cached) return cached;
      const source = lookup(fileId);
      if (!source || source.hasCrashed || index < 0 || index >= source.rowCount) return undefined;
      const [row] = await source.decoder.getRows(index, 1);
      return row;
    },

    request(fileId, start, stop) {
      const source = lookup(fileId);
      if (!source || source.hasCrashed || source.rowCount === 0) return;
      const first = Math.max(0, Math.floor(start / ROW_PAGE_SIZE));
      const last = Math.floor(Math.min(stop, source.rowCount - 1) / ROW_PAGE_SIZE);
      const version = source.rowsVersion;
      const entry = pagesAt(fileId, version);
      for (let page = first; page <= last; page++) {
        if (entry.pages.has(page) || entry.pending.has(page)) continue;
        entry.pending.add(page);
        const pageStart = page * ROW_PAGE_SIZE;
        const count = Math.min(ROW_PAGE_SIZE, source.rowCount - pageStart);
        const pending = entry.pending;
        source.decoder.getRows(pageStart, count).then(
          (rows) => {
            pending.delete(page);
            const now = byFile.get(fileId);
            // An answer for an older version (or a closed file) would show wrong rows.
            if (now !== entry || now.version !== version) return;
            now.pages.set(page, keepUnchanged(rows, now.stalePages.get(page)));
            notify();
          },
          () => pending.delete(page),
        );
      }
    },

    drop(fileId) {
      byFile.delete(fileId);
      notify();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getTick: () => tick,
  };
}
