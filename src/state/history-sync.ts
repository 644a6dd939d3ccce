/**
 * Keeps the page's URL a deep link (deep-link.ts) to what is shown, restores what a link
 * says, and lets Back and Forward move between selections.
 *
 * History rule: a selection kept for at least SETTLE_MS gets its own history entry; the next
 * selection is pushed after it. Selections passed through faster (arrow keys running down
 * the tree, the folders clicked on the way to an entry) replace each other in one entry, and
 * so do changes of the preview tab, the hex offset, a decoded view's own state and the open
 * files. So Back goes to the previous selection the user looked at, not to every row the
 * keyboard crossed. Writes are also batched (WRITE_DELAY_MS), which keeps under the
 * browser's cap on history calls.
 *
 * Back never leaves the page while files are open: the entry before the first selection is
 * kept as the app's own *guard* entry (the files open, nothing selected), so Back from the
 * first selection lands there, and only the Back after it leaves. Leaving or reloading with
 * files open asks first (`beforeunload`): the files would be gone. Restoring an entry
 * selects exactly what it names (the file's own row too) and never closes a file.
 *
 * A link whose file is not open yet (a local file: only its name travels) waits as the
 * *pending* link; the page asks for the file, and once a file of that name (or the one
 * chosen from the prompt) has been read, the selection, tab and offset are restored. While a
 * link is pending the URL is left alone, so reloading still carries it.
 *
 * While two files are compared, the comparison owns the address instead (compare-history.ts):
 * its change selected is the selection, under the same rules. Opening and closing the
 * comparison each get an entry, so Back leaves it for the files and Forward returns to it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { FILE_REF, nodeRef } from '../worker/rpc/api.ts';
import { createCompareHistory } from './compare-history.ts';
import { contentKey } from './content-ref.ts';
import {
  EMPTY_LINK,
  formatDeepLink,
  linkTarget,
  NO_VIEW_STATE,
  parseDeepLink,
  type DeepLink,
} from './deep-link.ts';
import { viewStateKey, type PreviewSpots } from './deep-link-preview.ts';
import type { DelveState } from './store.ts';
import type { OpenFile, Selection } from './types.ts';

/** How long a selection must stay to earn a history entry of its own (ms). */
export const SETTLE_MS = 1000;
/** Changes within this long are written to the URL together (ms). */
export const WRITE_DELAY_MS = 100;

/** The browser's history and location, injected so tests run under Node. */
export interface HistoryEnv {
  /** The current query string (`?…` or ''). */
  search(): string;
  /** A new history entry with this query string (same path). */
  push(search: string): void;
  /** The current entry, with this query string. */
  replace(search: string): void;
  /** Calls `listener` when Back or Forward changes the entry; returns the unsubscribe. */
  onPop(listener: () => void): () => void;
  /**
   * Before the page is left or reloaded, asks `shouldAsk`; when it says so, the browser asks
   * the user to confirm. Returns the unsubscribe.
   */
  onLeave(shouldAsk: () => boolean): () => void;
  /** Milliseconds, monotonic. */
  now(): number;
  /** Calls `callback` after `ms`; returns the cancel. */
  setTimer(callback: () => void, ms: number): () => void;
}

export interface PendingLinkState {
  /** A link waiting for its file to be opened; null when there is none. */
  pending: DeepLink | null;
}

export interface HistorySync {
  pending: StoreApi<PendingLinkState>;
  /** The query string of a link to what is shown now (the pending link's, while one waits). */
  currentSearch(): string;
  /** Opens files chosen for the pending link: the first new top-level file is its file. */
  openForLink(files: readonly File[]): Promise<void>;
  dismissPending(): void;
  stop(): void;
}

/**
 * The remote URLs a file was opened from, in source order: each source fetched from the
 * network records its `url` (the remote-open path sets it; local sources have none). A
 * `remoteUrls` list on the file, where one is kept, says the same.
 */
function remoteUrlsOf(file: OpenFile): readonly string[] {
  const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
  const recorded: unknown = (file as { remoteUrls?: unknown }).remoteUrls;
  if (Array.isArray(recorded)) return recorded.filter(isText);
  const sources = file.sources as readonly { url?: unknown }[];
  return sources.flatMap((source) => (isText(source.url) ? [source.url] : []));
}

/** The content key of what the preview of a selection shows; null when it has no preview. */
export function previewKeyOf(selection: Selection): string | null {
  if (selection.kind === 'file') return contentKey(selection.fileId, FILE_REF);
  if (selection.row.isFolder || selection.row.entryIndex < 0) return null;
  return contentKey(selection.fileId, nodeRef(selection.row.entryIndex));
}

/** The key of a selection's decoded view state (`viewStateKey`). */
export function viewStateKeyOf(selection: Selection): string {
  return viewStateKey(selection.fileId, selection.kind === 'row' ? selection.row.path : null);
}

