/** React bindings of deep links (deep-link-app.ts): the pending link and the preview's place. */
import { useStore } from 'zustand';
import type { DeepLink } from './deep-link.ts';
import { historySync, previewSpots } from './deep-link-app.ts';
import type { HistorySync } from './history-sync.ts';
import type { PreviewSpot, PreviewSpots } from './deep-link-preview.ts';

/** A link waiting for its file; null when none waits. */
export function usePendingLink(): DeepLink | null {
  return useStore(historySync.pending, (state) => state.pending);
}

/** What a restored link wants the preview of `key` to show; null for nothing. */
export function useWantedSpot(key: string): PreviewSpot | null {
  return useStore(previewSpots.store, (state) => (state.wanted?.key === key ? state.wanted : null));
}

/** Never changes identity. */
export function usePreviewSpots(): PreviewSpots {
  return previewSpots;
}

/** Never changes identity. */
export function useHistorySync(): HistorySync {
  return historySync;
}
