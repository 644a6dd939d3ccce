/**
 * Hex text pasted from a capture, decoded into frames against some protocols, as plain data
 * for the view and the CLI (types.ts `DmlFrameDecode`): values as numbers or text (a GID as
 * exact decimal), undecoded bytes in hex. Frames are decoded back to back; a problem keeps
 * the frames before it and says where it is — the character of the text for hex that is not
 * hex, the byte of the decoded bytes for bytes that are not a frame.
 */
import { ErrorCode, FormatError } from '../../../binary/format-error.ts';
import { jsonValue } from '../display.ts';
import { typeOfName } from '../tags.ts';
import { decodeDmlFrame } from './frame.ts';
import { parseHexText } from './hex-text.ts';
import type {
  DmlFrame,
  DmlFrameDecode,
  DmlFrameResult,
  DmlMessage,
  DmlMessageResult,
  DmlProtocol,
} from './types.ts';
import type { Span } from '../../model.ts';

/** Frames decoded at most; a longer paste is cut short (`framesLeft`). */
export const MOST_FRAMES = 256;

/** `0D F0 24 00`: bytes as upper-case hex pairs apart. */
export function hexBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

const slice = (bytes: Uint8Array, span: Span) =>
  bytes.subarray(span.offset, span.offset + span.length);

function messageResult(bytes: Uint8Array, message: DmlMessage): DmlMessageResult {
  return {
    span: message.span,
    service: message.service,
    order: message.order,
    length: message.length,
    protocol: message.protocol,
    name: message.name,
    fields: message.fields.map((field) => ({
      name: field.name,
      type: field.type,
      value: jsonValue(typeOfName(field.type)!.tag, field.value),
      text: field.text,
      span: field.span,
    })),
    raw: message.rest ? hexBytes(slice(bytes, message.rest)) : null,
    rawSpan: message.rest,
    hasTrailer: message.trailer !== null,
  };
}

/** A decoded frame as plain data. */
export function frameResult(bytes: Uint8Array, frame: DmlFrame): DmlFrameResult {
  return {
    span: frame.span,
    header: frame.header,
    isControl: frame.isControl,
    opcode: frame.opcode,
    opcodeName: frame.opcodeName,
    data:
      frame.isControl && frame.payload.length > 0 ? hexBytes(slice(bytes, frame.payload)) : null,
    messages: frame.messages.map((message) => messageResult(bytes, message)),
    issues: frame.issues.map(({ severity, code, message, span }) => ({
      severity,
      code,
      message,
      span: span ?? null,
    })),
  };
}

const errorOf = (
  where: 'text' | 'bytes' | 'empty',
  error: FormatError,
): DmlFrameDecode['error'] => ({
  in: where,
  code: error.code,
  offset: error.offset,
  message: error.message,
  detail: error.detail,
});

/** Decodes the frames `hex` spells, with `protocols` naming the messages they describe. */
export function decodeFrameText(hex: string, protocols: readonly DmlProtocol[]): DmlFrameDecode {
  const answer: DmlFrameDecode = {
    byteCount: 0,
    frames: [],
    error: null,
    framesLeft: false,
    protocols: protocols.map(({ name, serviceId, type }) => ({ name, serviceId, type })),
  };
  let bytes: Uint8Array;
  try {
    bytes = parseHexText(hex);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    return { ...answer, error: errorOf('text', error) };
  }
  answer.byteCount = bytes.length;
  if (bytes.length === 0) {
    const empty = new FormatError({
      code: ErrorCode.UNEXPECTED_EOF,
      offset: 0,
      detail: 'no bytes to decode: paste a frame in hex, e.g. 0D F0 …',
    });
    return { ...answer, error: errorOf('empty', empty) };
  }
  for (let at = 0; at < bytes.length;) {
    if (answer.frames.length === MOST_FRAMES) {
      answer.framesLeft = true;
      break;
    }
    let frame: DmlFrame;
    try {
      frame = decodeDmlFrame(bytes, at, protocols);
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      answer.error = errorOf('bytes', error);
      break;
    }
    answer.frames.push(frameResult(bytes, frame));
    at = frame.span.offset + frame.span.length;
  }
  return answer;
}
