/**
 * The actions bar's part of search and export, for the file of the selection: "Search
 * contents…" (the panel, SearchPanel.tsx) and "Export listing" (its visible rows or every
 * node, as CSV or JSON, written by the file's worker and downloaded).
 */
import { useRef, type ReactElement } from 'react';
import { useContentsSearch } from '../../state/contents-search-app.ts';
import type { OpenFile } from '../../state/types.ts';
import { moveFocusAmong } from '../focus-keys.ts';

const EXPORTS = [
  { scope: 'visible', kind: 'csv', label: 'Visible rows as CSV' },
  { scope: 'visible', kind: 'json', label: 'Visible rows as JSON' },
  { scope: 'all', kind: 'csv', label: 'All entries as CSV' },
  { scope: 'all', kind: 'json', label: 'All entries as JSON' },
] as const;

export function SearchActions({ file }: { file: OpenFile | undefined }): ReactElement | null {
  const search = useContentsSearch();
  const menuRef = useRef<HTMLDetailsElement>(null);
  if (!file || file.hasCrashed || !file.summary || file.status === 'opening') return null;
  const canSearch = file.summary.capabilities.content;
  return (
    <>
      {canSearch && (
        <button
          type="button"
          className="button"
          data-testid="search-contents"
          title={`Find text or bytes in every entry of ${file.name} (Ctrl+Shift+F)`}
          aria-keyshortcuts="Control+Shift+F"
          onClick={() => search.openPanel(file.id)}
        >
          Search contents…
        </button>
      )}
      <details className="export-menu" ref={menuRef} data-testid="export-listing">
        <summary className="button">Export listing</summary>
        <div
          className="export-menu-items"
          role="group"
          aria-label={`Export the listing of ${file.name}`}
          onKeyDown={(event) => {
            moveFocusAmong(event, 'button');
            if (event.key === 'Escape') {
              menuRef.current?.removeAttribute('open');
              menuRef.current?.querySelector('summary')?.focus();
            }
          }}
        >
          {EXPORTS.map(({ scope, kind, label }) => (
            <button
              key={`${scope}-${kind}`}
              type="button"
              className="button button-small"
              data-testid={`export-${scope}-${kind}`}
              onClick={() => {
                menuRef.current?.removeAttribute('open');
                void search.exportListing(file.id, scope, kind);
              }}
            >
              {label}
            </button>
          ))}
        </div>
      </details>
    </>
  );
}
