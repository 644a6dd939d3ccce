/**
 * Widths of the tree's columns the user set, by column id (ids are stable within a format,
 * and the generic ones — size, stored, ratio, status — are shared), remembered across
 * visits. A column never resized has its kind's default width.
 */
import { useSyncExternalStore } from 'react';
import type { ColumnDef } from '../../worker/rpc/api.ts';
import { clampSize, readStoredSize, writeStoredSize } from '../resize/stored-size.ts';
import { defaultColumnWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './columns.ts';

const storageKey = (id: string) => `tree-column.${id}`;

/** Widths set during this page's life by column id; null: reset to the default. */
export type ColumnWidths = ReadonlyMap<string, number | null>;

let current: ColumnWidths = new Map();
const listeners = new Set<() => void>();
/** Widths read from storage, once per id. */
const stored = new Map<string, number | null>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getWidths = () => current;

function update(id: string, width: number | null): void {
  current = new Map(current).set(id, width);
  for (const listener of listeners) listener();
}

/** The width the user set for a column (this page, else remembered), or null: never resized. */
export function userWidthOf(widths: ColumnWidths, column: ColumnDef): number | null {
  let width = widths.get(column.id);
  if (width === undefined) {
    width = stored.get(column.id);
    if (width === undefined) {
      width = readStoredSize(storageKey(column.id));
      stored.set(column.id, width);
    }
  }
  return width === null
    ? null
    : clampSize(width, MIN_COLUMN_WIDTH, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH);
}

/** A column's width: set by the user, else its kind's default. */
export function widthOf(widths: ColumnWidths, column: ColumnDef): number {
  return userWidthOf(widths, column) ?? defaultColumnWidth(column);
}

/** Sets a width for the page (while dragging); `remember` also stores it. */
export function setColumnWidth(id: string, width: number, remember: boolean): void {
  if (remember) writeStoredSize(storageKey(id), width);
  update(id, width);
}

/** Back to the kind's default, forgetting the stored width. */
export function resetColumnWidth(id: string): void {
  writeStoredSize(storageKey(id), null);
  update(id, null);
}

/** The widths, re-rendering when one changes. */
export function useColumnWidths(): ColumnWidths {
  return useSyncExternalStore(subscribe, getWidths, getWidths);
}
