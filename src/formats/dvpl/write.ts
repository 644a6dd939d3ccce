/**
 * Writes `.dvpl` files: the mirror of read.ts. The payload is stored or compressed by the
 * type, then the footer follows, field by field in file order: uncompressed size,
 * compressed size, CRC-32 of the stored payload, type, "DVPL". Used by tests, fixtures,
 * fuzz seeds and samples.
 */
import { zlibSync } from 'fflate';
import { ByteWriter } from '../../binary/byte-writer.ts';
import { crc32Ieee } from '../../binary/crc32.ts';
import { encodeLz4Block } from './lz4-block-encode.ts';
import { DVPL_FOOTER_SIZE, DVPL_MAGIC } from './read.ts';
import type { DvplFooter, DvplType, DvplWriteOptions } from './types.ts';

/** How hard the LZ4-HC kind searches (more earlier positions per hash than type 1). */
const HC_SEARCH_DEPTH = 64;

/** The payload as the type stores it. */
export function encodeDvplPayload(content: Uint8Array, type: DvplType): Uint8Array {
  switch (type) {
    case 0:
      return content;
    case 1:
      return encodeLz4Block(content);
    case 2:
      return encodeLz4Block(content, { searchDepth: HC_SEARCH_DEPTH });
    case 3:
      return zlibSync(content, { level: 6 });
  }
}

/** The footer for a stored payload, as read.ts parses it. */
export function dvplFooterFor(
  content: Uint8Array,
  payload: Uint8Array,
  type: DvplType,
): DvplFooter {
  return {
    uncompressedSize: content.length,
    compressedSize: payload.length,
    crc: crc32Ieee(payload) >>> 0,
    type,
    magic: DVPL_MAGIC,
  };
}

/**
 * Lays out a payload and a footer as they are, checked or not: forged-field tests write a
 * valid footer, change one field, and write again.
 */
export function writeDvplRaw(payload: Uint8Array, footer: DvplFooter): Uint8Array {
  const writer = new ByteWriter(payload.length + DVPL_FOOTER_SIZE);
  writer.bytes(payload);
  writer.u32le(footer.uncompressedSize);
  writer.u32le(footer.compressedSize);
  writer.u32le(footer.crc);
  writer.u32le(footer.type);
  writer.ascii(footer.magic.padEnd(4, '\0').slice(0, 4));
  return writer.finish();
}

/** A `.dvpl` holding `content`, stored by `options.type` (default 1, LZ4). */
export function writeDvpl(content: Uint8Array, options: DvplWriteOptions = {}): Uint8Array {
  const type = options.type ?? 1;
  const payload = encodeDvplPayload(content, type);
  return writeDvplRaw(payload, dvplFooterFor(content, payload, type));
}
