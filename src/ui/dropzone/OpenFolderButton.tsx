/**
 * "Open folder…": a whole folder (a game install) with its subfolders, each file with its path
 * inside the folder. Where the browser has `showDirectoryPicker` (Chromium) the picked
 * folder's handles are walked here, with a count and Cancel; elsewhere, or where the picker
 * may not be used (a cross-origin frame), an `<input webkitdirectory>` lists the files and
 * each carries its `webkitRelativePath`. Either way the paths start with the folder's name.
 */
import { useRef, type ReactElement } from 'react';
import { useActions } from '../../state/hooks.ts';
import { FolderInput } from './FolderInput.tsx';
import { notify } from './notify.ts';
import { pickAndReadFolder } from './pick-folder.ts';
import { ReadingStatus } from './ReadingStatus.tsx';
import { useFolderReading } from './use-folder-reading.ts';

export function OpenFolderButton(): ReactElement {
  const { openFiles } = useActions();
  const { reading, readFolder, cancel } = useFolderReading();
  const inputRef = useRef<HTMLInputElement | null>(null);

  const pickFolder = () =>
    pickAndReadFolder(
      'delve-open-folder',
      'Open folder',
      () => inputRef.current?.click(),
      readFolder,
    );

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
      <FolderInput
        inputRef={inputRef}
        testId="folder-input"
        onItems={(items) => {
          if (items.length > 0) void openFiles(items);
          else notify('info', 'Open folder: the folder has no files');
        }}
      />
    </>
  );
}
