/**
 * Comparing two open files: the old file's own decoder diffs its open session against what
 * the new file's decoder already read of its nodes (`nodeFacts`, worker/rpc/compare.ts), so
 * the first rows wait for no worker to start and no table to be read again. Files no longer
 * open (a comparison whose old file was closed) are compared by a decoder of its own, which
 * opens both from their sources. This store keeps where the comparison stands — counts, the
 * statuses and filter shown, the row selected — and the page pulls rows of the diff tree
 * from that decoder as it does a file's.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CompareSummary,
  DiffCounts,
  DiffSide,
  DiffSideView,
  DiffStatus,
  DiffTreeRow,
  NamedSource,
  CompareFacts,
  NodeFacts,
  Result,
} from '../worker/rpc/api.ts';
import type { FileDecoder } from '../worker/rpc/client.ts';
import type { Context } from './context.ts';
import type { OpenFile } from './types.ts';
import { createJobRunner } from './run-job.ts';

/** What a comparison compares: two lists of sources (a file and the volumes it took), named. */
export interface CompareSides {
  oldName: string;
  newName: string;
  oldSources: readonly NamedSource[];
  newSources: readonly NamedSource[];
  /** The open files they are: the old one's decoder compares, the new one's tells its facts. */
  oldFileId?: string;
  newFileId?: string;
  /** The web addresses they were opened from, when both were: a link can name them. */
  oldUrls?: readonly string[];
  newUrls?: readonly string[];
}

export interface Comparison {
  id: number;
  sides: CompareSides;
  status: 'running' | 'done' | 'failed';
  error: string | null;
  counts: DiffCounts;
  rowCount: number;
  /** Bumped whenever the worker's rows change, so pages are fetched again. */
  rowsVersion: number;
  statuses: readonly DiffStatus[];
  filter: string;
  /** Nodes the filter matches; null without a filter. */
  matchCount: number | null;
  /** The path of the diff row selected; null: none. */
  selectedPath: string | null;
  hasContent: boolean;
}

export interface CompareState {
  comparison: Comparison | null;
  /** The file a "Compare with…" picker is open for; null: none is. */
  pickerFileId: string | null;
}

/** The statuses in the order the page lists them. */
export const DIFF_STATUS_ORDER: readonly DiffStatus[] = [
  'added',
  'removed',
  'changed',
  'unchanged',
];

/** Statuses shown at first: what changed (unchanged rows hidden). */
export const CHANGED_STATUSES: readonly DiffStatus[] = ['added', 'removed', 'changed'];

/** Files the picker offers whose node facts are asked for as it opens, at most. */
const MAX_FACTS_AHEAD = 4;

/** The open files `file` can be compared with: read, of its format, their workers alive. */
export function comparableWith(file: OpenFile, files: readonly OpenFile[]): OpenFile[] {
  const format = file.summary?.format;
  return files.filter(
    (other) =>
      other.id !== file.id &&
      !other.hasCrashed &&
      other.status !== 'opening' &&
      other.summary !== null &&
      other.summary.format === format,
  );
}

export interface CompareActions {
  openComparePicker(fileId: string): void;
  closeComparePicker(): void;
  /** Compares two open files: `oldFileId` is the old side. */
  compareFiles(oldFileId: string, newFileId: string, selectedPath?: string | null): Promise<void>;
  compareSides(sides: CompareSides, selectedPath?: string | null): Promise<void>;
  swapComparison(): Promise<void>;
  closeComparison(): void;
  showDiffStatuses(statuses: readonly DiffStatus[]): void;
  setDiffFilter(filter: string): void;
  selectDiffPath(path: string | null): void;
  exportDiff(kind: 'csv' | 'json'): Promise<void>;
  diffRows(start: number, count: number): Promise<DiffTreeRow[]>;
  setDiffExpanded(nodeId: number, isExpanded: boolean): Promise<void>;
  diffRowOfPath(path: string): Promise<number>;
  diffSide(side: DiffSide, index: number, maxBytes: number): Promise<Result<DiffSideView>>;
}

