/**
 * A React key for "this content of this file". Views are keyed by it so that choosing another
 * entry (or another file with the same entry index) remounts them: their state, pending reads
 * and object URLs start fresh instead of briefly showing the previous entry.
 */
import type { FileDecoder } from '../../worker/rpc/client.ts';

const decoderIds = new WeakMap<FileDecoder, number>();
let nextDecoderId = 1;

export function contentKey(decoder: FileDecoder, entryIndex: number): string {
  let id = decoderIds.get(decoder);
  if (id === undefined) {
    id = nextDecoderId++;
    decoderIds.set(decoder, id);
  }
  return `${id}:${entryIndex}`;
}
