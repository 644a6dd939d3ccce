/**
 * Gathering a dropped game folder (or loose files) into builds. An install keeps its
 * indexes in `bin/<build>/idx/*.idx` and its volumes in `res_packages/*.pkg`; it may have
 * several `bin/<build>` folders, the newest of which can be an update still downloading
 * (no `idx/` yet). Each game root becomes one session: the newest build that has indexes,
 * with every other build that has them as a choice, and the root's volumes; the files of a
 * newer build still downloading belong to the group too (its note names that build), so
 * they are not reported as left over. Loose `.idx`
 * files dropped together (not in that layout) become one session with the loose `.pkg`
 * files. Paths only: nothing is read here.
 */
import type { DroppedFile, FileGroup, FileSet } from '../model.ts';

const INDEX_IN_BUILD = /^(.*?)bin\/([^/]+)\/idx\/[^/]+\.idx$/i;
const BUILD_FOLDER = /^(.*?)bin\/([^/]+)\//i;

const isIndex = (path: string) => /\.idx$/i.test(path);
const isVolume = (path: string) => /\.pkg$/i.test(path);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Newest first: numbers by value (build numbers), then anything else by name, descending. */
function newestFirst(a: string, b: string): number {
  const numberA = /^\d+$/.test(a) ? Number(a) : NaN;
  const numberB = /^\d+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(numberA) && !Number.isNaN(numberB)) return numberB - numberA;
  if (!Number.isNaN(numberA)) return -1;
  if (!Number.isNaN(numberB)) return 1;
  return b.localeCompare(a);
}

/** The root's name for people: its last folder, or `World of Warships` for a bare drop. */
function rootLabel(root: string): string {
  const trimmed = root.replace(/\/$/, '');
  return trimmed === '' ? 'World of Warships' : baseName(trimmed);
}

interface Root {
  /** Build → drop indexes of its `.idx` files. */
  builds: Map<string, number[]>;
  /** Every `bin/<build>` folder seen, with or without indexes. */
  buildFolders: Set<string>;
  /** Build → drop indexes of the files below `bin/<build>/` that are no index. */
  buildFiles: Map<string, number[]>;
  volumes: number[];
}

export function gatherWowsFiles(files: readonly DroppedFile[]): FileGroup[] {
  const roots = new Map<string, Root>();
  const rootOf = (key: string): Root => {
    let root = roots.get(key);
    if (!root) {
      root = { builds: new Map(), buildFolders: new Set(), buildFiles: new Map(), volumes: [] };
      roots.set(key, root);
    }
    return root;
  };
  const looseIndexes: number[] = [];
  files.forEach(({ path }, at) => {
    const inBuild = INDEX_IN_BUILD.exec(path);
    if (inBuild) {
      const root = rootOf(inBuild[1]!);
      const build = inBuild[2]!;
      root.builds.set(build, [...(root.builds.get(build) ?? []), at]);
      root.buildFolders.add(build);
      return;
    }
    const folder = BUILD_FOLDER.exec(path);
    if (folder) {
      const root = rootOf(folder[1]!);
      const build = folder[2]!;
      root.buildFolders.add(build);
      root.buildFiles.set(build, [...(root.buildFiles.get(build) ?? []), at]);
    }
    if (isIndex(path)) looseIndexes.push(at);
  });
  // Volumes go with the root whose res_packages holds them, else with the loose indexes.
  const looseVolumes: number[] = [];
  files.forEach(({ path }, at) => {
    if (!isVolume(path)) return;
    const folder = /^(.*?)res_packages\/[^/]+$/i.exec(path);
    const root = folder ? roots.get(folder[1]!) : undefined;
    if (root && root.builds.size > 0) root.volumes.push(at);
    else looseVolumes.push(at);
  });

  const byPath = (a: number, b: number) => files[a]!.path.localeCompare(files[b]!.path);
  const groups: FileGroup[] = [];
  for (const [key, root] of roots) {
    if (root.builds.size === 0) continue;
    const builds = [...root.builds.keys()].sort(newestFirst);
    const volumes = [...root.volumes].sort(byPath);
    const choices: FileSet[] = builds.map((build) => ({
      label: `build ${build}`,
      name: `${rootLabel(key)} (build ${build})`,
      files: [...root.builds.get(build)!.sort(byPath), ...volumes],
    }));
    const without = [...root.buildFolders]
      .filter((build) => !root.builds.has(build))
      .sort(newestFirst);
    const newer = without.filter((build) => newestFirst(build, builds[0]!) < 0);
    const notes = [
      builds.length === 1
        ? `the only build with an idx/ folder`
        : `the newest of ${builds.length} builds with an idx/ folder`,
      ...(newer.length > 0
        ? [
            `bin/${newer.join(', bin/')} ${newer.length === 1 ? 'has' : 'have'} no idx/ folder (an update not yet installed?)`,
          ]
        : []),
      `${volumes.length} .pkg volume${volumes.length === 1 ? '' : 's'} in res_packages/`,
    ];
    // The note speaks for the newer builds' folders: what they hold is not reported again.
    const accounted = newer.flatMap((build) => root.buildFiles.get(build) ?? []).sort(byPath);
    groups.push({ choices, note: notes.join('; '), ...(accounted.length ? { accounted } : {}) });
  }
  if (looseIndexes.length > 0) {
    const indexes = [...looseIndexes].sort(byPath);
    const name =
      indexes.length === 1
        ? baseName(files[indexes[0]!]!.path)
        : `${indexes.length} World of Warships indexes`;
    groups.push({
      choices: [
        { label: 'the indexes dropped', name, files: [...indexes, ...looseVolumes.sort(byPath)] },
      ],
      note: `${indexes.length} index${indexes.length === 1 ? '' : 'es'} and ${looseVolumes.length} .pkg volume${looseVolumes.length === 1 ? '' : 's'} dropped together`,
    });
  }
  return groups;
}
