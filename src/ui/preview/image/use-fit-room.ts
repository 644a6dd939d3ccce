/**
 * The room an image view's stage gives a fitted image: the stage's content box, no taller
 * than the scrolling pane around it shows at once. In a short pane (the details under the
 * tree in a narrow window) the stage is taller than the pane, and an image fitted to the
 * stage could never be seen whole; fitted to this room it is, once scrolled to.
 */
import { useEffect, useState } from 'react';
import type { Room } from './surface-pixels.ts';

/** The nearest ancestor that scrolls vertically, or null. */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const overflow = getComputedStyle(at).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return at;
  }
  return null;
}

function roomOf(stage: HTMLElement, pane: HTMLElement | null): Room {
  const style = getComputedStyle(stage);
  const paddingX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const paddingY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const height = Math.min(stage.clientHeight, pane?.clientHeight ?? Infinity);
  return {
    width: Math.max(0, Math.floor(stage.clientWidth - paddingX)),
    height: Math.max(0, Math.floor(height - paddingY)),
  };
}

/**
 * The room of `stage`, measured again whenever it or its pane is resized; null until
 * measured (a server render, a browser without ResizeObserver: Fit then only shrinks).
 */
export function useFitRoom(stage: HTMLElement | null): Room | null {
  const [room, setRoom] = useState<Room | null>(null);
  useEffect(() => {
    if (!stage || typeof ResizeObserver !== 'function') return;
    const pane = scrollingAncestor(stage);
    const measure = () => {
      const next = roomOf(stage, pane);
      setRoom((current) =>
        current?.width === next.width && current.height === next.height ? current : next,
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    if (pane) observer.observe(pane);
    return () => observer.disconnect();
  }, [stage]);
  return room;
}
