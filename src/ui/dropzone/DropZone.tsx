/**
 * The whole window accepts dropped files and folders. Listeners sit on `window` (not on an
 * element) so a drop anywhere works, even over the tree or a preview; an overlay shows while
 * files are dragged over the page. Drags that carry no files (text, links) are left alone.
 *
 * A dropped folder is walked to the bottom (folder-walk.ts) and its files open as one drop,
 * each with its path inside what was dropped; loose files beside it keep their names. The
 * entries must be taken during the drop event itself: the browser empties the DataTransfer
 * once the handler returns.
 */
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useActions } from '../../state/hooks.ts';
import type { DroppedItem } from '../../state/types.ts';
import { walkEntries, type EntryLike } from './folder-walk.ts';
import { ReadingStatus } from './ReadingStatus.tsx';
import { useFolderReading } from './use-folder-reading.ts';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/** What a drop holds: loose files (in hand at once) and folders (to walk). */
interface DropContents {
  loose: DroppedItem[];
  folders: EntryLike[];
}

/**
 * Takes the files and folder entries of a drop, synchronously. Without entries
 * (`webkitGetAsEntry` missing, or a DataTransfer built by a script) the files are taken as
 * they are.
 */
function takeDrop(transfer: DataTransfer): DropContents {
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

export function DropZone({ children }: { children: ReactNode }): ReactElement {
  const { openFiles } = useActions();
  const { reading, readFolder, cancel } = useFolderReading();
  const [isDragging, setIsDragging] = useState(false);

  useEffect(() => {
    // dragenter/dragleave fire for every child crossed: count them to know when the drag leaves.
    let depth = 0;
    const onDragEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setIsDragging(true);
    };
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without preventDefault the browser would open the file in the tab instead.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDragLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setIsDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setIsDragging(false);
      const { loose, folders } = takeDrop(event.dataTransfer);
      if (folders.length === 0) {
        if (loose.length > 0) void openFiles(loose);
        return;
      }
      // One drop: the folders' files and the loose files beside them open together.
      const name = folders.length === 1 ? folders[0]!.name : `${folders.length} folders`;
      void readFolder(name, async (options) => {
        const walked = await walkEntries(folders, options);
        return { items: [...loose, ...walked.items], failures: walked.failures };
      });
    };
    window.addEventListener('dragenter', onDragEnter);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onDragEnter);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [openFiles, readFolder]);

  return (
    <>
      {children}
      {reading && (
        <ReadingStatus reading={reading} onCancel={cancel} className="folder-reading-drop" />
      )}
      {isDragging && (
        <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
          <div className="drop-overlay-message">Drop files or folders to look inside them</div>
        </div>
      )}
    </>
  );
}
