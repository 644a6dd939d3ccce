/**
 * The tree's column headings, over the same grid as the rows. Each column after the name has
 * a resize handle on its left edge (moving it left widens the column; the name column takes
 * what is left); widths are remembered by column id (column-widths.ts).
 */
import type { ReactElement } from 'react';
import type { ColumnDef } from '../../worker/rpc/api.ts';
import { ResizeHandle } from '../resize/ResizeHandle.tsx';
import { resetColumnWidth, setColumnWidth, widthOf, type ColumnWidths } from './column-widths.ts';
import { isNumericColumn, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './columns.ts';

export function TreeHeader({
  columns,
  widths,
}: {
  columns: readonly ColumnDef[];
  widths: ColumnWidths;
}): ReactElement {
  return (
    <div className="tree-header" role="group" aria-label="Columns">
      <span className="tree-cell tree-heading" aria-hidden="true">
        Name
      </span>
      {columns.map((column) => {
        const width = widthOf(widths, column);
        return (
          <span
            key={column.id}
            className={`tree-cell tree-heading${isNumericColumn(column) ? ' tree-num' : ''}`}
          >
            <ResizeHandle
              className="tree-column-handle"
              label={`Resize the ${column.label} column`}
              value={width}
              min={MIN_COLUMN_WIDTH}
              max={MAX_COLUMN_WIDTH}
              valueText={`${Math.round(width)} pixels`}
              step={8}
              bigStep={40}
              direction={-1}
              unitPixels={() => 1}
              onChange={(next) => setColumnWidth(column.id, next, false)}
              onCommit={(next) => setColumnWidth(column.id, next, true)}
              onReset={() => resetColumnWidth(column.id)}
            />
            <span aria-hidden="true">{column.label}</span>
          </span>
        );
      })}
    </div>
  );
}
