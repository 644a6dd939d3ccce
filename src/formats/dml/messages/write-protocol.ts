/**
 * Writes `*Messages.xml` protocol files: the mirror of protocol.ts, for tests, seeds and
 * examples. The root element is the protocol's name; `_ProtocolInfo/RECORD` holds ServiceID,
 * ProtocolType, ProtocolVersion (when given) and ProtocolDescription; then each message in
 * the order given, its `RECORD` opening with its metadata (`_MsgName` always, `_MsgOrder`,
 * `_MsgDescription`, `_MsgHandler` and `_MsgAccessLvl` when given, all `NOXFER="TRUE"`),
 * then the fields it sends, each `<Name TYPE="…"></Name>`. Two spaces indent each level.
 */
import type { DmlProtocol } from './types.ts';

/** A field a message sends, as a writer takes it. */
export interface DmlFieldDefDraft {
  name: string;
  /** Its `TYPE`, e.g. `UINT` (written as given, known to DML or not). */
  typeName: string;
}

/** A message, as a writer takes it. */
export interface DmlMessageDefDraft {
  /** The element's name. */
  element: string;
  /** `_MsgName`; the element's name when absent. */
  name?: string;
  /** `_MsgOrder`; absent: none is written, so the order comes from the sorted names. */
  order?: number;
  description?: string;
  handler?: string;
  accessLevel?: number;
  fields: readonly DmlFieldDefDraft[];
}

/** A protocol, as a writer takes it. */
export interface DmlProtocolDraft {
  /** The root element's name, e.g. `GameMessages`. */
  name: string;
  serviceId: number;
  type: string;
  /** `ProtocolVersion`; absent: not written. */
  version?: number;
  description: string;
  /** In the order they are written. */
  messages: readonly DmlMessageDefDraft[];
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/** `<Name TYPE="…">text</Name>`, with `NOXFER="TRUE"` for metadata. */
function field(name: string, type: string, text: string, isMetadata = false): string {
  const noTransfer = isMetadata ? ' NOXFER="TRUE"' : '';
  return `<${name} TYPE="${escapeAttribute(type)}"${noTransfer}>${escapeText(text)}</${name}>`;
}

function messageLines(message: DmlMessageDefDraft): string[] {
  const metadata = [
    field('_MsgName', 'STR', message.name ?? message.element, true),
    ...(message.order === undefined
      ? []
      : [field('_MsgOrder', 'UBYT', String(message.order), true)]),
    ...(message.description === undefined
      ? []
      : [field('_MsgDescription', 'STR', message.description, true)]),
    ...(message.handler === undefined ? [] : [field('_MsgHandler', 'STR', message.handler, true)]),
    ...(message.accessLevel === undefined
      ? []
      : [field('_MsgAccessLvl', 'UBYT', String(message.accessLevel), true)]),
  ];
  const fields = message.fields.map((each) => field(each.name, each.typeName, ''));
  return [
    `  <${message.element}>`,
    '    <RECORD>',
    ...[...metadata, ...fields].map((line) => `      ${line}`),
    '    </RECORD>',
    `  </${message.element}>`,
  ];
}

/**
 * The XML text of a protocol. `declaration` puts `<?xml version="1.0"?>` first (default);
 * `comment` puts a comment before the root element, as some files have.
 */
export function writeDmlProtocolText(
  protocol: DmlProtocolDraft,
  options: { declaration?: boolean; comment?: string } = {},
): string {
  const info = [
    field('ServiceID', 'UBYT', String(protocol.serviceId)),
    field('ProtocolType', 'STR', protocol.type),
    ...(protocol.version === undefined
      ? []
      : [field('ProtocolVersion', 'INT', String(protocol.version))]),
    field('ProtocolDescription', 'STR', protocol.description),
  ];
  return [
    ...(options.declaration === false ? [] : ['<?xml version="1.0"?>']),
    ...(options.comment === undefined ? [] : [`<!-- ${options.comment} -->`]),
    `<${protocol.name}>`,
    '  <_ProtocolInfo>',
    '    <RECORD>',
    ...info.map((line) => `      ${line}`),
    '    </RECORD>',
    '  </_ProtocolInfo>',
    ...protocol.messages.flatMap(messageLines),
    `</${protocol.name}>`,
    '',
  ].join('\n');
}

/** The protocol file's bytes: its text in UTF-8. */
export function writeDmlProtocol(
  protocol: DmlProtocolDraft,
  options: { declaration?: boolean; comment?: string } = {},
): Uint8Array {
  return new TextEncoder().encode(writeDmlProtocolText(protocol, options));
}

/** What a writer needs to write a protocol read back: its messages in file order. */
export function dmlProtocolDraft(protocol: DmlProtocol): DmlProtocolDraft {
  const inFileOrder = [...protocol.messages].sort((a, b) => a.offset - b.offset);
  return {
    name: protocol.name,
    serviceId: protocol.serviceId,
    type: protocol.type,
    ...(protocol.version === null ? {} : { version: protocol.version }),
    description: protocol.description,
    messages: inFileOrder.map((message) => ({
      element: message.element,
      name: message.name,
      ...(message.isOrderGiven ? { order: message.order } : {}),
      ...(message.description === null ? {} : { description: message.description }),
      ...(message.handler === null ? {} : { handler: message.handler }),
      ...(message.accessLevel === null ? {} : { accessLevel: message.accessLevel }),
      fields: message.fields.map(({ name, typeName }) => ({ name, typeName })),
    })),
  };
}
