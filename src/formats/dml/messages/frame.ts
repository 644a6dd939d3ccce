/**
 * KingsIsle network frames and the DML messages they carry (spec.md "Frames"), decoded from
 * bytes (a pasted capture): little-endian throughout.
 *
 *   header   u16 0xF00D (bytes 0D F0), u16 body length; 0x8000 or more: a u32 length follows
 *   body     u8 isControl, u8 opcode, u8 0, u8 0, then the payload
 *   control  opcode 0 SessionOffer, 3 KeepAlive, 4 KeepAliveRsp, 5 SessionAccept: data kept raw
 *   data     DML messages: u8 service, u8 order, u16 length (its 4-byte header included), fields
 *            in the protocol's order; senders add a 0x00 after a message that its length does
 *            not count (receivers must do without it too)
 *
 * A message's fields are named and decoded when a protocol of its service is given and has
 * its order; its bytes stay raw otherwise. What cannot be a frame (no 0D F0, a body past the
 * end) is a FormatError at its offset; anything odd inside one is an issue with its span.
 */
import { ByteReader } from '../../../binary/byte-reader.ts';
import { ErrorCode, FormatError } from '../../../binary/format-error.ts';
import { hex } from '../../../binary/hex.ts';
import type { Issue } from '../../model.ts';
import { plainText } from '../display.ts';
import { DML_FORMAT } from '../read.ts';
import { typeOfTag } from '../tags.ts';
import type { DmlValue } from '../types.ts';
import { readDmlValue } from '../values.ts';
import { messageByOrder } from './protocol.ts';
import type { DmlFrame, DmlMessage, DmlProtocol } from './types.ts';

/** The u16 every frame starts with (bytes `0D F0`). */
export const FRAME_MAGIC = 0xf00d;
/** A u16 length this large or more says a u32 length follows (writers put exactly this). */
export const LARGE_FRAME = 0x8000;
/** Bytes of a body's header and of a DML message's header. */
export const BODY_HEADER = 4;
export const MESSAGE_HEADER = 4;

/** Control opcodes by number (spec.md; 1 and 2 are not known). */
export const CONTROL_OPCODES: Readonly<Record<number, string>> = {
  0: 'SessionOffer',
  3: 'KeepAlive',
  4: 'KeepAliveRsp',
  5: 'SessionAccept',
};

/** Codes of the issues inside a frame. */
export const DmlFrameIssueCode = {
  /** A large header whose u16 is not exactly 0x8000, or whose length would fit a small one. */
  LARGE_HEADER: 'LARGE_HEADER',
  /** The body's first byte is neither 0 (data) nor 1 (control). */
  CONTROL_FLAG: 'CONTROL_FLAG',
  /** The body's bytes 2 and 3 are not zero. */
  RESERVED_NOT_ZERO: 'RESERVED_NOT_ZERO',
  /** A data frame whose opcode is not 0. */
  DATA_OPCODE: 'DATA_OPCODE',
  /** A message length below its header, or past the frame's end. */
  MESSAGE_LENGTH: 'MESSAGE_LENGTH',
  /** The protocol of the message's service has no message of its order. */
  UNKNOWN_MESSAGE: 'UNKNOWN_MESSAGE',
  /** A field of a type DML does not define: the rest of the message stays raw. */
  UNKNOWN_FIELD_TYPE: 'UNKNOWN_FIELD_TYPE',
  /** The message ends inside a field. */
  FIELDS_PAST_END: 'FIELDS_PAST_END',
  /** Bytes of the message after its last field. */
  EXTRA_BYTES: 'EXTRA_BYTES',
  /** Bytes after the last message that are neither a message nor its trailer. */
  LEFTOVER_BYTES: 'LEFTOVER_BYTES',
} as const;

const u16At = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);

