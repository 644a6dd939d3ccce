/**
 * Copies a node's value or subtree as JSON (the shape `delve info --json` gives) to the
 * clipboard. The worker makes the text; a refused clipboard (permissions, an insecure page)
 * shows the text selected in a box instead, to copy by hand.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { askView } from '../../../state/hooks.ts';
import { formatCountOf } from '../../format.ts';
import { jsonQuery, type KaTextAnswer } from './ka-view-types.ts';

type CopyState =
  | { status: 'idle' | 'busy' | 'copied' }
  | { status: 'refused'; text: string }
  | { status: 'error'; message: string };

/** How long "Copied" stays before the button reads as before. */
const COPIED_MS = 2500;

export function CopyJsonButton({
  fileId,
  index,
  isSubtree,
}: {
  fileId: string;
  index: number;
  isSubtree: boolean;
}): ReactElement {
  const [state, setState] = useState<CopyState>({ status: 'idle' });
  const fallbackRef = useRef<HTMLTextAreaElement>(null);
  const what = isSubtree ? 'subtree' : 'value';

  useEffect(() => {
    if (state.status === 'refused') fallbackRef.current?.select();
    if (state.status !== 'copied') return;
    const timer = setTimeout(() => setState({ status: 'idle' }), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const onCopy = async () => {
    setState({ status: 'busy' });
    const answer = await askView<KaTextAnswer>(fileId, jsonQuery(index));
    if (!answer.ok) {
      setState({ status: 'error', message: answer.error.message });
      return;
    }
    try {
      await navigator.clipboard.writeText(answer.value.text);
      setState({ status: 'copied' });
    } catch {
      setState({ status: 'refused', text: answer.value.text });
    }
  };

  return (
    <div className="ka-copy">
      <button
        type="button"
        className="button button-small"
        data-testid="ka-copy-json"
        aria-busy={state.status === 'busy'}
        disabled={state.status === 'busy'}
        onClick={() => void onCopy()}
      >
        {state.status === 'copied' ? 'Copied' : `Copy ${what} as JSON`}
      </button>
      <span className="ka-copy-status" role="status" data-testid="ka-copy-status">
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
          className="ka-copy-fallback"
          data-testid="ka-copy-fallback"
          aria-label={`The ${what} as JSON (${formatCountOf(state.text.length, 'character')})`}
          readOnly
          rows={6}
          value={state.text}
        />
      )}
    </div>
  );
}
