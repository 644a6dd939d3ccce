/**
 * The pane's side of the `objectproperty-tree` view an ObjectProperty session offers: its
 * summary (`documentView`) and its questions (`viewRequest`), typed from the format's
 * types.ts. The UI takes only types from there; the view kind and the format id are repeated
 * below because a value import would pull the format's code into the page.
 */
import type { DocumentView } from '../../../worker/rpc/api.ts';
import type {
  ObjectPropertyHashes,
  ObjectPropertyQuery,
  ObjectPropertyRow,
  ObjectPropertyRows,
  ObjectPropertyViewSummary,
} from '../../../formats/objectproperty/types.ts';

export type ViewSummary = ObjectPropertyViewSummary;
export type TreeRows = ObjectPropertyRows;
export type TreeRowData = ObjectPropertyRow;
export type Hashes = ObjectPropertyHashes;
export type Query = ObjectPropertyQuery;

/** The view kind; the same text as the format's `OBJECT_PROPERTY_VIEW`. */
export const OBJECT_PROPERTY_VIEW = 'objectproperty-tree';
/** The format id a pasted blob opens as. */
export const OBJECT_PROPERTY_FORMAT = 'objectproperty';

/** The summary of a document view, or null when it is not an ObjectProperty decode's. */
export function viewSummaryOf(view: DocumentView): ViewSummary | null {
  if (view.kind !== OBJECT_PROPERTY_VIEW) return null;
  const data = view.data as Partial<ViewSummary> | null;
  if (!data || typeof data !== 'object' || typeof data.rootName !== 'string') return null;
  if (!Array.isArray(data.typeLists)) return null;
  return data as ViewSummary;
}

/** `0x1234ABCD (305441741)`. */
export const hashText = (hash: number) =>
  `0x${hash.toString(16).toUpperCase().padStart(8, '0')} (${hash})`;
