/**
 * Writes network frames: the mirror of frame.ts, for tests and examples. A data frame holds
 * DML messages (each with the 0x00 senders add, unless told not to); a control frame its
 * opcode's data as it is. The header is small below 0x8000 body bytes, large from there.
 */
import { ByteWriter } from '../../../binary/byte-writer.ts';
import type { DmlValue } from '../types.ts';
import { writeDmlValue } from '../values.ts';
import { FRAME_MAGIC, LARGE_FRAME, MESSAGE_HEADER } from './frame.ts';

/** One DML message to write: its service and order, and its fields' bytes. */
export interface DmlMessageDraft {
  service: number;
  order: number;
  payload: Uint8Array;
  /** Whether the 0x00 senders add follows it. Default true. */
  hasTrailer?: boolean;
}

export type DmlFrameDraft =
  | { isControl: false; messages: readonly DmlMessageDraft[] }
  | { isControl: true; opcode: number; data: Uint8Array };

/** A message's fields in order: each a type tag and a value (`writeDmlValue`). */
export function dmlMessagePayload(
  fields: readonly (readonly [tag: number, value: DmlValue])[],
): Uint8Array {
  const writer = new ByteWriter(64);
  fields.forEach(([tag, value], at) => writeDmlValue(writer, tag, value, `field ${at}`));
  return writer.finish();
}

export function writeDmlFrame(frame: DmlFrameDraft): Uint8Array {
  const body = new ByteWriter(256);
  body
    .u8(frame.isControl ? 1 : 0)
    .u8(frame.isControl ? frame.opcode : 0)
    .u8(0)
    .u8(0);
  if (frame.isControl) body.bytes(frame.data);
  else {
    for (const message of frame.messages) {
      const length = MESSAGE_HEADER + message.payload.length;
      if (length > 0xffff)
        throw new RangeError(`a message of ${length} bytes; its u16 length holds 65,535`);
      body.u8(message.service).u8(message.order).u16le(length).bytes(message.payload);
      if (message.hasTrailer !== false) body.u8(0);
    }
  }
  const bytes = body.finish();
  const writer = new ByteWriter(bytes.length + 8);
  writer.u16le(FRAME_MAGIC);
  if (bytes.length >= LARGE_FRAME) writer.u16le(LARGE_FRAME).u32le(bytes.length);
  else writer.u16le(bytes.length);
  return writer.bytes(bytes).finish();
}
