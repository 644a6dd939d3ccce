/**
 * WWD sections as written, the mirror of read-sections.ts field by field in file order:
 * plane header, tile grid, image-set names, tile-property table (objects: write-object.ts).
 * Offsets known only later are written as 0 and patched by write.ts (it gets each plane
 * header's start back).
 */
import type { ByteWriter } from '../../binary/byte-writer.ts';
import {
  WWD_PLANE_HEADER_SIZE,
  WWD_PLANE_NAME_SIZE,
  WWD_TILE_DOUBLE,
  WWD_TILE_MASK,
  WWD_TILE_PROPERTIES_HEADER_SIZE,
  WWD_TILE_SINGLE,
} from './layout.ts';
import { encodeWwdString } from './strings.ts';
import type {
  WwdEncoding,
  WwdPlaneInput,
  WwdRect,
  WwdTilePropertiesInput,
  WwdTilePropertyInput,
} from './types.ts';

/** A fixed-size field: the encoded text, then zeros to the field size. */
export function writeFixedString(
  writer: ByteWriter,
  text: string,
  size: number,
  encoding: WwdEncoding,
  field: string,
): void {
  const bytes = encodeWwdString(text, encoding, field, size);
  writer.bytes(bytes).zeros(size - bytes.length);
}

export function writeRect(writer: ByteWriter, rect: WwdRect): void {
  writer.i32le(rect.left).i32le(rect.top).i32le(rect.right).i32le(rect.bottom);
}

/**
 * The 160-byte plane header; returns its start. The section offsets are written as 0 and
 * patched by write.ts once the sections are placed.
 */
export function writePlaneHeader(
  writer: ByteWriter,
  plane: WwdPlaneInput,
  encoding: WwdEncoding,
  index: number,
): number {
  const start = writer.offset;
  if (plane.tiles.length !== plane.tilesWide * plane.tilesHigh) {
    throw new RangeError(
      `planes[${index}]: ${plane.tiles.length} tiles for a ${plane.tilesWide}×${plane.tilesHigh} grid`,
    );
  }
  writer.u32le(WWD_PLANE_HEADER_SIZE);
  writer.u32le(plane.unknown04);
  writer.u32le(plane.flags);
  writer.u32le(plane.unknown0C);
  writeFixedString(writer, plane.name, WWD_PLANE_NAME_SIZE, encoding, `planes[${index}].name`);
  writer.i32le(plane.pixelWidth);
  writer.i32le(plane.pixelHeight);
  writer.i32le(plane.tileWidth);
  writer.i32le(plane.tileHeight);
  writer.i32le(plane.tilesWide);
  writer.i32le(plane.tilesHigh);
  writer.i32le(plane.scrollX);
  writer.i32le(plane.scrollY);
  writer.i32le(plane.moveXPercent);
  writer.i32le(plane.moveYPercent);
  writer.i32le(plane.fillColor);
  writer.u32le(plane.imageSets.length); // imageSetCount
  writer.u32le(plane.objects.length); // objectCount
  writer.u32le(0); // tilesOffset, patched
  writer.u32le(0); // imageSetsOffset, patched
  writer.u32le(0); // objectsOffset, patched (stays 0 without objects)
  writer.i32le(plane.zCoord);
  writer.u32le(plane.unknown94);
  writer.u32le(plane.unknown98);
  writer.u32le(plane.unknown9C);
  return start;
}

export function writeTiles(writer: ByteWriter, plane: WwdPlaneInput): void {
  writer.u32leArray(plane.tiles);
}

export function writeImageSets(
  writer: ByteWriter,
  plane: WwdPlaneInput,
  encoding: WwdEncoding,
  index: number,
): void {
  plane.imageSets.forEach((name, nameIndex) => {
    const bytes = encodeWwdString(name, encoding, `planes[${index}].imageSets[${nameIndex}]`);
    if (bytes.includes(0)) {
      throw new RangeError(`planes[${index}].imageSets[${nameIndex}]: contains a NUL`);
    }
    writer.bytes(bytes).u8(0);
  });
}

/** The table header (size 0x20, unknown, count, 5 × unknown) and the records. */
export function writeTileProperties(
  writer: ByteWriter,
  table: WwdTilePropertiesInput | null,
): void {
  const records = table?.records ?? [];
  writer.u32le(WWD_TILE_PROPERTIES_HEADER_SIZE);
  writer.u32le(table?.unknown04 ?? 0);
  writer.u32le(records.length);
  for (let index = 0; index < 5; index++) writer.u32le(table?.unknown0C[index] ?? 0);
  records.forEach((record, index) => writeTileProperty(writer, record, index));
}

function writeTileProperty(writer: ByteWriter, record: WwdTilePropertyInput, index: number): void {
  const type =
    record.kind === 'single'
      ? WWD_TILE_SINGLE
      : record.kind === 'double'
        ? WWD_TILE_DOUBLE
        : WWD_TILE_MASK;
  writer.u32le(type);
  writer.u32le(record.unknown04);
  writer.u32le(record.width);
  writer.u32le(record.height);
  if (record.kind === 'single') {
    writer.i32le(record.attribute);
  } else if (record.kind === 'double') {
    writer.i32le(record.outside);
    writer.i32le(record.inside);
    writeRect(writer, record.rect);
  } else {
    if (record.mask.length !== record.width * record.height) {
      throw new RangeError(
        `tileProperties[${index}]: mask of ${record.mask.length} bytes for ${record.width}×${record.height}`,
      );
    }
    writer.bytes(record.mask);
  }
}
