/**
 * A draggable, keyboard-accessible splitter (WAI-ARIA window splitter): a focusable
 * `role="separator"` with its value. Pointer: drag it (double-click resets). Keyboard:
 * Left/Right arrows move it by `step` (Shift: `bigStep`), Home/End go to the smallest and
 * largest value, Enter resets. What the value means (a pane's share of the width, a column's
 * pixels) is the owner's: the handle only turns movement into values.
 *
 * Handles in a row of their own (the tree's column headings) are one Tab stop: their owner
 * moves focus between them with Left/Right, and `valueKeys: 'up-down'` makes Up/Down change
 * the value instead (Up: larger), as on a slider.
 */
import { useRef, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { clampSize } from './stored-size.ts';

export interface ResizeHandleProps {
  /** Accessible name, e.g. `Resize the Size column`. */
  label: string;
  value: number;
  min: number;
  max: number;
  /** Spoken value, e.g. `80 pixels`. */
  valueText?: string;
  /** Change per arrow key press; `bigStep` with Shift. */
  step: number;
  bigStep: number;
  /**
   * +1: moving right (drag or ArrowRight) increases the value; -1: it decreases it (a
   * handle on a column's left edge: moving left widens the column).
   */
  direction: 1 | -1;
  /** Pixels per unit of value, measured when a drag starts (1 for pixel values). */
  unitPixels(): number;
  /** While moving: the layout follows. */
  onChange(value: number): void;
  /** When a move ends (pointer up, each key press): the value is remembered. */
  onCommit(value: number): void;
  /** Double-click or Enter: back to the default. */
  onReset(): void;
  /** Id of the element it resizes. */
  controls?: string;
  className?: string;
  /** Which arrows change the value: Left/Right (the default), or Up/Down (Up: larger). */
  valueKeys?: 'left-right' | 'up-down';
  /** 0 by default; -1 for all but one handle of a row (roving tabindex). */
  tabIndex?: number;
  onFocus?: () => void;
}

interface Drag {
  pointerId: number;
  startX: number;
  startValue: number;
  unitPixels: number;
  value: number;
}

export function ResizeHandle(props: ResizeHandleProps): ReactElement {
  const drag = useRef<Drag | null>(null);
  const clamp = (value: number) => clampSize(value, props.min, props.max, props.value);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startValue: props.value,
      unitPixels: Math.max(props.unitPixels(), Number.EPSILON),
      value: props.value,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const moved = ((event.clientX - current.startX) / current.unitPixels) * props.direction;
    const value = clamp(current.startValue + moved);
    if (value === current.value) return;
    current.value = value;
    props.onChange(value);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    if (current.value !== current.startValue) props.onCommit(current.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? props.bigStep : props.step;
    const isUpDown = props.valueKeys === 'up-down';
    let next: number;
    switch (event.key) {
      case isUpDown ? 'ArrowUp' : 'ArrowRight':
        next = props.value + step * (isUpDown ? 1 : props.direction);
        break;
      case isUpDown ? 'ArrowDown' : 'ArrowLeft':
        next = props.value - step * (isUpDown ? 1 : props.direction);
        break;
      case 'Home':
        next = props.min;
        break;
      case 'End':
        next = props.max;
        break;
      case 'Enter':
        event.preventDefault();
        props.onReset();
        return;
      default:
        return;
    }
    event.preventDefault();
    const value = clamp(next);
    if (value === props.value) return;
    props.onChange(value);
    props.onCommit(value);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={props.label}
      aria-valuenow={Math.round(props.value)}
      aria-valuemin={Math.round(props.min)}
      aria-valuemax={Math.round(props.max)}
      aria-valuetext={props.valueText}
      aria-controls={props.controls}
      tabIndex={props.tabIndex ?? 0}
      className={`resize-handle ${props.className ?? ''}`.trim()}
      title={`${props.label}: drag, or focus and use ${props.valueKeys === 'up-down' ? 'Up and Down' : 'the arrow keys'} (Enter resets)`}
      onFocus={props.onFocus}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
      onDoubleClick={props.onReset}
      onKeyDown={onKeyDown}
      // A click on the handle must not reach what it sits in (a header cell, a row).
      onClick={(event) => event.stopPropagation()}
    />
  );
}
