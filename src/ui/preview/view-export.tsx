/**
 * An export made by a file's decoded view in the worker (a JSON of a whole archive, a table
 * as CSV), with its progress, saved as a download. Cancel stops the worker's request and
 * drops any answer already on its way, so nothing is saved; a newer export drops an older
 * one's answer the same way.
 */
import { useRef, useState, type ReactElement } from 'react';
import { saveBlob } from '../../state/download.ts';
import { askView, cancelView } from '../../state/hooks.ts';
import { formatExactBytes } from '../format.ts';

export type ViewExportState<Format extends string> =
  | { status: 'idle' }
  | { status: 'busy'; format: Format; done: number; total: number }
  | { status: 'done' | 'error'; text: string };

export interface ViewExportOptions<Format extends string, Answer> {
  /** The view query that makes it. */
  query(format: Format): unknown;
  /** The file to save, made of the answer. */
  file(answer: Answer, format: Format): { blob: Blob; name: string };
  /** What is exported, for the error: `Could not export scene.ka: …`. */
  what: string;
}

export function useViewExport<Format extends string, Answer>(
  fileId: string,
  options: ViewExportOptions<Format, Answer>,
): { state: ViewExportState<Format>; run(format: Format): Promise<void>; cancel(): void } {
  const [state, setState] = useState<ViewExportState<Format>>({ status: 'idle' });
  /** Bumped by each export and by Cancel: an answer of an older one is dropped. */
  const generation = useRef(0);

  const run = async (format: Format) => {
    const mine = ++generation.current;
    setState({ status: 'busy', format, done: 0, total: 0 });
    const answer = await askView<Answer>(fileId, options.query(format), ({ done, total }) => {
      if (mine === generation.current) setState({ status: 'busy', format, done, total });
    });
    if (mine !== generation.current) return;
    if (!answer.ok) {
      setState({
        status: 'error',
        text: `Could not export ${options.what}: ${answer.error.message}`,
      });
      return;
    }
    const { blob, name } = options.file(answer.value, format);
    saveBlob(blob, name);
    setState({ status: 'done', text: `Saved ${name} (${formatExactBytes(blob.size)}).` });
  };

  const cancel = () => {
    generation.current++;
    cancelView(fileId);
    setState({ status: 'idle' });
  };

  return { state, run, cancel };
}

/** An export's progress while it runs, then what was saved or why nothing was. */
export function ViewExportStatus<Format extends string>({
  state,
  making,
}: {
  state: ViewExportState<Format>;
  /** What is being made, for the progress: `the JSON of the whole archive`. */
  making(format: Format): string;
}): ReactElement {
  return (
    <>
      {state.status === 'busy' && (
        <>
          <progress
            aria-label={`Making ${making(state.format)}`}
            {...(state.total > 0 ? { value: state.done, max: state.total } : {})}
          />{' '}
          <span>Making {making(state.format)}…</span>
        </>
      )}
      {state.status === 'done' && <span>{state.text}</span>}
      {state.status === 'error' && <span className="error-text">{state.text}</span>}
    </>
  );
}
