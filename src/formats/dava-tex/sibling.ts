/**
 * A descriptor's texture: `name.tex` describes the image beside it in its folder — the
 * exported `name.dds` or `name.pvr` (or `name.<gpu>.dds`, `name.<gpu>.pvr`), or a KTX. Given
 * with the descriptor (dropped together, or added later as a source, as a WoWs `.pkg` is),
 * the sibling opens as a file of its own through the host's registry, and its image is the
 * descriptor's. Paths only until then: nothing is read to gather them.
 */
import type { DroppedFile, FileGroup } from '../model.ts';

/** Extensions of the images a descriptor can show (files Delve decodes as textures). */
const IMAGE_EXTENSIONS = ['.dds', '.pvr', '.ktx'];

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The descriptor's base name (`tank` of `tank.tex`), or null when `name` is no descriptor. */
export function descriptorBase(name: string): string | null {
  return name.toLowerCase().endsWith('.tex') ? name.slice(0, -4) : null;
}

/** Whether `name` is an image of the descriptor named `base`: `base.dds`, `base.mali.pvr`, … */
export function isSiblingImage(name: string, base: string): boolean {
  const lower = name.toLowerCase();
  const prefix = `${base.toLowerCase()}.`;
  if (!lower.startsWith(prefix)) return false;
  const rest = lower.slice(prefix.length);
  return IMAGE_EXTENSIONS.some(
    (extension) =>
      rest === extension.slice(1) ||
      (rest.endsWith(extension) && !rest.slice(0, -extension.length).includes('.')),
  );
}

/** Groups each dropped `name.tex` with the images beside it. */
export function gatherDavaTexFiles(files: readonly DroppedFile[]): FileGroup[] {
  const groups: FileGroup[] = [];
  files.forEach((file, index) => {
    const name = nameOf(file.path);
    const base = descriptorBase(name);
    if (base === null) return;
    const folder = folderOf(file.path);
    const images = files.flatMap((other, at) =>
      at !== index && folderOf(other.path) === folder && isSiblingImage(nameOf(other.path), base)
        ? [at]
        : [],
    );
    if (images.length === 0) return;
    const shown = images.map((at) => nameOf(files[at]!.path)).join(', ');
    groups.push({
      choices: [{ label: `${name} with ${shown}`, name, files: [index, ...images] }],
      note: `${name} with the texture it describes: ${shown}`,
    });
  });
  return groups;
}
