/**
 * The shape of a view plug-in (registry.ts): the panes a decoded view brings to the details
 * pane. A session names its view kind (`FileSummary.capabilities.view`); the plug-in of that
 * kind shows the file's decoded view, and may take over the panes of some node kinds. The
 * rest — facts, checksums, bytes, downloads — stays generic (details/DetailsPane.tsx).
 *
 * A pane may put its own state in deep links (a level's plane and zoom, say): it calls
 * `useViewLinkState(fileId, path)` (state/deep-link-hooks.ts), reports its state as named
 * strings with `report`, and starts from `wanted` when a link or Back restores it. The link
 * carries them as `view.<name>` parameters without knowing what they mean, so the view
 * checks every value it reads.
 */
import type { ComponentType } from 'react';
import type { NodeKind, TreeRow } from '../../worker/rpc/api.ts';

export interface FilePaneProps {
  fileId: string;
}

export interface NodePaneProps {
  fileId: string;
  row: TreeRow;
}

export interface ViewPlugin {
  /** The view kind a session offers, e.g. `<format>-level`. */
  view: string;
  /** What the view is, for people: `Level map`. */
  label: string;
  /** The file's own row: the decoded view, shown above the file's facts and checksums. */
  filePane: ComponentType<FilePaneProps>;
  /** Panes for nodes of some kinds, instead of the generic node details. */
  nodePanes?: Partial<Record<NodeKind, ComponentType<NodePaneProps>>>;
}
