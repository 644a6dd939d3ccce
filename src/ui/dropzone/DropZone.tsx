/**
 * The whole window accepts dropped files and folders. Listeners sit on `window` (not on an
 * element) so a drop anywhere works, even over the tree or a preview; an overlay shows while
 * files are dragged over the page. Drags that carry no files (text, links) are left alone.
 *
 * A dropped folder is walked to the bottom (folder-walk.ts) and its files open as one drop,
 * each with its path inside what was dropped; loose files beside it keep their names. The
 * entries must be taken during the drop event itself: the browser empties the DataTransfer
 * once the handler returns. A part of the page that takes a drop itself (a dialog) calls
 * `preventDefault()` on it: the page then opens nothing of it.
 */
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useActions } from '../../state/hooks.ts';
import { ReadingStatus } from './ReadingStatus.tsx';
import { carriesFiles, dropName, takeDrop, walkDrop } from './take-drop.ts';
import { useFolderReading } from './use-folder-reading.ts';

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
      depth = 0;
      setIsDragging(false);
      // A drop a part of the page took for itself (a folder dropped on a dialog) only ends
      // the drag here.
      if (event.defaultPrevented) return;
      event.preventDefault();
      const { loose, folders } = takeDrop(event.dataTransfer);
      if (folders.length === 0) {
        if (loose.length > 0) void openFiles(loose);
        return;
      }
      // One drop: the folders' files and the loose files beside them open together.
      void readFolder(dropName({ loose, folders }), (options) =>
        walkDrop({ loose, folders }, options),
      );
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
