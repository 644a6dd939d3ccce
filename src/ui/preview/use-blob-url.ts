/**
 * Some content as an object URL of a given MIME type (for <img> and <audio>), from the state
 * layer's cache: the URL lives as long as the cache keeps the content, which it does while a
 * view shows it, so stale loads never show or leak.
 */
import { useContentUrl } from '../../state/hooks.ts';
import type { ContentRef } from '../../worker/rpc/api.ts';

export type BlobUrlState =
  | { status: 'loading' }
  | { status: 'ready'; url: string; size: number }
  | { status: 'error'; message: string };

export function useBlobUrl(fileId: string, ref: ContentRef, mime: string): BlobUrlState {
  const content = useContentUrl(fileId, ref, mime);
  if (content.status === 'ok') return { status: 'ready', ...content.value };
  if (content.status === 'error') return { status: 'error', message: content.error.message };
  return content;
}
