/**
 * Where the preview is, for deep links: the tab it shows and the byte the hex view marks.
 * Both are the preview's own state (it starts fresh for each content), so the preview reports
 * them here (`shown`) and a link being restored asks for them (`wanted`). Each is keyed by the
 * content it is about (`contentKey`), so a report or a wish about one entry never applies to
 * another.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface PreviewSpot {
  /** `contentKey(fileId, ref)` of the content previewed. */
  key: string;
  /** The preview tab (`hex`, `text`, …); null: the preview's default. */
  view: string | null;
  /** The byte the hex view marks; null: none. */
  offset: number | null;
}

export interface PreviewSpotsState {
  /** What the preview of the selected content shows now. */
  shown: PreviewSpot | null;
  /** What a link being restored wants the preview of `key` to show. */
  wanted: PreviewSpot | null;
}

export interface PreviewSpots {
  store: StoreApi<PreviewSpotsState>;
  /** The preview of `key` shows this tab and marks this offset. */
  show(spot: PreviewSpot): void;
  want(spot: PreviewSpot | null): void;
  /** The wish for `key`, if there is one. */
  wantedFor(key: string): PreviewSpot | null;
}

function sameSpot(a: PreviewSpot | null, b: PreviewSpot | null): boolean {
  return a === b || (a?.key === b?.key && a?.view === b?.view && a?.offset === b?.offset);
}

export function createPreviewSpots(): PreviewSpots {
  const store = createStore<PreviewSpotsState>(() => ({ shown: null, wanted: null }));
  return {
    store,
    show(spot) {
      // Reports repeat on every render of the preview; only a change is news.
      if (!sameSpot(store.getState().shown, spot)) store.setState({ shown: spot });
    },
    want(spot) {
      if (!sameSpot(store.getState().wanted, spot)) store.setState({ wanted: spot });
    },
    wantedFor(key) {
      const { wanted } = store.getState();
      return wanted?.key === key ? wanted : null;
    },
  };
}
