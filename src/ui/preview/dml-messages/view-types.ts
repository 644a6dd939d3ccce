/**
 * The messages view's side of the `dml-messages` view a protocol file's session offers: its
 * summary (`documentView`) and its one question, `decode-frame` (`viewRequest`), typed from
 * the format's types.ts. The UI takes only types from there; the view kind is repeated
 * below because a value import would pull the format's code into the page. The other
 * modules of this folder use the names given here.
 */
import type { DocumentView } from '../../../worker/rpc/api.ts';
import type {
  DmlFieldResult,
  DmlFrameDecode,
  DmlFrameResult,
  DmlMessageResult,
  DmlMessageSummary,
  DmlMessagesQuery,
  DmlMessagesSummary,
} from '../../../formats/dml/types.ts';

export type ProtocolSummary = DmlMessagesSummary;
export type MessageSummary = DmlMessageSummary;
export type FrameDecode = DmlFrameDecode;
export type FrameResult = DmlFrameResult;
export type MessageResult = DmlMessageResult;
export type FieldResult = DmlFieldResult;

/** The view kind; the same text as the format's `DML_MESSAGES_VIEW`. */
export const MESSAGES_VIEW = 'dml-messages';

export const decodeQuery = (hex: string): DmlMessagesQuery => ({ kind: 'decode-frame', hex });

/** The summary of a document view, or null when it is not a protocol's. */
export function protocolSummaryOf(view: DocumentView): ProtocolSummary | null {
  if (view.kind !== MESSAGES_VIEW) return null;
  const data = view.data as Partial<ProtocolSummary> | null;
  if (!data || typeof data !== 'object' || typeof data.serviceId !== 'number') return null;
  if (!Array.isArray(data.messages)) return null;
  return data as ProtocolSummary;
}
