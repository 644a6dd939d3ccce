/**
 * DML tables (`LatestFileList.bin`) as a view plug-in (ui/preview/registry.ts): a DML session
 * offers the `dml-tables` view, a grid (formats/grid.ts) of its tables and their records.
 * The file's row shows the grid; a table, its template or a record shows the grid at its
 * table and row, then its bytes highlighted in the hex view and its facts. Template fields
 * keep the generic pane (their facts and highlighted bytes).
 */
import { gridPanes } from '../grid/GridPanes.tsx';
import type { ViewPlugin } from '../view-plugin.ts';
import { dmlColumnDisplay } from './columns.ts';

/** The view kind (`FileSummary.capabilities.view`); the same text as types.ts `DML_TABLES_VIEW`. */
export const DML_TABLES_VIEW = 'dml-tables';

const { GridFilePane, GridNodePane } = gridPanes({
  title: 'DML tables',
  rowNoun: 'record',
  displayOf: dmlColumnDisplay,
});

export const dmlTablesView: ViewPlugin = {
  view: DML_TABLES_VIEW,
  label: 'DML tables',
  filePane: GridFilePane,
  nodePanes: { section: GridNodePane, record: GridNodePane },
};
