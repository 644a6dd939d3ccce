/**
 * The panes a grid view gives a plug-in: the file's (the grid) and a node's (the grid showing
 * the node's table and row, then its bytes highlighted in the hex view, then its facts).
 * A plug-in names what its rows are and how its columns show; the rest is here.
 */
import type { ReactElement } from 'react';
import { EntryDetailsView } from '../../details/EntryDetailsView.tsx';
import { NodeBytesView } from '../../details/NodeBytesView.tsx';
import { DocumentViewGate } from '../DocumentViewGate.tsx';
import type { FilePaneProps, NodePaneProps } from '../view-plugin.ts';
import type { ColumnDisplayOf } from './cell-format.ts';
import { gridSummaryOf } from './grid-queries.ts';
import { GridView } from './GridView.tsx';

export interface GridPaneOptions {
  /** What the view is: `DML tables`. */
  title: string;
  /** What a row is, singular: `record`. */
  rowNoun: string;
  displayOf: ColumnDisplayOf;
}

/** The grid of a file, or what stands in its place while it loads or when it failed. */
function GridOfFile({
  fileId,
  node,
  options,
}: {
  fileId: string;
  node?: number;
  options: GridPaneOptions;
}): ReactElement {
  return (
    <DocumentViewGate
      fileId={fileId}
      className="grid-pane"
      testId="grid-pane"
      what="the tables"
      isNot="has no tables to show"
      check={gridSummaryOf}
    >
      {(summary, fileName) => (
        <section
          className="grid-pane"
          data-testid="grid-pane"
          data-state="ready"
          aria-label={`${options.title} of ${fileName}`}
        >
          <h2 className="details-title">{options.title}</h2>
          <GridView
            key={fileId}
            fileId={fileId}
            summary={summary}
            displayOf={options.displayOf}
            rowNoun={options.rowNoun}
            {...(node === undefined ? {} : { node })}
          />
        </section>
      )}
    </DocumentViewGate>
  );
}

/** The file pane and the node pane of a plug-in whose view is a grid. */
export function gridPanes(options: GridPaneOptions) {
  function GridFilePane({ fileId }: FilePaneProps): ReactElement {
    return <GridOfFile fileId={fileId} options={options} />;
  }

  function GridNodePane({ fileId, row }: NodePaneProps): ReactElement {
    return (
      <div className="details details--view grid-node">
        <div className="details-view">
          <GridOfFile fileId={fileId} node={row.entryIndex} options={options} />
        </div>
        <div className="details-preview">
          <NodeBytesView fileId={fileId} entryIndex={row.entryIndex} />
        </div>
        <div className="details-facts details-facts--view">
          <section className="details-section" aria-label={`Details of ${row.path}`}>
            <h2 className="details-title">{row.name}</h2>
            <EntryDetailsView fileId={fileId} entryIndex={row.entryIndex} />
          </section>
        </div>
      </div>
    );
  }

  return { GridFilePane, GridNodePane };
}
