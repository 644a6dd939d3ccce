/**
 * The long answers of the `ka-tree` view, shared by every session built on keyed archives
 * (an archive, a scene, a geometry file): a search over every node's name and value, and the
 * steps of a whole-file export. Both pause between chunks, report progress and stop when
 * cancelled (the view's `ViewJob`).
 */
import type { ViewJob } from '../model.ts';
import type { KaSearchAnswer } from './types.ts';

/** Nodes a search looks at between two pauses (and cancel checks). */
const SEARCH_CHUNK = 16384;

/** What a search reads of a node: its name, and its value text when it has one worth searching. */
export interface SearchableNodes {
  count: number;
  nameOf(node: number): string;
  /** Null when the node's value is not searched (containers). */
  valueOf(node: number): string | null;
}

/** Nodes whose name or value holds `text` (any case): the first `limit`, and how many in all. */
export async function searchNodes(
  nodes: SearchableNodes,
  text: string,
  limit: number,
  job: ViewJob,
): Promise<KaSearchAnswer> {
  const needle = text.toLowerCase();
  const indexes: number[] = [];
  let total = 0;
  for (let node = 0; node < nodes.count; node++) {
    // A million values take a while: the host answers rows and a cancel in between.
    if (node % SEARCH_CHUNK === SEARCH_CHUNK - 1) {
      job.signal.throwIfCancelled();
      job.progress(node, nodes.count, 'searching');
      await job.pause();
    }
    const isMatch =
      nodes.nameOf(node).toLowerCase().includes(needle) ||
      (nodes.valueOf(node)?.toLowerCase().includes(needle) ?? false);
    if (!isMatch) continue;
    total++;
    if (indexes.length < limit) indexes.push(node);
  }
  return { kind: 'search', indexes, total };
}

/** A whole-file export is read, then written out: progress and a cancel check between. */
export async function exportStep(job: ViewJob, step: number, label: string): Promise<void> {
  job.signal.throwIfCancelled();
  job.progress(step, 2, label);
  await job.pause();
}
