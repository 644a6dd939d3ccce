/**
 * The app state without React: five small vanilla stores (files, view, jobs, toasts, install
 * checks), the row page cache, and the actions that change them. `app.ts` makes the one instance the
 * browser uses; tests make their own with fake decoders.
 */
import { createCompareState } from './compare.ts';
import { createContext, type DelveStores } from './context.ts';
import { createInstallActions, type InstallActions } from './install-actions.ts';
import { createJobActions, type JobActions } from './job-actions.ts';
import { createOpenActions, type OpenActions } from './open-actions.ts';
import type { Queries } from './queries.ts';
import type { RowCache } from './row-cache.ts';
import { createSelectionActions, type SelectionActions } from './selection-actions.ts';
import { createTreeActions, type TreeActions } from './tree-actions.ts';
import {
  createSideInputActions,
  memorySideInputStorage,
  type PrepareSideInput,
  type SideInputActions,
} from './side-inputs.ts';
import type { DelveDeps } from './types.ts';

export type DelveActions = OpenActions &
  TreeActions &
  SelectionActions &
  JobActions &
  InstallActions &
  SideInputActions;

export interface DelveState {
  stores: DelveStores;
  rowCache: RowCache;
  /** What views read from files, by file id (hooks.ts binds it to React). */
  queries: Queries;
  actions: DelveActions;
  /** Comparing two files (compare.ts): its own store and actions. */
  compare: ReturnType<typeof createCompareState>;
}

/**
 * How long a preparation may keep its worker from answering: parsing a 60 MB type list is
 * one call of a few seconds, longer on a busy machine, and the usual watchdog would stop it.
 */
const PREPARE_WATCHDOG_MS = 120_000;

/** Prepares a side input in a decoder worker of its own, ended once it answers. */
function prepareInWorker(deps: DelveDeps): PrepareSideInput {
  return async (kind, file) => {
    const decoder = deps.createDecoder(PREPARE_WATCHDOG_MS);
    // A worker that dies (out of memory on a huge file) answers nothing: the file is kept unprepared.
    const crashed = new Promise<null>((resolve) => decoder.onCrash(() => resolve(null)));
    try {
      const result = await Promise.race([decoder.prepareSideInput(kind, file), crashed]);
      return result?.ok ? result.value : null;
    } finally {
      decoder.terminate();
    }
  };
}

export function createDelveState(deps: DelveDeps): DelveState {
  const context = createContext(deps);
  const open = createOpenActions(context);
  const storage = deps.sideInputStorage ?? memorySideInputStorage();
  return {
    stores: context.stores,
    rowCache: context.rowCache,
    queries: context.queries,
    compare: createCompareState(context),
    actions: {
      ...open,
      ...createTreeActions(context),
      ...createSelectionActions(context),
      ...createJobActions(context),
      ...createInstallActions(context),
      ...createSideInputActions(
        context,
        storage,
        open.reopenFile,
        deps.formats,
        prepareInWorker(deps),
      ),
    },
  };
}
