/**
 * Which selection the details pane shows: an entry's as deferred, a file's at once.
 *
 * An entry's pane renders after the tree, in a render React can interrupt, so moving through
 * the tree with the keyboard does not wait for each entry's details and preview. Not a
 * file's: a deferred render starts again after every update that comes before it commits,
 * and a file that opens updates the page every few milliseconds (progress, rows, its view's
 * answers), so its pane (a table view's first rows) waited seconds on a busy machine. A
 * file's pane while it opens is its facts and its view.
 */
import type { Selection } from '../../state/types.ts';

export function paneSelection(
  selected: Selection | null,
  deferred: Selection | null,
): Selection | null {
  return selected?.kind === 'file' ? selected : deferred;
}
