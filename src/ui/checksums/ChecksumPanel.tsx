/**
 * Checksums of some content (an entry's, or the opened file's): CRC-32, KI-CRC, MD5, SHA-1 and
 * SHA-256, computed in the worker chunk by chunk and kept by the state layer per file and
 * content (state/digests.ts). Content up to AUTO_DIGEST_LIMIT is hashed as soon as it is shown
 * and the page is idle; bigger content waits for the button, since hashing gigabytes costs
 * seconds. A running job shows progress and can be cancelled; leaving the content cancels it.
 */
import { useId, useRef, useState, type ReactElement } from 'react';
import { useDigest } from '../../state/hooks.ts';
import type { ContentRef, Digests, JobProgress } from '../../worker/rpc/api.ts';
import { contentKey } from '../preview/decoder-key.ts';
import { formatExactBytes, formatSize } from '../format.ts';
import { digestRows, matchDigest } from './digest-format.ts';
import './checksums.css';

export interface ChecksumPanelProps {
  fileId: string;
  /** The content to hash: an entry's (`nodeRef`) or the opened file's (`FILE_REF`). */
  ref: ContentRef;
  /** Bytes of the content, as the row or the summary knows it. */
  size: number;
  /**
   * Whether small content may be hashed without asking now (default true). A file being
   * opened waits: hashing it beside the open would hold back its first rows.
   */
  mayAutoStart?: boolean;
}

/** Content up to this size is hashed without asking (well under a second in the worker). */
export const AUTO_DIGEST_LIMIT = 64 * 1024 * 1024;

export function ChecksumPanel(props: ChecksumPanelProps): ReactElement {
  return <ChecksumPanelBody key={contentKey(props.fileId, props.ref)} {...props} />;
}

function ChecksumPanelBody({
  fileId,
  ref,
  size,
  mayAutoStart = true,
}: ChecksumPanelProps): ReactElement {
  const isLarge = size > AUTO_DIGEST_LIMIT;
  const { state, start, cancel } = useDigest(fileId, ref, { auto: !isLarge && mayAutoStart });
  return (
    <section className="checksums" data-testid="checksums" aria-label="Checksums">
      <div className="checksums-toolbar">
        <h3 className="checksums-title">Checksums</h3>
        <span className="checksums-size" title={formatExactBytes(size)}>
          of {formatSize(size)}
        </span>
        {state.status !== 'running' && state.status !== 'ok' && (
          <button type="button" onClick={start} data-testid="checksums-compute">
            Compute checksums
          </button>
        )}
      </div>
      {state.status === 'idle' && isLarge && (
        <p className="checksums-note">Large content: checksums are computed on request.</p>
      )}
      {state.status === 'running' && (
        <JobProgressBar
          progress={state.progress}
          isCancelling={state.isCancelling}
          onCancel={cancel}
        />
      )}
      {state.status === 'cancelled' && (
        <p className="checksums-note" role="status">
          Cancelled.
        </p>
      )}
      {state.status === 'error' && (
        <p className="checksums-error" role="alert">
          {state.error.message}
        </p>
      )}
      {state.status === 'ok' && <DigestTable digests={state.value} />}
    </section>
  );
}

function JobProgressBar(props: {
  progress: JobProgress | null;
  isCancelling: boolean;
  onCancel: () => void;
}): ReactElement {
  const { progress, isCancelling, onCancel } = props;
  const hasTotal = progress !== null && progress.total > 0;
  const percent = hasTotal
    ? Math.min(100, Math.floor((progress.done / progress.total) * 100))
    : null;
  const text = hasTotal
    ? `${formatSize(progress.done)} of ${formatSize(progress.total)} (${percent}%)`
    : 'Computing…';
  return (
    <div className="checksums-progress">
      {hasTotal ? (
        <progress
          max={progress.total}
          value={progress.done}
          aria-label="Checksum progress"
          aria-valuetext={text}
        />
      ) : (
        <progress aria-label="Checksum progress" />
      )}
      <span className="checksums-progress-text" aria-live="polite">
        {progress?.label ? `${progress.label}: ` : ''}
        {text}
      </span>
      <button
        type="button"
        onClick={onCancel}
        disabled={isCancelling}
        data-testid="checksums-cancel"
      >
        {isCancelling ? 'Cancelling…' : 'Cancel'}
      </button>
    </div>
  );
}

/** Copies with the Clipboard API; without it (insecure context, denied) selects the text and tries execCommand. */
async function copyText(text: string, cell: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (cell === null) return false;
    const selection = window.getSelection();
    const range = document.createRange();
    range.selectNodeContents(cell);
    selection?.removeAllRanges();
    selection?.addRange(range);
    try {
      // Deprecated, but the only fallback where the Clipboard API is missing.
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

function DigestTable({ digests }: { digests: Digests }): ReactElement {
  const id = useId();
  const rows = digestRows(digests);
  const cellRefs = useRef(new Map<string, HTMLElement>());
  const [announcement, setAnnouncement] = useState('');
  const [expected, setExpected] = useState('');
  const matches = matchDigest(expected, digests);

  const onCopy = async (label: string, value: string, testId: string) => {
    const isCopied = await copyText(value, cellRefs.current.get(testId) ?? null);
    setAnnouncement(
      isCopied
        ? `Copied ${label}`
        : `Could not copy ${label}: the value is selected, press Ctrl+C to copy it`,
    );
  };

  return (
    <>
      <table className="checksums-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.label}</th>
              <td>
                <code
                  data-testid={row.testId}
                  className="checksums-value"
                  ref={(element) => {
                    if (element === null) cellRefs.current.delete(row.testId);
                    else cellRefs.current.set(row.testId, element);
                  }}
                >
                  {row.value}
                </code>
              </td>
              <td>
                <button
                  type="button"
                  onClick={() => void onCopy(row.label, row.value, row.testId)}
                  aria-label={`Copy ${row.label}`}
                >
                  Copy
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p
        className="checksums-announce"
        aria-live="polite"
        role="status"
        data-testid="checksums-announce"
      >
        {announcement}
      </p>
      <div className="checksums-compare">
        <label htmlFor={`${id}-compare`}>Compare with an expected hash</label>
        <input
          id={`${id}-compare`}
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder="paste a CRC, MD5, SHA-1 or SHA-256"
          value={expected}
          onChange={(event) => setExpected(event.target.value)}
          data-testid="hash-compare"
        />
        <p
          className={`checksums-compare-result${matches.length > 0 ? ' checksums-compare-result--match' : ''}`}
          role="status"
          aria-live="polite"
          data-testid="hash-compare-result"
        >
          {expected.trim() === ''
            ? ''
            : matches.length > 0
              ? `✓ matches ${matches.join(' and ')}`
              : '✗ no match'}
        </p>
      </div>
    </>
  );
}
