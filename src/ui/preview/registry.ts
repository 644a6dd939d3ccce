/**
 * The view plug-ins: one line per decoded view a format offers. The details pane asks here
 * for the view of a file (`FileSummary.capabilities.view`) and for the pane of a node kind;
 * with no plug-in, files and nodes get the generic details, preview and checksums. Adding a
 * view: its folder below `ui/preview/`, one line here (docs/ADDING-A-FORMAT.md).
 */
import type { ComponentType } from 'react';
import type { NodeKind } from '../../worker/rpc/api.ts';
import type { NodePaneProps, ViewPlugin } from './view-plugin.ts';
import { kaTreeView } from './ka/plugin.ts';
import { wwdLevelView } from './wwd/plugin.ts';

export type { FilePaneProps, NodePaneProps, ViewPlugin } from './view-plugin.ts';

export const VIEWS: readonly ViewPlugin[] = [wwdLevelView, kaTreeView];

/** The plug-in of a view kind; null for none (or a kind no plug-in shows). */
export function viewPlugin(view: string | null | undefined): ViewPlugin | null {
  if (!view) return null;
  return VIEWS.find((plugin) => plugin.view === view) ?? null;
}

/** The plug-in's pane for a node kind of a file with this view; null: the generic pane. */
export function nodePane(
  view: string | null | undefined,
  kind: NodeKind,
): ComponentType<NodePaneProps> | null {
  return viewPlugin(view)?.nodePanes?.[kind] ?? null;
}
