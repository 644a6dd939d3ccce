/**
 * What the tree needs of the open files as a whole: the columns (those of the selected file's
 * format and of the files it was opened from, so they fit what the user looks at; another
 * file's rows fill the columns they share with it, such as sizes), each file's sets, and how deep each file is nested (a file opened from an entry of
 * another is its child). Read through one string signature, so the tree re-renders when one
 * of these changes — a file opens, closes or gets its summary — and not on progress reports.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { delve } from '../../state/app.ts';
import type { FilesState } from '../../state/types.ts';
import type { ColumnDef } from '../../worker/rpc/api.ts';
import { unionColumns, type ColumnSets } from './columns.ts';

export interface TreeFiles {
  /**
   * The columns after the name: the selected file's, after those of the files it was opened
   * from (the first file's when none is selected).
   */
  columns: readonly ColumnDef[];
  /** Column sets by file id (files still opening have none yet). */
  columnSets: ReadonlyMap<string, ColumnSets>;
  /** Nesting depth by file id: 0 for a file the user opened, 1 for one opened from its entry. */
  nesting: ReadonlyMap<string, number>;
  /** A file's position among the files of the same parent (1-based), and their number. */
  siblings: ReadonlyMap<string, { position: number; size: number }>;
}

type Shape = [id: string, parentId: string | null, columnSets: ColumnSets | null][];

function signature(state: FilesState): string {
  const shape: Shape = state.files.map((file) => [
    file.id,
    file.parentId ?? null,
    file.summary?.columnSets ?? null,
  ]);
  return JSON.stringify(shape);
}

export function treeFilesOf(shape: Shape, selectedFileId: string | null = null): TreeFiles {
  const parents = new Map(shape.map(([id, parentId]) => [id, parentId]));
  const nesting = new Map<string, number>();
  for (const [id] of shape) {
    let depth = 0;
    let parent = parents.get(id) ?? null;
    // Only open parents count; bounded by the number of files, so a broken chain cannot loop.
    while (parent !== null && parents.has(parent) && depth < shape.length) {
      depth += 1;
      parent = parents.get(parent) ?? null;
    }
    nesting.set(id, depth);
  }
  const siblings = new Map<string, { position: number; size: number }>();
  const counts = new Map<string | null, number>();
  for (const [id, parentId] of shape) {
    const parent = parentId !== null && parents.has(parentId) ? parentId : null;
    const position = (counts.get(parent) ?? 0) + 1;
    counts.set(parent, position);
    siblings.set(id, { position, size: 0 });
  }
  for (const [id, parentId] of shape) {
    const parent = parentId !== null && parents.has(parentId) ? parentId : null;
    const entry = siblings.get(id);
    if (entry) entry.size = counts.get(parent) ?? 1;
  }
  const columnSets = new Map<string, ColumnSets>();
  for (const [id, , sets] of shape) if (sets) columnSets.set(id, sets);
  const shown = shape.find(([id]) => id === selectedFileId) ?? shape[0];
  // A file opened from an entry keeps the columns of the files it came from: the entries
  // beside it (their checksums, their verify states) stay in view.
  const chain: ColumnSets[] = [];
  const setsOf = new Map(shape.map(([id, , sets]) => [id, sets]));
  for (let id = shown?.[0] ?? null; id !== null && chain.length <= shape.length;) {
    chain.unshift(setsOf.get(id) ?? {});
    const parent = parents.get(id) ?? null;
    id = parent !== null && parents.has(parent) ? parent : null;
  }
  const columns = shown ? unionColumns(chain) : [];
  return { columns, columnSets, nesting, siblings };
}

export function useTreeFiles(): TreeFiles {
  const key = useStore(delve.stores.files, signature);
  const selectedFileId = useStore(delve.stores.view, (state) => state.selection?.fileId ?? null);
  return useMemo(
    () => treeFilesOf(JSON.parse(key) as Shape, selectedFileId),
    [key, selectedFileId],
  );
}
