/**
 * Loads an entry's whole content as a Blob of a given MIME type and gives an object URL for
 * it (for <img> and <audio>). The URL is revoked when the view unmounts or the entry changes,
 * and a result that arrives after that is dropped, so stale loads never show or leak.
 */
import { useEffect, useState } from 'react';
import type { FileDecoder } from '../../worker/rpc/client.ts';

export type BlobUrlState =
  | { status: 'loading' }
  | { status: 'ready'; url: string; size: number }
  | { status: 'error'; message: string };

export function useBlobUrl(decoder: FileDecoder, entryIndex: number, mime: string): BlobUrlState {
  const [state, setState] = useState<BlobUrlState>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    let url: string | null = null;
    decoder.readBlob(entryIndex).then(
      (result) => {
        if (!isCurrent) return;
        if (!result.ok) {
          setState({ status: 'error', message: result.error.message });
          return;
        }
        // Re-typed because the worker does not know what the bytes are; slicing shares the data, no copy.
        const typed = result.value.slice(0, result.value.size, mime);
        url = URL.createObjectURL(typed);
        setState({ status: 'ready', url, size: typed.size });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setState({
          status: 'error',
          message: `reading the content failed: ${error instanceof Error ? error.message : String(error)}`,
        });
      },
    );
    return () => {
      isCurrent = false;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [decoder, entryIndex, mime]);
  return state;
}
