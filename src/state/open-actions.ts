/**
 * Opening and closing files. Each session gets its own decoder (its own worker), so a file
 * that hangs or kills its worker takes only itself down; the others keep working. Files that
 * belong together (an index and its volumes) open as one session, or join the session that
 * lists them as missing; an entry's content can be opened as a file of its own, nested under
 * the entry.
 */
import type { FormatModule } from '../formats/model.ts';
import { FORMATS, unwrappedPath } from '../formats/registry.ts';
import { nodeRef, type NamedBlob, type NamedSource } from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import { createSessionOpener, TOP_LEVEL, type Placement } from './open-session.ts';
import { baseName } from './queries.ts';
import {
  baseNameOf,
  gatherDrop,
  namedBlobOf,
  namedPaths,
  type GatheredGroup,
} from './gather-drop.ts';
import type { DroppedItem, FileSetChoice, OpenAs, OpenItem } from './types.ts';
import { groupSources, missingNames, type SourceGroup } from './source-groups.ts';
import { createRemoteOpener } from './remote-open.ts';
import { remoteUrlsOf } from './remote-urls.ts';

export { OPEN_PROGRESS_INTERVAL_MS } from './open-session.ts';

export interface OpenActions {
  /**
   * Opens dropped files and selects the first that opens on its own; resolves when all have
   * finished parsing (or failed). A file an open session lists as missing is added to it; files whose names go together are offered to
   * one session; the rest open each in a worker of its own.
   */
  openFiles(files: readonly (File | OpenItem)[]): Promise<void>;
  /** Fetches the files of a sample and opens them as one drop (a game folder keeps its paths). */
  openSample(files: readonly { url: string; path: string }[]): Promise<void>;
  /** Opens another of the ways a gathered file can be opened (another build), in its place. */
  chooseFileSet(fileId: string, choice: number): Promise<void>;
  /** Shows a message the UI raises itself (a folder that could not be read). */
  notify(kind: 'error' | 'info', message: string): void;
  /**
   * Fetches a file (e.g. the sample) and opens it under `name`. Resolves once the file is in
   * the tree: its parse goes on, like any open.
   */
  openFromUrl(url: string, name: string): Promise<void>;
  /**
   * Opens remote files by address (absolute, or relative to the page) as one drop: an index
   * and its volumes form one session. Read by HTTP Range requests where the server allows
   * them, else downloaded whole (a job with progress and Cancel). Resolves once each has
   * opened or failed (a toast says what failed and what the server must allow).
   */
  openUrls(urls: readonly string[]): Promise<void>;
  /** Offers sources (volumes) to an open session; the ones it does not take are reported. */
  addSources(fileId: string, files: readonly File[]): Promise<void>;
  /**
   * Opens an entry's content as a file of its own (in its own worker), listed under the
   * entry; selects it. Opened already: selects that one. `onlyKnownFormat`: only when a
   * format knows its bytes (Enter in the tree; a plain file would open as a raw copy of the
   * entry, showing nothing its own row does not).
   */
  openNested(
    fileId: string,
    entryIndex: number,
    options?: { onlyKnownFormat?: boolean },
  ): Promise<void>;
  /** Closes a file and the files opened from its entries. */
  closeFile(fileId: string): void;
  /**
   * Opens a file again in a fresh worker (after its decoder died or was stopped, or the side
   * inputs it reads changed), where it was, selected if it was.
   */
  reopenFile(fileId: string): Promise<void>;
  /** Opens a file again as `openAs.format` with its settings, whatever its bytes say. */
  reopenFileAs(fileId: string, openAs: OpenAs): Promise<void>;
  /**
   * Opens bytes as a file of `openAs.format` with its settings, whatever they look like (a
   * blob pasted from a capture); selects it. Resolves once it is open (or failed).
   */
  openBytesAs(name: string, bytes: Uint8Array, openAs: OpenAs): Promise<void>;
  dismissFileError(fileId: string): void;
}

