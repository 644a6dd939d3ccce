/**
 * React bindings of the app state. Components select the smallest slice they need (atomic
 * selectors, or useShallow for small objects) so progress ticks of one file do not re-render
 * the whole page.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { delve } from './app.ts';
import type { TreeRow } from '../worker/rpc/api.ts';
import { buildLayout, type FlatLayout, type LayoutFile } from './flat-layout.ts';
import type { DelveActions } from './store.ts';
import type {
  InstallCheckState,
  Job,
  MultiSelection,
  OpenFile,
  Selection,
  SelectionSummary,
  Toast,
} from './types.ts';
import { totalsOf, type Totals } from './totals.ts';
import type { SideInputsState } from './side-inputs.ts';

export { SIDE_INPUT_KINDS } from './side-inputs.ts';
export type { SideInputEntry } from './side-inputs.ts';

export * from './query-hooks.ts';

const { stores, rowCache } = delve;

/** Actions never change identity: safe to call from handlers without listing as deps. */
export function useActions(): DelveActions {
  return delve.actions;
}

export function useRowCache() {
  return rowCache;
}

export function useFiles(): OpenFile[] {
  return useStore(stores.files, (state) => state.files);
}

/**
 * A file as it is now, for event handlers: no subscription, so a component that only acts on
 * files (the tree) does not re-render on each of their progress reports.
 */
export function fileOf(fileId: string): OpenFile | undefined {
  return stores.files.getState().files.find((file) => file.id === fileId);
}

/** `f1@3 f2@1`: changes when a file opens or closes or its rows change (fetch them again). */
export function useRowsVersions(): string {
  return useStore(stores.files, (state) =>
    state.files.map((file) => `${file.id}@${file.rowsVersion}`).join(' '),
  );
}

export function useFile(fileId: string | undefined): OpenFile | undefined {
  return useStore(stores.files, (state) => state.files.find((file) => file.id === fileId));
}

export function useHasFiles(): boolean {
  return useStore(stores.files, (state) => state.files.length > 0);
}

export function useSelection(): Selection | null {
  return useStore(stores.view, (state) => state.selection);
}

/** Rows selected together with the focused one; null while the focused row is the selection. */
export function useMultiSelection(): MultiSelection | null {
  return useStore(stores.view, (state) => state.multi);
}

/** Entries and bytes of the multi-selection, once worked out (null until then). */
export function useSelectionSummary(): SelectionSummary | null {
  return useStore(stores.view, (state) =>
    state.summary && state.summary.of === state.multi ? state.summary : null,
  );
}

export function useFilter(): string {
  return useStore(stores.view, (state) => state.filter);
}

/** The file whose install check dialog is open (null: none). */
export function useInstallDialogFileId(): string | null {
  return useStore(stores.installChecks, (state) => state.dialogFileId);
}

/** The last install check of a file (null before one), with its progress while it runs. */
export function useInstallCheck(fileId: string): InstallCheckState | null {
  return useStore(stores.installChecks, (state) => state.checks[fileId] ?? null);
}

export function useJobs(): Job[] {
  return useStore(stores.jobs, (state) => state.jobs);
}

export function useFileJobs(fileId: string | undefined): Job[] {
  return useStore(
    stores.jobs,
    useShallow((state) => state.jobs.filter((job) => job.fileId === fileId)),
  );
}

/** The side inputs kept (state/side-inputs.ts). */
export function useSideInputs(): SideInputsState {
  return useStore(stores.sideInputs);
}

export function useToasts(): Toast[] {
  return useStore(stores.toasts, (state) => state.toasts);
}

/**
 * One row of a file from the page cache (undefined while its page is on its way). Each tree
 * row subscribes for itself: a page that arrives re-renders only the rows whose data changed
 * (the cache keeps the objects of unchanged rows), not the list.
 */
export function useCachedRow(fileId: string, rowIndex: number): TreeRow | undefined {
  const getSnapshot = useCallback(() => rowCache.getRow(fileId, rowIndex), [fileId, rowIndex]);
  return useSyncExternalStore(rowCache.subscribe, getSnapshot);
}

/** Changes whenever a page of rows arrives from a worker. */
export function useRowCacheTick(): number {
  return useSyncExternalStore(rowCache.subscribe, rowCache.getTick);
}

/** Flat layout of the tree: each file's own row followed by its visible rows. */
export function useFlatLayout(): FlatLayout {
  // Flattened to [id, isExpanded, rowCount, id, ...] so useShallow can compare it: the layout
  // changes only when one of these does, not on every progress tick.
  const shape = useStore(
    stores.files,
    useShallow((state) => state.files.flatMap((file) => [file.id, file.isExpanded, file.rowCount])),
  );
  return useMemo(() => {
    const files: LayoutFile[] = [];
    for (let at = 0; at + 2 < shape.length; at += 3) {
      files.push({
        id: String(shape[at]),
        isExpanded: shape[at + 1] === true,
        rowCount: Number(shape[at + 2]),
      });
    }
    return buildLayout(files);
  }, [shape]);
}

export type { Totals } from './totals.ts';

export function useTotals(): Totals {
  return useStore(
    stores.files,
    useShallow((state) => totalsOf(state.files)),
  );
}
