/**
 * A folder given where a file is expected (`delve ls GAME_DIR`): the CLI opens it as the
 * app opens a dropped folder. Its files are listed (paths and sizes only), each format's
 * `gather` hook sorts them into groups in registry order, and the first group's first
 * choice (a game's newest build with every index of it and the volumes beside them) opens
 * as one session: the first file decides the format, the rest are its sources.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { NodeFileSource } from '../binary/node-file-source.ts';
import type { DroppedFile, FileGroup, FileSet, FormatModule } from '../formats/model.ts';
import { CliError } from './output.ts';

/** A folder's files as a drop of it lists them: `<folder>/<sub>/<name>`, with sizes. */
async function folderFiles(folder: string): Promise<{ dropped: DroppedFile[]; paths: string[] }> {
  const dropped: DroppedFile[] = [];
  const paths: string[] = [];
  const walk = async (absolute: string, relative: string): Promise<void> => {
    const entries = await readdir(absolute, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(absolute, entry.name);
      const name = `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(path, name);
      else if (entry.isFile()) {
        dropped.push({ path: name, size: (await stat(path)).size });
        paths.push(path);
      }
    }
  };
  await walk(folder, basename(folder) || 'folder');
  return { dropped, paths };
}

/** The first group the formats' gatherers find among `files`, in registry order; null: none. */
async function firstGroup(
  files: readonly DroppedFile[],
  formats: readonly FormatModule[],
): Promise<FileGroup | null> {
  for (const format of formats) {
    if (!format.gather) continue;
    const gather = await format.gather();
    const group = gather(files).find((found) => (found.choices[0]?.files.length ?? 0) > 0);
    if (group) return group;
  }
  return null;
}

/** The set whose label names `build` as a word (`build 8512317`), or a line listing the others. */
function choiceOfBuild(group: FileGroup, build: string, shownPath: string): FileSet {
  const found = group.choices.find((choice) => choice.label.split(/\s+/).includes(build));
  if (found) return found;
  const labels = group.choices.map((choice) => choice.label).join(', ');
  throw new CliError(`${shownPath}: no build ${build} in the folder (it has: ${labels})`);
}

/** A gathered folder: the files of the chosen set, opened (the first decides the format). */
export interface OpenedFolder {
  /** The name the app gives the session, e.g. `World of Warships 8512317`. */
  name: string;
  /** Why this set was chosen (another build exists), for `info`. */
  note: string;
  sources: NodeFileSource[];
}

/**
 * Opens the files of the set a folder opens as, or throws one line (exit 1) when no format
 * gathers anything in it. The caller closes the sources.
 */
export async function openFolder(
  folder: string,
  shownPath: string,
  formats: readonly FormatModule[],
  build?: string,
): Promise<OpenedFolder> {
  const { dropped, paths } = await folderFiles(folder);
  const group = await firstGroup(dropped, formats);
  if (!group || !group.choices[0]) {
    throw new CliError(`${shownPath}: is a folder no format opens (no game install found in it)`);
  }
  const set = build === undefined ? group.choices[0] : choiceOfBuild(group, build, shownPath);
  const sources: NodeFileSource[] = [];
  try {
    for (const at of set.files) {
      const path = paths[at];
      if (path === undefined) throw new Error(`a gatherer named file ${at} of ${paths.length}`);
      sources.push(await NodeFileSource.open(path));
    }
  } catch (error) {
    await Promise.all(sources.map((source) => source.close().catch(() => {})));
    throw error;
  }
  return { name: set.name, note: group.note, sources };
}
