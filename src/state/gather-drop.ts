/**
 * Gathering the files of a drop into sessions before anything opens. Formats that open
 * several files as one (a game folder: every index of a build and the volumes beside them)
 * say so through their `gather` hook, which sees paths and sizes only; the files no format
 * gathers are left for the grouping by name (source-groups.ts). A file two formats would
 * gather goes with the first in the registry's order.
 */
import type { FileGatherer, FormatModule } from '../formats/model.ts';
import { unwrappedPath } from '../formats/registry.ts';
import type { NamedSource } from '../worker/rpc/api.ts';
import type { OpenItem } from './types.ts';

/** One way to open a gathered group: its sources (the opened file first) and names. */
export interface GatheredSet {
  label: string;
  name: string;
  sources: readonly NamedSource[];
}

/** A group a format gathered: the set to open first, the others the user may switch to. */
export interface GatheredGroup {
  sets: readonly GatheredSet[];
  note: string;
}

/** The last segment of a path. */
export function baseNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A dropped file as a worker sees it: its bare name (sessions match sources by name). */
export function namedBlobOf(item: OpenItem): NamedSource {
  const name = baseNameOf(item.path) || item.file.name;
  if (!(item.file instanceof Blob)) return { ...item.file, name };
  return { name, blob: item.file, ...('url' in item ? { url: item.url } : {}) };
}

/** Paths a message names at most; the rest are counted. */
const NAMED_PATHS = 3;

/** `a, b and c`, or `a, b, c and 12 more`: a message names the files it speaks of. */
export function namedPaths(paths: readonly string[]): string {
  const named = paths.slice(0, NAMED_PATHS);
  const more = paths.length - named.length;
  if (more > 0) return `${named.join(', ')} and ${more.toLocaleString('en-US')} more`;
  if (named.length <= 1) return named.join('');
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
}

/** The gatherers of each list of formats, loaded once. */
const loadedGatherers = new WeakMap<readonly FormatModule[], Promise<FileGatherer[]>>();

/**
 * The gatherers of the formats that have one, loaded (they are small modules) once per list
 * of formats: a drop that loaded them waited for their fetch, several hundred ms on a busy
 * machine, before its file was even handed to a decoder.
 */
function gatherersOf(formats: readonly FormatModule[]): Promise<FileGatherer[]> {
  let loaded = loadedGatherers.get(formats);
  if (!loaded) {
    const hooks = formats.flatMap((format) => (format.gather ? [format.gather] : []));
    loaded = Promise.all(hooks.map((load) => load()));
    // A load that failed is tried again at the next drop.
    loaded.catch(() => loadedGatherers.delete(formats));
    loadedGatherers.set(formats, loaded);
  }
  return loaded;
}

/** Loads the gatherers ahead of the first drop (the page calls it once idle). */
export function preloadGatherers(formats: readonly FormatModule[]): void {
  gatherersOf(formats).catch(() => undefined);
}

/**
 * Sorts a drop into the groups formats gather and the files left over. A group a gatherer
 * returns with files already taken, out of range or no choices is skipped whole: a
 * gatherer's mistake must not lose files.
 */
export async function gatherDrop(
  items: readonly OpenItem[],
  formats: readonly FormatModule[],
): Promise<{ groups: GatheredGroup[]; rest: OpenItem[] }> {
  const taken = new Set<number>();
  const groups: GatheredGroup[] = [];
  if (items.length > 0) {
    for (const gather of await gatherersOf(formats)) {
      const free = items.flatMap((_, index) => (taken.has(index) ? [] : [index]));
      if (free.length === 0) break;
      // Wrapped files are gathered as what they wrap: `tank.tex.dvpl` beside `tank.dds.dvpl`
      // is a descriptor beside its image (their sessions get them unwrapped).
      const found = gather(
        free.map((index) => ({
          path: unwrappedPath(items[index]!.path, formats),
          size: items[index]!.file.size,
        })),
      );
      for (const group of found) {
        const sets = group.choices.map((set) => set.files.map((at) => free[at]));
        const chosen = sets[0];
        if (!chosen || chosen.length === 0) continue;
        if (sets.some((set) => set.length === 0 || set.some((index) => index === undefined)))
          continue;
        const accounted = (group.accounted ?? []).map((at) => free[at]);
        if (accounted.some((index) => index === undefined)) continue;
        // Files of every choice belong to the group (another build's are not left over), and
        // so do the files its note speaks for.
        const all = new Set([...sets.flat(), ...accounted] as number[]);
        if ([...all].some((index) => taken.has(index))) continue;
        for (const index of all) taken.add(index);
        groups.push({
          note: group.note,
          sets: group.choices.map((set, at) => ({
            label: set.label,
            name: set.name,
            sources: sets[at]!.map((index) => namedBlobOf(items[index!]!)),
          })),
        });
      }
    }
  }
  return { groups, rest: items.filter((_, index) => !taken.has(index)) };
}
