/**
 * The panes a grid view gives a plug-in: the file's (the grid) and a node's (the grid showing
 * the node's table and row, then its bytes highlighted in the hex view — only the chosen
 * cell's, when one is chosen in its row — then its facts).
 * A plug-in names what its rows are and how its columns show; the rest is here.
 */
import { useState, type ReactElement } from 'react';
import { useViewLinkState } from '../../../state/deep-link-hooks.ts';
import { useViewAnswer } from '../../../state/hooks.ts';
import { EntryDetailsView } from '../../details/EntryDetailsView.tsx';
import { NodeBytesView } from '../../details/NodeBytesView.tsx';
import { DocumentViewGate } from '../DocumentViewGate.tsx';
import type { FilePaneProps, NodePaneProps } from '../view-plugin.ts';
import type { ColumnDisplayOf } from './cell-format.ts';
import { cellSpansQuery, gridSummaryOf, type GridCellSpansAnswer } from './grid-queries.ts';
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
  path = null,
  options,
  onColumn,
}: {
  fileId: string;
  node?: number;
  /** The pane's node's path, whose link state the grid's is (null: the file's own row). */
  path?: string | null;
  options: GridPaneOptions;
  onColumn?(column: number): void;
}): ReactElement {
  const link = useViewLinkState(fileId, path);
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
            link={link}
            {...(node === undefined ? {} : { node })}
            {...(onColumn === undefined ? {} : { onColumn })}
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
    const [column, setColumn] = useState(-1);
    const spans = useViewAnswer<GridCellSpansAnswer>(fileId, cellSpansQuery(row.entryIndex));
    // The chosen cell's bytes, when the node is a row and the cell's place is known.
    const cell =
      column >= 0 && spans.status === 'ok' && spans.value.node === row.entryIndex
        ? (spans.value.spans[column] ?? undefined)
        : undefined;
    return (
      <div className="details details--view grid-node">
        <div className="details-view">
          <GridOfFile
            fileId={fileId}
            node={row.entryIndex}
            path={row.path}
            options={options}
            onColumn={setColumn}
          />
        </div>
        <div className="details-preview">
          <NodeBytesView fileId={fileId} entryIndex={row.entryIndex} highlight={cell} />
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
