import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, except that a change to true is seen only after the next paint (the frame,
 * then a task): what the render that made it true shows (a file's summary, its enabled
 * buttons) is painted before the heavier render this hook holds back (its preview).
 * True from the first render when `value` already is.
 */
export function useTrueAfterPaint(value: boolean): boolean {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!value) {
      setSettled(false);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A transition: React renders it in slices, so it is never one long task.
      timer = setTimeout(() => startTransition(() => setSettled(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return value && settled;
}
