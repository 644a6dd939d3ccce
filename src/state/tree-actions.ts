/**
 * Tree actions: selection, expanding and collapsing, the filter. The worker owns each file's
 * tree; these ask it to change and then bump the file's `rowsVersion` so the visible pages
 * are fetched again.
 */
import type { TreeRow } from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import type { Selection } from './types.ts';

export interface TreeActions {
  select(selection: Selection | null): void;
  /** Selects a file's own row. */
  selectFile(fileId: string): void;
  /** Selects the row at `rowIndex` of a file, fetching it from the worker when not cached. */
  selectRowAt(fileId: string, rowIndex: number): Promise<void>;
  /** Selects a row's folder, or the file's own row for a top-level row. */
  selectParent(fileId: string, row: TreeRow): Promise<void>;
  /**
   * Selects the node at `path` (a row's stable path), expanding the file and the folders
   * above it so its row shows; false when no node has that path or the filter hides it.
   */
  revealPath(fileId: string, path: string): Promise<boolean>;
  /** `revealPath` of a session node, by its index (a view's row that is a node). */
  revealEntry(fileId: string, entryIndex: number): Promise<boolean>;
  /** Expands or collapses a file's own row (no worker call: that row is the UI's). */
  setFileExpanded(fileId: string, isExpanded: boolean): void;
  setRowExpanded(fileId: string, row: TreeRow, isExpanded: boolean): Promise<void>;
  toggleRow(fileId: string, row: TreeRow): Promise<void>;
  /** Expands every folder of a file (the `*` key). */
  expandAll(fileId: string): Promise<void>;
  /** Applies a filter to every open file; the UI debounces typing before calling this. */
  setFilter(pattern: string): Promise<void>;
}

export function createTreeActions(context: Context): TreeActions {
  const { stores, rowCache } = context;
  let filterGeneration = 0;

  const { liveFile } = context;

  /** Moves the focus to one row and makes it the whole selection. */
  function select(selection: Selection | null): void {
    stores.view.setState({ selection, multi: null, summary: null });
  }

  async function setRowExpanded(fileId: string, row: TreeRow, isExpanded: boolean) {
    const file = liveFile(fileId);
    if (!file || !row.isFolder) return;
    const { decoder } = file;
    // A multi-selection follows the rows: ask where the folder is and how many rows there
    // were in the same breath as the change (the worker answers in order).
    const hadMarks = stores.view.getState().multi?.fileId === fileId;
    const [rowsBefore, at, rowCount] = await Promise.all([
      hadMarks ? decoder.rowCount() : -1,
      hadMarks ? decoder.rowIndexOf(row.nodeId) : -1,
      decoder.setExpanded(row.nodeId, isExpanded),
    ]);
    if (!context.getFile(fileId)) return;
    if (hadMarks && at >= 0) context.shiftMarks(fileId, at, rowCount - rowsBefore);
    else if (rowsBefore !== rowCount) context.resetMarks(fileId);
    context.bumpRows(fileId, rowCount);
  }

  const actions: TreeActions = {
    select,

    selectFile(fileId) {
      select({ kind: 'file', fileId });
    },

    async selectRowAt(fileId, rowIndex) {
      const cached = rowCache.getCurrentRow(fileId, rowIndex);
      if (cached) {
        select({ kind: 'row', fileId, row: cached, rowIndex });
        return;
      }
      const file = liveFile(fileId);
      if (!file) return;
      const [row] = await file.decoder.getRows(rowIndex, 1);
      if (row && context.getFile(fileId)) select({ kind: 'row', fileId, row, rowIndex });
    },

    async selectParent(fileId, row) {
      const file = liveFile(fileId);
      if (!file) return;
      if (row.parentId < 0) {
        select({ kind: 'file', fileId });
        return;
      }
      const rowIndex = await file.decoder.rowIndexOf(row.parentId);
      if (rowIndex < 0) return;
      const [parent] = await file.decoder.getRows(rowIndex, 1);
      if (parent && context.getFile(fileId)) {
        select({ kind: 'row', fileId, row: parent, rowIndex });
      }
    },

    async revealPath(fileId, path) {
      const file = liveFile(fileId);
      if (!file) return false;
      const { decoder } = file;
      const nodeId = await decoder.nodeIdOfPath(path);
      if (nodeId < 0) return false;
      // Every `/` of a path ends the path of a folder above the node, top down.
      const rowsBefore = await decoder.rowCount();
      let rowCount = rowsBefore;
      for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
        const folder = await decoder.nodeIdOfPath(path.slice(0, slash));
        if (folder >= 0) rowCount = await decoder.setExpanded(folder, true);
      }
      if (!context.getFile(fileId)) return false;
      if (rowCount !== rowsBefore) {
        context.resetMarks(fileId);
        context.bumpRows(fileId, rowCount);
      }
      if (context.getFile(fileId)?.isExpanded === false) {
        context.updateFile(fileId, () => ({ isExpanded: true }));
      }
      const rowIndex = await decoder.rowIndexOf(nodeId);
      if (rowIndex < 0) return false;
      const [row] = await decoder.getRows(rowIndex, 1);
      if (!row || !context.getFile(fileId)) return false;
      select({ kind: 'row', fileId, row, rowIndex });
      return true;
    },

    async revealEntry(fileId, entryIndex) {
      const file = liveFile(fileId);
      if (!file) return false;
      const details = await file.decoder.entryDetails(entryIndex);
      return details.ok ? actions.revealPath(fileId, details.value.path) : false;
    },

    setFileExpanded(fileId, isExpanded) {
      // Rows that disappear from view leave the selection, as under a collapsed folder.
      if (!isExpanded) context.resetMarks(fileId);
      context.updateFile(fileId, () => ({ isExpanded }));
    },

    setRowExpanded,

    toggleRow(fileId, row) {
      return setRowExpanded(fileId, row, !row.isExpanded);
    },

    async expandAll(fileId) {
      const file = liveFile(fileId);
      if (!file) return;
      const rowCount = await file.decoder.setAllExpanded(true);
      if (!context.getFile(fileId)) return;
      context.resetMarks(fileId);
      context.updateFile(fileId, () => ({ isExpanded: true }));
      context.bumpRows(fileId, rowCount);
    },

    async setFilter(pattern) {
      filterGeneration += 1;
      const generation = filterGeneration;
      stores.view.setState({ filter: pattern });
      // Files still opening get the filter when their table is read (open-actions.ts).
      const files = stores.files
        .getState()
        .files.filter((file) => file.status !== 'opening' && !file.hasCrashed);
      await Promise.all(
        files.map(async (file) => {
          const result = await file.decoder.setFilter(pattern);
          if (generation !== filterGeneration || !context.getFile(file.id)) return;
          context.resetMarks(file.id);
          context.updateFile(file.id, (current) => ({
            matchCount: pattern === '' ? null : result.matchCount,
            // Show where the matches are: a collapsed file would hide them.
            isExpanded: current.isExpanded || (pattern !== '' && result.matchCount > 0),
          }));
          context.bumpRows(file.id, result.rowCount);
        }),
      );
    },
  };
  return actions;
}
