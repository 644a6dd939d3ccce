/**
 * A deep stream walked without a type list (spec.md "Generic walk"): each object's class
 * hash and size, each property's hash, bit range and size, and a guess at its value — a
 * nested object where its sizes prove it (recursed into), a string where a u16 length fills
 * the value exactly, a number where the value is 8, 16, 32 or 64 bits; else its raw bits.
 * Sizes are checked as in the typed walk.
 */
import { BitReader } from './bit-reader.ts';
import { hasMoreProperties, readObjectSize, readPropertyHeader } from './deep.ts';
import type { BitRange, GenericGuess, GenericObject, GenericProperty } from './types.ts';

/** Objects nested deeper than this are not guessed into (shown as bits). */
const MAX_GENERIC_DEPTH = 128;
/** Raw bits shown of a value no guess fits, at most. */
const RAW_BYTES_SHOWN = 256;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as lower-case hex, no spaces (binary strings and raw bits in JSON). */
export function lowerHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += (byte < 16 ? '0' : '') + byte.toString(16);
  return text;
}

/** An object at the reader's (aligned) position, or null for a null pointer (hash 0). */
export function walkGenericObject(reader: BitReader, depth: number): GenericObject | null {
  reader.align();
  const start = reader.position;
  const hash = reader.u32('a class hash');
  if (hash === 0) return null;
  const frame = readObjectSize(reader);
  const properties: GenericProperty[] = [];
  while (hasMoreProperties(reader, frame)) properties.push(walkProperty(reader, frame.end, depth));
  return { hash, bits: { start, end: frame.end }, sizeBits: frame.sizeBits, properties };
}

function walkProperty(reader: BitReader, objectEnd: number, depth: number): GenericProperty {
  const { start, end, sizeBits, hash } = readPropertyHeader(reader, objectEnd);
  const valueBits = { start: reader.position, end };
  const guess = guessValue(reader.bytes, valueBits, depth);
  reader.position = end;
  return { hash, bits: { start, end }, sizeBits, valueBits, guess };
}

/** `bits` bits at `start` of `bytes` (at most 32), LSB-first. */
function bitsAt(bytes: Uint8Array, start: number, count: number): number {
  const reader = new BitReader(bytes);
  reader.position = start;
  return reader.bits(count);
}

export function guessValue(bytes: Uint8Array, bits: BitRange, depth: number): GenericGuess {
  const length = bits.end - bits.start;
  const isAligned = bits.start % 8 === 0;
  if (isAligned && length >= 64 && depth < MAX_GENERIC_DEPTH) {
    const hash = bitsAt(bytes, bits.start, 32);
    const size = bitsAt(bytes, bits.start + 32, 32);
    if (hash !== 0 && size === length - 32) {
      // The sizes prove an object only if everything inside it holds together too.
      try {
        const window = bytes.subarray(0, Math.ceil(bits.end / 8));
        const reader = new BitReader(window);
        reader.position = bits.start;
        const object = walkGenericObject(reader, depth + 1);
        if (object && reader.position === bits.end) return { kind: 'object', object };
      } catch {
        // Not an object after all: the other guesses.
      }
    }
  }
  if (isAligned && length >= 16 && (length - 16) % 8 === 0) {
    const count = bitsAt(bytes, bits.start, 16);
    if (16 + count * 8 === length) {
      const from = bits.start / 8 + 2;
      try {
        return { kind: 'string', value: utf8.decode(bytes.subarray(from, from + count)) };
      } catch {
        // Not text: the bits below.
      }
    }
  }
  if (isAligned && (length === 8 || length === 16 || length === 32 || length === 64)) {
    return numberGuess(bytes.subarray(bits.start / 8, bits.start / 8 + length / 8), length);
  }
  const from = Math.floor(bits.start / 8);
  const to = Math.min(Math.ceil(bits.end / 8), from + RAW_BYTES_SHOWN);
  return { kind: 'bits', hex: lowerHex(bytes.subarray(from, to)) };
}

function numberGuess(bytes: Uint8Array, length: 8 | 16 | 32 | 64): GenericGuess {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (length) {
    case 8:
      return {
        kind: 'number',
        bits: 8,
        unsigned: String(view.getUint8(0)),
        signed: String(view.getInt8(0)),
        float: null,
      };
    case 16:
      return {
        kind: 'number',
        bits: 16,
        unsigned: String(view.getUint16(0, true)),
        signed: String(view.getInt16(0, true)),
        float: null,
      };
    case 32:
      return {
        kind: 'number',
        bits: 32,
        unsigned: String(view.getUint32(0, true)),
        signed: String(view.getInt32(0, true)),
        float: view.getFloat32(0, true),
      };
    case 64:
      return {
        kind: 'number',
        bits: 64,
        unsigned: String(view.getBigUint64(0, true)),
        signed: String(view.getBigInt64(0, true)),
        float: view.getFloat64(0, true),
      };
  }
}
