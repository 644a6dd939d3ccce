/**
 * What a drop holds, taken during the drop event itself (the browser empties the
 * DataTransfer once the handler returns): loose files, and folder entries to walk
 * (folder-walk.ts).
 */
import type { DroppedItem } from '../../state/types.ts';
import { walkEntries, type EntryLike, type WalkOptions, type WalkResult } from './folder-walk.ts';

/** Whether a drag carries files (not text or links). */
export function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/** What a drop holds: loose files (in hand at once) and folders (to walk). */
export interface DropContents {
  loose: DroppedItem[];
  folders: EntryLike[];
}

/**
 * Takes the files and folder entries of a drop, synchronously. Without entries
 * (`webkitGetAsEntry` missing, or a DataTransfer built by a script) the files are taken as
 * they are.
 */
export function takeDrop(transfer: DataTransfer): DropContents {
  const loose: DroppedItem[] = [];
  const folders: EntryLike[] = [];
  for (const item of Array.from(transfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry?.isDirectory) {
      folders.push(entry);
      continue;
    }
    const file = item.getAsFile();
    if (file) loose.push({ file, path: file.name });
  }
  if (loose.length === 0 && folders.length === 0) {
    for (const file of Array.from(transfer.files)) loose.push({ file, path: file.name });
  }
  return { loose, folders };
}

/** What a drop is called in messages: its one folder's name, or how many folders. */
export function dropName({ loose, folders }: DropContents): string {
  if (folders.length === 1) return folders[0]!.name;
  return folders.length > 1 ? `${folders.length} folders` : `${loose.length} files`;
}

/** The files of a drop: its folders walked to the bottom, and the loose files beside them. */
export async function walkDrop(
  { loose, folders }: DropContents,
  options: WalkOptions,
): Promise<WalkResult> {
  const walked = await walkEntries(folders, options);
  return { items: [...loose, ...walked.items], failures: walked.failures };
}
