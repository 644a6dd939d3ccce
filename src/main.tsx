/** Entry point: mounts the app. State lives in src/state (vanilla stores), not in React. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/app/App.tsx';
import './ui/app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
