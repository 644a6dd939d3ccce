/** The top bar: open files, try the sample, and the filter. */
import { useRef, useState, type ReactElement } from 'react';
import { useActions } from '../../state/hooks.ts';
import { FilterBox } from './FilterBox.tsx';

/** The demo archive made by our own writer (npm run samples), served beside the page. */
const SAMPLE_PATH = 'samples/demo.wad';

export function Header(): ReactElement {
  const { openFiles, openFromUrl } = useActions();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isLoadingSample, setIsLoadingSample] = useState(false);

  const trySample = async () => {
    setIsLoadingSample(true);
    try {
      // Relative to the page, so the app works from any sub-path it is hosted under.
      await openFromUrl(new URL(SAMPLE_PATH, document.baseURI).href, 'demo.wad');
    } finally {
      setIsLoadingSample(false);
    }
  };

  return (
    <header className="app-header">
      <h1 className="app-title">Delve</h1>
      <button
        type="button"
        className="button button-primary"
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
      <button
        type="button"
        className="button"
        data-testid="sample-button"
        disabled={isLoadingSample}
        onClick={() => void trySample()}
      >
        {isLoadingSample ? 'Loading sample…' : 'Try a sample'}
      </button>
      <FilterBox />
    </header>
  );
}
