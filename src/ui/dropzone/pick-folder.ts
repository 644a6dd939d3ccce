/**
 * Asking for a folder with the File System Access API's picker (`showDirectoryPicker`,
 * Chromium). Where the browser has none, or it may not be used here (a cross-origin frame),
 * the caller falls back to its `<input webkitdirectory>`.
 */
import {
  describeError,
  walkDirectoryHandle,
  type DirectoryHandleLike,
  type WalkOptions,
  type WalkResult,
} from './folder-walk.ts';
import { notify } from './notify.ts';

/** The picker: not in every browser, nor in TypeScript's DOM types. */
interface WindowWithPicker {
  showDirectoryPicker?: (options?: { id?: string; mode?: 'read' }) => Promise<DirectoryHandleLike>;
}

const errorName = (error: unknown): string =>
  error instanceof Error || error instanceof DOMException ? error.name : '';

/** Picker failures that mean "use the input instead" rather than "something went wrong". */
const PICKER_UNUSABLE = new Set(['SecurityError', 'TypeError']);

/**
 * The folder the user picks: its handle; `input` where the picker cannot be used (the
 * caller clicks its input instead); null when the user closed the picker. Throws the
 * picker's other failures. `id` lets the browser remember where this picker was last.
 */
export async function showFolderPicker(id: string): Promise<DirectoryHandleLike | 'input' | null> {
  const host = window as WindowWithPicker;
  if (typeof host.showDirectoryPicker !== 'function') return 'input';
  try {
    // Called as a method: the picker throws "Illegal invocation" when detached from window.
    return await host.showDirectoryPicker({ id, mode: 'read' });
  } catch (error) {
    const name = errorName(error);
    if (name === 'AbortError') return null;
    if (PICKER_UNUSABLE.has(name)) return 'input';
    throw error;
  }
}

/**
 * Asks for a folder and reads it (`read`, as use-folder-reading.ts's `readFolder`): its
 * handles walked; where the picker cannot be used, `fallBackToInput` (the caller's
 * `<input webkitdirectory>`). A failing picker is a toast, prefixed with `what`.
 */
export async function pickAndReadFolder(
  id: string,
  what: string,
  fallBackToInput: () => void,
  read: (name: string, walk: (options: WalkOptions) => Promise<WalkResult>) => Promise<void>,
): Promise<void> {
  let picked: DirectoryHandleLike | 'input' | null;
  try {
    picked = await showFolderPicker(id);
  } catch (error) {
    notify('error', `${what}: the folder picker failed: ${describeError(error)}`);
    return;
  }
  if (picked === 'input') fallBackToInput();
  else if (picked) {
    const handle = picked;
    await read(handle.name, (options) => walkDirectoryHandle(handle, handle.name, options));
  }
}
