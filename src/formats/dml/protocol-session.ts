/**
 * A `*Messages.xml` protocol file as a session: a document whose nodes are its
 * `_ProtocolInfo`, its messages (by order) and the fields each sends, with their elements'
 * bytes in the file (messages/protocol-nodes.ts). The `dml-messages` view lists the messages
 * and decodes frames pasted as hex against this file's protocol (`decode-frame`).
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import {
  DOCUMENT_COLUMNS,
  documentNodesOf,
  documentSession,
  sendDocumentNodes,
} from '../document-session.ts';
import type { ColumnDef, OpenRequest, Session, ViewCapability } from '../model.ts';
import { decodeFrameText } from './messages/decode-text.ts';
import { readDmlProtocolFile } from './messages/protocol-file.ts';
import {
  locateIssues,
  messageSummaries,
  protocolFacts,
  protocolNodes,
  type ProtocolNode,
} from './messages/protocol-nodes.ts';
import {
  DML_MESSAGES_VIEW,
  type DmlMessagesQuery,
  type DmlMessagesSummary,
  type DmlProtocol,
} from './messages/types.ts';

export const DML_PROTOCOL_FORMAT = 'dml-protocol';

export const PROTOCOL_COLUMNS: readonly ColumnDef[] = [
  ...DOCUMENT_COLUMNS,
  { id: 'order', label: 'Order', kind: 'number' },
  { id: 'type', label: 'Type', kind: 'text' },
];

/** Checks a question the view is asked (it comes from the page): a `decode-frame` with text. */
function frameQuery(query: unknown): DmlMessagesQuery {
  const asked = query as Partial<DmlMessagesQuery> | null;
  if (asked?.kind === 'decode-frame' && typeof asked.hex === 'string') {
    return { kind: 'decode-frame', hex: asked.hex };
  }
  throw new FormatError({
    code: ErrorCode.BAD_VALUE,
    offset: 0,
    detail: `a protocol's view answers decode-frame, not ${JSON.stringify(asked?.kind ?? null)}`,
    format: DML_PROTOCOL_FORMAT,
  });
}

/** The view: the messages at a glance, and frames decoded against the protocol. */
export function protocolView(
  protocol: DmlProtocol,
  nodes: readonly ProtocolNode[],
  issueCount: number,
): ViewCapability {
  const summary: DmlMessagesSummary = {
    name: protocol.name,
    serviceId: protocol.serviceId,
    type: protocol.type,
    version: protocol.version,
    description: protocol.description,
    messages: messageSummaries(protocol, nodes),
    issueCount,
  };
  return {
    kind: DML_MESSAGES_VIEW,
    data: () => summary,
    // Async, so a question it does not answer is a rejection, as the worker expects.
    request: async (query) => decodeFrameText(frameQuery(query).hex, [protocol]),
  };
}

export async function openDmlProtocolSession({ sources, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const bytes = await source.read(0, source.size);
  const { value: file, issues, fatal } = readDmlProtocolFile(bytes);
  const { protocol } = file;
  const nodes = protocol ? protocolNodes({ ...file, protocol }) : [];
  sendDocumentNodes(sink, nodes);
  const located = locateIssues(issues, nodes);
  return documentSession({
    format: DML_PROTOCOL_FORMAT,
    label: protocol
      ? `DML protocol ${protocol.name} (service ${protocol.serviceId})`
      : 'DML protocol (not read)',
    facts: protocol ? protocolFacts(protocol) : [],
    issues: located,
    fatal,
    nodes: documentNodesOf(nodes, (node) => node.kind),
    columns: PROTOCOL_COLUMNS,
    cell(index, columnId) {
      const node = nodes[index]!;
      if (columnId === 'offset') return node.span.offset;
      if (columnId === 'order') return node.order;
      if (columnId === 'type') return node.typeName;
      return null;
    },
    bytes,
    source,
    ...(protocol ? { view: protocolView(protocol, nodes, located.length) } : {}),
  });
}
