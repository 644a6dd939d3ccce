import type { KeyboardEvent } from 'react';

/**
 * A list of buttons moved through with the keyboard: the up and down arrows go to the
 * previous and next of the `selector` elements inside the list, Home and End to the first
 * and last. Keys pressed elsewhere than on one of them do nothing.
 */
export function moveFocusAmong(event: KeyboardEvent<HTMLElement>, selector: string): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? at + 1
      : event.key === 'ArrowUp'
        ? at - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? items.length - 1
            : null;
  if (next === null || at < 0) return;
  event.preventDefault();
  items[Math.max(0, Math.min(items.length - 1, next))]?.focus();
}