export function createHistorySync(
  state: DelveState,
  spots: PreviewSpots,
  env: HistoryEnv,
): HistorySync {
  const { stores, actions } = state;
  const initial = parseDeepLink(env.search());
  const pending = createStore<PendingLinkState>(() => ({
    pending: initial.file !== null ? initial : null,
  }));
  /** Ids of the top-level files open when the prompt's file was chosen; null: match by name. */
  let openedBefore: ReadonlySet<string> | null = null;
  const comparison = createCompareHistory(state.compare, stores.files);
  /** What the address selected when last written (`linkTarget`, or a comparison's target). */
  let lastTarget = linkTarget(initial);
  /** True when the address last written was a comparison's; and one with no change selected. */
  let wasComparing = false;
  let wasBareComparison = false;
  let targetSince = env.now();
  /** True once this page's history holds the guard entry before the first selection. */
  let isGuarded = false;
  let restoring = 0;
  let cancelWrite: (() => void) | null = null;

  const topFiles = () => stores.files.getState().files.filter((file) => file.parentId === null);

  function currentLink(): DeepLink {
    const { files } = stores.files.getState();
    const urls = [...new Set(topFiles().flatMap(remoteUrlsOf))];
    const { selection } = stores.view.getState();
    const selected = selection && files.find((file) => file.id === selection.fileId);
    if (!selection || !selected) return { ...EMPTY_LINK, urls };
    let root = selected;
    let node = selection.kind === 'row' ? selection.row.path : null;
    // A file opened from an entry has no name a link could find again: the link goes to
    // that entry of the top-level file.
    while (root.parentId !== null) {
      const parent = files.find((file) => file.id === root.parentId);
      if (!parent) break;
      node = root.parentPath;
      root = parent;
    }
    const isOwnRow = root === selected;
    const key = isOwnRow ? previewKeyOf(selection) : null;
    const { shown, shownState } = spots.store.getState();
    const spot = key !== null && shown?.key === key ? shown : null;
    const stateKey = isOwnRow ? viewStateKeyOf(selection) : null;
    const state = stateKey !== null && shownState?.key === stateKey ? shownState.state : null;
    return {
      urls,
      file: root.name,
      node,
      view: spot?.view ?? null,
      offset: spot?.offset ?? null,
      state: state ?? NO_VIEW_STATE,
    };
  }

  /** The address follows the comparison shown: its change selected is the selection. */
  function writeComparison(search: string, target: string, isBare: boolean): void {
    const now = env.now();
    const isNewTarget = target !== lastTarget;
    // Opening the comparison, and its first change selected, are each a step of their own.
    const isStep = !wasComparing || (isNewTarget && wasBareComparison);
    const isDeliberate = isNewTarget && !isBare && now - targetSince >= SETTLE_MS;
    if (isNewTarget) targetSince = now;
    lastTarget = target;
    wasComparing = true;
    wasBareComparison = isBare;
    if (search === env.search()) return;
    if (isStep || isDeliberate) env.push(search);
    else env.replace(search);
  }

  function write(): void {
    if (pending.getState().pending !== null || restoring > 0) return;
    const compared = comparison.current();
    if (compared !== null) {
      writeComparison(compared.search, compared.target, compared.isBare);
      return;
    }
    const link = currentLink();
    const now = env.now();
    const hasFiles = topFiles().length > 0;
    // With every file closed, the next file opened starts over with a guard of its own.
    if (!hasFiles) isGuarded = false;
    const target = linkTarget(link);
    const isNewTarget = target !== lastTarget;
    const isDeliberate =
      isNewTarget && lastTarget !== '' && link.file !== null && now - targetSince >= SETTLE_MS;
    // Leaving the guard entry (files open, nothing selected) for a selection keeps the guard.
    const isFromGuard = isNewTarget && lastTarget === '' && link.file !== null && hasFiles;
    // Closing a comparison is a step of its own: Back goes into it again.
    const isFromComparison = wasComparing;
    wasComparing = false;
    if (isNewTarget) targetSince = now;
    lastTarget = target;
    const keep = isFromComparison ? comparison.withoutOwn(env.search()) : env.search();
    const search = formatDeepLink(link, keep);
    if (hasFiles && target !== '' && !isGuarded) {
      isGuarded = true;
      // The page was opened with a link: that entry becomes the guard, the link follows it.
      if (linkTarget(parseDeepLink(env.search())) !== '') {
        env.replace(formatDeepLink({ ...EMPTY_LINK, urls: link.urls }, env.search()));
      }
      env.push(search);
      return;
    }
    if (search === env.search()) return;
    if (isDeliberate || isFromGuard || isFromComparison) env.push(search);
    else env.replace(search);
  }

  function scheduleWrite(): void {
    if (cancelWrite !== null) return;
    cancelWrite = env.setTimer(() => {
      cancelWrite = null;
      write();
    }, WRITE_DELAY_MS);
  }

  /**
   * Selects what `link` names in an open file (its node, or the file's own row) and asks the
   * preview for its tab and offset and the decoded view for its state.
   */
  async function restore(file: OpenFile, link: DeepLink): Promise<void> {
    restoring += 1;
    try {
      // Asked before the selection lands, so the view starts in the link's state at once.
      spots.wantState({ key: viewStateKey(file.id, link.node), state: link.state });
      let isFound = true;
      if (link.node === null) actions.selectFile(file.id);
      else isFound = await actions.revealPath(file.id, link.node);
      if (!isFound) {
        actions.selectFile(file.id);
        actions.notify('info', `${file.name}: the link's ${link.node ?? ''} is not in this file`);
      }
      const { selection } = stores.view.getState();
      const isThere = isFound && selection?.fileId === file.id;
      const key = isThere ? previewKeyOf(selection) : null;
      const wantsSpot = link.view !== null || link.offset !== null;
      spots.want(key !== null && wantsSpot ? { key, view: link.view, offset: link.offset } : null);
      if (!isThere) spots.wantState(null);
    } finally {
      restoring -= 1;
    }
    // The restored selection is where this entry is; its time starts now.
    lastTarget = linkTarget(currentLink());
    targetSince = env.now();
    scheduleWrite();
  }

  /** Restores the pending link once its file is open and read. */
  function applyPending(): void {
    const link = pending.getState().pending;
    if (link === null) return;
    const files = topFiles();
    const before = openedBefore;
    const target =
      before !== null
        ? files.find((file) => !before.has(file.id))
        : files.find((file) => file.name === link.file);
    if (!target || target.status === 'opening') return;
    openedBefore = null;
    pending.setState({ pending: null });
    void restore(target, link);
  }

  function onPop(): void {
    if (cancelWrite !== null) {
      cancelWrite();
      cancelWrite = null;
    }
    // An entry of a comparison is restored by it; any other closes the comparison shown.
    if (comparison.restore(env.search())) {
      const restored = comparison.current();
      lastTarget = restored?.target ?? lastTarget;
      wasComparing = true;
      wasBareComparison = restored?.isBare ?? false;
      targetSince = env.now();
      return;
    }
    comparison.leave();
    wasComparing = false;
    const link = parseDeepLink(env.search());
    if (link.file === null && topFiles().length > 0) {
      // The guard entry: the files stay open, nothing is selected.
      lastTarget = linkTarget(link);
      targetSince = env.now();
      if (stores.view.getState().selection !== null) actions.select(null);
      return;
    }
    const file = link.file === null ? undefined : topFiles().find((f) => f.name === link.file);
    if (!file) {
      // An entry of a file no longer open: nothing to select; the entry stays as it is.
      lastTarget = linkTarget(link);
      targetSince = env.now();
      return;
    }
    void restore(file, link);
  }

  const unsubscribes = [
    stores.files.subscribe(() => {
      applyPending();
      scheduleWrite();
    }),
    stores.view.subscribe((now, before) => {
      if (now.selection === before.selection) return;
      // A wish for the preview of what was selected before is void.
      const { wanted, wantedState } = spots.store.getState();
      if (wanted && (now.selection === null || previewKeyOf(now.selection) !== wanted.key)) {
        spots.want(null);
      }
      if (
        wantedState &&
        (now.selection === null || viewStateKeyOf(now.selection) !== wantedState.key)
      ) {
        spots.wantState(null);
      }
      scheduleWrite();
    }),
    spots.store.subscribe(scheduleWrite),
    comparison.subscribe(scheduleWrite),
    env.onPop(onPop),
    env.onLeave(() => topFiles().length > 0),
  ];

  return {
    pending,
    currentSearch() {
      const link = pending.getState().pending ?? currentLink();
      return formatDeepLink(link, env.search());
    },
    async openForLink(files) {
      openedBefore = new Set(topFiles().map((file) => file.id));
      await actions.openFiles(files);
    },
    dismissPending() {
      openedBefore = null;
      pending.setState({ pending: null });
      scheduleWrite();
    },
    stop() {
      for (const unsubscribe of unsubscribes) unsubscribe();
      cancelWrite?.();
    },
  };
}

/** The real browser: the page's own path, its history and popstate. */
export function browserHistoryEnv(): HistoryEnv {
  const urlWith = (search: string) => `${location.pathname}${search}${location.hash}`;
  return {
    search: () => location.search,
    push: (search) => history.pushState(history.state, '', urlWith(search)),
    replace: (search) => history.replaceState(history.state, '', urlWith(search)),
    onPop(listener) {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
    onLeave(shouldAsk) {
      const listener = (event: BeforeUnloadEvent) => {
        if (!shouldAsk()) return;
        event.preventDefault();
        // Older browsers ask only when returnValue is set.
        event.returnValue = '';
      };
      window.addEventListener('beforeunload', listener);
      return () => window.removeEventListener('beforeunload', listener);
    },
    now: () => performance.now(),
    setTimer(callback, ms) {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    },
  };
}

/** No browser (server-side renders under Node): no URL to read, nothing to write. */
export function inertHistoryEnv(): HistoryEnv {
  return {
    search: () => '',
    push: () => undefined,
    replace: () => undefined,
    onPop: () => () => undefined,
    onLeave: () => () => undefined,
    now: () => 0,
    setTimer: () => () => undefined,
  };
}
