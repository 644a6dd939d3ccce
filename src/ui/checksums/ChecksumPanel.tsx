/**
 * Checksums of an entry's content (or of the opened file): CRC-32, KI-CRC, MD5, SHA-1 and
 * SHA-256, computed in the worker chunk by chunk. Content up to AUTO_DIGEST_LIMIT is hashed as
 * soon as it is shown and the page is idle; bigger content waits for the button, since hashing gigabytes costs
 * seconds. A running job shows progress and can be cancelled; leaving the entry cancels it.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import type { Digests, ErrorInfo, JobProgress } from '../../worker/rpc/api.ts';
import type { FileDecoder } from '../../worker/rpc/client.ts';
import { contentKey } from '../preview/decoder-key.ts';
import { formatExactBytes, formatSize } from '../format.ts';
import { digestRows, matchDigest } from './digest-format.ts';
import './checksums.css';

export interface ChecksumPanelProps {
  decoder: FileDecoder;
  /** Entry to hash, or `WHOLE_FILE` (-1) for the opened file itself. */
  entryIndex: number;
}

/** Content up to this size is hashed without asking (well under a second in the worker). */
export const AUTO_DIGEST_LIMIT = 64 * 1024 * 1024;

/** The longest an automatic hash waits for the page to be idle. */
const AUTO_DIGEST_IDLE_TIMEOUT_MS = 500;

type JobState =
  | { status: 'idle' }
  | { status: 'running'; progress: JobProgress | null; isCancelling: boolean }
  | { status: 'done'; digests: Digests }
  | { status: 'cancelled' }
  | { status: 'error'; error: ErrorInfo };

export function ChecksumPanel(props: ChecksumPanelProps): ReactElement {
  return <ChecksumPanelBody key={contentKey(props.decoder, props.entryIndex)} {...props} />;
}

function errorFrom(error: unknown, what: string): ErrorInfo {
  const message = `${what} failed: ${error instanceof Error ? error.message : String(error)}`;
  return { code: 'INTERNAL', message, offset: null, format: '', path: '' };
}

function ChecksumPanelBody({ decoder, entryIndex }: ChecksumPanelProps): ReactElement {
  const [size, setSize] = useState<number | null>(null);
  const [sizeError, setSizeError] = useState<ErrorInfo | null>(null);
  const [job, setJob] = useState<JobState>({ status: 'idle' });
  /** Id of the job whose results count; bumped on unmount so late results are dropped. */
  const jobIdRef = useRef(0);
  const isRunningRef = useRef(false);

  const start = useCallback(() => {
    const jobId = ++jobIdRef.current;
    isRunningRef.current = true;
    setJob({ status: 'running', progress: null, isCancelling: false });
    const onProgress = (progress: JobProgress) => {
      if (jobIdRef.current !== jobId) return;
      setJob((state) => (state.status === 'running' ? { ...state, progress } : state));
    };
    decoder
      .digest(entryIndex, onProgress)
      .then(
        (result): JobState => {
          if (result.ok) return { status: 'done', digests: result.value };
          return result.error.code === 'CANCELLED'
            ? { status: 'cancelled' }
            : { status: 'error', error: result.error };
        },
        (error: unknown): JobState => ({
          status: 'error',
          error: errorFrom(error, 'computing checksums'),
        }),
      )
      .then((next) => {
        if (jobIdRef.current !== jobId) return;
        isRunningRef.current = false;
        setJob(next);
      });
  }, [decoder, entryIndex]);

  const cancel = useCallback(() => {
    setJob((state) => (state.status === 'running' ? { ...state, isCancelling: true } : state));
    void decoder.cancel('digest');
  }, [decoder]);

  // Size first (a 1-byte read reports the total), then auto-run small content once the page
  // is idle: a file just opened shows its rows and its level view first (hashing a level
  // took its worker ~30 ms, on the two cores the view's first frame was being drawn on).
  useEffect(() => {
    let isCurrent = true;
    let idleHandle: number | null = null;
    const startWhenIdle = () => {
      if (typeof requestIdleCallback !== 'function') {
        start();
        return;
      }
      idleHandle = requestIdleCallback(
        () => {
          idleHandle = null;
          if (isCurrent) start();
        },
        { timeout: AUTO_DIGEST_IDLE_TIMEOUT_MS },
      );
    };
    decoder.readRange(entryIndex, 0, 1).then(
      (result) => {
        if (!isCurrent) return;
        if (!result.ok) {
          setSizeError(result.error);
          return;
        }
        setSize(result.value.totalSize);
        if (result.value.totalSize <= AUTO_DIGEST_LIMIT) startWhenIdle();
      },
      (error: unknown) => {
        if (isCurrent) setSizeError(errorFrom(error, 'reading the size'));
      },
    );
    return () => {
      isCurrent = false;
      if (idleHandle !== null) cancelIdleCallback(idleHandle);
    };
  }, [decoder, entryIndex, start]);

  // Leaving the entry stops its job: the worker would otherwise keep hashing gigabytes nobody sees.
  useEffect(() => {
    const jobIds = jobIdRef;
    const isRunning = isRunningRef;
    return () => {
      jobIds.current++;
      if (isRunning.current) {
        isRunning.current = false;
        void decoder.cancel('digest');
      }
    };
  }, [decoder]);

  return (
    <section className="checksums" data-testid="checksums" aria-label="Checksums">
      <div className="checksums-toolbar">
        <h3 className="checksums-title">Checksums</h3>
        {size !== null && (
          <span className="checksums-size" title={formatExactBytes(size)}>
            of {formatSize(size)}
          </span>
        )}
        {job.status !== 'running' && job.status !== 'done' && (
          <button type="button" onClick={start} data-testid="checksums-compute">
            Compute checksums
          </button>
        )}
      </div>
      {sizeError !== null && (
        <p className="checksums-error" role="alert">
          {sizeError.message}
        </p>
      )}
      {job.status === 'idle' && size !== null && size > AUTO_DIGEST_LIMIT && (
        <p className="checksums-note">Large content: checksums are computed on request.</p>
      )}
      {job.status === 'running' && (
        <JobProgressBar progress={job.progress} isCancelling={job.isCancelling} onCancel={cancel} />
      )}
      {job.status === 'cancelled' && (
        <p className="checksums-note" role="status">
          Cancelled.
        </p>
      )}
      {job.status === 'error' && (
        <p className="checksums-error" role="alert">
          {job.error.message}
        </p>
      )}
      {job.status === 'done' && <DigestTable digests={job.digests} />}
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
