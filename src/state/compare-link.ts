/**
 * Links to a comparison of two remote files:
 *
 *   ?url=https://host/old.wad&url=https://host/new.wad&diff=1&change=Data/config.xml
 *
 * The two `url=` files open as usual (remote-open.ts); `diff=1` then compares the first with
 * the second once both are read, and `change` selects that diff row. Local files have no
 * address a link could name, so only a comparison of two remote files has a link.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { CompareActions, CompareState } from './compare.ts';
import { encodeQueryValue } from './compare-link-encode.ts';
import type { FilesState, OpenFile } from './types.ts';

export interface CompareLink {
  oldUrl: string;
  newUrl: string;
  /** The path of the diff row selected; null: none. */
  change: string | null;
}

/** The comparison a query asks for, or null when it asks for none. */
export function parseCompareLink(search: string): CompareLink | null {
  const params = new URLSearchParams(search);
  if (params.get('diff') !== '1') return null;
  const urls = [...new Set(params.getAll('url').filter((url) => url !== ''))];
  if (urls.length !== 2) return null;
  return { oldUrl: urls[0]!, newUrl: urls[1]!, change: params.get('change') || null };
}

/** The query of a comparison's link (`?url=…&url=…&diff=1[&change=…]`). */
export function formatCompareLink(link: CompareLink): string {
  const pairs: [string, string][] = [
    ['url', link.oldUrl],
    ['url', link.newUrl],
    ['diff', '1'],
  ];
  if (link.change !== null) pairs.push(['change', link.change]);
  return `?${pairs.map(([key, value]) => `${key}=${encodeQueryValue(value)}`).join('&')}`;
}

/** The open file whose first remote source is `url`, once it is read. */
function readFileOf(files: readonly OpenFile[], url: string): OpenFile | undefined {
  return files.find(
    (file) => file.remoteUrls?.[0] === url && file.status !== 'opening' && file.summary !== null,
  );
}

/**
 * Waits for both files of a comparison link to be open, then compares them and selects the
 * change it names. Answers a function that stops waiting.
 */
export function restoreCompareLink(
  link: CompareLink,
  files: StoreApi<FilesState>,
  compare: { store: StoreApi<CompareState>; actions: CompareActions },
): () => void {
  let isDone = false;
  const check = (state: FilesState) => {
    if (isDone) return;
    const oldFile = readFileOf(state.files, link.oldUrl);
    const newFile = readFileOf(state.files, link.newUrl);
    if (!oldFile || !newFile) return;
    isDone = true;
    unsubscribe();
    void compare.actions.compareFiles(oldFile.id, newFile.id, link.change);
  };
  const unsubscribe = files.subscribe(check);
  check(files.getState());
  return () => {
    isDone = true;
    unsubscribe();
  };
}
