/**
 * Where the preview is, for deep links: the tab it shows and the byte the hex view marks.
 * Both are the preview's own state (it starts fresh for each content), so the preview reports
 * them here (`shown`) and a link being restored asks for them (`wanted`). Each is keyed by the
 * content it is about (`contentKey`), so a report or a wish about one entry never applies to
 * another.
 *
 * A decoded view (a view plug-in's pane) reports and is asked for its own state the same
 * way (`shownState`, `wantedState`): named values only the view interprets, keyed by the
 * selection the pane shows (`viewStateKey`), so any view can put its state in a link.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { sameViewState, type ViewLinkState } from './deep-link.ts';

export interface PreviewSpot {
  /** `contentKey(fileId, ref)` of the content previewed. */
  key: string;
  /** The preview tab (`hex`, `text`, …); null: the preview's default. */
  view: string | null;
  /** The byte the hex view marks; null: none. */
  offset: number | null;
  /**
   * Bytes from `offset` that are marked together (a search match); absent: the one byte.
   * Only wished for: a link carries the offset alone.
   */
  length?: number;
}

/** A decoded view's own state, for the selection of `key` (`viewStateKey`). */
export interface ViewStateSpot {
  key: string;
  state: ViewLinkState;
}

export interface PreviewSpotsState {
  /** What the preview of the selected content shows now. */
  shown: PreviewSpot | null;
  /** What a link being restored wants the preview of `key` to show. */
  wanted: PreviewSpot | null;
  /** The state the decoded view of a selection reports now. */
  shownState: ViewStateSpot | null;
  /** The state a link being restored wants the decoded view of `key` to take. */
  wantedState: ViewStateSpot | null;
}

/** The key of a selection's decoded view: a file's own row (`path` null) or one of its nodes. */
export function viewStateKey(fileId: string, path: string | null): string {
  return JSON.stringify([fileId, path]);
}

export interface PreviewSpots {
  store: StoreApi<PreviewSpotsState>;
  /** The preview of `key` shows this tab and marks this offset. */
  show(spot: PreviewSpot): void;
  want(spot: PreviewSpot | null): void;
  /** The wish for `key`, if there is one. */
  wantedFor(key: string): PreviewSpot | null;
  /** The decoded view of `key` shows this state. */
  showState(spot: ViewStateSpot): void;
  /** The decoded view of `key` is gone: what it reported no longer holds. */
  forgetState(key: string): void;
  wantState(spot: ViewStateSpot | null): void;
}

function sameSpot(a: PreviewSpot | null, b: PreviewSpot | null): boolean {
  return (
    a === b ||
    (a?.key === b?.key && a?.view === b?.view && a?.offset === b?.offset && a?.length === b?.length)
  );
}

function sameStateSpot(a: ViewStateSpot | null, b: ViewStateSpot | null): boolean {
  if (a === null || b === null) return a === b;
  return a.key === b.key && sameViewState(a.state, b.state);
}

export function createPreviewSpots(): PreviewSpots {
  const store = createStore<PreviewSpotsState>(() => ({
    shown: null,
    wanted: null,
    shownState: null,
    wantedState: null,
  }));
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
    showState(spot) {
      if (!sameStateSpot(store.getState().shownState, spot)) store.setState({ shownState: spot });
    },
    forgetState(key) {
      if (store.getState().shownState?.key === key) store.setState({ shownState: null });
    },
    wantState(spot) {
      const wish = spot === null || Object.keys(spot.state).length === 0 ? null : spot;
      if (!sameStateSpot(store.getState().wantedState, wish)) store.setState({ wantedState: wish });
    },
  };
}
