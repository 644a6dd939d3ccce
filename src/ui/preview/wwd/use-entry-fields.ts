/**
 * The fields of one tree entry (a document node), fetched from the worker. The level view
 * uses it for the selected object, so the map and the tree show the same fields.
 */
import { useEffect, useState } from 'react';
import type { DetailField } from '../../../worker/rpc/api.ts';
import type { FileDecoder } from '../../../worker/rpc/client.ts';

export type EntryFields =
  | { status: 'none' | 'loading' }
  | { status: 'ready'; fields: DetailField[] }
  | { status: 'error'; message: string };

export function useEntryFields(decoder: FileDecoder, entryIndex: number): EntryFields {
  const [state, setState] = useState<{ key: string; value: EntryFields } | null>(null);
  const key = `${entryIndex}`;
  useEffect(() => {
    if (entryIndex < 0) return;
    let isCurrent = true;
    decoder.entryDetails(entryIndex).then(
      (result) => {
        if (!isCurrent) return;
        setState({
          key,
          value: result.ok
            ? { status: 'ready', fields: result.value.fields }
            : { status: 'error', message: result.error.message },
        });
      },
      (error: unknown) => {
        if (isCurrent) setState({ key, value: { status: 'error', message: String(error) } });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [decoder, entryIndex, key]);
  if (entryIndex < 0) return { status: 'none' };
  return state?.key === key ? state.value : { status: 'loading' };
}
