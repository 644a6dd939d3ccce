/**
 * "Open URL…": a dialog that takes one address or several (an index and its volumes, one per
 * line) and opens them together. Remote files are read through HTTP Range requests, so only
 * what is looked at is fetched; what failed (CORS, HTTP, network) comes back as a toast.
 */
import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useActions } from '../../state/hooks.ts';
import { JobList } from '../app/JobList.tsx';
import './open-url.css';

/** The addresses typed: one per line (or separated by spaces), blank lines left out. */
export function addressesOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function OpenUrlButton(): ReactElement {
  const { openUrls } = useActions();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const urls = addressesOf(text);
    if (urls.length === 0) return;
    dialogRef.current?.close();
    setText('');
    void openUrls(urls);
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
      <dialog ref={dialogRef} className="open-url-dialog" aria-labelledby={`${inputId}-title`}>
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
            aria-describedby={hintId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter opens; Shift+Enter adds a line for another address.
              if (event.key === 'Enter' && !event.shiftKey) submit(event);
            }}
          />
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
              disabled={addressesOf(text).length === 0}
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
