/**
 * Exports one table, or every row of every table, as CSV or JSON: the worker makes the text
 * (with its progress) and the answer names the file; it is saved as a download. Cancel stops
 * the worker's request (and drops any answer already on its way), so nothing is saved.
 */
import type { ReactElement } from 'react';
import { useViewExport, ViewExportStatus } from '../view-export.tsx';
import { exportQuery, type GridExportAnswer, type GridExportFormat } from './grid-queries.ts';

const FORMATS: readonly GridExportFormat[] = ['csv', 'json'];
const LABELS: Record<GridExportFormat, string> = { csv: 'CSV', json: 'JSON' };

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
  const { state, run, cancel } = useViewExport<GridExportFormat, GridExportAnswer>(fileId, {
    query: (format) => exportQuery(format, table),
    file: ({ text, mediaType, fileName }) => ({
      blob: new Blob([text], { type: mediaType }),
      name: fileName,
    }),
    what,
  });

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
        <ViewExportStatus state={state} making={(format) => `the ${LABELS[format]} of ${what}`} />
      </span>
    </div>
  );
}
