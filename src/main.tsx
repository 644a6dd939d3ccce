/**
 * Entry point: mounts the app. State lives in src/state (vanilla stores), not in React. The
 * format list comes from the registry here: the UI itself may not import decoders.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FORMATS } from './formats/registry.ts';
import { App } from './ui/app/App.tsx';
import './ui/app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App formats={FORMATS} />
  </StrictMode>,
);
