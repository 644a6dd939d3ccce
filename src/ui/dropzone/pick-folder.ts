/**
 * Asking for a folder with the File System Access API's picker (`showDirectoryPicker`,
 * Chromium). Where the browser has none, or it may not be used here (a cross-origin frame),
 * the caller falls back to its `<input webkitdirectory>`.
 */
import type { DirectoryHandleLike } from './folder-walk.ts';

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
