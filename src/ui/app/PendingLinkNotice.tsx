/**
 * A link into a file that is not open: it names the file and the place, and asks for the
 * file (a local file's bytes never travel in a link). Once that file is opened — from here,
 * dropped, or launched — the state layer jumps to the place (state/history-sync.ts).
 */
import { useRef, type ReactElement } from 'react';
import { useHistorySync, usePendingLink } from '../../state/deep-link-hooks.ts';
import './link.css';

export function PendingLinkNotice(): ReactElement | null {
  const link = usePendingLink();
  const sync = useHistorySync();
  const inputRef = useRef<HTMLInputElement>(null);
  if (link === null || link.file === null) return null;
  const isRemote = link.urls.length > 0;
  return (
    <div className="banner banner-info link-notice" role="status" data-testid="link-notice">
      <p className="banner-text">
        This link goes to{' '}
        {link.node !== null && (
          <>
            <code className="link-notice-node">{link.node}</code> in{' '}
          </>
        )}
        <strong data-testid="link-notice-file">{link.file}</strong>.{' '}
        {isRemote
          ? 'It opens once the file has loaded.'
          : 'Open or drop that file here to go there: it is read in this tab, never uploaded.'}
      </p>
      {!isRemote && (
        <>
          <button
            type="button"
            className="button button-primary"
            onClick={() => inputRef.current?.click()}
          >
            Open {link.file}…
          </button>
          <input
            ref={inputRef}
            data-testid="link-file-input"
            type="file"
            hidden
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) void sync.openForLink(files);
            }}
          />
        </>
      )}
      <button
        type="button"
        className="button button-quiet"
        aria-label="Dismiss the link"
        onClick={() => sync.dismissPending()}
      >
        ×
      </button>
    </div>
  );
}
