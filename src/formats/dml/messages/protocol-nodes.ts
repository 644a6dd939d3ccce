/**
 * A protocol file's nodes, each with its element's bytes in the file:
 *
 *   _ProtocolInfo                    section: service id, type, version, description
 *   <message>                        record: one per message, by order; its metadata and
 *                                    fields (with their types) as details
 *   <message>/<field>                value: one per field it sends, in the order sent
 *
 * Messages go by their element's name, fields by theirs; a name met before in its folder
 * gets ` #<index>` (nodes.ts `segment`).
 */
import { hex } from '../../../binary/hex.ts';
import { quotedText } from '../../../binary/quoted-text.ts';
import type { DocumentNode } from '../../document-session.ts';
import type { Fact, Issue, NodeKind } from '../../model.ts';
import { counted } from '../display.ts';
import { segment } from '../nodes.ts';
import { PROTOCOL_INFO } from './protocol.ts';
import type { DmlProtocolFile } from './protocol-file.ts';
import type { DmlMessageDef, DmlMessageFieldDef, DmlMessageSummary, DmlProtocol } from './types.ts';

export interface ProtocolNode extends DocumentNode {
  kind: NodeKind;
  /** Messages: their order. */
  order: number | null;
  /** Fields: their `TYPE`. */
  typeName: string | null;
}

const optional = (label: string, value: string | number | null): Fact[] =>
  value === null ? [] : [[label, typeof value === 'number' ? String(value) : quotedText(value)]];

/** `36 (0x24), given by _MsgOrder` or `2 (0x02), by its element's sorted name`. */
export function orderText(message: DmlMessageDef): string {
  const how = message.isOrderGiven ? 'given by _MsgOrder' : "by its element's sorted name";
  return `${message.order} (${hex(message.order, 2)}), ${how}`;
}

/** `USHRT (tag 7)`, or what a TYPE that is none of DML's is. */
export function fieldTypeText(field: DmlMessageFieldDef): string {
  return field.tag === null
    ? `${quotedText(field.typeName)} (not a DML type: messages decode up to it)`
    : `${field.typeName} (tag ${field.tag})`;
}

/** What the protocol is: the facts of the file and of its `_ProtocolInfo` node. */
export function protocolFacts(protocol: DmlProtocol): Fact[] {
  return [
    ['Protocol', protocol.name],
    ['Service ID', `${protocol.serviceId} (${hex(protocol.serviceId, 2)})`],
    ['Type', quotedText(protocol.type)],
    ['Version', protocol.version === null ? '—' : String(protocol.version)],
    ['Description', quotedText(protocol.description)],
    ['Messages', counted(protocol.messages.length, 'message')],
  ];
}

function messageFacts(message: DmlMessageDef): Fact[] {
  return [
    ['Order', orderText(message)],
    ['Name', message.name],
    ...(message.element === message.name ? [] : [['Element', message.element] as Fact]),
    ...optional('Description', message.description),
    ...optional('Handler', message.handler),
    ...optional('Access level', message.accessLevel),
    ['Fields', counted(message.fields.length, 'field')],
    ...message.fields.map((field): Fact => [field.name, fieldTypeText(field)]),
  ];
}

/** The nodes of a protocol file, parents before their children. */
export function protocolNodes(file: DmlProtocolFile & { protocol: DmlProtocol }): ProtocolNode[] {
  const { protocol } = file;
  const span = (item: { offset: number; end: number }) =>
    file.byteSpan({ offset: item.offset, length: item.end - item.offset });
  const nodes: ProtocolNode[] = [
    {
      path: PROTOCOL_INFO,
      span: file.byteSpan(protocol.info),
      kind: 'section',
      fields: protocolFacts(protocol),
      order: null,
      typeName: null,
    },
  ];
  const messageNames = new Set([PROTOCOL_INFO]);
  protocol.messages.forEach((message, index) => {
    const path = segment(message.element, index, messageNames);
    nodes.push({
      path,
      span: span(message),
      kind: 'record',
      fields: messageFacts(message),
      order: message.order,
      typeName: null,
    });
    const fieldNames = new Set<string>();
    message.fields.forEach((field, at) => {
      nodes.push({
        path: `${path}/${segment(field.name, at, fieldNames)}`,
        span: span(field),
        kind: 'value',
        fields: [
          ['Field', field.name],
          ['Type', fieldTypeText(field)],
          ['Sent', `${at + 1} of ${message.fields.length}`],
          ['Message', `${message.name}, order ${message.order}`],
        ],
        order: null,
        typeName: field.typeName,
      });
    });
  });
  return nodes;
}

/** Each issue with the innermost node whose bytes hold its start. */
export function locateIssues(issues: readonly Issue[], nodes: readonly ProtocolNode[]): Issue[] {
  return issues.map((issue) => {
    if (!issue.span) return issue;
    const at = issue.span.offset;
    let found = -1;
    nodes.forEach(({ span }, index) => {
      const holds = at >= span.offset && at < span.offset + span.length;
      if (holds && (found < 0 || span.length <= nodes[found]!.span.length)) found = index;
    });
    return found >= 0 ? { ...issue, entryIndex: found } : issue;
  });
}

/** The messages as the view lists them, each with its node's path. */
export function messageSummaries(
  protocol: DmlProtocol,
  nodes: readonly ProtocolNode[],
): DmlMessageSummary[] {
  const paths = nodes.filter((node) => node.kind === 'record').map((node) => node.path);
  return protocol.messages.map((message, index) => ({
    order: message.order,
    name: message.name,
    element: message.element,
    description: message.description,
    path: paths[index]!,
    fields: message.fields.map(({ name, typeName }) => ({ name, typeName })),
  }));
}
