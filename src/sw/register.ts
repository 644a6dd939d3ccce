/**
 * The page's side of the service worker (service-worker.ts): registers it in production
 * builds, and notices when a new version has installed and waits, so the page can offer to
 * reload into it.
 */
import { createStore } from 'zustand/vanilla';

export interface UpdateState {
  /** A new version has installed and waits for this page to let it take over. */
  isUpdateReady: boolean;
}

export const updateStore = createStore<UpdateState>(() => ({ isUpdateReady: false }));

let waitingWorker: ServiceWorker | null = null;
let isReloading = false;

function offerUpdate(worker: ServiceWorker): void {
  waitingWorker = worker;
  updateStore.setState({ isUpdateReady: true });
}

/** A worker that finishes installing while another controls the page is an update. */
function watchInstalling(worker: ServiceWorker, container: ServiceWorkerContainer): void {
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed' && container.controller !== null) offerUpdate(worker);
  });
}

/**
 * How long the page's decoders must have been idle before the offline cache installs. Its
 * first install fetches and stores every file of the app (about 320 files, 2.5 MB): on two
 * cores, begun at page load, it took the time of a file opened meanwhile from ~100 to
 * ~190 ms (docs/PERFORMANCE.md, "The offline cache waits for a quiet page").
 */
export const INSTALL_QUIET_MS = 2_000;

/** Resolves once the page has loaded (its own files fetched). */
function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((done) => addEventListener('load', () => done(), { once: true }));
}

/** Resolves at the page's next idle moment. */
function whenIdle(): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise((done) => requestIdleCallback(() => done(), { timeout: 2_000 }));
}

/**
 * Registers sw.js beside the page, for the page's folder: relative, so the app works from
 * any sub-path. Not in development: the dev server's modules are not a build. It waits for
 * `whenQuiet` (the page's decoders idle for INSTALL_QUIET_MS): the first install must not
 * compete with a file the person opened at once.
 */
export async function registerServiceWorker(whenQuiet: () => Promise<void>): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  await whenLoaded();
  await whenQuiet();
  await whenIdle();
  const container = navigator.serviceWorker;
  container.addEventListener('controllerchange', () => {
    // Only the reload asked for: the first install also changes the controller.
    if (isReloading) location.reload();
  });
  try {
    const registration = await container.register('./sw.js', {
      scope: './',
      updateViaCache: 'none',
    });
    if (registration.waiting && container.controller !== null) offerUpdate(registration.waiting);
    if (registration.installing) watchInstalling(registration.installing, container);
    registration.addEventListener('updatefound', () => {
      if (registration.installing) watchInstalling(registration.installing, container);
    });
  } catch (error) {
    // Offline use is a bonus: the app works the same without it.
    console.warn('Delve: the service worker could not be registered', error);
  }
}

/** Lets the waiting version take over; the page reloads once it controls it. */
export function applyUpdate(): void {
  if (waitingWorker === null) return;
  isReloading = true;
  waitingWorker.postMessage({ type: 'skip-waiting' });
}
