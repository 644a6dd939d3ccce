/**
 * "Open URL…": a dialog that takes one address or several (an index and its volumes, one per
 * line) and opens them together. Remote files are read through HTTP Range requests, so only
 * what is looked at is fetched; what failed (CORS, HTTP, network) comes back as a toast.
 * Each line is checked as it is typed: where a relative path leads is shown before anything
 * is fetched, and a line that is no web address says so and keeps the dialog from opening.
 */
import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useActions } from '../../state/hooks.ts';
import { isRelativeAddress, resolveRemoteUrl } from '../../state/remote-urls.ts';
import { JobList } from '../app/JobList.tsx';
import './open-url.css';

/** One typed line: the address it resolves to, or why it cannot be opened. */
export interface TypedAddress {
  text: string;
  url: string | null;
  isRelative: boolean;
  problem: string | null;
}

/** The addresses typed, one per line, blank lines left out, each resolved against `baseUrl`. */
export function addressesOf(text: string, baseUrl: string): TypedAddress[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const resolved = resolveRemoteUrl(line, baseUrl, { allowRelative: true });
      return typeof resolved === 'string'
        ? { text: line, url: null, isRelative: false, problem: resolved }
        : { text: line, url: resolved.href, isRelative: isRelativeAddress(line), problem: null };
    });
}

export function OpenUrlButton(): ReactElement {
  const { openUrls } = useActions();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();
  const checkId = useId();
  const addresses = addressesOf(text, document.baseURI);
  const canOpen = addresses.length > 0 && addresses.every((address) => address.url !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A line that is no address opens nothing: the list under the box says which and why.
    if (!canOpen) return;
    dialogRef.current?.close();
    setText('');
    void openUrls(addresses.flatMap((address) => (address.url ? [address.url] : [])));
  };

  return (
    <>
      <button
        type="button"
        className="button"
        data-testid="open-url-button"
        title="Open files from a web address. Only the parts looked at are fetched."
        onClick={() => dialogRef.current?.showModal()}
      >
        Open URL…
      </button>
      <dialog
        ref={dialogRef}
        className="dialog open-url-dialog"
        aria-labelledby={`${inputId}-title`}
      >
        <form onSubmit={submit}>
          <h2 id={`${inputId}-title`} className="open-url-title">
            Open from a web address
          </h2>
          <label htmlFor={inputId}>Addresses, one per line</label>
          <textarea
            id={inputId}
            data-testid="open-url-input"
            className="open-url-input"
            rows={3}
            spellCheck={false}
            autoComplete="off"
            placeholder="https://example.com/files/archive.bin"
            aria-describedby={`${checkId} ${hintId}`}
            aria-invalid={addresses.some((address) => address.problem !== null)}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter opens; Shift+Enter adds a line for another address.
              if (event.key === 'Enter' && !event.shiftKey) submit(event);
            }}
          />
          <ul
            id={checkId}
            className="open-url-check"
            data-testid="open-url-check"
            aria-live="polite"
          >
            {addresses.map((address, at) =>
              address.problem !== null ? (
                <li key={at} className="open-url-problem" data-testid="open-url-problem">
                  <span className="open-url-typed">{address.text}</span>: {address.problem}
                </li>
              ) : (
                address.isRelative && (
                  <li key={at} data-testid="open-url-resolved">
                    <span className="open-url-typed">{address.text}</span>, relative to this page:{' '}
                    <span className="open-url-typed">{address.url}</span>
                  </li>
                )
              ),
            )}
          </ul>
          <p id={hintId} className="open-url-hint">
            One address per line: files that go together (an index and the volumes it names) open as
            one. The server must allow byte ranges and this page&rsquo;s origin (CORS); files are
            read into this tab&rsquo;s memory only.
          </p>
          <div className="open-url-buttons">
            <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
              Cancel
            </button>
            <button
              type="submit"
              className="button button-primary"
              data-testid="open-url-submit"
              disabled={!canOpen}
            >
              Open
            </button>
          </div>
        </form>
      </dialog>
      <JobList remote />
    </>
  );
}