export function createCompareState(context: Context): {
  store: StoreApi<CompareState>;
  actions: CompareActions;
} {
  const store = createStore<CompareState>(() => ({ comparison: null, pickerFileId: null }));
  const { runJob } = createJobRunner(context);
  let decoder: FileDecoder | null = null;
  /** The open file whose decoder runs the comparison; null: a decoder of its own does. */
  let hostFileId: string | null = null;
  let lastId = 0;

  const update = (id: number, change: Partial<Comparison>) =>
    store.setState(({ comparison }) => ({
      comparison: comparison?.id === id ? { ...comparison, ...change } : comparison,
    }));
  const current = () => store.getState().comparison;
  const live = (): FileDecoder => {
    if (!decoder) throw new Error('nothing is compared');
    return decoder;
  };

  /** Ends the comparison in its decoder: a borrowed one forgets it, one of its own ends. */
  function releaseDecoder(): void {
    const last = decoder;
    decoder = null;
    if (last && hostFileId === null) last.terminate();
    else if (last) {
      void last.cancel('compare').catch(() => undefined);
      void last.diffRelease().catch(() => undefined);
    }
    hostFileId = null;
  }

  /**
   * What the comparing decoder gets of each side: its own file, and the new file's facts;
   * null (both opened from their sources) when the new file's decoder cannot tell them.
   */
  async function factsFor(oldFile: OpenFile, newFile: OpenFile): Promise<CompareFacts | null> {
    if (newFile.id === oldFile.id) return { old: 'open-file', new: 'open-file' };
    const asked = factsAhead.get(newFile.id);
    factsAhead.clear();
    const facts = await (asked?.decoder === newFile.decoder ? asked.facts : factsOf(newFile));
    return facts ? { old: 'open-file', new: facts } : null;
  }

  /** What a file's decoder read of its nodes; null when it cannot tell them. */
  async function factsOf(file: OpenFile): Promise<NodeFacts | null> {
    try {
      const result = await file.decoder.nodeFacts();
      return result.ok ? result.value : null;
    } catch {
      return null;
    }
  }

  /**
   * Node facts asked for when the picker opened, of each file it offers: while the user
   * picks one, its decoder reads them, and the comparison starts from them at once.
   */
  const factsAhead = new Map<string, { decoder: FileDecoder; facts: Promise<NodeFacts | null> }>();

  // The file whose decoder compares was closed, or its worker died: the comparison runs
  // again in a decoder of its own, from the sources both were opened from.
  context.stores.files.subscribe(({ files }) => {
    if (hostFileId === null) return;
    const host = files.find((file) => file.id === hostFileId);
    if (host && !host.hasCrashed && host.decoder === decoder) return;
    decoder = null;
    hostFileId = null;
    const comparison = current();
    if (!comparison) return;
    const { oldFileId: _old, newFileId: _new, ...sides } = comparison.sides;
    void actions.compareSides(sides, comparison.selectedPath);
  });

  async function show(statuses: readonly DiffStatus[], filter: string): Promise<void> {
    const comparison = current();
    if (!comparison || !decoder) return;
    update(comparison.id, { statuses, filter });
    const { rowCount, matchCount } = await decoder.diffShow([...statuses], filter);
    update(comparison.id, {
      rowCount,
      matchCount: filter === '' ? null : matchCount,
      rowsVersion: comparison.rowsVersion + 1,
    });
  }

  const actions: CompareActions = {
    openComparePicker(fileId) {
      store.setState({ pickerFileId: fileId });
      const file = context.getFile(fileId);
      const candidates = file ? comparableWith(file, context.stores.files.getState().files) : [];
      factsAhead.clear();
      // Many candidates: none is asked ahead, rather than every decoder reading its table.
      if (candidates.length > MAX_FACTS_AHEAD) return;
      for (const candidate of candidates) {
        const { decoder: candidateDecoder } = candidate;
        factsAhead.set(candidate.id, { decoder: candidateDecoder, facts: factsOf(candidate) });
      }
    },
    closeComparePicker() {
      factsAhead.clear();
      store.setState({ pickerFileId: null });
    },

    async compareFiles(oldFileId, newFileId, selectedPath = null) {
      const oldFile = context.getFile(oldFileId);
      const newFile = context.getFile(newFileId);
      if (!oldFile || !newFile) return;
      store.setState({ pickerFileId: null });
      await actions.compareSides(
        {
          oldName: oldFile.name,
          newName: newFile.name,
          oldSources: oldFile.sources,
          newSources: newFile.sources,
          oldFileId,
          newFileId,
          ...(oldFile.remoteUrls ? { oldUrls: oldFile.remoteUrls } : {}),
          ...(newFile.remoteUrls ? { newUrls: newFile.remoteUrls } : {}),
        },
        selectedPath,
      );
    },

    async compareSides(sides, selectedPath = null) {
      releaseDecoder();
      const oldFile = sides.oldFileId ? context.liveFile(sides.oldFileId) : undefined;
      const newFile = sides.newFileId ? context.liveFile(sides.newFileId) : undefined;
      const host = oldFile && newFile ? oldFile : null;
      const started = host ? host.decoder : context.deps.createDecoder();
      decoder = started;
      hostFileId = host ? host.id : null;
      const id = ++lastId;
      store.setState({
        comparison: {
          id,
          sides,
          status: 'running',
          error: null,
          counts: { added: 0, removed: 0, changed: 0, unchanged: 0 },
          rowCount: 0,
          rowsVersion: 0,
          statuses: CHANGED_STATUSES,
          filter: '',
          matchCount: null,
          selectedPath,
          hasContent: false,
        },
      });
      let rowsVersion = 0;
      const outcome = await runJob(
        {
          fileId: '',
          kind: 'compare',
          label: `Comparing ${sides.oldName} with ${sides.newName}`,
          total: 0,
        },
        () => void started.cancel('compare'),
        async (report) => {
          const facts = oldFile && newFile ? await factsFor(oldFile, newFile) : null;
          return started.compare(
            [...sides.oldSources],
            [...sides.newSources],
            (progress) => {
              report(progress.done, progress.total);
              update(id, {
                counts: progress.counts,
                rowCount: progress.rowCount,
                rowsVersion: ++rowsVersion,
              });
            },
            facts,
          );
        },
      );
      if (current()?.id !== id || !outcome) return;
      const { result } = outcome;
      if (!result.ok) {
        update(id, { status: 'failed', error: result.error.message });
        return;
      }
      const summary: CompareSummary = result.value;
      update(id, {
        status: 'done',
        counts: summary.counts,
        rowCount: summary.rowCount,
        rowsVersion: ++rowsVersion,
        hasContent: summary.hasContent,
      });
    },

    async swapComparison() {
      const comparison = current();
      if (!comparison) return;
      const { sides } = comparison;
      await actions.compareSides(
        {
          oldName: sides.newName,
          newName: sides.oldName,
          oldSources: sides.newSources,
          newSources: sides.oldSources,
          ...(sides.newFileId ? { oldFileId: sides.newFileId } : {}),
          ...(sides.oldFileId ? { newFileId: sides.oldFileId } : {}),
          ...(sides.newUrls ? { oldUrls: sides.newUrls } : {}),
          ...(sides.oldUrls ? { newUrls: sides.oldUrls } : {}),
        },
        comparison.selectedPath,
      );
    },

    closeComparison() {
      releaseDecoder();
      store.setState({ comparison: null });
    },

    showDiffStatuses: (statuses) => void show(statuses, current()?.filter ?? ''),
    setDiffFilter: (filter) => void show(current()?.statuses ?? CHANGED_STATUSES, filter),

    selectDiffPath(path) {
      const comparison = current();
      if (comparison) update(comparison.id, { selectedPath: path });
    },

    async exportDiff(kind) {
      const comparison = current();
      if (!comparison || !decoder) return;
      const result = await decoder.diffExport(kind);
      if (!result.ok) {
        context.toastError(comparison.sides.newName, 'export failed', result.error);
        return;
      }
      const stem = (name: string) => name.replace(/\.[^.]*$/, '');
      const name = `${stem(comparison.sides.oldName)}-vs-${stem(comparison.sides.newName)}.diff.${kind}`;
      context.deps.saveBlob(result.value, name);
    },

    diffRows: (start, count) => (decoder ? decoder.diffRows(start, count) : Promise.resolve([])),

    async setDiffExpanded(nodeId, isExpanded) {
      const comparison = current();
      if (!comparison) return;
      const rowCount = await live().diffSetExpanded(nodeId, isExpanded);
      update(comparison.id, { rowCount, rowsVersion: comparison.rowsVersion + 1 });
    },

    diffRowOfPath: (path) => live().diffRowOfPath(path),
    diffSide: (side, index, maxBytes) => live().diffSide(side, index, maxBytes),
  };
  return { store, actions };
}
