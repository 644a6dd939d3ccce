/**
 * Exports one table, or every row of every table, as CSV or JSON: the worker makes the text
 * (with its progress) and the answer names the file; it is saved as a download. Cancel stops
 * the worker's request (and drops any answer already on its way), so nothing is saved.
 */
import { useRef, useState, type ReactElement } from 'react';
import { saveBlob } from '../../../state/download.ts';
import { askView, cancelView } from '../../../state/hooks.ts';
import { formatExactBytes } from '../../format.ts';
import { exportQuery, type GridExportAnswer, type GridExportFormat } from './grid-queries.ts';

const FORMATS: readonly GridExportFormat[] = ['csv', 'json'];
const LABELS: Record<GridExportFormat, string> = { csv: 'CSV', json: 'JSON' };

type ExportState =
  | { status: 'idle' }
  | { status: 'busy'; format: GridExportFormat; done: number; total: number }
  | { status: 'done' | 'error'; text: string };

export interface GridExportProps {
  fileId: string;
  /** A table's index, or null for every row of every table. */
  table: number | null;
  /** What is exported, for people: `Base`, `every record`. */
  what: string;
  /** Before the format in the buttons: `Export` gives “Export CSV”. */
  verb: string;
  testId: string;
}

export function GridExport({ fileId, table, what, verb, testId }: GridExportProps): ReactElement {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  /** Bumped by each export and by Cancel: an answer of an older one is dropped. */
  const generation = useRef(0);

  const run = async (format: GridExportFormat) => {
    const mine = ++generation.current;
    setState({ status: 'busy', format, done: 0, total: 0 });
    const answer = await askView<GridExportAnswer>(
      fileId,
      exportQuery(format, table),
      ({ done, total }) => {
        if (mine === generation.current) setState({ status: 'busy', format, done, total });
      },
    );
    if (mine !== generation.current) return;
    if (!answer.ok) {
      setState({ status: 'error', text: `Could not export ${what}: ${answer.error.message}` });
      return;
    }
    const { text, fileName, mediaType } = answer.value;
    const blob = new Blob([text], { type: mediaType });
    saveBlob(blob, fileName);
    setState({ status: 'done', text: `Saved ${fileName} (${formatExactBytes(blob.size)}).` });
  };

  const cancel = () => {
    generation.current++;
    cancelView(fileId);
    setState({ status: 'idle' });
  };

  const isBusy = state.status === 'busy';
  return (
    <div className="grid-export" role="group" aria-label={`Export ${what}`}>
      {FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="button button-small"
          data-testid={`${testId}-${format}`}
          disabled={isBusy}
          onClick={() => void run(format)}
        >
          {verb} {LABELS[format]}
        </button>
      ))}
      {isBusy && (
        <button
          type="button"
          className="button button-small"
          data-testid={`${testId}-cancel`}
          onClick={cancel}
        >
          Cancel
        </button>
      )}
      <span className="grid-export-status" role="status" data-testid={`${testId}-status`}>
        {isBusy && (
          <>
            <progress
              aria-label={`Making the ${LABELS[state.format]} of ${what}`}
              {...(state.total > 0 ? { value: state.done, max: state.total } : {})}
            />{' '}
            <span>Making the {LABELS[state.format]}…</span>
          </>
        )}
        {state.status === 'done' && <span>{state.text}</span>}
        {state.status === 'error' && <span className="error-text">{state.text}</span>}
      </span>
    </div>
  );
}
