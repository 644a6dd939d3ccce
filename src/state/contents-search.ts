/**
 * Search in contents, as the page runs it: one search at a time, in the worker of the file
 * it is about (worker/jobs/contents-search.ts); its matches stream into this store as the
 * worker sends them, at most MAX_HITS of them. A match opens its entry with the hex view
 * marking the match, as a deep link's offset does (deep-link-preview.ts). Also here: the
 * listing export (the worker writes the file; the page saves it). Vanilla and injected, so
 * it is tested without React or workers.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ContentHit,
  ContentSearchQuery,
  ContentSearchUpdate,
  GrepProgress,
  GrepQuery,
  GrepSummary,
  Result,
} from '../worker/rpc/api.ts';
import { nodeRef } from '../worker/rpc/api.ts';
import { contentKey } from './content-ref.ts';
import type { PreviewSpot } from './deep-link-preview.ts';

/** Matches a search keeps at most: the list is for looking at, the CLI for bulk. */
export const MAX_HITS = 10_000;

export interface SearchScope {
  /** Tree nodes searched under; empty: the whole file. */
  nodeIds: number[];
  /** What the user sees it as: the file's name or the folder's path. */
  label: string;
}

export interface SearchRun {
  id: number;
  fileId: string;
  scope: SearchScope;
  status: 'running' | 'done' | 'cancelled' | 'failed';
  hits: ContentHit[];
  progress: GrepProgress | null;
  /** The totals, once done. */
  summary: GrepSummary | null;
  error: string | null;
}

export interface ContentsSearchState {
  /** The file the panel is open for; null: closed. */
  panelFileId: string | null;
  run: SearchRun | null;
}

/** What the search needs of a file's decoder. */
export interface SearchDecoder {
  searchContents(
    query: ContentSearchQuery,
    onUpdate: (update: ContentSearchUpdate) => void,
  ): Promise<Result<GrepSummary & { hits: ContentHit[] }>>;
  exportListing(scope: 'visible' | 'all', kind: 'csv' | 'json'): Promise<Result<Blob>>;
  cancel(kind: 'search'): Promise<void> | void;
}

export interface ContentsSearchDeps {
  /** The decoder of an open file, or why there is none. */
  decoderOf(fileId: string): SearchDecoder | string;
  fileNameOf(fileId: string): string;
  revealPath(fileId: string, path: string): Promise<boolean>;
  /** Asks the preview of some content for a tab and an offset. */
  wantSpot(spot: PreviewSpot): void;
  saveBlob(blob: Blob, name: string): void;
  notify(message: string): void;
}

export interface ContentsSearch {
  store: StoreApi<ContentsSearchState>;
  openPanel(fileId: string): void;
  closePanel(): void;
  /** Starts a search (stopping one that runs). */
  start(fileId: string, query: GrepQuery, scope: SearchScope): Promise<void>;
  cancel(): void;
  /** Selects the match's entry and shows it in hex, the whole match marked. */
  openHit(fileId: string, hit: ContentHit): Promise<void>;
  exportListing(fileId: string, scope: 'visible' | 'all', kind: 'csv' | 'json'): Promise<void>;
}

/** `name.listing.csv`: the file's name, what it is, the kind. */
export function listingFileName(name: string, scope: 'visible' | 'all', kind: string): string {
  return `${name}.${scope === 'all' ? 'listing' : 'visible-listing'}.${kind}`;
}

export function createContentsSearch(deps: ContentsSearchDeps): ContentsSearch {
  const store = createStore<ContentsSearchState>(() => ({ panelFileId: null, run: null }));
  let nextId = 1;

  /** Changes the run `id` if it is still the current one. */
  const update = (id: number, change: (run: SearchRun) => Partial<SearchRun>) => {
    const { run } = store.getState();
    if (run?.id === id) store.setState({ run: { ...run, ...change(run) } });
  };
  const addHits = (run: SearchRun, hits: readonly ContentHit[]) =>
    hits.length === 0 ? run.hits : [...run.hits, ...hits].slice(0, MAX_HITS);

  const cancel = () => {
    const { run } = store.getState();
    if (run?.status !== 'running') return;
    const decoder = deps.decoderOf(run.fileId);
    if (typeof decoder !== 'string') void decoder.cancel('search');
  };

  return {
    store,
    openPanel: (fileId) => store.setState({ panelFileId: fileId }),
    closePanel: () => store.setState({ panelFileId: null }),
    cancel,

    async start(fileId, query, scope) {
      cancel();
      const id = nextId++;
      const run: SearchRun = {
        id,
        fileId,
        scope,
        status: 'running',
        hits: [],
        progress: null,
        summary: null,
        error: null,
      };
      store.setState({ run });
      const decoder = deps.decoderOf(fileId);
      if (typeof decoder === 'string') {
        update(id, () => ({ status: 'failed', error: decoder }));
        return;
      }
      let answer: Awaited<ReturnType<SearchDecoder['searchContents']>>;
      try {
        answer = await decoder.searchContents(
          { ...query, nodeIds: scope.nodeIds, maxHits: MAX_HITS },
          // An update may arrive after the answer (another channel): its matches still
          // count, its progress is old news then.
          ({ hits, progress }) =>
            update(id, (current) => ({
              hits: addHits(current, hits),
              progress: current.status === 'running' ? progress : current.progress,
            })),
        );
      } catch (error) {
        update(id, () => ({ status: 'failed', error: String(error) }));
        return;
      }
      if (!answer.ok) {
        const isCancelled = answer.error.code === 'CANCELLED';
        update(id, () => ({
          status: isCancelled ? 'cancelled' : 'failed',
          error: isCancelled ? null : answer.error.message,
        }));
        return;
      }
      const { hits, ...summary } = answer.value;
      update(id, (current) => ({
        status: 'done',
        hits: addHits(current, hits),
        progress: summary,
        summary,
      }));
    },

    async openHit(fileId, hit) {
      const isThere = await deps.revealPath(fileId, hit.path);
      if (!isThere) {
        deps.notify(`${hit.path} is not in the tree now (a filter may hide it)`);
        return;
      }
      deps.wantSpot({
        key: contentKey(fileId, nodeRef(hit.entryIndex)),
        view: 'hex',
        offset: hit.offset,
        length: hit.length,
      });
    },

    async exportListing(fileId, scope, kind) {
      const decoder = deps.decoderOf(fileId);
      if (typeof decoder === 'string') {
        deps.notify(`Export failed: ${decoder}`);
        return;
      }
      const answer = await decoder.exportListing(scope, kind);
      if (!answer.ok) {
        deps.notify(`Export failed: ${answer.error.message}`);
        return;
      }
      deps.saveBlob(answer.value, listingFileName(deps.fileNameOf(fileId), scope, kind));
    },
  };
}
