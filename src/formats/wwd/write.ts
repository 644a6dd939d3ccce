/**
 * WWD writer, the mirror of read.ts: header, then in L the plane headers, each plane's
 * tile grid, the image-set names, the objects, and the tile-property table, in the order
 * and packing the retail editor uses (so an uncompressed retail level comes back byte for
 * byte). Used by tests (round trips, forged fields), fixtures and samples.
 *
 * Two steps, so a test can forge any byte of L before the main block is packed:
 *   - `layoutWwd(level)`: the logical buffer L with every offset, count and string length
 *     derived from the model (mainBlockLength and checksum still 0);
 *   - `packWwd(L, options)`: sets the compressed flag, compresses the main block (zlib),
 *     fills in mainBlockLength and the checksum with the exact formula of spec §8.
 * `writeWwd(level, options)` does both.
 */
import { zlibSync } from 'fflate';
import { ByteWriter } from '../../binary/byte-writer.ts';
import { wwdChecksum, wwdInflatedByte } from './checksum.ts';
import {
  WWD_FLAG_COMPRESSED,
  WWD_HEADER_FIELD,
  WWD_HEADER_SIZE,
  WWD_HEADER_STRING_SIZE as STRING_SIZE,
  WWD_PLANE_FIELD,
} from './layout.ts';
import {
  writeFixedString,
  writeImageSets,
  writePlaneHeader,
  writeTileProperties,
  writeTiles,
} from './write-sections.ts';
import { writeObjects } from './write-object.ts';
import type { WwdEncoding, WwdHeaderInput, WwdLevelInput, WwdWriteOptions } from './types.ts';

/** The 1524-byte header; plane count/offset, tile-property offset, length and checksum as given. */
function writeHeader(
  writer: ByteWriter,
  header: WwdHeaderInput,
  encoding: WwdEncoding,
  planeCount: number,
): void {
  const text = (value: string, size: number, field: string) =>
    writeFixedString(writer, value, size, encoding, `header.${field}`);
  writer.u32le(WWD_HEADER_SIZE);
  writer.u32le(header.unknown004);
  writer.u32le(header.flags);
  writer.u32le(header.unknown00C);
  text(header.name, STRING_SIZE.name, 'name');
  text(header.author, STRING_SIZE.author, 'author');
  text(header.birth, STRING_SIZE.birth, 'birth');
  text(header.rezFile, STRING_SIZE.rezFile, 'rezFile');
  text(header.imageDir, STRING_SIZE.imageDir, 'imageDir');
  text(header.palRez, STRING_SIZE.palRez, 'palRez');
  writer.i32le(header.startX);
  writer.i32le(header.startY);
  writer.u32le(header.unknown2D8);
  writer.u32le(planeCount);
  writer.u32le(0); // planesOffset, patched
  writer.u32le(0); // tileDescriptionsOffset, patched
  writer.u32le(0); // mainBlockLength, set by packWwd
  writer.u32le(0); // checksum, set by packWwd
  writer.u32le(header.unknown2F0);
  text(header.launchApp, STRING_SIZE.launchApp, 'launchApp');
  for (let index = 0; index < 4; index++) {
    text(header.imageSets[index] ?? '', STRING_SIZE.imageSet, `imageSets[${index}]`);
  }
  for (let index = 0; index < 4; index++) {
    text(header.prefixes[index] ?? '', STRING_SIZE.prefix, `prefixes[${index}]`);
  }
}

/**
 * The logical buffer L of a level: header (flags as given, mainBlockLength and checksum 0),
 * then the sections in the retail order. Throws RangeError for a model that cannot be
 * written (a string the encoding lacks or too long for its field, a grid of the wrong size).
 */
export function layoutWwd(level: WwdLevelInput): Uint8Array {
  const { encoding, planes } = level;
  const writer = new ByteWriter(64 * 1024);
  writeHeader(writer, level.header, encoding, planes.length);
  writer.patchU32le(WWD_HEADER_FIELD.planesOffset, writer.offset);
  const starts = planes.map((plane, index) => writePlaneHeader(writer, plane, encoding, index));
  const patch = (index: number, field: keyof typeof WWD_PLANE_FIELD) =>
    writer.patchU32le(starts[index]! + WWD_PLANE_FIELD[field], writer.offset);
  planes.forEach((plane, index) => {
    patch(index, 'tilesOffset');
    writeTiles(writer, plane);
  });
  planes.forEach((plane, index) => {
    patch(index, 'imageSetsOffset');
    writeImageSets(writer, plane, encoding, index);
  });
  planes.forEach((plane, index) => {
    if (plane.objects.length === 0) return;
    patch(index, 'objectsOffset');
    writeObjects(writer, plane, encoding, index);
  });
  writer.patchU32le(WWD_HEADER_FIELD.tileDescriptionsOffset, writer.offset);
  writeTileProperties(writer, level.tileProperties);
  return writer.finish();
}

export interface WwdPackOptions {
  compress: boolean;
  /** zlib level, default 6. */
  level?: WwdWriteOptions['level'];
  /** Appended after the zlib stream (compressed output only). */
  trailingData?: Uint8Array;
  /** Leave the checksum field as it is in `logical` (forged-checksum tests). */
  keepChecksum?: boolean;
}

/**
 * The file of a logical buffer: sets flags bit 1, mainBlockLength (inflated size, or 0
 * uncompressed) and the checksum over the main block as stored. `logical` is not changed.
 */
export function packWwd(logical: Uint8Array, options: WwdPackOptions): Uint8Array {
  const header = logical.slice(0, WWD_HEADER_SIZE);
  const view = new DataView(header.buffer);
  const flags = view.getUint32(WWD_HEADER_FIELD.flags, true);
  const mainBlock = logical.subarray(WWD_HEADER_SIZE);
  const stored = options.compress ? zlibSync(mainBlock, { level: options.level ?? 6 }) : mainBlock;
  const isCompressed = options.compress;
  const newFlags = isCompressed ? flags | WWD_FLAG_COMPRESSED : flags & ~WWD_FLAG_COMPRESSED;
  view.setUint32(WWD_HEADER_FIELD.flags, newFlags >>> 0, true);
  view.setUint32(WWD_HEADER_FIELD.mainBlockLength, isCompressed ? mainBlock.length : 0, true);
  if (!options.keepChecksum) {
    const inflatedByte = wwdInflatedByte(logical, WWD_HEADER_SIZE, stored.length, isCompressed);
    view.setUint32(WWD_HEADER_FIELD.checksum, wwdChecksum(stored, inflatedByte), true);
  }
  const trailing = isCompressed ? (options.trailingData ?? new Uint8Array(0)) : new Uint8Array(0);
  const file = new Uint8Array(WWD_HEADER_SIZE + stored.length + trailing.length);
  file.set(header);
  file.set(stored, WWD_HEADER_SIZE);
  file.set(trailing, WWD_HEADER_SIZE + stored.length);
  return file;
}

/**
 * A WWD file of a level. Compressed when `options.compress` says so, else as the level's
 * header flags say; trailing data of the model is appended after a compressed stream.
 */
export function writeWwd(level: WwdLevelInput, options: WwdWriteOptions = {}): Uint8Array {
  const compress = options.compress ?? (level.header.flags & WWD_FLAG_COMPRESSED) !== 0;
  const pack: WwdPackOptions = { compress };
  if (options.level !== undefined) pack.level = options.level;
  if (level.trailingData) pack.trailingData = level.trailingData.bytes;
  return packWwd(layoutWwd(level), pack);
}
