/**
 * The keyed-archive view's side of the `ka-tree` view a KA session offers: its summary
 * (`documentView`) and the questions it answers (`viewRequest`), typed from the format's
 * types.ts. The UI takes only types from there; the view kind is repeated below because a
 * value import would pull the format's code into the page.
 */
import type { DocumentView } from '../../../worker/rpc/api.ts';
import type {
  KaDisplayValue,
  KaSearchAnswer,
  KaTextAnswer,
  KaValueAnswer,
  KaViewQuery,
  KaViewSummary,
} from '../../../formats/ka/types.ts';

export type { KaDisplayValue, KaSearchAnswer, KaTextAnswer, KaValueAnswer, KaViewSummary };

/** The view kind (`FileSummary.capabilities.view`); the same text as types.ts `KA_TREE_VIEW`. */
export const KA_TREE_VIEW = 'ka-tree';

/** Results a search lists at most; the rest are counted ("N more"). */
export const SEARCH_LIMIT = 50;

export const valueQuery = (index: number): KaViewQuery => ({ kind: 'value', index });

export const searchQuery = (text: string): KaViewQuery => ({
  kind: 'search',
  text,
  limit: SEARCH_LIMIT,
});

/** One node's subtree (or leaf) as JSON; the whole archive without an index. */
export const jsonQuery = (index?: number): KaViewQuery =>
  index === undefined ? { kind: 'json' } : { kind: 'json', index };

export const yamlQuery: KaViewQuery = { kind: 'yaml' };

/** The summary of a document view, or null when it is not a keyed archive's. */
export function kaSummaryOf(view: DocumentView): KaViewSummary | null {
  if (view.kind !== KA_TREE_VIEW) return null;
  const data = view.data as Partial<KaViewSummary> | null;
  if (!data || typeof data !== 'object' || typeof data.version !== 'string') return null;
  if (typeof data.typeCounts !== 'object' || data.typeCounts === null) return null;
  return { ...(data as KaViewSummary), title: data.title ?? 'Keyed archive' };
}
