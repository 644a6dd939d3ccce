/**
 * `.dvpl` as a fuzz target (src/formats/fuzz): the read path of the app and CLI on mutated
 * files — footer, CRC, decode — and a rewrite of whatever decodes. Seeds are one file per
 * type (stored, LZ4, LZ4-HC, zlib) around the same text, which names no other format, so a
 * stored seed's head is not mistaken for another format's magic.
 */
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { FIXTURE_CONTENT } from './fixtures/make-fixtures.ts';
import {
  DVPL_FOOTER_FIELD,
  DVPL_FOOTER_SIZE,
  DVPL_FORMAT,
  decodeDvpl,
  isDvplType,
  readDvpl,
} from './read.ts';
import { writeDvpl } from './write.ts';

/** The footer's start, or null when the file is too short to have one. */
function footerAt(bytes: Uint8Array): number | null {
  return bytes.length >= DVPL_FOOTER_SIZE ? bytes.length - DVPL_FOOTER_SIZE : null;
}

export const dvplFuzzTarget: FuzzTarget = {
  format: DVPL_FORMAT,
  seeds: () =>
    Promise.resolve(([0, 1, 2, 3] as const).map((type) => writeDvpl(FIXTURE_CONTENT, { type }))),
  boundaries(bytes) {
    const footer = footerAt(bytes);
    return footer === null ? [0] : [0, footer, footer + DVPL_FOOTER_FIELD.magic, bytes.length];
  },
  numberFields(bytes) {
    const footer = footerAt(bytes);
    if (footer === null) return [];
    const { uncompressedSize, compressedSize, crc, type } = DVPL_FOOTER_FIELD;
    return [uncompressedSize, compressedSize, crc, type].map((field) => footer + field);
  },
  // One payload, no offsets: nothing to make overlap.
  rangeFields: () => [],
  async exercise(bytes) {
    const result = await readDvpl(new MemoryByteSource(bytes, 'fuzz.dvpl'));
    // INTERNAL means the reader met something other than a FormatError: a bug.
    if (result.fatal?.code === 'INTERNAL') throw new Error(result.fatal.message);
    if (result.fatal) {
      throw new FormatError({
        code: result.fatal.code,
        offset: result.fatal.offset ?? 0,
        detail: result.fatal.message,
        format: DVPL_FORMAT,
      });
    }
    // Whatever decodes can be wrapped again, by the same type.
    const { footer, content } = result.value;
    if (footer && content && isDvplType(footer.type)) writeDvpl(content, { type: footer.type });
  },
  async roundTrip(bytes) {
    const decoded = await decodeDvpl(bytes);
    if (!isDvplType(decoded.type)) throw new Error('decodeDvpl returned an unknown type');
    return writeDvpl(decoded.bytes, { type: decoded.type });
  },
};
