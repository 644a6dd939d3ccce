/**
 * What protocol files add to the generic CLI (model.ts FormatCli). `info --json` gives
 * `{format, protocol: {name, serviceId, type, version, description}, messages: [{order,
 * isOrderGiven, name, element, description, handler, accessLevel, fields: [{name, type}]}],
 * issues}`, messages by order; `info` prints a line per message.
 *
 * `decode-frame [HEX|-] [--protocol FILE]...` decodes the frames hex spells (the argument,
 * or stdin), naming the messages of every protocol file given: `--json` prints the decode
 * as types.ts `DmlFrameDecode` has it, text a line per frame, message and field. Where
 * decoding stopped (hex that is not hex, bytes that are no frame) is one line on stderr
 * after the frames before it, exit 1.
 */
import { hex } from '../../binary/hex.ts';
import { documentCli } from '../cli-info.ts';
import type { CliCommand, FormatCli } from '../model.ts';
import { decodeFrameText } from './messages/decode-text.ts';
import { readDmlProtocolOrThrow } from './messages/protocol-file.ts';
import type { DmlFrameDecode, DmlProtocol } from './messages/types.ts';
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

const infoCli = documentCli({
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

/** `0x8–0x13`: a span's first and last byte. */
const spanText = ({ offset, length }: { offset: number; length: number }) =>
  length === 0 ? `empty at ${hex(offset)}` : `${hex(offset)}–${hex(offset + length - 1)}`;

/** A decode as lines: a frame, its messages, their fields or raw bytes, its issues. */
export function decodeLines(decode: DmlFrameDecode): string[] {
  const lines: string[] = [];
  decode.frames.forEach((frame, index) => {
    const kind = frame.isControl
      ? `control, opcode ${frame.opcode} ${frame.opcodeName ?? '(unknown)'}`
      : 'data';
    const { header } = frame;
    lines.push(
      `frame ${index + 1} ${spanText(frame.span)}: ${header.kind} header, body ${header.length} bytes, ${kind}`,
    );
    if (frame.data !== null) lines.push(`  data ${frame.data}`);
    frame.messages.forEach((message, at) => {
      const service = `service ${message.service}${message.protocol ? ` ${message.protocol}` : ''}`;
      const order = `order ${message.order} (${hex(message.order, 2)})${message.name ? ` ${message.name}` : ''}`;
      const trailer = message.hasTrailer ? ', then 00' : '';
      lines.push(
        `  message ${at + 1} ${spanText(message.span)}: ${service}, ${order}, length ${message.length}${trailer}`,
      );
      for (const field of message.fields)
        lines.push(`    ${field.name} ${field.type} ${field.text}`);
      if (message.raw !== null) lines.push(`    raw ${message.raw}`);
    });
    for (const issue of frame.issues) {
      const at = issue.span ? ` at ${hex(issue.span.offset)}` : '';
      lines.push(`  ${issue.severity} ${issue.code}${at}: ${issue.message}`);
    }
  });
  return lines;
}

/** Where a decode stopped, in a line; null when it did not. */
export function decodeFailure({ error }: DmlFrameDecode): string | null {
  if (!error) return null;
  if (error.in === 'empty') return error.detail;
  return error.in === 'text'
    ? `the hex cannot be read at character ${error.offset}: ${error.detail}`
    : `not a frame at byte ${error.offset} (${hex(error.offset)}): ${error.detail}`;
}

export const decodeFrameCommand: CliCommand<DmlProtocol> = {
  name: 'decode-frame',
  summary:
    'decodes KingsIsle network frames from hex (the argument, or stdin): header, control or data, each DML message with its fields by name where a --protocol file describes its service',
  files: {
    name: 'protocol',
    value: 'FILE',
    summary: 'a *Messages.xml protocol file to name messages with; give it once per file',
    isRequired: false,
  },
  text: 'HEX',
  load: (bytes) => readDmlProtocolOrThrow(bytes),
  run(protocols, text) {
    const decode = decodeFrameText(text, protocols);
    return { json: decode, lines: decodeLines(decode), failure: decodeFailure(decode) };
  },
};

export const dmlProtocolCli: FormatCli = {
  ...infoCli,
  commands: [decodeFrameCommand],
};
