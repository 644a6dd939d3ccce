/**
 * What protocol files add to the generic CLI (model.ts FormatCli). `info --json` gives
 * `{format, name, size, protocol: {name, serviceId, type, version, description}, messages:
 * [{order, isOrderGiven, name, element, description, handler, accessLevel, fields: [{name,
 * type}]}], issues}`, messages by order; `info` prints a line per message.
 */
import { hex } from '../../binary/hex.ts';
import { documentCli } from '../cli-info.ts';
import { readDmlProtocolOrThrow } from './messages/protocol-file.ts';
import type { DmlProtocol } from './messages/types.ts';
import { DML_PROTOCOL_FORMAT } from './protocol-session.ts';

/** A protocol as `info --json` gives it (without the file's name and size). */
export function protocolJson(protocol: DmlProtocol) {
  return {
    protocol: {
      name: protocol.name,
      serviceId: protocol.serviceId,
      type: protocol.type,
      version: protocol.version,
      description: protocol.description,
    },
    messages: protocol.messages.map((message) => ({
      order: message.order,
      isOrderGiven: message.isOrderGiven,
      name: message.name,
      element: message.element,
      description: message.description,
      handler: message.handler,
      accessLevel: message.accessLevel,
      fields: message.fields.map((field) => ({ name: field.name, type: field.typeName })),
    })),
  };
}

export type DmlProtocolJson = ReturnType<typeof protocolJson>;

export const dmlProtocolCli = documentCli({
  width: 12,
  json: (bytes) => ({
    format: DML_PROTOCOL_FORMAT,
    ...protocolJson(readDmlProtocolOrThrow(bytes)),
  }),
  lines: (json) =>
    json.messages.map((message) => {
      const fields = message.fields.map((field) => `${field.name} ${field.type}`).join(', ');
      return `${String(message.order).padStart(3)} ${hex(message.order, 2)} ${message.name} (${fields})`;
    }),
});
