/**
 * The page's deep links: the preview's reported place and the URL kept in step with the one
 * app state (app.ts). Imported by main.tsx, so the URL is read before anything renders.
 */
import { delve } from './app.ts';
import { createPreviewSpots } from './deep-link-preview.ts';
import { browserHistoryEnv, createHistorySync, inertHistoryEnv } from './history-sync.ts';

export const previewSpots = createPreviewSpots();
export const historySync = createHistorySync(
  delve,
  previewSpots,
  typeof window === 'undefined' ? inertHistoryEnv() : browserHistoryEnv(),
);
