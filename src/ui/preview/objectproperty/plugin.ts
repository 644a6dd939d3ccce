/**
 * The ObjectProperty view as a view plug-in (ui/preview/registry.ts): a `BINd` file's (or a
 * pasted blob's) session offers the `objectproperty-tree` view. Its objects and properties
 * are the tree's rows, with the generic details and their bytes highlighted; the file's row
 * shows what was decoded, the object tree with a search, the exports, the *Decode blob* box
 * and the string IDs.
 */
import type { ViewPlugin } from '../view-plugin.ts';
import { ObjectPropertyPane } from './ObjectPropertyPane.tsx';
import { OBJECT_PROPERTY_VIEW } from './view-types.ts';
import '../view-parts.css';
import './objectproperty-view.css';

export const objectPropertyView: ViewPlugin = {
  view: OBJECT_PROPERTY_VIEW,
  label: 'ObjectProperty objects',
  filePane: ObjectPropertyPane,
};
