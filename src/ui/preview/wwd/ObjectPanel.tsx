/**
 * The objects of the shown plane(s): a filterable, virtualized list (a level has thousands)
 * that selects an object and centres the map on it, and every field of the selected object.
 * The list is a listbox: arrow keys move the selection (and the map follows), Home/End jump.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactElement } from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import type { WwdObject, WwdPlane } from './level-types.ts';
import { FactList } from '../../details/FactList.tsx';
import { objectMatches, objectTitle } from './object-fields.ts';
import { useEntryDetails } from '../../../state/hooks.ts';
import type { ObjectRef } from './scene.ts';
import { cssRgb, logicRgb } from './tile-colors.ts';
import './level-panel.css';

const ROW_HEIGHT = 26;

interface ListedObject {
  ref: ObjectRef;
  object: WwdObject;
}

export interface ObjectPanelProps {
  planes: readonly WwdPlane[];
  selected: ObjectRef | null;
  selectedObject: WwdObject | null;
  /** Tree node of the selected object (its fields), or -1. */
  selectedEntry: number;
  fileId: string;
  onSelect: (ref: ObjectRef) => void;
  onCenter: (ref: ObjectRef) => void;
  /** Said when the list is empty because the plane has none. */
  emptyText: string;
}

const sameRef = (a: ObjectRef | null, b: ObjectRef | null) =>
  a !== null && b !== null && a.plane === b.plane && a.index === b.index;

export function ObjectPanel(props: ObjectPanelProps): ReactElement {
  const { planes, selected, selectedObject, onSelect } = props;
  const id = useId();
  const [query, setQuery] = useState('');
  const all = useMemo<ListedObject[]>(
    () =>
      planes.flatMap((plane) =>
        plane.objects.map((object) => ({
          ref: { plane: plane.index, index: object.index },
          object,
        })),
      ),
    [planes],
  );
  const shown = useMemo(
    () => all.filter((item) => objectMatches(item.object, query)),
    [all, query],
  );
  const selectedPosition = shown.findIndex((item) => sameRef(item.ref, selected));
  const listRef = useListRef(null);

  useEffect(() => {
    if (selectedPosition >= 0) {
      listRef.current?.scrollToRow({
        index: selectedPosition,
        align: 'smart',
        behavior: 'instant',
      });
    }
  }, [selectedPosition, listRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (shown.length === 0) return;
    const last = shown.length - 1;
    const current = selectedPosition;
    let next: number;
    if (event.key === 'ArrowDown') next = current < 0 ? 0 : Math.min(last, current + 1);
    else if (event.key === 'ArrowUp') next = current < 0 ? 0 : Math.max(0, current - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'PageDown') next = Math.min(last, Math.max(0, current) + 10);
    else if (event.key === 'PageUp') next = Math.max(0, current - 10);
    else if (event.key === 'Enter' && selected) {
      event.preventDefault();
      props.onCenter(selected);
      return;
    } else return;
    event.preventDefault();
    const item = shown[next];
    if (item) onSelect(item.ref);
  };

  const rowProps = useMemo(
    () => ({ shown, selected, onSelect, idBase: id }),
    [shown, selected, onSelect, id],
  );

  return (
    <div className="lv-objects">
      <div className="lv-objects-head">
        <label htmlFor={`${id}-filter`} className="lv-objects-label">
          Objects
        </label>
        <input
          id={`${id}-filter`}
          type="search"
          className="lv-objects-filter"
          placeholder="Filter by logic, name, image set or id (#179)"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="object-filter"
          spellCheck={false}
          autoComplete="off"
        />
        <span className="lv-objects-count muted" aria-live="polite" data-testid="object-count">
          {query === ''
            ? `${all.length.toLocaleString('en-US')}`
            : `${shown.length.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')}`}
        </span>
      </div>
      {all.length === 0 ? (
        <p className="muted lv-objects-empty" data-testid="object-list">
          {props.emptyText}
        </p>
      ) : shown.length === 0 ? (
        <p className="muted lv-objects-empty" data-testid="object-list">
          No object matches “{query}”.
        </p>
      ) : (
        <List
          className="lv-object-list"
          listRef={listRef}
          rowComponent={ObjectRow}
          rowProps={rowProps}
          rowCount={shown.length}
          rowHeight={ROW_HEIGHT}
          defaultHeight={220}
          overscanCount={6}
          role="listbox"
          tabIndex={0}
          aria-label="Objects"
          aria-activedescendant={
            selectedPosition >= 0 ? `${id}-object-${selectedPosition}` : undefined
          }
          onKeyDown={onKeyDown}
          data-testid="object-list"
        />
      )}
      <ObjectDetails
        fileId={props.fileId}
        entryIndex={props.selectedEntry}
        object={selectedObject}
        onCenter={selected ? () => props.onCenter(selected) : null}
      />
    </div>
  );
}

interface ObjectRowData {
  shown: ListedObject[];
  selected: ObjectRef | null;
  onSelect: (ref: ObjectRef) => void;
  idBase: string;
}

function ObjectRow({
  index,
  style,
  shown,
  selected,
  onSelect,
  idBase,
}: RowComponentProps<ObjectRowData>): ReactElement | null {
  const item = shown[index];
  if (!item) return null;
  const { object } = item;
  const isSelected = sameRef(item.ref, selected);
  return (
    <div
      id={`${idBase}-object-${index}`}
      role="option"
      aria-selected={isSelected}
      style={style}
      className={isSelected ? 'lv-object-row is-selected' : 'lv-object-row'}
      onClick={() => onSelect(item.ref)}
      data-testid="object-row"
    >
      <span
        className="lv-object-dot"
        style={{ background: cssRgb(logicRgb(object.logic)) }}
        aria-hidden="true"
      />
      <span className="lv-object-logic">{objectTitle(object)}</span>
      <span className="lv-object-id">#{object.id}</span>
      <span className="lv-object-pos">
        {object.x}, {object.y}
      </span>
    </div>
  );
}

function ObjectDetails({
  fileId,
  entryIndex,
  object,
  onCenter,
}: {
  fileId: string;
  entryIndex: number;
  object: WwdObject | null;
  onCenter: (() => void) | null;
}): ReactElement {
  if (!object) {
    return (
      <section
        className="lv-object-details"
        aria-label="Selected object"
        data-testid="object-details"
      >
        <p className="muted">Select an object on the map or in the list to see its fields.</p>
      </section>
    );
  }
  return (
    <section
      className="lv-object-details"
      aria-label="Selected object"
      data-testid="object-details"
    >
      <div className="lv-object-details-head">
        <h3 className="details-subtitle">
          {objectTitle(object)} <span className="muted">#{object.id}</span>
        </h3>
        {onCenter && (
          <button type="button" className="button" onClick={onCenter}>
            Show on map
          </button>
        )}
      </div>
      {entryIndex >= 0 && <ObjectFields fileId={fileId} entryIndex={entryIndex} />}
    </section>
  );
}

/** The object's fields as the tree shows them: its node's details, from the worker. */
function ObjectFields({
  fileId,
  entryIndex,
}: {
  fileId: string;
  entryIndex: number;
}): ReactElement {
  const details = useEntryDetails(fileId, entryIndex);
  if (details.status === 'loading') return <p className="muted">Reading the fields…</p>;
  if (details.status === 'error') {
    return (
      <p className="error-text" role="alert">
        {details.error.message}
      </p>
    );
  }
  return <FactList facts={details.value.fields} />;
}
