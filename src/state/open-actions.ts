/**
 * Opening and closing files. Each session gets its own decoder (its own worker), so a file
 * that hangs or kills its worker takes only itself down; the others keep working. Files that
 * belong together (an index and its volumes) open as one session, or join the session that
 * lists them as missing; an entry's content can be opened as a file of its own, nested under
 * the entry.
 */
import { nodeRef, type NamedBlob } from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import { createSessionOpener, TOP_LEVEL, type Placement } from './open-session.ts';
import { baseName } from './queries.ts';
import { groupSources, missingNames, type SourceGroup } from './source-groups.ts';

export { OPEN_PROGRESS_INTERVAL_MS } from './open-session.ts';

export interface OpenActions {
  /**
   * Opens dropped files; resolves when all have finished parsing (or failed). A file an open
   * session lists as missing is added to it; files whose names go together are offered to
   * one session; the rest open each in a worker of its own.
   */
  openFiles(files: readonly File[]): Promise<void>;
  /**
   * Fetches a file (e.g. the sample) and opens it under `name`. Resolves once the file is in
   * the tree: its parse goes on, like any open.
   */
  openFromUrl(url: string, name: string): Promise<void>;
  /** Offers sources (volumes) to an open session; the ones it does not take are reported. */
  addSources(fileId: string, files: readonly File[]): Promise<void>;
  /**
   * Opens an entry's content as a file of its own (in its own worker), listed under the
   * entry; selects it. Opened already: selects that one.
   */
  openNested(fileId: string, entryIndex: number): Promise<void>;
  /** Closes a file and the files opened from its entries. */
  closeFile(fileId: string): void;
  /** Opens a file again in a fresh worker (after its decoder died or was stopped). */
  reopenFile(fileId: string): Promise<void>;
  dismissFileError(fileId: string): void;
}

const named = (file: File): NamedBlob => ({ name: file.name, blob: file });

/** The files of one drop: which opened on their own (file ids), which a session claimed. */
interface Drop {
  files: readonly NamedBlob[];
  ids: Map<NamedBlob, string>;
  claimed: Set<NamedBlob>;
}

export function createOpenActions(context: Context): OpenActions {
  const { stores, deps } = context;
  const { addFile, runOpen, openSession, dropJobsOf } = createSessionOpener(context);

  /**
   * Opens a group of dropped files: the main file first, on its own (only its table says
   * which files it needs). Then the files of the drop it lists as missing are added to it
   * (one opened on its own meanwhile is closed and moved), and its other companions open on
   * their own. A reopen hands all of a session's sources to `open` at once.
   */
  async function openGroup(group: SourceGroup<NamedBlob>, placement: Placement, drop: Drop) {
    const id = await openInDrop(group.main, placement, drop);
    const missing = missingNames(context.liveFile(id)?.summary?.missingSources ?? []);
    const wanted: NamedBlob[] = [];
    for (const other of missing.size > 0 ? drop.files : []) {
      if (other === group.main || drop.claimed.has(other)) continue;
      if (!missing.has(other.name.toLowerCase())) continue;
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

  function openInDrop(source: NamedBlob, placement: Placement, drop: Drop): Promise<string> {
    const file = addFile([source], placement);
    drop.ids.set(source, file.id);
    return runOpen(file);
  }

  /** The open session that lists `name` as a source it lacks. */
  function sessionMissing(name: string): string | undefined {
    const lower = name.toLowerCase();
    return stores.files
      .getState()
      .files.find(
        (file) =>
          !file.hasCrashed &&
          file.summary !== null &&
          missingNames(file.summary.missingSources).has(lower),
      )?.id;
  }

  async function openFiles(files: readonly File[]): Promise<void> {
    const toAdd = new Map<string, File[]>();
    const toOpen: File[] = [];
    for (const file of files) {
      const owner = sessionMissing(file.name);
      if (owner) toAdd.set(owner, [...(toAdd.get(owner) ?? []), file]);
      else toOpen.push(file);
    }
    const drop: Drop = { files: toOpen.map(named), ids: new Map(), claimed: new Set() };
    const groups = groupSources(drop.files);
    // One file: show its contents at once. Many: a list of files is the better overview.
    const placement = { ...TOP_LEVEL, isExpanded: groups.length === 1 };
    await Promise.all([
      ...[...toAdd].map(([fileId, added]) => offerSources(fileId, added.map(named))),
      ...groups.map((group) => openGroup(group, placement, drop)),
    ]);
  }

  /** Offers sources to a session; it takes the ones it names and lacks. */
  async function offerSources(fileId: string, offered: readonly NamedBlob[]): Promise<void> {
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
    const taken = offered.filter((source) => takenNames.has(source.name));
    const refused = offered.filter((source) => !takenNames.has(source.name));
    context.updateFile(fileId, (before) => ({
      summary,
      sources: [...before.sources, ...taken],
      error: summary.fatal ?? before.error,
    }));
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

  async function openNested(fileId: string, entryIndex: number): Promise<void> {
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
    const { path } = details.value;
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
    const child = addFile([{ name, blob: blob.value }], {
      isExpanded: true,
      parentId: fileId,
      parentPath: path,
    });
    select(child.id);
    await runOpen(child);
  }

  function select(fileId: string): void {
    stores.view.setState({ selection: { kind: 'file', fileId }, multi: null, summary: null });
  }

  return {
    openFiles,
    addSources: (fileId, files) => offerSources(fileId, files.map(named)),
    openNested,
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
      void openFiles([file]);
    },

    async reopenFile(fileId) {
      const file = context.getFile(fileId);
      if (!file) return;
      const placement: Placement = {
        isExpanded: true,
        parentId: file.parentId,
        parentPath: file.parentPath,
      };
      closeFile(fileId);
      await openSession(file.sources, placement);
    },

    dismissFileError(fileId) {
      context.updateFile(fileId, () => ({ isErrorDismissed: true }));
    },
  };
}