/** Decodes a described message's fields from `[start, end)`; sets `rest` where they stop. */
function decodeFields(
  bytes: Uint8Array,
  start: number,
  end: number,
  message: DmlMessage,
  protocol: DmlProtocol,
  issues: Issue[],
): void {
  const definition = messageByOrder(protocol, message.order);
  if (!definition) {
    issues.push({
      severity: 'warning',
      code: DmlFrameIssueCode.UNKNOWN_MESSAGE,
      message: `${protocol.name} has no message of order ${message.order}`,
      span: { offset: message.span.offset + 1, length: 1 },
    });
    message.rest = end > start ? { offset: start, length: end - start } : null;
    return;
  }
  message.name = definition.name;
  const reader = new ByteReader(bytes.subarray(start, end), start, DML_FORMAT);
  for (const field of definition.fields) {
    const at = reader.offset;
    const type = field.tag === null ? null : typeOfTag(field.tag);
    if (!type) {
      issues.push({
        severity: 'warning',
        code: DmlFrameIssueCode.UNKNOWN_FIELD_TYPE,
        message: `${definition.name} field ${field.name} has TYPE ${JSON.stringify(field.typeName)}: the rest stays raw`,
        span: { offset: at, length: end - at },
      });
      break;
    }
    let value: DmlValue;
    try {
      value = readDmlValue(reader, type.tag, `${definition.name} field ${field.name}`);
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      issues.push({
        severity: 'warning',
        code: DmlFrameIssueCode.FIELDS_PAST_END,
        message: `${definition.name} ends inside field ${field.name} (${type.name}) at ${hex(at)}`,
        span: { offset: at, length: end - at },
      });
      break;
    }
    const span = { offset: at, length: reader.offset - at };
    message.fields.push({
      name: field.name,
      type: type.name,
      value,
      text: plainText(type.tag, value),
      span,
    });
  }
  if (reader.offset < end) {
    message.rest = { offset: reader.offset, length: end - reader.offset };
    const decodedAll = message.fields.length === definition.fields.length;
    if (decodedAll) {
      issues.push({
        severity: 'warning',
        code: DmlFrameIssueCode.EXTRA_BYTES,
        message: `${definition.name} has ${end - reader.offset} bytes after its last field`,
        span: message.rest,
      });
    }
  }
}

/** Whether a message header that fits before `end` starts at `at`. */
function isMessageAt(bytes: Uint8Array, at: number, end: number): boolean {
  if (end - at < MESSAGE_HEADER) return false;
  const length = u16At(bytes, at + 2);
  return length >= MESSAGE_HEADER && at + length <= end;
}

/** The DML messages of a data frame's payload `[start, end)`. */
function decodeMessages(
  bytes: Uint8Array,
  start: number,
  end: number,
  protocols: readonly DmlProtocol[],
  issues: Issue[],
): DmlMessage[] {
  const messages: DmlMessage[] = [];
  let at = start;
  while (end - at >= MESSAGE_HEADER) {
    const length = u16At(bytes, at + 2);
    const isLengthBad = length < MESSAGE_HEADER || at + length > end;
    if (isLengthBad) {
      issues.push({
        severity: 'warning',
        code: DmlFrameIssueCode.MESSAGE_LENGTH,
        message: `a message at ${hex(at)} declares ${length} bytes; ${end - at} are left in the frame`,
        span: { offset: at + 2, length: 2 },
      });
    }
    const messageEnd = isLengthBad ? end : at + length;
    const message: DmlMessage = {
      span: { offset: at, length: messageEnd - at },
      service: bytes[at]!,
      order: bytes[at + 1]!,
      length,
      protocol: null,
      name: null,
      fields: [],
      rest: null,
      trailer: null,
    };
    const payload = at + MESSAGE_HEADER;
    const protocol = protocols.find((each) => each.serviceId === message.service);
    if (protocol && !isLengthBad) {
      message.protocol = protocol.name;
      decodeFields(bytes, payload, messageEnd, message, protocol, issues);
    } else if (messageEnd > payload) {
      message.rest = { offset: payload, length: messageEnd - payload };
    }
    messages.push(message);
    at = messageEnd;
    // The sender's 0x00: the last byte, or a byte before another message.
    if (at < end && bytes[at] === 0 && (at + 1 === end || isMessageAt(bytes, at + 1, end))) {
      message.trailer = { offset: at, length: 1 };
      at++;
    }
  }
  if (at < end) {
    issues.push({
      severity: 'warning',
      code: DmlFrameIssueCode.LEFTOVER_BYTES,
      message: `${end - at} bytes after the last message are not a message`,
      span: { offset: at, length: end - at },
    });
  }
  return messages;
}

const frameError = (code: ErrorCode, offset: number, detail: string) =>
  new FormatError({ code, offset, detail, format: DML_FORMAT });

