/**
 * An ObjectProperty file's own pane (the file pane of this folder's plug-in): what was
 * decoded (mode, flags, root, type lists), a note with a way to load a type list when none
 * named it, the exports, the object tree with its search, the *Decode blob* box and the
 * string IDs.
 */
import type { ReactElement } from 'react';
import { FactList } from '../../details/FactList.tsx';
import { formatCount } from '../../format.ts';
import { openSideInputsPanel } from '../../side-inputs/panel-state.ts';
import { DocumentViewGate } from '../DocumentViewGate.tsx';
import { DecodeBlob } from './DecodeBlob.tsx';
import { ObjectExports } from './ObjectExports.tsx';
import { ObjectTree } from './ObjectTree.tsx';
import { StringIds } from './StringIds.tsx';
import { viewSummaryOf, type ViewSummary } from './view-types.ts';

export function ObjectPropertyPane({ fileId }: { fileId: string }): ReactElement {
  return (
    <DocumentViewGate
      fileId={fileId}
      className="view-pane"
      testId="op-view"
      what="the objects"
      isNot="does not decode to ObjectProperty objects"
      check={viewSummaryOf}
    >
      {(summary, fileName) => (
        <section
          className="view-pane"
          data-testid="op-view"
          data-state="ready"
          data-kind={summary.kind}
          aria-label={`Objects in ${fileName}`}
        >
          <h2 className="details-title">Objects: {summary.rootName}</h2>
          <SummaryFacts summary={summary} />
          {summary.typeLists.length === 0 && <TypeListNote summary={summary} />}
          <ObjectExports key={`export-${fileId}`} fileId={fileId} summary={summary} />
          <ObjectTree key={`tree-${fileId}`} fileId={fileId} />
          <DecodeBlob key={`blob-${fileId}`} fileId={fileId} />
          <StringIds
            key={`ids-${fileId}`}
            fileId={fileId}
            hasTypeLists={summary.typeLists.length > 0}
          />
        </section>
      )}
    </DocumentViewGate>
  );
}

function SummaryFacts({ summary }: { summary: ViewSummary }): ReactElement {
  return (
    <FactList
      facts={[
        ['Kind', summary.isBind ? 'BINd file' : 'blob'],
        ['Mode', summary.mode],
        ['Flags', `0x${summary.flags.toString(16).toUpperCase()}`],
        ['Nodes', formatCount(summary.nodeCount)],
        ['Type lists', summary.typeLists.length === 0 ? 'none' : summary.typeLists.join(', ')],
      ]}
    />
  );
}

function TypeListNote({ summary }: { summary: ViewSummary }): ReactElement {
  return (
    <div className="op-note" role="note" data-testid="op-type-list-note">
      <p>
        <strong>Load a type list to see names.</strong>{' '}
        {summary.kind === 'hashOnly'
          ? 'A shallow blob cannot be read past its class hash without one.'
          : 'Without one, classes and properties show as hashes and their values are guessed.'}
      </p>
      <button
        type="button"
        className="button button-small"
        data-testid="op-load-type-list"
        onClick={openSideInputsPanel}
      >
        Load a type list…
      </button>
    </div>
  );
}
