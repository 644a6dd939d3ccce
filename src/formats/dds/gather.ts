/**
 * Gathering dropped textures with their World of Warships tier files: `name.dds` and
 * `name.dd0`, `name.dd1`, … in the same folder open as one session, the tiers as its
 * sources (tiers.ts places them). A texture without tiers beside it is left to open alone.
 * Paths only: nothing is read here.
 */
import type { DroppedFile, FileGroup } from '../model.ts';
import { isTierOf, textureBase } from './tiers.ts';

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export function gatherDdsFiles(files: readonly DroppedFile[]): FileGroup[] {
  const groups: FileGroup[] = [];
  files.forEach((file, index) => {
    const base = textureBase(nameOf(file.path));
    if (base === null) return;
    const folder = folderOf(file.path);
    const tiers = files.flatMap((other, at) =>
      folderOf(other.path) === folder && isTierOf(nameOf(other.path), base) ? [at] : [],
    );
    if (tiers.length === 0) return;
    const name = nameOf(file.path);
    groups.push({
      choices: [
        { label: `${name} with ${tiers.length} tier files`, name, files: [index, ...tiers] },
      ],
      note: `${name} with its tier files ${tiers.map((at) => nameOf(files[at]!.path)).join(', ')}`,
    });
  });
  return groups;
}
