/**
 * The hidden `<input webkitdirectory>` a folder is chosen with where the folder picker
 * cannot be used: each file with its path inside the chosen folder (`webkitRelativePath`,
 * the folder's name first). Cleared after each choice, so choosing the same folder again
 * still counts.
 */
import type { ReactElement, RefObject } from 'react';
import type { DroppedItem } from '../../state/types.ts';
import { itemsOfInputFiles } from './folder-walk.ts';

export function FolderInput({
  inputRef,
  testId,
  onItems,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  testId: string;
  onItems: (items: DroppedItem[]) => void;
}): ReactElement {
  return (
    <input
      ref={(element) => {
        // React has no prop for it; the property makes the input pick a folder.
        if (element) element.webkitdirectory = true;
        inputRef.current = element;
      }}
      data-testid={testId}
      type="file"
      multiple
      hidden
      onChange={(event) => {
        const items = itemsOfInputFiles(event.target.files ?? []);
        // Cleared so that choosing the same folder again still fires a change.
        event.target.value = '';
        onItems(items);
      }}
    />
  );
}
