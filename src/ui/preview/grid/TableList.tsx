/**
 * The tables of a grid summary with their row counts: a virtual listbox (a file may have
 * thousands). It is one tab stop; the arrows, PageUp, PageDown, Home and End choose a table
 * at once, as a click does.
 */
import { useEffect, useMemo, type KeyboardEvent, type ReactElement } from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { keyTarget } from '../../focus-keys.ts';
import { formatCount, formatCountOf } from '../../format.ts';
import { tableTitle, type GridTable } from './grid-queries.ts';

/** Must match `.grid-table-option` height in grid.css. */
const ROW_HEIGHT = 26;

export interface TableListProps {
  tables: readonly GridTable[];
  selected: number;
  onSelect(table: number): void;
  /** What a row of these tables is, for the counts' titles: `record`. */
  rowNoun: string;
  idBase: string;
}

export function TableList({
  tables,
  selected,
  onSelect,
  rowNoun,
  idBase,
}: TableListProps): ReactElement {
  const listRef = useListRef(null);

  useEffect(() => {
    if (selected < tables.length) {
      listRef.current?.scrollToRow({ index: selected, align: 'smart', behavior: 'instant' });
    }
  }, [selected, tables.length, listRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = listRef.current?.element;
    const page = Math.max(1, Math.floor((element?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    const target = keyTarget(event.key, selected, tables.length, page);
    if (target === null) return;
    event.preventDefault();
    onSelect(target);
  };

  const rowProps = useMemo<OptionData>(
    () => ({ tables, selected, onSelect, rowNoun, idBase }),
    [tables, selected, onSelect, rowNoun, idBase],
  );
  return (
    <List
      className="grid-tables"
      // The list's own style grows it; its room is set by grid.css.
      style={{ flexGrow: 0 }}
      role="listbox"
      tabIndex={0}
      aria-label={`Tables (${formatCount(tables.length)})`}
      aria-activedescendant={`${idBase}-table-${selected}`}
      listRef={listRef}
      rowComponent={TableOption}
      rowProps={rowProps}
      rowCount={tables.length}
      rowHeight={ROW_HEIGHT}
      defaultHeight={320}
      overscanCount={8}
      onKeyDown={onKeyDown}
      data-testid="grid-tables"
    />
  );
}

interface OptionData {
  tables: readonly GridTable[];
  selected: number;
  onSelect(table: number): void;
  rowNoun: string;
  idBase: string;
}

function TableOption({
  index,
  style,
  tables,
  selected,
  onSelect,
  rowNoun,
  idBase,
}: RowComponentProps<OptionData>): ReactElement | null {
  const table = tables[index];
  if (!table) return null;
  const isSelected = index === selected;
  return (
    <div
      id={`${idBase}-table-${index}`}
      role="option"
      aria-selected={isSelected}
      style={style}
      className={isSelected ? 'grid-table-option is-selected' : 'grid-table-option'}
      data-testid="grid-table"
      data-index={index}
      onClick={() => onSelect(index)}
    >
      <span className="grid-table-name">{tableTitle(table, index)}</span>
      <span className="grid-table-count" title={formatCountOf(table.rowCount, rowNoun)}>
        {formatCount(table.rowCount)}
      </span>
    </div>
  );
}
