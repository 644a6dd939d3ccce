/**
 * Exports the whole archive as JSON (the shape `delve info --json` gives) or as DAVA-style
 * YAML, made by the worker and saved as a download, with its progress; Cancel stops the
 * worker's request (and drops any answer already on its way), so nothing is saved.
 */
import type { ReactElement } from 'react';
import { useViewExport, ViewExportStatus } from '../view-export.tsx';
import { jsonQuery, yamlQuery, type KaTextAnswer } from './ka-view-types.ts';

type ExportFormat = 'json' | 'yaml';

const FORMATS: Record<ExportFormat, { label: string; mime: string; extension: string }> = {
  json: { label: 'JSON', mime: 'application/json', extension: '.json' },
  yaml: { label: 'YAML', mime: 'application/yaml', extension: '.yaml' },
};

/** `scene.ka` → `scene.json`: the name without its last extension, then the new one. */
export function exportName(fileName: string, format: ExportFormat): string {
  const stem = fileName.replace(/\.[^./\\]+$/, '') || fileName || 'archive';
  return `${stem}${FORMATS[format].extension}`;
}

export function KaExport({ fileId, fileName }: { fileId: string; fileName: string }): ReactElement {
  const { state, run, cancel } = useViewExport<ExportFormat, KaTextAnswer>(fileId, {
    query: (format) => (format === 'json' ? jsonQuery() : yamlQuery),
    file: (answer, format) => ({
      blob: new Blob([answer.text], { type: FORMATS[format].mime }),
      name: exportName(fileName, format),
    }),
    what: fileName,
  });

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
        <ViewExportStatus
          state={state}
          making={(format) => `the ${FORMATS[format].label} of the whole archive`}
        />
      </div>
    </section>
  );
}
