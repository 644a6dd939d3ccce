/**
 * The `ka-tree` view of a keyed archive (the file pane of this folder's plug-in): a summary,
 * a search that selects nodes in the tree, and the whole archive's JSON and YAML exports.
 * The keys themselves are the tree's rows; each has its own pane (KaNodePane).
 */
import type { ReactElement } from 'react';
import { DocumentViewGate } from '../DocumentViewGate.tsx';
import type { FilePaneProps } from '../view-plugin.ts';
import { kaSummaryOf } from './ka-view-types.ts';
import { KaExport } from './KaExport.tsx';
import { KaSearch } from './KaSearch.tsx';
import { KaSummary, KaTypeCounts } from './KaSummary.tsx';

export function KaArchivePane({ fileId }: FilePaneProps): ReactElement {
  return (
    <DocumentViewGate
      fileId={fileId}
      className="view-pane ka-view"
      testId="ka-view"
      what="the archive"
      isNot="is not a keyed archive"
      check={kaSummaryOf}
    >
      {(summary, fileName) => (
        <section
          className="view-pane ka-view"
          data-testid="ka-view"
          data-state="ready"
          aria-label={`${summary.title} ${fileName}`}
        >
          <h2 className="details-title">{summary.title}</h2>
          <KaSummary summary={summary} />
          <KaExport fileId={fileId} fileName={fileName} />
          <KaSearch key={fileId} fileId={fileId} />
          <KaTypeCounts summary={summary} />
        </section>
      )}
    </DocumentViewGate>
  );
}
