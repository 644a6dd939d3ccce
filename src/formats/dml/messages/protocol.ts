/**
 * `*Messages.xml` protocol files (spec.md "Messages"): the root element names the protocol;
 * `_ProtocolInfo/RECORD` holds ServiceID (UBYT), ProtocolType (STR), ProtocolVersion (INT)
 * and ProtocolDescription (STR); every other child is a message whose `RECORD` lists its
 * fields in the order they are sent, each `<Name TYPE="UINT">`. Fields marked
 * `NOXFER="TRUE"` are not sent; `_MsgName`, `_MsgOrder`, `_MsgDescription`, `_MsgHandler`
 * and `_MsgAccessLvl` describe the message.
 *
 * Orders: `_MsgOrder` where a message gives it; a message without one takes its place among
 * all the protocol's element names (not `_MsgName`) sorted by code unit — byte order for
 * the ASCII names they are, as a sorted map of strings has them — counting from 1. Files
 * either give every order or none; a mix, or two messages of one order, is an issue.
 * Offsets are characters of the text.
 */
import { parseXml, type XmlElement } from '../../../binary/xml.ts';
import type { Issue } from '../../model.ts';
import { DML_FORMAT } from '../read.ts';
import { typeOfName } from '../tags.ts';
import type { DmlMessageDef, DmlMessageFieldDef, DmlProtocol } from './types.ts';
import { textError } from './text-error.ts';

export const PROTOCOL_INFO = '_ProtocolInfo';
const RECORD = 'RECORD';
/** Order numbers are a u8, counted from 1. */
const MOST_MESSAGES = 255;

/** Codes of the issues a protocol file can have. */
export const DmlProtocolIssueCode = {
  /** A message element without its `RECORD`: it is left out. */
  NO_RECORD: 'NO_RECORD',
  /** A sent field whose `TYPE` is none of DML's: messages decode up to it. */
  UNKNOWN_TYPE: 'UNKNOWN_TYPE',
  /** `_MsgOrder` that is not a number from 1 to 255: ordered as if absent. */
  BAD_ORDER: 'BAD_ORDER',
  /** Some messages give `_MsgOrder` and some do not: orders may collide. */
  MIXED_ORDERS: 'MIXED_ORDERS',
  /** Two messages of one order: frames are decoded with the first. */
  DUPLICATE_ORDER: 'DUPLICATE_ORDER',
  /** More messages than a u8 order can number. */
  TOO_MANY_MESSAGES: 'TOO_MANY_MESSAGES',
} as const;

/** The `RECORD` child of an element, or null. */
const recordOf = (element: XmlElement) =>
  element.children.find((child) => child.name === RECORD) ?? null;

/** An integer in an element's text, or null when it holds none. */
function integerOf(element: XmlElement | undefined): number | null {
  const text = element?.text.trim() ?? '';
  return /^[+-]?\d+$/.test(text) ? Number(text) : null;
}

const isNoTransfer = (field: XmlElement) =>
  (field.attributes.get('NOXFER') ?? '').toUpperCase() === 'TRUE';

/** The metadata fields a message's record may have; never sent. */
const METADATA = new Set([
  '_MsgName',
  '_MsgOrder',
  '_MsgDescription',
  '_MsgHandler',
  '_MsgAccessLvl',
]);

interface MessageDraft extends Omit<DmlMessageDef, 'order' | 'isOrderGiven'> {
  givenOrder: number | null;
}

function messageOf(element: XmlElement, issues: Issue[]): MessageDraft | null {
  const record = recordOf(element);
  const at = (node: XmlElement) => ({ offset: node.offset, length: node.name.length + 1 });
  if (!record) {
    issues.push({
      severity: 'warning',
      code: DmlProtocolIssueCode.NO_RECORD,
      message: `<${element.name}> has no ${RECORD}: it is left out`,
      span: at(element),
    });
    return null;
  }
  const byName = new Map(record.children.map((child) => [child.name, child]));
  const textOf = (name: string) => byName.get(name)?.text.trim() ?? null;
  let givenOrder: number | null = null;
  const orderField = byName.get('_MsgOrder');
  if (orderField) {
    const order = integerOf(orderField);
    if (order !== null && order >= 1 && order <= MOST_MESSAGES) givenOrder = order;
    else {
      issues.push({
        severity: 'warning',
        code: DmlProtocolIssueCode.BAD_ORDER,
        message: `<${element.name}> _MsgOrder ${JSON.stringify(orderField.text)} is not a number from 1 to 255`,
        span: at(orderField),
      });
    }
  }
  const fields: DmlMessageFieldDef[] = [];
  for (const field of record.children) {
    if (METADATA.has(field.name) || isNoTransfer(field)) continue;
    const typeName = field.attributes.get('TYPE') ?? '';
    const type = typeOfName(typeName);
    if (!type) {
      issues.push({
        severity: 'warning',
        code: DmlProtocolIssueCode.UNKNOWN_TYPE,
        message: `<${element.name}> field ${field.name} has TYPE ${JSON.stringify(typeName)}, which DML does not define`,
        span: at(field),
      });
    }
    fields.push({
      name: field.name,
      typeName,
      tag: type?.tag ?? null,
      offset: field.offset,
      end: field.end,
    });
  }
  const accessLevel = integerOf(byName.get('_MsgAccessLvl'));
  return {
    element: element.name,
    name: textOf('_MsgName') || element.name,
    givenOrder,
    description: textOf('_MsgDescription'),
    handler: textOf('_MsgHandler'),
    accessLevel,
    fields,
    offset: element.offset,
    end: element.end,
  };
}

