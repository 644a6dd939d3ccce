/**
 * Opening an entry as a file of its own (a `.dvpl` holding an archive, an archive inside an
 * archive): the state action `openNested` detects its format through the registry and adds
 * it to the tree under its parent file. Enter on the entry's row, or the details' button.
 */
import type { OpenFile } from '../../state/types.ts';
import type { TreeRow } from '../../worker/rpc/api.ts';

/** Whether an entry can be opened as a file: it is an entry whose content can be read. */
export function canOpenNested(file: OpenFile, row: TreeRow): boolean {
  return (
    !file.hasCrashed &&
    !row.isFolder &&
    row.kind === 'entry' &&
    row.entryIndex >= 0 &&
    file.summary?.capabilities.content === true
  );
}
