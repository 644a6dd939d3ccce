/**
 * Deep mode's frame, shared by the typed reader and the generic walk: an object's size
 * (counting its own field) and each property's header (padding, size counted from before
 * the padding, hash), every size checked against what its object leaves.
 */
import type { BitReader } from './bit-reader.ts';
import { ErrorCode, errorAtBit } from './errors.ts';

/** Bits of a property's size and hash. */
const PROPERTY_HEADER_BITS = 64;

/** The object size after its hash: where the object ends, checked to fit. */
export function readObjectSize(reader: BitReader): {
  sizeAt: number;
  sizeBits: number;
  end: number;
} {
  const sizeAt = reader.position;
  const sizeBits = reader.u32('an object size');
  const end = sizeAt + sizeBits;
  if (sizeBits < 32 || end > reader.totalBits) {
    throw errorAtBit(
      ErrorCode.BAD_COUNT,
      sizeAt,
      `object size ${sizeBits} bits does not fit the ${reader.totalBits - sizeAt} bits left`,
    );
  }
  return { sizeAt, sizeBits, end };
}

/** Whether another property starts before `end`; a remainder too small for one is a mismatch. */
export function hasMoreProperties(
  reader: BitReader,
  object: { sizeAt: number; sizeBits: number; end: number },
): boolean {
  const left = object.end - reader.position;
  if (left <= 0) {
    if (left < 0) {
      throw errorAtBit(
        ErrorCode.SIZE_MISMATCH,
        object.sizeAt,
        `object declares ${object.sizeBits} bits, its properties took ${reader.position - object.sizeAt}`,
      );
    }
    return false;
  }
  const padding = (8 - (reader.position & 7)) & 7;
  if (left < padding + PROPERTY_HEADER_BITS) {
    throw errorAtBit(
      ErrorCode.SIZE_MISMATCH,
      object.sizeAt,
      `object declares ${object.sizeBits} bits, its properties took ${reader.position - object.sizeAt} and ${left} bits are left, too few for another`,
    );
  }
  return true;
}

/** A property's header as read: where it starts and ends, its declared size and hash. */
export interface PropertyHeader {
  start: number;
  end: number;
  sizeBits: number;
  hash: number;
}

/** A property's header: where it starts and ends, its declared size and hash. */
export function readPropertyHeader(reader: BitReader, objectEnd: number): PropertyHeader {
  return readPropertyHeaderInto(reader, objectEnd, { start: 0, end: 0, sizeBits: 0, hash: 0 });
}

/** readPropertyHeader into `header` (the typed walk reuses one: no object per property). */
export function readPropertyHeaderInto(
  reader: BitReader,
  objectEnd: number,
  header: PropertyHeader,
): PropertyHeader {
  const start = reader.position;
  reader.align();
  const sizeBits = reader.u32('a property size');
  const end = start + sizeBits;
  const least = reader.position + 32 - start;
  if (end > objectEnd || sizeBits < least) {
    throw errorAtBit(
      ErrorCode.BAD_COUNT,
      start,
      `property size ${sizeBits} bits does not fit its object (${objectEnd - start} bits left, at least ${least} needed)`,
    );
  }
  header.hash = reader.u32('a property hash');
  header.start = start;
  header.end = end;
  header.sizeBits = sizeBits;
  return header;
}