/** Files of a dropped folder that open one by one when no format gathers them, at most. */
export const MAX_FOLDER_FILES = 64;

/** A loose file is dropped under its own name. */
function droppedItemOf(item: File | OpenItem): OpenItem {
  return 'path' in item && 'file' in item ? item : { file: item, path: item.name };
}

const named = (file: File): NamedBlob => ({ name: file.name, blob: file });

/** The files of one drop: which opened on their own (file ids), which a session claimed. */
interface Drop {
  files: readonly NamedSource[];
  ids: Map<NamedSource, string>;
  claimed: Set<NamedSource>;
}

/**
 * Whether a file named `name` is one of `missing` (from missingNames): by its name, or by the
 * name of the file it wraps (`tank.dds.dvpl` serves for `tank.dds`).
 */
function servesMissing(
  missing: ReadonlySet<string>,
  name: string,
  formats: readonly FormatModule[],
): boolean {
  const lower = name.toLowerCase();
  return missing.has(lower) || missing.has(unwrappedPath(lower, formats));
}

/** Resolves in a later task, after the page has rendered what this one changed. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export function createOpenActions(context: Context): OpenActions {
  const { stores, deps } = context;
  const formats = deps.formats ?? FORMATS;
  const { addFile, runOpen, dropJobsOf } = createSessionOpener(context, {
    openWrapped: (fileId, node) => void openWrapped(fileId, node),
  });

  /**
   * A wrapper's file opens below it when it is a format Delve reads: a raw payload would be
   * a second row of the same name that shows nothing the wrapper's entry does not (its
   * preview, download and checksums are the entry's). "Open as file" still opens it.
   */
  async function openWrapped(fileId: string, node: number): Promise<void> {
    const detected = await context.queries.cache.fetch(
      context.queries.detectedFormat(fileId, node),
    );
    if (detected.status === 'ok' && detected.value === null) return;
    // Files given with the wrapper go to the file it wraps (a descriptor's image beside it);
    // that file's worker unwraps those that are wrapped too.
    await openNested(fileId, node, context.getFile(fileId)?.sources.slice(1) ?? []);
  }

  /**
   * Opens a group of dropped files: the main file first, on its own (only its table says
   * which files it needs). Then the files of the drop it lists as missing are added to it
   * (one opened on its own meanwhile is closed and moved), and its other companions open on
   * their own. A reopen hands all of a session's sources to `open` at once.
   */
  async function openGroup(group: SourceGroup<NamedSource>, placement: Placement, drop: Drop) {
    const id = await openInDrop(group.main, placement, drop);
    const missing = missingNames(context.liveFile(id)?.summary?.missingSources ?? []);
    const wanted: NamedSource[] = [];
    for (const other of missing.size > 0 ? drop.files : []) {
      if (other === group.main || drop.claimed.has(other)) continue;
      if (!servesMissing(missing, other.name, formats)) continue;
      const otherId = drop.ids.get(other);
      // Only a file this drop opened on its own (not one a session took) may move.
      if (otherId !== undefined && context.getFile(otherId)?.sources.length !== 1) continue;
      drop.claimed.add(other);
      wanted.push(other);
      if (otherId !== undefined) closeFile(otherId);
    }
    const others = group.companions.filter((companion) => !drop.claimed.has(companion));
    await Promise.all([
      offerSources(id, wanted),
      ...others.map((companion) => openInDrop(companion, placement, drop)),
    ]);
  }

  function openInDrop(source: NamedSource, placement: Placement, drop: Drop): Promise<string> {
    const file = addFile([source], placement);
    drop.ids.set(source, file.id);
    return runOpen(file);
  }

  /** The open session that lists `name` as a source it lacks. */
  function sessionMissing(name: string): string | undefined {
    return stores.files
      .getState()
      .files.find(
        (file) =>
          !file.hasCrashed &&
          file.summary !== null &&
          servesMissing(missingNames(file.summary.missingSources), name, formats),
      )?.id;
  }

  async function openFiles(files: readonly (File | OpenItem)[]): Promise<void> {
    await (
      await startDrop(files)
    ).done;
  }

  /** Adds the files of a drop to the tree; `done` settles once all have opened (or failed). */
  async function startDrop(
    files: readonly (File | OpenItem)[],
  ): Promise<{ done: Promise<unknown> }> {
    const toAdd = new Map<string, NamedSource[]>();
    const toOpen: OpenItem[] = [];
    for (const item of files.map(droppedItemOf)) {
      const source = namedBlobOf(item);
      const owner = sessionMissing(source.name);
      if (owner) toAdd.set(owner, [...(toAdd.get(owner) ?? []), source]);
      else toOpen.push(item);
    }
    const gathered = await gatherDrop(toOpen, formats);
    const rest = leaveFolderRest(gathered.rest, gathered.groups.length > 0);
    const drop: Drop = {
      files: rest.map(namedBlobOf),
      ids: new Map(),
      claimed: new Set(),
    };
    const groups = groupSources(drop.files);
    // One file: show its contents at once. Many: a list of files is the better overview.
    const placement = { ...TOP_LEVEL, isExpanded: groups.length + gathered.groups.length === 1 };
    const before = new Set(stores.files.getState().files.map((file) => file.id));
    const done = Promise.all([
      ...[...toAdd].map(([fileId, added]) => offerSources(fileId, added)),
      ...gathered.groups.map((group) => openGathered(group, 0, placement).opened),
      ...groups.map((group) => openGroup(group, placement, drop)),
    ]);
    // What was just opened is what the user wants to see: select the first new file (the
    // tree scrolls to a new selection), wherever the earlier files left it.
    const added = stores.files.getState().files.find((file) => !before.has(file.id));
    if (added) select(added.id);
    return { done };
  }

  /**
   * The files of a dropped folder that no format gathered open each in a worker of their
   * own, so a whole install (thousands of files) must not: when a format gathered part of
   * the folder (a game), or when more than MAX_FOLDER_FILES are left, the rest of the
   * folder stays closed, and a message says so. Loose files always open.
   */
  function leaveFolderRest(rest: readonly OpenItem[], hasGathered: boolean): OpenItem[] {
    const inFolders = rest.filter((item) => item.path.includes('/'));
    if (inFolders.length === 0 || (!hasGathered && inFolders.length <= MAX_FOLDER_FILES)) {
      return [...rest];
    }
    const why = hasGathered ? 'not part of what was opened' : `more than ${MAX_FOLDER_FILES}`;
    context.toast(
      'info',
      `${inFolders.length === 1 ? '1 other file of the folder was' : `${inFolders.length.toLocaleString('en-US')} other files of the folder were`} left closed (${why}): ${namedPaths(inFolders.map((item) => item.path))}; drop a file on its own to open it`,
    );
    return rest.filter((item) => !item.path.includes('/'));
  }

  /** Opens one set of a gathered group as one session, remembering the others. */
  function openGathered(group: GatheredGroup, choice: number, placement: Placement) {
    const set = group.sets[choice]!;
    const fileSet: FileSetChoice = { note: group.note, sets: group.sets, chosen: choice };
    const file = addFile(set.sources, placement, { name: set.name, fileSet });
    return { file, opened: runOpen(file) };
  }

  async function openSample(files: readonly { url: string; path: string }[]): Promise<void> {
    let items: DroppedItem[];
    try {
      items = await Promise.all(
        files.map(async ({ url, path }) => {
          const response = await deps.fetch(url);
          if (!response.ok) {
            throw new Error(`${path}: HTTP ${response.status} ${response.statusText}`.trim());
          }
          return { file: new File([await response.blob()], baseNameOf(path)), path };
        }),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      context.toastError('The sample', 'could not be loaded', message);
      return;
    }
    await openFiles(items);
  }

  async function chooseFileSet(fileId: string, choice: number): Promise<void> {
    const file = context.getFile(fileId);
    const fileSet = file?.fileSet;
    if (!file || !fileSet || choice === fileSet.chosen || !fileSet.sets[choice]) return;
    const position = stores.files.getState().files.indexOf(file);
    closeFile(fileId);
    const group: GatheredGroup = { note: fileSet.note, sets: fileSet.sets };
    const { file: opened, opened: done } = openGathered(group, choice, {
      isExpanded: file.isExpanded,
      parentId: file.parentId,
      parentPath: file.parentPath,
    });
    // In the place of the one it replaces, selected as that one was.
    stores.files.setState((state) => {
      const rest = state.files.filter((candidate) => candidate !== opened);
      rest.splice(Math.min(position, rest.length), 0, opened);
      return { files: rest };
    });
    select(opened.id);
    await done;
  }

  /** Offers sources to a session; it takes the ones it names and lacks. */
  async function offerSources(fileId: string, offered: readonly NamedSource[]): Promise<void> {
    const file = context.liveFile(fileId);
    if (!file || offered.length === 0) return;
    let result;
    try {
      result = await file.decoder.addSources([...offered]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      context.toastError(file.name, 'adding sources failed', message);
      return;
    }
    const current = context.liveFile(fileId);
    if (!current) return;
    if (!result.ok) {
      context.toastError(file.name, 'adding sources failed', result.error);
      return;
    }
    const summary = result.value;
    const takenNames = new Set(summary.sources);
    // A wrapped source is used under the name of the file it wraps.
    const isTaken = (source: NamedSource) =>
      takenNames.has(source.name) || takenNames.has(unwrappedPath(source.name, formats));
    const taken = offered.filter(isTaken);
    const refused = offered.filter((source) => !isTaken(source));
    context.updateFile(fileId, (before) => {
      const sources = [...before.sources, ...taken];
      const remoteUrls = remoteUrlsOf(sources);
      return {
        summary,
        sources,
        ...(remoteUrls.length > 0 ? { remoteUrls } : {}),
        error: summary.fatal ?? before.error,
        // Entries that were missing are unchecked now: the file's checksum state says so.
        verifySummary: summary.verifySummary ?? before.verifySummary,
      };
    });
    // Rows may read differently now (a missing entry can be checked); content may be there.
    context.bumpRows(fileId, current.rowCount);
    context.queries.contentChanged(fileId);
    if (refused.length > 0) {
      const names = refused.map((source) => source.name).join(', ');
      context.toast('info', `${file.name}: not a source it needs: ${names}`);
    }
  }

  function closeFile(fileId: string): void {
    const files = stores.files.getState().files;
    const position = files.findIndex((file) => file.id === fileId);
    if (position < 0) return;
    // The files opened from its entries go with it.
    const closing = new Set([fileId]);
    for (const file of files) {
      if (file.parentId !== null && closing.has(file.parentId)) closing.add(file.id);
    }
    for (const file of files) {
      if (!closing.has(file.id)) continue;
      dropJobsOf(file.id);
      file.decoder.terminate();
      context.forgetFile(file.id);
      context.resetMarks(file.id);
    }
    const remaining = files.filter((candidate) => !closing.has(candidate.id));
    stores.files.setState({ files: remaining });
    const selected = stores.view.getState().selection?.fileId;
    if (selected !== undefined && closing.has(selected)) {
      // Select a neighbour so keyboard users keep their place in the tree.
      const neighbour = remaining[Math.min(position, remaining.length - 1)];
      stores.view.setState({
        selection: neighbour ? { kind: 'file', fileId: neighbour.id } : null,
        multi: null,
        summary: null,
      });
    }
  }

  async function openNested(
    fileId: string,
    entryIndex: number,
    besides: readonly NamedSource[] = [],
  ): Promise<void> {
    const file = context.liveFile(fileId);
    if (!file) return;
    const details = await context.queries.cache.fetch(
      context.queries.entryDetails(fileId, entryIndex),
    );
    if (details.status !== 'ok') {
      if (details.status === 'error')
        context.toastError(file.name, 'opening the entry failed', details.error);
      return;
    }
    const { path, unavailable } = details.value;
    // Content that cannot be read is not offered to open; the details pane says why.
    if (unavailable !== null) return;
    const name = baseName(path);
    const opened = stores.files
      .getState()
      .files.find((candidate) => candidate.parentId === fileId && candidate.parentPath === path);
    if (opened) {
      select(opened.id);
      return;
    }
    let blob;
    try {
      blob = await file.decoder.readBlob(nodeRef(entryIndex));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      context.toastError(file.name, `reading ${name} failed`, message);
      return;
    }
    if (!context.getFile(fileId)) return;
    if (!blob.ok) {
      context.toastError(file.name, `reading ${name} failed`, blob.error);
      return;
    }
    // Errors of the nested file's own parse stay with it (its row shows them).
    const child = addFile([{ name, blob: blob.value }, ...besides], {
      isExpanded: true,
      parentId: fileId,
      parentPath: path,
    });
    select(child.id);
    await runOpen(child);
  }

  async function reopenFile(fileId: string): Promise<void> {
    // Three tasks, each rendered on its own: what asked for the reopen (a type list's
    // answer), the file closed and added again, its open started. In one task they took
    // 55–70 ms of the page when a type list reopened a file.
    await nextTask();
    // A crashed file is reopened too: what it was opened from is all that is needed.
    const file = context.getFile(fileId);
    if (!file) return;
    const placement: Placement = {
      isExpanded: true,
      parentId: file.parentId,
      parentPath: file.parentPath,
      // In its place in the tree, not at the end: a type list added must not move it.
      at: stores.files.getState().files.findIndex((candidate) => candidate.id === fileId),
    };
    const wasSelected = stores.view.getState().selection?.fileId === fileId;
    closeFile(fileId);
    const again = addFile(file.sources, placement, null, file.openAs ?? null);
    if (wasSelected) select(again.id);
    await nextTask();
    if (!context.liveFile(again.id)) return;
    await runOpen(again);
  }

  function select(fileId: string): void {
    stores.view.setState({ selection: { kind: 'file', fileId }, multi: null, summary: null });
  }

  const { openUrls } = createRemoteOpener(context, {
    openItems: openFiles,
    pageUrl: () => (typeof location === 'undefined' ? 'http://localhost/' : location.href),
  });

  return {
    openFiles,
    openUrls,
    openSample,
    chooseFileSet,
    notify: (kind, message) => context.toast(kind, message),
    addSources: (fileId, files) => offerSources(fileId, files.map(named)),
    async openNested(fileId, entryIndex, options = {}) {
      if (options.onlyKnownFormat) {
        const detected = await context.queries.cache.fetch(
          context.queries.detectedFormat(fileId, entryIndex),
        );
        if (detected.status === 'ok' && detected.value === null) return;
      }
      await openNested(fileId, entryIndex);
    },
    closeFile,

    async openFromUrl(url, name) {
      let file: File;
      try {
        const response = await deps.fetch(url);
        if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
        file = new File([await response.blob()], name);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        context.toastError(name, 'could not be loaded', message);
        return;
      }
      // In the tree once this resolves; its parse goes on.
      void (await startDrop([file])).done;
    },

    reopenFile,

    async reopenFileAs(fileId, openAs) {
      if (!context.getFile(fileId)) return;
      context.updateFile(fileId, () => ({ openAs }));
      await reopenFile(fileId);
    },

    async openBytesAs(name, bytes, openAs) {
      const file = addFile([{ name, blob: new Blob([bytes.slice()]) }], TOP_LEVEL, null, openAs);
      select(file.id);
      await runOpen(file);
    },

    dismissFileError(fileId) {
      context.updateFile(fileId, () => ({ isErrorDismissed: true }));
    },
  };
}
