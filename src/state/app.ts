/** The one app state of the browser page: real workers, real downloads. */
import { FileDecoder } from '../worker/rpc/client.ts';
import { FORMATS } from '../formats/registry.ts';
import { saveBlob } from './download.ts';
import { preloadGatherers } from './gather-drop.ts';
import { indexedDbSideInputStorage } from './side-input-db.ts';
import { memorySideInputStorage } from './side-inputs.ts';
import { createDelveState } from './store.ts';

// A decoder worker starts now, so the first file opened does not wait for one to load.
FileDecoder.prewarm();

// The formats' drop gatherers load once the page is idle, not at the first drop.
if (typeof requestIdleCallback === 'function') {
  requestIdleCallback(() => preloadGatherers(FORMATS), { timeout: 2_000 });
}

/** Resolves once no decoder has had work for `quietMs` and no spare is warming up. */
export const whenDecodersQuiet = (quietMs: number): Promise<void> =>
  FileDecoder.whenAllQuiet(quietMs);

export const delve = createDelveState({
  createDecoder: (watchdogMs) => FileDecoder.start(watchdogMs),
  saveBlob,
  fetch: (url, init) => fetch(url, init),
  now: () => performance.now(),
  // Where a browser keeps no IndexedDB (some private modes), the lists last this visit.
  sideInputStorage:
    typeof indexedDB === 'undefined' ? memorySideInputStorage() : indexedDbSideInputStorage(),
});

void delve.actions.restoreSideInputs();
