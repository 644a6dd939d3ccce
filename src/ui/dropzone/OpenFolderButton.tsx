/**
 * "Open folder…": a whole folder (a game install) with its subfolders, each file with its path
 * inside the folder. Where the browser has `showDirectoryPicker` (Chromium) the picked
 * folder's handles are walked here, with a count and Cancel; elsewhere, or where the picker
 * may not be used (a cross-origin frame), an `<input webkitdirectory>` lists the files and
 * each carries its `webkitRelativePath`. Either way the paths start with the folder's name.
 */
import { useRef, type ReactElement } from 'react';
import { useActions } from '../../state/hooks.ts';
import { describeError, itemsOfInputFiles, walkDirectoryHandle } from './folder-walk.ts';
import { notify } from './notify.ts';
import { showFolderPicker } from './pick-folder.ts';
import { ReadingStatus } from './ReadingStatus.tsx';
import { useFolderReading } from './use-folder-reading.ts';

export function OpenFolderButton(): ReactElement {
  const { openFiles } = useActions();
  const { reading, readFolder, cancel } = useFolderReading();
  const inputRef = useRef<HTMLInputElement | null>(null);

  const pickFolder = async () => {
    let picked: Awaited<ReturnType<typeof showFolderPicker>>;
    try {
      picked = await showFolderPicker('delve-open-folder');
    } catch (error) {
      notify('error', `Open folder: the folder picker failed: ${describeError(error)}`);
      return;
    }
    if (picked === 'input') inputRef.current?.click();
    else if (picked) {
      const handle = picked;
      await readFolder(handle.name, (options) => walkDirectoryHandle(handle, handle.name, options));
    }
  };

  const isReading = reading !== null;
  return (
    <>
      <button
        type="button"
        className="button"
        data-testid="open-folder"
        title="Open a whole folder, such as a game install, with everything in its subfolders. Files are read in this tab, never uploaded."
        // aria-disabled, not disabled: the button keeps keyboard focus while the folder is read.
        aria-disabled={isReading}
        onClick={() => {
          if (!isReading) void pickFolder();
        }}
      >
        {isReading ? 'Reading folder…' : 'Open folder…'}
      </button>
      {reading && <ReadingStatus reading={reading} onCancel={cancel} />}
      <input
        ref={(element) => {
          // React has no prop for it; the property makes the input pick a folder.
          if (element) element.webkitdirectory = true;
          inputRef.current = element;
        }}
        data-testid="folder-input"
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const items = itemsOfInputFiles(event.target.files ?? []);
          // Cleared so that choosing the same folder again still fires a change.
          event.target.value = '';
          if (items.length > 0) void openFiles(items);
          else notify('info', 'Open folder: the folder has no files');
        }}
      />
    </>
  );
}