/** The frame that starts at `offset` of `bytes`. Throws FormatError where none can. */
export function decodeDmlFrame(
  bytes: Uint8Array,
  offset: number,
  protocols: readonly DmlProtocol[] = [],
): DmlFrame {
  const reader = new ByteReader(bytes, 0, DML_FORMAT);
  reader.seek(offset);
  const magic = reader.u16le('the frame magic');
  if (magic !== FRAME_MAGIC) {
    throw frameError(
      ErrorCode.BAD_MAGIC,
      offset,
      `a frame starts 0D F0, not ${hex(magic & 0xff, 2)} ${hex(magic >> 8, 2)}`,
    );
  }
  const issues: Issue[] = [];
  const shortLength = reader.u16le('the frame length');
  const isLarge = shortLength >= LARGE_FRAME;
  const length = isLarge ? reader.u32le('the large frame length') : shortLength;
  if (isLarge && (shortLength !== LARGE_FRAME || length < LARGE_FRAME)) {
    issues.push({
      severity: 'info',
      code: DmlFrameIssueCode.LARGE_HEADER,
      message: `a large header with ${hex(shortLength)} for a body of ${length} bytes (writers put 0x8000, for bodies of 0x8000 bytes or more)`,
      span: { offset: offset + 2, length: 6 },
    });
  }
  const header = {
    kind: isLarge ? ('large' as const) : ('small' as const),
    length,
    span: { offset, length: reader.offset - offset },
  };
  const bodyStart = reader.offset;
  if (length < BODY_HEADER) {
    throw frameError(
      ErrorCode.BAD_VALUE,
      offset + 2,
      `a frame body of ${length} bytes has no room for its 4-byte header`,
    );
  }
  if (length > reader.remaining) {
    throw frameError(
      ErrorCode.UNEXPECTED_EOF,
      bodyStart,
      `the frame body needs ${length} bytes, ${reader.remaining} are left`,
    );
  }
  const flag = bytes[bodyStart]!;
  const opcode = bytes[bodyStart + 1]!;
  const reserved: [number, number] = [bytes[bodyStart + 2]!, bytes[bodyStart + 3]!];
  const isControl = flag !== 0;
  if (flag > 1) {
    issues.push({
      severity: 'warning',
      code: DmlFrameIssueCode.CONTROL_FLAG,
      message: `the control flag is ${flag}, not 0 or 1: read as a control frame`,
      span: { offset: bodyStart, length: 1 },
    });
  }
  if (reserved[0] !== 0 || reserved[1] !== 0) {
    issues.push({
      severity: 'warning',
      code: DmlFrameIssueCode.RESERVED_NOT_ZERO,
      message: `the body's reserved bytes are ${hex(reserved[0], 2)} ${hex(reserved[1], 2)}, not zero`,
      span: { offset: bodyStart + 2, length: 2 },
    });
  }
  if (!isControl && opcode !== 0) {
    issues.push({
      severity: 'warning',
      code: DmlFrameIssueCode.DATA_OPCODE,
      message: `a data frame with opcode ${opcode}, not 0`,
      span: { offset: bodyStart + 1, length: 1 },
    });
  }
  const payloadStart = bodyStart + BODY_HEADER;
  const end = bodyStart + length;
  return {
    span: { offset, length: end - offset },
    header,
    isControl,
    opcode,
    opcodeName: isControl ? (CONTROL_OPCODES[opcode] ?? null) : null,
    reserved,
    body: { offset: bodyStart, length },
    payload: { offset: payloadStart, length: end - payloadStart },
    messages: isControl ? [] : decodeMessages(bytes, payloadStart, end, protocols, issues),
    issues,
  };
}

/** Every frame of `bytes`, back to back to the end. Throws FormatError where one cannot be. */
export function decodeDmlFrames(
  bytes: Uint8Array,
  protocols: readonly DmlProtocol[] = [],
): DmlFrame[] {
  if (bytes.length === 0) throw frameError(ErrorCode.UNEXPECTED_EOF, 0, 'no bytes to decode');
  const frames: DmlFrame[] = [];
  for (let at = 0; at < bytes.length;) {
    const frame = decodeDmlFrame(bytes, at, protocols);
    frames.push(frame);
    at = frame.span.offset + frame.span.length;
  }
  return frames;
}
