/**
 * The decode as text: copied as JSON (the shape `delve info --json` gives its root), or
 * saved as JSON or as KingsIsle's XML (`<Objects><Class Name="…">`, which names every class
 * and property, so it needs the decode to be typed). The worker makes the text; a clipboard
 * the page may not write to shows the text selected in a box instead.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { askView, useFile } from '../../../state/hooks.ts';
import { useViewExport, ViewExportStatus } from '../view-export.tsx';
import type { Query, ViewSummary } from './view-types.ts';

type TextFormat = 'json' | 'xml';

type CopyState =
  | { status: 'idle' | 'busy' | 'copied' }
  | { status: 'refused'; text: string }
  | { status: 'error'; message: string };

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
  const [copy, setCopy] = useState<CopyState>({ status: 'idle' });
  const fallbackRef = useRef<HTMLTextAreaElement>(null);
  const saving = useViewExport<TextFormat, string>(fileId, {
    query: exportQuery,
    file: (text, as) => ({
      blob: new Blob([text], { type: as === 'json' ? 'application/json' : 'application/xml' }),
      name: exportName(fileName, as),
    }),
    what: fileName,
  });

  useEffect(() => {
    if (copy.status === 'refused') fallbackRef.current?.select();
  }, [copy]);

  const onCopy = async () => {
    setCopy({ status: 'busy' });
    const answer = await askView<string>(fileId, exportQuery('json'));
    if (!answer.ok) {
      setCopy({ status: 'error', message: answer.error.message });
      return;
    }
    try {
      await navigator.clipboard.writeText(answer.value);
      setCopy({ status: 'copied' });
    } catch {
      setCopy({ status: 'refused', text: answer.value });
    }
  };

  const isTyped = summary.kind === 'typed';
  return (
    <div className="view-actions" data-testid="op-exports">
      <button
        type="button"
        className="button button-small"
        data-testid="op-copy-json"
        aria-busy={copy.status === 'busy'}
        onClick={() => void onCopy()}
      >
        {copy.status === 'copied' ? 'Copied' : 'Copy as JSON'}
      </button>
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
        {copy.status === 'error' && (
          <span className="error-text">Could not copy: {copy.message}</span>
        )}
      </span>
      {copy.status === 'refused' && (
        <textarea
          ref={fallbackRef}
          className="view-code-input"
          aria-label="The objects as JSON: the clipboard was refused, copy by hand"
          readOnly
          rows={6}
          value={copy.text}
        />
      )}
    </div>
  );
}
