/**
 * A comparison's part in the page's URL and history (history-sync.ts): while two files are
 * compared, the address names the comparison and its selected change —
 * `?url=A&url=B&diff=1&change=PATH` for two remote files (the share link, compare-link.ts),
 * `?diff=1&change=PATH` for local ones, whose address a link cannot name — and Back and
 * Forward restore the change selected in each entry, or the comparison itself when it was
 * closed since. The history rules (which selection earns an entry) stay history-sync's.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { CompareActions, CompareState, Comparison } from './compare.ts';
import { formatCompareLink, parseCompareLink } from './compare-link.ts';
import { encodeQueryValue } from './compare-link-encode.ts';
import type { FilesState, OpenFile } from './types.ts';

/** What a comparison puts in the address: the query and what it selects, as one string. */
export interface CompareAddress {
  search: string;
  /** The comparison and its change, comparable between two addresses; never ''. */
  target: string;
  /** True while no change is selected (the comparison's own entry). */
  isBare: boolean;
}

export interface CompareHistory {
  /** The address of the comparison shown; null when none is. */
  current(): CompareAddress | null;
  /**
   * Back or Forward landed on `search`. True when it names a comparison and that is now
   * being shown (its change selected, or compared again); false when it names none.
   */
  restore(search: string): boolean;
  /** Closes the comparison shown (an entry without one was restored). */
  leave(): void;
  /** `search` without the comparison's own parameters. */
  withoutOwn(search: string): string;
  subscribe(listener: () => void): () => void;
}

/** The query parameters a comparison adds to a page's address. */
const OWN_KEYS = ['diff', 'change'];

const remoteUrlOf = (file: OpenFile) => file.remoteUrls?.[0];

function addressOf(comparison: Comparison): CompareAddress {
  const { sides, selectedPath: change } = comparison;
  const oldUrl = sides.oldUrls?.[0];
  const newUrl = sides.newUrls?.[0];
  const search =
    oldUrl !== undefined && newUrl !== undefined
      ? formatCompareLink({ oldUrl, newUrl, change })
      : `?diff=1${change === null ? '' : `&change=${encodeQueryValue(change)}`}`;
  const target = JSON.stringify([
    'diff',
    oldUrl ?? sides.oldName,
    newUrl ?? sides.newName,
    change ?? '',
  ]);
  return { search, target, isBare: change === null };
}

export function createCompareHistory(
  compare: { store: StoreApi<CompareState>; actions: CompareActions },
  files: StoreApi<FilesState>,
): CompareHistory {
  const shown = () => compare.store.getState().comparison;
  return {
    current() {
      const comparison = shown();
      return comparison ? addressOf(comparison) : null;
    },
    restore(search) {
      const params = new URLSearchParams(search);
      if (params.get('diff') !== '1') return false;
      const comparison = shown();
      const link = parseCompareLink(search);
      const change = link ? link.change : params.get('change') || null;
      const isSame =
        comparison !== null &&
        (link === null
          ? comparison.sides.oldUrls === undefined || comparison.sides.newUrls === undefined
          : comparison.sides.oldUrls?.[0] === link.oldUrl &&
            comparison.sides.newUrls?.[0] === link.newUrl);
      if (isSame) {
        compare.actions.selectDiffPath(change);
        return true;
      }
      if (link === null) return false;
      // Closed since, or another pair: compared again if both files are still open.
      const open = files.getState().files;
      const oldFile = open.find((file) => remoteUrlOf(file) === link.oldUrl);
      const newFile = open.find((file) => remoteUrlOf(file) === link.newUrl);
      if (!oldFile || !newFile) return false;
      void compare.actions.compareFiles(oldFile.id, newFile.id, change);
      return true;
    },
    leave() {
      if (shown() !== null) compare.actions.closeComparison();
    },
    withoutOwn(search) {
      const params = new URLSearchParams(search);
      if (!OWN_KEYS.some((key) => params.has(key))) return search;
      // Only the comparison's own keys go; the rest is left exactly as it was written.
      const kept = search
        .replace(/^\?/, '')
        .split('&')
        .filter(
          (pair) => pair !== '' && !OWN_KEYS.includes(decodeURIComponent(pair.split('=')[0]!)),
        );
      return kept.length === 0 ? '' : `?${kept.join('&')}`;
    },
    subscribe: (listener) => compare.store.subscribe(listener),
  };
}
