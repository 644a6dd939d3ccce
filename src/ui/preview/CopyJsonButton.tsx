/**
 * Copies what a decoded view makes as JSON (the shape `delve info --json` gives) to the
 * clipboard. The worker makes the text (`makeText`); a refused clipboard (permissions, an
 * insecure page) shows the text selected in a box instead, to copy by hand.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { Result } from '../../worker/rpc/api.ts';
import { formatCountOf } from '../format.ts';

type CopyState =
  | { status: 'idle' | 'busy' | 'copied' }
  | { status: 'refused'; text: string }
  | { status: 'error'; message: string };

/** How long "Copied" stays before the button reads as before. */
const COPIED_MS = 2500;

export function CopyJsonButton({
  what,
  testIdPrefix,
  makeText,
}: {
  /** What is copied, in the button and the notes: `value`, `subtree`, `objects`. */
  what: string;
  /** Test ids are `<prefix>-copy-json`, `-copy-status`, `-copy-fallback`. */
  testIdPrefix: string;
  makeText(): Promise<Result<string>>;
}): ReactElement {
  const [state, setState] = useState<CopyState>({ status: 'idle' });
  const fallbackRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (state.status === 'refused') fallbackRef.current?.select();
    if (state.status !== 'copied') return;
    const timer = setTimeout(() => setState({ status: 'idle' }), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const onCopy = async () => {
    setState({ status: 'busy' });
    const answer = await makeText();
    if (!answer.ok) {
      setState({ status: 'error', message: answer.error.message });
      return;
    }
    try {
      await navigator.clipboard.writeText(answer.value);
      setState({ status: 'copied' });
    } catch {
      setState({ status: 'refused', text: answer.value });
    }
  };

  return (
    <div className="view-copy">
      <button
        type="button"
        className="button button-small"
        data-testid={`${testIdPrefix}-copy-json`}
        aria-busy={state.status === 'busy'}
        disabled={state.status === 'busy'}
        onClick={() => void onCopy()}
      >
        {state.status === 'copied' ? 'Copied' : `Copy ${what} as JSON`}
      </button>
      <span className="view-copy-status" role="status" data-testid={`${testIdPrefix}-copy-status`}>
        {state.status === 'busy' && 'Making the JSON…'}
        {state.status === 'copied' && `The ${what} is on the clipboard as JSON.`}
        {state.status === 'error' && (
          <span className="error-text">Could not make the JSON: {state.message}</span>
        )}
        {state.status === 'refused' &&
          'The browser refused the clipboard: the JSON is selected below, press Ctrl+C to copy it.'}
      </span>
      {state.status === 'refused' && (
        <textarea
          ref={fallbackRef}
          className="view-copy-fallback"
          data-testid={`${testIdPrefix}-copy-fallback`}
          aria-label={`The ${what} as JSON (${formatCountOf(state.text.length, 'character')})`}
          readOnly
          rows={6}
          value={state.text}
        />
      )}
    </div>
  );
}