/** Orders for every message: given ones kept, the others by their sorted element names. */
function ordered(
  drafts: readonly MessageDraft[],
  root: XmlElement,
  issues: Issue[],
): DmlMessageDef[] {
  const sorted = drafts.map((draft) => draft.element).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const given = drafts.filter((draft) => draft.givenOrder !== null).length;
  if (given > 0 && given < drafts.length) {
    issues.push({
      severity: 'warning',
      code: DmlProtocolIssueCode.MIXED_ORDERS,
      message: `${given} of ${drafts.length} messages give _MsgOrder; the others take their sorted place, which may collide`,
      span: { offset: root.offset, length: root.name.length + 1 },
    });
  }
  if (drafts.length > MOST_MESSAGES) {
    issues.push({
      severity: 'warning',
      code: DmlProtocolIssueCode.TOO_MANY_MESSAGES,
      message: `${drafts.length} messages; order numbers go to ${MOST_MESSAGES}`,
      span: { offset: root.offset, length: root.name.length + 1 },
    });
  }
  const messages = drafts.map(({ givenOrder, ...draft }): DmlMessageDef => ({
    ...draft,
    order: givenOrder ?? sorted.indexOf(draft.element) + 1,
    isOrderGiven: givenOrder !== null,
  }));
  messages.sort((a, b) => a.order - b.order || a.offset - b.offset);
  messages.forEach((message, at) => {
    const before = messages[at - 1];
    if (before?.order !== message.order) return;
    issues.push({
      severity: 'warning',
      code: DmlProtocolIssueCode.DUPLICATE_ORDER,
      message: `${message.name} has order ${message.order}, as ${before.name} does`,
      span: { offset: message.offset, length: message.element.length + 1 },
    });
  });
  return messages;
}

/** Reads a `*Messages.xml` protocol file. Throws FormatError (offset in characters). */
export function parseDmlProtocol(text: string): DmlProtocol {
  const fail = (detail: string, offset: number): never => {
    throw textError(text, offset, detail);
  };
  const root = parseXml(text, DML_FORMAT);
  const info = root.children.find((child) => child.name === PROTOCOL_INFO);
  if (!info) return fail(`<${root.name}> has no ${PROTOCOL_INFO}`, root.offset);
  const record = recordOf(info) ?? fail(`${PROTOCOL_INFO} has no ${RECORD}`, info.offset);
  const byName = new Map(record.children.map((child) => [child.name, child]));
  const service =
    byName.get('ServiceID') ?? fail(`${PROTOCOL_INFO} has no ServiceID`, record.offset);
  const serviceId = integerOf(service);
  if (serviceId === null || serviceId < 0 || serviceId > 255) {
    return fail(
      `ServiceID ${JSON.stringify(service.text)} is not a number from 0 to 255`,
      service.offset,
    );
  }
  const issues: Issue[] = [];
  const drafts = root.children
    .filter((child) => child !== info)
    .flatMap((child) => messageOf(child, issues) ?? []);
  return {
    name: root.name,
    serviceId,
    type: byName.get('ProtocolType')?.text.trim() ?? '',
    version: integerOf(byName.get('ProtocolVersion')),
    description: byName.get('ProtocolDescription')?.text.trim() ?? '',
    info: { offset: info.offset, length: info.end - info.offset },
    messages: ordered(drafts, root, issues),
    issues,
  };
}

/** A protocol's message of an order; the first when two share it. */
export function messageByOrder(protocol: DmlProtocol, order: number): DmlMessageDef | null {
  return protocol.messages.find((message) => message.order === order) ?? null;
}
