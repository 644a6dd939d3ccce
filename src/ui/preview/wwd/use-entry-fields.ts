/**
 * The fields of one node (a level's object), read through the state layer's cache. The level
 * view uses it for the selected object, so the map and the tree show the same fields.
 */
import { useEntryDetails } from '../../../state/hooks.ts';
import type { Fact } from '../../../worker/rpc/api.ts';

export type EntryFields =
  | { status: 'none' | 'loading' }
  | { status: 'ready'; fields: Fact[] }
  | { status: 'error'; message: string };

/** `entryIndex` -1: no node (nothing is asked). */
export function useEntryFields(fileId: string, entryIndex: number): EntryFields {
  const details = useEntryDetails(fileId, entryIndex);
  if (entryIndex < 0) return { status: 'none' };
  if (details.status === 'ok') return { status: 'ready', fields: details.value.fields };
  if (details.status === 'error') return { status: 'error', message: details.error.message };
  return details;
}
