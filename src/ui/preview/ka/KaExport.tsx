/**
 * Exports the whole archive as JSON (the shape `delve info --json` gives) or as DAVA-style
 * YAML, made by the worker and saved as a download, with its progress; Cancel stops the
 * worker's request (and drops any answer already on its way), so nothing is saved.
 */
import { useRef, useState, type ReactElement } from 'react';
import { saveBlob } from '../../../state/download.ts';
import { askView, cancelView } from '../../../state/hooks.ts';
import { formatExactBytes } from '../../format.ts';
import { jsonQuery, yamlQuery, type KaTextAnswer } from './ka-view-types.ts';

type ExportFormat = 'json' | 'yaml';

const FORMATS: Record<ExportFormat, { label: string; mime: string; extension: string }> = {
  json: { label: 'JSON', mime: 'application/json', extension: '.json' },
  yaml: { label: 'YAML', mime: 'application/yaml', extension: '.yaml' },
};

type ExportState =
  | { status: 'idle' }
  | { status: 'busy'; format: ExportFormat; done: number; total: number }
  | { status: 'done' | 'error'; text: string };

/** `scene.ka` → `scene.json`: the name without its last extension, then the new one. */
export function exportName(fileName: string, format: ExportFormat): string {
  const stem = fileName.replace(/\.[^./\\]+$/, '') || fileName || 'archive';
  return `${stem}${FORMATS[format].extension}`;
}

export function KaExport({ fileId, fileName }: { fileId: string; fileName: string }): ReactElement {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  /** Bumped by each export and by Cancel: an answer of an older one is dropped. */
  const generation = useRef(0);

  const run = async (format: ExportFormat) => {
    const mine = ++generation.current;
    setState({ status: 'busy', format, done: 0, total: 0 });
    const answer = await askView<KaTextAnswer>(
      fileId,
      format === 'json' ? jsonQuery() : yamlQuery,
      ({ done, total }) => {
        if (mine === generation.current) setState({ status: 'busy', format, done, total });
      },
    );
    if (mine !== generation.current) return;
    if (!answer.ok) {
      setState({ status: 'error', text: `Could not export ${fileName}: ${answer.error.message}` });
      return;
    }
    const name = exportName(fileName, format);
    const blob = new Blob([answer.value.text], { type: FORMATS[format].mime });
    saveBlob(blob, name);
    setState({ status: 'done', text: `Saved ${name} (${formatExactBytes(blob.size)}).` });
  };

  const cancel = () => {
    generation.current++;
    cancelView(fileId);
    setState({ status: 'idle' });
  };

  const isBusy = state.status === 'busy';
  return (
    <section className="ka-export" aria-label="Export the archive">
      <div className="ka-export-buttons">
        {(['json', 'yaml'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button"
            data-testid={`ka-export-${format}`}
            disabled={isBusy}
            onClick={() => void run(format)}
          >
            Export {FORMATS[format].label}
          </button>
        ))}
        {isBusy && (
          <button type="button" className="button" data-testid="ka-export-cancel" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
      <div className="ka-export-status" role="status" data-testid="ka-export-status">
        {isBusy && (
          <>
            <progress
              aria-label={`Making the ${FORMATS[state.format].label}`}
              {...(state.total > 0 ? { value: state.done, max: state.total } : {})}
            />{' '}
            <span>Making the {FORMATS[state.format].label} of the whole archive…</span>
          </>
        )}
        {state.status === 'done' && <span>{state.text}</span>}
        {state.status === 'error' && <span className="error-text">{state.text}</span>}
      </div>
    </section>
  );
}
