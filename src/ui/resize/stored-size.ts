/**
 * Sizes the user chose (pane splits, column widths), remembered in localStorage so the
 * layout is the same on the next visit. Storage may be missing (Node tests) or refuse
 * writes (private windows, full quota): sizes then last for the page only.
 */

const PREFIX = 'delve.size.';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return null;
  }
}

/** Clamps to `[min, max]`; a value that is not a finite number gives `fallback`. */
export function clampSize(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

/** A remembered number, or null when none (or not a finite number). */
export function readStoredSize(key: string): number | null {
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(PREFIX + key);
  } catch {
    return null;
  }
  if (text == null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Remembers a number; `null` forgets it (back to the default). */
export function writeStoredSize(key: string, value: number | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (value === null) store.removeItem(PREFIX + key);
    else store.setItem(PREFIX + key, String(Math.round(value * 100) / 100));
  } catch {
    // Quota or privacy mode: the size lasts for this page only.
  }
}
