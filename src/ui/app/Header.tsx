/** The top bar: open files or a folder, try a sample, the side inputs kept, and the filter. */
import { useRef, type ReactElement } from 'react';
import { useActions } from '../../state/hooks.ts';
import { OpenFolderButton } from '../dropzone/OpenFolderButton.tsx';
import { OpenUrlButton } from '../open-url/OpenUrlButton.tsx';
import { SideInputsButton } from '../side-inputs/SideInputsPanel.tsx';
import { FilterBox } from './FilterBox.tsx';
import { SampleMenu } from './SampleMenu.tsx';

export function Header(): ReactElement {
  const { openFiles } = useActions();
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <header className="app-header">
      <h1 className="app-title">Delve</h1>
      <button
        type="button"
        className="button button-primary"
        title="Open one or more files. Files are read in this tab, never uploaded."
        onClick={() => inputRef.current?.click()}
      >
        Open files…
      </button>
      <input
        ref={inputRef}
        data-testid="file-input"
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) void openFiles(files);
        }}
      />
      <OpenFolderButton />
      <OpenUrlButton />
      <SampleMenu />
      <SideInputsButton />
      <FilterBox />
    </header>
  );
}
