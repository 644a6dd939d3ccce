/**
 * "Copy link": copies a deep link to what is shown (the open remote files, the selection, the
 * preview tab and hex offset, the decoded view's own state) and shows it in a field, so it can be copied by hand where the
 * clipboard is refused. A local file's link carries only its name.
 */
import { useRef, useState, type ReactElement } from 'react';
import { useHistorySync } from '../../state/deep-link-hooks.ts';
import './link.css';

interface Copied {
  link: string;
  isCopied: boolean;
}

export function CopyLinkButton(): ReactElement {
  const sync = useHistorySync();
  const [copied, setCopied] = useState<Copied | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    const link = new URL(sync.currentSearch() || '?', location.href);
    link.hash = '';
    const text = link.href.replace(/\?$/, '');
    let isCopied = false;
    try {
      await navigator.clipboard.writeText(text);
      isCopied = true;
    } catch {
      // No permission or no secure context: the field below still holds the link.
    }
    setCopied({ link: text, isCopied });
    requestAnimationFrame(() => fieldRef.current?.select());
  };

  return (
    <span className="copy-link">
      <button
        type="button"
        className="button"
        data-testid="copy-link"
        title="Copy a link to this file, entry, preview tab, offset and view"
        onClick={() => void copy()}
      >
        Copy link
      </button>
      {copied && (
        <span className="copy-link-result">
          <input
            ref={fieldRef}
            className="copy-link-field"
            data-testid="copy-link-field"
            aria-label="Link to this view"
            readOnly
            value={copied.link}
            onFocus={(event) => event.target.select()}
          />
          <span role="status" className="muted">
            {copied.isCopied ? 'Copied' : 'Copy it from the field'}
          </span>
          <button
            type="button"
            className="button button-quiet"
            aria-label="Hide the link"
            onClick={() => setCopied(null)}
          >
            ×
          </button>
        </span>
      )}
    </span>
  );
}
