import type { KeyboardEvent } from 'react';

/**
 * Where a key moves a cursor among `count` items: the up and down arrows by one, PageUp and
 * PageDown by `page`, Home and End to the first and last; always onto an item. Null for
 * any other key, or when there is no item.
 */
export function keyTarget(key: string, at: number, count: number, page: number): number | null {
  const moves: Record<string, number> = {
    ArrowDown: at + 1,
    ArrowUp: at - 1,
    PageDown: at + page,
    PageUp: at - page,
    Home: 0,
    End: count - 1,
  };
  const target = moves[key];
  if (target === undefined || count === 0) return null;
  return Math.max(0, Math.min(count - 1, target));
}

/**
 * A list of buttons moved through with the keyboard: the arrows go to the previous and next
 * of the `selector` elements inside the list (up and down, or left and right for a row of
 * them), Home and End to the first and last. Keys pressed elsewhere than on one of them do
 * nothing.
 */
export function moveFocusAmong(
  event: KeyboardEvent<HTMLElement>,
  selector: string,
  axis: 'vertical' | 'horizontal' = 'vertical',
): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const [back, forth] =
    axis === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  const step = event.key === back ? -1 : event.key === forth ? 1 : 0;
  const next =
    step !== 0
      ? keyTarget(step < 0 ? 'ArrowUp' : 'ArrowDown', at, items.length, 0)
      : event.key === 'Home' || event.key === 'End'
        ? keyTarget(event.key, at, items.length, 0)
        : null;
  if (next === null || at < 0) return;
  event.preventDefault();
  items[next]?.focus();
}
