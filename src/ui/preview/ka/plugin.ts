/**
 * The keyed-archive view as a view plug-in (ui/preview/registry.ts): a KA session offers the
 * `ka-tree` view. Its keys are the tree's rows; the file's row shows a summary, a search and
 * the exports, and every node (an archive or array: `record`; a leaf: `value`) shows its typed
 * value above the generic facts and highlighted bytes.
 */
import type { ViewPlugin } from '../view-plugin.ts';
import { KaArchivePane } from './KaArchivePane.tsx';
import { KA_TREE_VIEW } from './ka-view-types.ts';
import { KaNodePane } from './KaNodePane.tsx';
import '../view-parts.css';
import './ka-view.css';

export const kaTreeView: ViewPlugin = {
  view: KA_TREE_VIEW,
  label: 'Keyed archive',
  filePane: KaArchivePane,
  nodePanes: { record: KaNodePane, value: KaNodePane },
};
