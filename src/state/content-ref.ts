/**
 * Content references as strings: cache keys, React keys and dependency lists compare strings,
 * not objects. `refKey` and `refFromKey` are inverses.
 */
import { FILE_REF, LOGICAL_REF, nodeRef, storedRef, type ContentRef } from '../worker/rpc/api.ts';

/** `file`, `logical`, `node:12` or `stored:12`. */
export function refKey(ref: ContentRef): string {
  return ref.kind === 'node' || ref.kind === 'stored' ? `${ref.kind}:${ref.index}` : ref.kind;
}

export function refFromKey(key: string): ContentRef {
  if (key === 'file') return FILE_REF;
  if (key === 'logical') return LOGICAL_REF;
  if (key.startsWith('stored:')) return storedRef(Number(key.slice('stored:'.length)));
  return nodeRef(Number(key.slice('node:'.length)));
}

/** "This content of this file", e.g. `f3:node:12`: views keyed by it start fresh on another. */
export function contentKey(fileId: string, ref: ContentRef): string {
  return `${fileId}:${refKey(ref)}`;
}
