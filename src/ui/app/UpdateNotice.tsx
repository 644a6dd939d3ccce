/** "New version available — Reload": shown once a new build has installed in the background. */
import type { ReactElement } from 'react';
import { useStore } from 'zustand';
import { applyUpdate, updateStore } from '../../sw/register.ts';
import './link.css';

export function UpdateNotice(): ReactElement | null {
  const isUpdateReady = useStore(updateStore, (state) => state.isUpdateReady);
  if (!isUpdateReady) return null;
  return (
    <div className="banner banner-info update-notice" role="status" data-testid="update-notice">
      <p className="banner-text">
        New version available. Reloading starts it (open files are closed; open them again).
      </p>
      <button type="button" className="button button-primary" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
