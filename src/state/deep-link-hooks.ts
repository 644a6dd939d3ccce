/** React bindings of deep links (deep-link-app.ts): the pending link and the preview's place. */
import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { DeepLink, ViewLinkState } from './deep-link.ts';
import { historySync, previewSpots } from './deep-link-app.ts';
import type { HistorySync } from './history-sync.ts';
import {
  viewStateKey,
  type PreviewSpot,
  type PreviewSpots,
  type ViewStateSpot,
} from './deep-link-preview.ts';

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

/** A decoded view's part in links: what a restored link asks of it, and how it reports. */
export interface ViewLinkStateHandle {
  /** The state a restored link wants this view to take; null: none (use its own default). */
  wanted: ViewLinkState | null;
  /** Reports the state the view shows now; the link and the URL follow. */
  report(state: ViewLinkState): void;
}

/**
 * The link state of the decoded view of a file's own row (`path` null) or of one of its
 * nodes. What was reported is forgotten when the view goes away.
 */
export function useViewLinkState(fileId: string, path: string | null): ViewLinkStateHandle {
  const key = viewStateKey(fileId, path);
  const wantedSpot = useStore(previewSpots.store, (state): ViewStateSpot | null =>
    state.wantedState?.key === key ? state.wantedState : null,
  );
  const report = useCallback(
    (state: ViewLinkState) => previewSpots.showState({ key, state }),
    [key],
  );
  useEffect(() => () => previewSpots.forgetState(key), [key]);
  const wanted = wantedSpot?.state ?? null;
  return useMemo(() => ({ wanted, report }), [wanted, report]);
}
