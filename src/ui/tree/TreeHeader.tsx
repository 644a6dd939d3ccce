/**
 * The tree's column headings, over the same grid as the rows. Each column after the name has
 * a resize handle on its left edge (moving it left widens the column; the name column takes
 * what is left); widths are remembered by column id (column-widths.ts).
 *
 * The handles are one Tab stop (roving tabindex): Left/Right move between them, Up/Down
 * widen or narrow the focused column, Home/End make it as narrow or as wide as it may be,
 * Enter gives it its default width back.
 */
import { useState, type KeyboardEvent, type ReactElement, type Ref } from 'react';
import type { ColumnDef } from '../../worker/rpc/api.ts';
import { ResizeHandle } from '../resize/ResizeHandle.tsx';
import { resetColumnWidth, setColumnWidth } from './column-widths.ts';
import { isNumericColumn, MAX_COLUMN_WIDTH } from './columns.ts';

/** Focuses the handle `step` places from the focused one (the first or the last at the ends). */
function moveFocus(event: KeyboardEvent<HTMLElement>, step: number): void {
  const handles = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="separator"]')];
  const current = handles.findIndex((handle) => handle === document.activeElement);
  if (current < 0) return;
  event.preventDefault();
  handles[Math.min(handles.length - 1, Math.max(0, current + step))]?.focus();
}

export function TreeHeader({
  columns,
  widths,
  minimums,
  headerRef,
}: {
  columns: readonly ColumnDef[];
  /** Pixels each column is shown at, and the least each may be made. */
  widths: readonly number[];
  minimums: readonly number[];
  headerRef?: Ref<HTMLDivElement>;
}): ReactElement {
  const [active, setActive] = useState(0);
  const tabStop = Math.min(active, columns.length - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') moveFocus(event, -1);
    else if (event.key === 'ArrowRight') moveFocus(event, 1);
  };
  return (
    <div
      className="tree-header"
      role="group"
      aria-label="Columns"
      ref={headerRef}
      onKeyDown={onKeyDown}
      data-testid="tree-header"
    >
      <span className="tree-cell tree-heading" aria-hidden="true">
        Name
      </span>
      {columns.map((column, index) => {
        const width = widths[index] ?? 0;
        const min = minimums[index] ?? 0;
        return (
          <span
            key={column.id}
            className={`tree-cell tree-heading${isNumericColumn(column) ? ' tree-num' : ''}`}
            data-column={column.id}
          >
            <ResizeHandle
              className="tree-column-handle"
              label={`Resize the ${column.label} column`}
              value={width}
              min={min}
              max={Math.max(min, MAX_COLUMN_WIDTH)}
              valueText={`${Math.round(width)} pixels`}
              step={8}
              bigStep={40}
              direction={-1}
              valueKeys="up-down"
              tabIndex={index === tabStop ? 0 : -1}
              onFocus={() => setActive(index)}
              unitPixels={() => 1}
              onChange={(next) => setColumnWidth(column.id, next, false)}
              onCommit={(next) => setColumnWidth(column.id, next, true)}
              onReset={() => resetColumnWidth(column.id)}
            />
            <span aria-hidden="true" title={column.label}>
              {column.label}
            </span>
          </span>
        );
      })}
    </div>
  );
}
