/**
 * Which file of a folder each listed file is (install verification). Nothing is read: the
 * folder's files are paths (`/`-separated, from the picked folder, whose own name usually
 * leads them, as a folder picker or drop gives them) and the list's are relative to the
 * install's root.
 *
 * - The root is found, not assumed: the folder inside what was picked from which the most
 *   listed paths lead to a file (the picked folder itself, the game folder inside it, ...).
 * - Folder names match whatever their case (an install copied between file systems, a
 *   patcher that wrote `data/` where the list says `Data/`); a file name matches exactly
 *   first, and in any case when no file of that exact name is there.
 * - A list path's `\` is a separator, and leading `./` or `/` are dropped.
 */
import type { ListedFile } from './install-types.ts';

/** A file of the folder, before anything of it is read. */
export interface FolderEntry {
  path: string;
}

export interface FolderMatch {
  /** The folder the list's paths start from, as the folder's paths have it; `''`: their top. */
  root: string;
  /** Per listed file: the index of its file in the folder, or -1 when it has none. */
  found: Int32Array;
  /** Files of the folder no listed file took, by index, in the folder's order. */
  unlisted: number[];
}

/** A list path as the folder's paths are written: `/`-separated, no leading `./` or `/`. */
export function normalListPath(path: string): string {
  return path
    .replaceAll('\\', '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
}

/** Folders in lower case, the name as it is: `data/gamedata/Root.wad`. */
function folderCaseKey(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? path : `${path.slice(0, slash).toLowerCase()}${path.slice(slash)}`;
}

/**
 * The root of the install inside the folder: of the prefixes that end where a listed path
 * (in any case) begins, the one most listed paths are found under; the shorter on a tie.
 * With none at all, the folder's own top folder when every file is inside one (a picked
 * folder), else the top.
 */
export function findRoot(listedPaths: readonly string[], files: readonly FolderEntry[]): string {
  const listed = new Set(listedPaths.map((path) => normalListPath(path).toLowerCase()));
  const hits = new Map<string, number>();
  for (const { path } of files) {
    const lower = path.toLowerCase();
    // Each place a listed path could start: the top, then after each `/`.
    let at = -1;
    do {
      if (listed.has(lower.slice(at + 1))) {
        const root = at < 0 ? '' : path.slice(0, at);
        hits.set(root, (hits.get(root) ?? 0) + 1);
      }
      at = lower.indexOf('/', at + 1);
    } while (at >= 0);
  }
  let best: string | null = null;
  let bestHits = 0;
  for (const [root, count] of hits) {
    const isBetter =
      count > bestHits || (count === bestHits && best !== null && root.length < best.length);
    if (isBetter) {
      best = root;
      bestHits = count;
    }
  }
  if (best !== null) return best;
  const first = files[0]?.path ?? '';
  const top = first.includes('/') ? first.slice(0, first.indexOf('/')) : '';
  const isAllInTop = top !== '' && files.every(({ path }) => path.startsWith(`${top}/`));
  return isAllInTop ? top : '';
}

/** Pairs each listed file with its file in the folder (see the module comment). */
export function matchFolder(
  listed: readonly Pick<ListedFile, 'path'>[],
  files: readonly FolderEntry[],
): FolderMatch {
  const root = findRoot(
    listed.map((file) => file.path),
    files,
  );
  const prefix = root === '' ? '' : `${root}/`;
  const exact = new Map<string, number>();
  const byFolderCase = new Map<string, number>();
  const byAnyCase = new Map<string, number>();
  files.forEach(({ path }, index) => {
    if (!path.startsWith(prefix)) return;
    const relative = path.slice(prefix.length);
    // The first of equal keys wins, so the folder's order decides between look-alikes.
    if (!exact.has(relative)) exact.set(relative, index);
    const folderKey = folderCaseKey(relative);
    if (!byFolderCase.has(folderKey)) byFolderCase.set(folderKey, index);
    const anyKey = relative.toLowerCase();
    if (!byAnyCase.has(anyKey)) byAnyCase.set(anyKey, index);
  });
  const found = new Int32Array(listed.length).fill(-1);
  const taken = new Uint8Array(files.length);
  listed.forEach((file, at) => {
    const path = normalListPath(file.path);
    const index =
      exact.get(path) ?? byFolderCase.get(folderCaseKey(path)) ?? byAnyCase.get(path.toLowerCase());
    if (index === undefined) return;
    found[at] = index;
    taken[index] = 1;
  });
  const unlisted: number[] = [];
  for (let index = 0; index < files.length; index++) if (!taken[index]) unlisted.push(index);
  return { root, found, unlisted };
}
