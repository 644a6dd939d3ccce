/**
 * The decode as text: copied as JSON (the shape `delve info --json` gives its root), or
 * saved as JSON or as KingsIsle's XML (`<Objects><Class Name="…">`, which names every class
 * and property, so it needs the decode to be typed). The worker makes the text.
 */
import type { ReactElement } from 'react';
import { askView, useFile } from '../../../state/hooks.ts';
import { CopyJsonButton } from '../CopyJsonButton.tsx';
import { useViewExport, ViewExportStatus } from '../view-export.tsx';
import type { Query, ViewSummary } from './view-types.ts';

type TextFormat = 'json' | 'xml';

const exportQuery = (as: TextFormat): Query => ({ kind: 'export', as });

/** `Item.xml` → `Item.json`; `Item.xml` → `Item.objects.xml` (not the file itself). */
export function exportName(fileName: string, as: TextFormat): string {
  const stem = fileName.replace(/\.[^./]*$/, '') || 'objects';
  return as === 'json' ? `${stem}.json` : `${stem}.objects.xml`;
}

export function ObjectExports({
  fileId,
  summary,
}: {
  fileId: string;
  summary: ViewSummary;
}): ReactElement {
  const fileName = useFile(fileId)?.name ?? 'objects';
  const saving = useViewExport<TextFormat, string>(fileId, {
    query: exportQuery,
    file: (text, as) => ({
      blob: new Blob([text], { type: as === 'json' ? 'application/json' : 'application/xml' }),
      name: exportName(fileName, as),
    }),
    what: fileName,
  });

  const isTyped = summary.kind === 'typed';
  return (
    <div className="view-actions" data-testid="op-exports">
      <CopyJsonButton
        what="objects"
        testIdPrefix="op"
        makeText={() => askView<string>(fileId, exportQuery('json'))}
      />
      <button
        type="button"
        className="button button-small"
        data-testid="op-export-json"
        onClick={() => void saving.run('json')}
      >
        Export JSON
      </button>
      <button
        type="button"
        className="button button-small"
        data-testid="op-export-xml"
        disabled={!isTyped}
        title={
          isTyped
            ? 'KingsIsle’s human-readable XML of the objects'
            : 'KingsIsle’s XML names every class and property: load a type list first'
        }
        onClick={() => void saving.run('xml')}
      >
        Export XML
      </button>
      <span role="status" className="op-export-status">
        <ViewExportStatus
          state={saving.state}
          making={(as) => (as === 'json' ? 'the JSON' : 'the XML')}
        />
      </span>
    </div>
  );
}
