/**
 * The view plug-ins: one line per decoded view a format offers. The details pane asks here
 * for the view of a file (`FileSummary.capabilities.view`) and for the pane of a node kind;
 * with no plug-in, files and nodes get the generic details, preview and checksums. Adding a
 * view: its folder below `ui/preview/`, one line here (docs/ADDING-A-FORMAT.md).
 *
 * A view shows a decoded model, so none is shown for a file whose decoding stopped (a
 * `fatal` error): a damaged level is no empty map. Its error takes the view's place, and its
 * nodes — the ones read before the error — get the generic panes.
 */
import type { ComponentType } from 'react';
import type { ErrorInfo, FileSummary, NodeKind } from '../../worker/rpc/api.ts';
import type { NodePaneProps, ViewPlugin } from './view-plugin.ts';
import { protocolMessagesView } from './dml-messages/plugin.ts';
import { dmlTablesView } from './dml/plugin.ts';
import { kaTreeView } from './ka/plugin.ts';
import { objectPropertyView } from './objectproperty/plugin.ts';
import { wwdLevelView } from './wwd/plugin.ts';

export type { FilePaneProps, NodePaneProps, ViewPlugin } from './view-plugin.ts';

export const VIEWS: readonly ViewPlugin[] = [
  wwdLevelView,
  kaTreeView,
  dmlTablesView,
  protocolMessagesView,
  objectPropertyView,
];

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

/** What a file's view place shows: its plug-in, or the error that stopped the model it needs. */
export type FileViewState =
  | { status: 'none' }
  | { status: 'ready'; plugin: ViewPlugin }
  | { status: 'failed'; plugin: ViewPlugin; error: ErrorInfo };

interface ViewSummary {
  capabilities: Pick<FileSummary['capabilities'], 'view'>;
  fatal: FileSummary['fatal'];
}

/**
 * What says which view a file has: its summary once opened, or while it opens, the view its
 * session offered to answer for what is read so far (`OpenProgress.view`).
 */
export function viewSummaryOf(file: {
  summary: FileSummary | null;
  openProgress: { view?: string } | null;
}): ViewSummary | null {
  if (file.summary) return file.summary;
  const view = file.openProgress?.view;
  return view === undefined ? null : { capabilities: { view }, fatal: null };
}

export function fileViewState(summary: ViewSummary | null | undefined): FileViewState {
  const plugin = viewPlugin(summary?.capabilities.view);
  if (!summary || !plugin) return { status: 'none' };
  if (summary.fatal) return { status: 'failed', plugin, error: summary.fatal };
  return { status: 'ready', plugin };
}

/** The plug-in's pane for a node of this file, when its model decoded; null: the generic pane. */
export function decodedNodePane(
  summary: ViewSummary | null | undefined,
  kind: NodeKind,
): ComponentType<NodePaneProps> | null {
  const state = fileViewState(summary);
  return state.status === 'ready' ? (state.plugin.nodePanes?.[kind] ?? null) : null;
}
