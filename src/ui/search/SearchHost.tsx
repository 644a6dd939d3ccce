/**
 * The search panel of the file it is open for (mounted once, in App), and its shortcut:
 * Ctrl+Shift+F (⌘⇧F) opens it for the selected file, or the first one open.
 */
import { useEffect, type ReactElement } from 'react';
import { contentsSearch, useSearchPanelFileId } from '../../state/contents-search-app.ts';
import { fileOf, useFile } from '../../state/hooks.ts';
import { delve } from '../../state/app.ts';
import { SearchPanel } from './SearchPanel.tsx';

/** The file a shortcut opens the panel for: the selected one, else the first one open. */
function targetFileId(): string | null {
  const state = delve.stores;
  const selected = state.view.getState().selection?.fileId;
  if (selected && fileOf(selected)) return selected;
  return state.files.getState().files[0]?.id ?? null;
}

export function SearchHost(): ReactElement | null {
  const fileId = useSearchPanelFileId();
  const file = useFile(fileId ?? undefined);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const isShortcut =
        (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'f';
      if (!isShortcut) return;
      const target = targetFileId();
      if (target === null) return;
      event.preventDefault();
      contentsSearch.openPanel(target);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!file || file.hasCrashed) return null;
  return <SearchPanel key={file.id} file={file} />;
}
