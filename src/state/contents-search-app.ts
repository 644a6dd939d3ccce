/**
 * The page's search in contents and listing export (contents-search.ts), bound to the one
 * app state (app.ts): each file's decoder, the tree's reveal, the preview's wanted spot.
 */
import { useStore } from 'zustand';
import { delve } from './app.ts';
import { createContentsSearch, type ContentsSearch, type SearchRun } from './contents-search.ts';
import { previewSpots } from './deep-link-app.ts';
import { saveBlob } from './download.ts';

export const contentsSearch = createContentsSearch({
  decoderOf(fileId) {
    const file = delve.stores.files.getState().files.find((each) => each.id === fileId);
    if (!file) return 'the file is closed';
    if (file.hasCrashed) return `the decoder of ${file.name} stopped`;
    return file.decoder;
  },
  fileNameOf: (fileId) =>
    delve.stores.files.getState().files.find((each) => each.id === fileId)?.name ?? 'listing',
  revealPath: (fileId, path) => delve.actions.revealPath(fileId, path),
  wantSpot: (spot) => previewSpots.want(spot),
  saveBlob,
  notify: (message) => delve.actions.notify('info', message),
});

/** Never changes identity. */
export function useContentsSearch(): ContentsSearch {
  return contentsSearch;
}

/** The file the search panel is open for; null when closed. */
export function useSearchPanelFileId(): string | null {
  return useStore(contentsSearch.store, (state) => state.panelFileId);
}

export function useSearchRun(): SearchRun | null {
  return useStore(contentsSearch.store, (state) => state.run);
}
