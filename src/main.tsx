/**
 * Entry point: mounts the app. State lives in src/state (vanilla stores), not in React. The
 * format list comes from the registry here: the UI itself may not import decoders.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FORMATS } from './formats/registry.ts';
import { delve, whenDecodersQuiet } from './state/app.ts';
// Reads the deep link of the page's URL before anything renders, and keeps the URL in step.
import './state/deep-link-app.ts';
import { parseCompareLink, restoreCompareLink } from './state/compare-link.ts';
import { browserLaunchQueue, consumeLaunchedFiles } from './state/launch-queue.ts';
import { remoteUrlsOfSearch } from './state/remote-urls.ts';
import { INSTALL_QUIET_MS, registerServiceWorker } from './sw/register.ts';
import { App } from './ui/app/App.tsx';
import './ui/app/app.css';

void registerServiceWorker(() => whenDecodersQuiet(INSTALL_QUIET_MS));
// Files double-clicked in the OS once Delve is installed (the manifest's file handlers).
consumeLaunchedFiles(browserLaunchQueue(), delve.actions.openFiles, (message) =>
  delve.actions.notify('error', message),
);

// Remote files the page's address names (`?url=`, repeatable: an index and its volumes).
const startupUrls = remoteUrlsOfSearch(location.search);
if (startupUrls.length > 0) void delve.actions.openUrls(startupUrls);
// `diff=1` with two of them: compare them once both are read (compare-link.ts).
const compareLink = parseCompareLink(location.search);
if (compareLink) restoreCompareLink(compareLink, delve.stores.files, delve.compare);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App formats={FORMATS} />
  </StrictMode>,
);
