/**
 * Searches in some content for the preview (find in hex, the strings view): asked of the
 * file's decoder, which reads the content in chunks off the page's thread. Not cached: each
 * search starts from where the user is. A closed file or a dead worker answers an error.
 */
import type {
  ContentMatch,
  ContentRef,
  FindQuery,
  JobKind,
  JobProgress,
  Result,
  StringsPage,
  StringsQuery,
} from '../worker/rpc/api.ts';
import { askDecoder, decoderOf } from './decoder-calls.ts';

/** The next or previous match of a byte pattern; null when the content holds none. */
export function findInContent(
  fileId: string,
  ref: ContentRef,
  query: FindQuery,
  onProgress: (progress: JobProgress) => void,
): Promise<Result<ContentMatch | null>> {
  return askDecoder(fileId, 'searching the content', (decoder) =>
    decoder.findInContent(ref, query, onProgress),
  );
}

/** A page of the printable strings of some content. */
export function contentStrings(
  fileId: string,
  ref: ContentRef,
  query: StringsQuery,
  onProgress: (progress: JobProgress) => void,
): Promise<Result<StringsPage>> {
  return askDecoder(fileId, 'listing the strings', (decoder) =>
    decoder.contentStrings(ref, query, onProgress),
  );
}

/** Stops the file's running searches of one kind (they answer CANCELLED). */
export function cancelSearch(fileId: string, kind: Extract<JobKind, 'find' | 'strings'>): void {
  const decoder = decoderOf(fileId);
  if (typeof decoder !== 'string') void decoder.cancel(kind);
}
